"""Positions near a trail: the quick test of a child agrees with counting the stars off."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from starpusher.optimize.nearby import Nearby

SQUARES = 24


@st.composite
def trails_and_positions(draw: st.DrawFn) -> tuple[list[int], int, int, int, int]:
    """A trail (each position one star moved from the last), a position, a push of it, and stars off."""
    stars = draw(st.sets(st.integers(0, SQUARES - 1), min_size=2, max_size=6))
    trail = [sum(1 << square for square in stars)]
    for _ in range(draw(st.integers(0, 30))):
        occupied = trail[-1]
        origin = draw(st.sampled_from([s for s in range(SQUARES) if occupied >> s & 1]))
        target = draw(st.sampled_from([s for s in range(SQUARES) if not occupied >> s & 1]))
        trail.append(occupied ^ (1 << origin) ^ (1 << target))
    position = draw(st.sets(st.integers(0, SQUARES - 1), min_size=len(stars), max_size=len(stars)))
    boxes = sum(1 << square for square in position)
    origin = draw(st.sampled_from(sorted(position)))
    target = draw(st.sampled_from([s for s in range(SQUARES) if s not in position]))
    return trail, boxes, origin, target, draw(st.integers(0, 3))


@given(trails_and_positions())
def test_a_child_is_near_exactly_when_few_enough_of_its_stars_are_off_some_position(
    case: tuple[list[int], int, int, int, int],
) -> None:
    trail, boxes, origin, target, stars_off = case
    child = boxes ^ (1 << origin) ^ (1 << target)
    expected = any((child & ~stars).bit_count() <= stars_off for stars in trail)
    assert Nearby(trail, stars_off).near(boxes).admits(origin, target) == expected
