"""One star moved alone: the kernel's search against play, pushing and pulling."""

from __future__ import annotations

from collections import deque

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import moves_of, pulled_levels

from starpusher.bitboard import (
    LoneStar,
    PlayerAreas,
    bits_of,
    flood,
    joined_squares,
    lone_star_search,
    sides_reached,
    spread,
    star_steps,
)
from starpusher.core import Direction, Level


def fewest_moves_of_one_star(level: Level, star: int, *, pulling: bool) -> dict[int, int]:
    """Fewest pushes (or pulls) taking the star on ``star`` to each square, by play.

    Breadth first over (player, star) states; a walk costs nothing and goes to
    the front of the queue, a push or a pull costs one and goes to the back.
    """
    others = level.start.boxes - {star}
    start = (level.start.player, star)
    cost = {start: 0}
    best: dict[int, int] = {}
    queue = deque([start])
    while queue:
        player, square = state = queue.popleft()
        best.setdefault(square, cost[state])
        for direction in Direction:
            ahead = level.neighbour(player, direction)
            if ahead is None or ahead in others:
                continue
            steps: list[tuple[tuple[int, int], int]] = []
            if ahead == square:  # a push
                beyond = level.neighbour(ahead, direction)
                if not pulling and beyond is not None and beyond not in others:
                    steps.append(((ahead, beyond), 1))
            else:
                steps.append(((ahead, square), 0))  # a step (stepping away from a star need not pull it)
                if pulling and level.neighbour(player, direction.opposite) == square:
                    steps.append(((ahead, player), 1))  # a pull
            for after, moved in steps:
                if after not in cost or cost[state] + moved < cost[after]:
                    cost[after] = cost[state] + moved
                    queue.append(after) if moved else queue.appendleft(after)
    return best


def search(
    level: Level, star: int, *, pulling: bool = False, targets: int = 0, budget: int | None = None
) -> LoneStar:
    """The kernel's search for the star on ``star`` from the level's start."""
    free = level.interior_bits & ~bits_of(level.start.boxes - {star})
    reach = flood(1 << level.start.player, free & ~(1 << star), level.width)
    return lone_star_search(star, reach, free, level.width, pulling=pulling, targets=targets, budget=budget)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels(), pick=st.integers(0, 3), pulling=st.booleans())
def test_the_squares_reached_and_the_fewest_moves_are_those_of_play(
    level: Level, pick: int, pulling: bool
) -> None:
    stars = sorted(level.start.boxes)
    star = stars[pick % len(stars)]
    found = search(level, star, pulling=pulling)
    expected = fewest_moves_of_one_star(level, star, pulling=pulling)
    expected.pop(star)
    found.reached.pop(star, None)
    assert found.reached == expected
    # Where a lone star can go with the player standing anywhere free: never less.
    free = level.interior_bits & ~bits_of(level.start.boxes - {star})
    anywhere = spread(1 << star, star_steps(free, free, level.width, pulling=pulling))
    assert not bits_of(expected) & ~anywhere


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels(), pick=st.integers(0, 3), goal_pick=st.integers(0, 3))
def test_a_route_to_a_target_is_as_short_as_play_allows_and_replays(
    level: Level, pick: int, goal_pick: int
) -> None:
    star = sorted(level.start.boxes)[pick % len(level.start.boxes)]
    reached = fewest_moves_of_one_star(level, star, pulling=False)
    target = sorted(reached)[goal_pick % len(reached)]
    found = search(level, star, targets=1 << target)
    if target == star:
        return
    assert found.target == target and len(found.route) == reached[target]
    moves = moves_of(level, [(square, direction, 1) for square, direction in found.route])
    assert level.replay(moves).boxes == level.start.boxes - {star} | {target}


WIDTH = 7


@settings(max_examples=500, deadline=None)
@given(inside=st.integers(0, (1 << 25) - 1), star=st.integers(0, 24), side=st.integers(0, 3))
def test_the_sides_of_a_star_reached_are_those_a_flood_of_the_floor_reaches(
    inside: int, star: int, side: int
) -> None:
    # A 7x7 board: a border of wall round 5x5 squares, any of them free.
    free = sum(1 << (WIDTH * (1 + index // 5) + 1 + index % 5) for index in range(25) if inside >> index & 1)
    square = WIDTH * (1 + star // 5) + 1 + star % 5
    deltas = (-1, -WIDTH, 1, WIDTH)
    player = square + deltas[side]
    free = (free | 1 << player) & ~(1 << square)
    area = flood(1 << player, free, WIDTH)
    expected = sum(1 << index for index, delta in enumerate(deltas) if area >> (square + delta) & 1)
    assert sides_reached(square, player, free, WIDTH) == expected


def test_a_search_over_its_budget_gives_up() -> None:
    level = Level.from_text("##########\n#@$     .#\n#        #\n##########")
    star = next(iter(level.start.boxes))
    assert search(level, star, budget=3).gave_up
    assert not search(level, star).gave_up


def test_started_in_several_areas_the_player_may_use_any_of_them() -> None:
    # The star splits the corridor: pulled left the player needs the left, right the right.
    level = Level.from_text("#########\n#.  $  @#\n#########")
    star = next(iter(level.start.boxes))
    free = level.interior_bits & ~bits_of(level.start.boxes - {star})
    both = free & ~(1 << star)
    one = flood(1 << level.start.player, both, level.width)
    pulled_with_one = lone_star_search(star, one, free, level.width, pulling=True).reached
    pulled_with_both = lone_star_search(
        star, both, free, level.width, pulling=True, several_areas=True
    ).reached
    assert min(pulled_with_one) > star  # only to the right
    assert min(pulled_with_both) < star < max(pulled_with_both)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels(), pick=st.integers(0, 3), pulling=st.booleans())
def test_the_joined_squares_change_nothing_a_search_finds(level: Level, pick: int, pulling: bool) -> None:
    stars = sorted(level.start.boxes)
    star = stars[pick % len(stars)]
    free = level.interior_bits & ~bits_of(level.start.boxes - {star})
    reach = flood(1 << level.start.player, free & ~(1 << star), level.width)
    plain = lone_star_search(star, reach, free, level.width, pulling=pulling)
    joined = joined_squares(free, level.width)
    helped = lone_star_search(star, reach, free, level.width, pulling=pulling, joined=joined)
    assert helped.reached == plain.reached


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels(), pulling=st.booleans(), most=st.integers(1, 50))
def test_areas_kept_from_search_to_search_change_nothing_a_search_finds(
    level: Level, pulling: bool, most: int
) -> None:
    # Every star searched in turn, twice, over one store of areas: the same stars
    # stand round squares met before, and a small store drops its older half often.
    flooded = PlayerAreas(most)
    for star in sorted(level.start.boxes) * 2:
        free = level.interior_bits & ~bits_of(level.start.boxes - {star})
        reach = flood(1 << level.start.player, free & ~(1 << star), level.width)
        plain = lone_star_search(star, reach, free, level.width, pulling=pulling)
        kept = lone_star_search(star, reach, free, level.width, pulling=pulling, flooded=flooded)
        assert kept.reached == plain.reached and kept.states == plain.states


def test_the_areas_kept_are_those_of_a_flood_for_each_player() -> None:
    # Column 3 taken out parts the floor in two: each side is its own area of the same free squares.
    level = Level.from_text("#######\n#@  $ #\n#    .#\n#######")
    free = level.interior_bits & ~(1 << level.index(3, 1) | 1 << level.index(3, 2))
    flooded = PlayerAreas(most=1)
    left, right = level.index(1, 1), level.index(5, 2)
    for player in (left, right, left, right, level.index(2, 2)):
        assert flooded.area(player, free, level.width) == flood(1 << player, free, level.width)
    other_free = free & ~(1 << level.index(1, 2))  # a new set of free squares: the first goes older
    assert flooded.area(left, other_free, level.width) == flood(1 << left, other_free, level.width)
    assert flooded.area(right, free, level.width) == flood(1 << right, free, level.width)
