"""The one flood: on closed maps (the searches'), on open ones (a level being read), and past its rounds."""

from __future__ import annotations

import importlib
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.bitboard import areas, edge_masks, flood

#: The module (the package's name ``flood`` is its function).
flood_module = importlib.import_module("starpusher.bitboard.flood")


def flooded_square_by_square(seed: int, free: int, width: int) -> int:
    """The squares of ``free`` joined to ``seed`` by steps of one bit or one row, one at a time."""
    region, queue = seed, deque(i for i in range(seed.bit_length()) if seed >> i & 1)
    while queue:
        square = queue.popleft()
        for neighbour in (square - 1, square + 1, square - width, square + width):
            if neighbour >= 0 and free >> neighbour & 1 and not region >> neighbour & 1:
                region |= 1 << neighbour
                queue.append(neighbour)
    return region


def flooded_on_the_map(seed: int, free: int, width: int, height: int) -> int:
    """The same on a map ``width`` by ``height`` whose edges no step crosses."""
    region, queue = seed, deque(i for i in range(seed.bit_length()) if seed >> i & 1)
    while queue:
        square = queue.popleft()
        x, y = square % width, square // width
        for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            near = ny * width + nx
            if 0 <= nx < width and 0 <= ny < height and free >> near & 1 and not region >> near & 1:
                region |= 1 << near
                queue.append(near)
    return region


def seeds_in(free: int, picks: list[int]) -> int:
    squares = [i for i in range(free.bit_length()) if free >> i & 1]
    return sum({1 << squares[pick % len(squares)] for pick in picks})


@settings(max_examples=300, deadline=None)
@given(
    width=st.integers(2, 9),
    free=st.integers(1, 2**81 - 1),
    picks=st.lists(st.integers(0, 80), min_size=1, max_size=4),
)
def test_flood_finds_the_squares_a_square_by_square_fill_finds(
    width: int, free: int, picks: list[int]
) -> None:
    # Rows of free squares may run on into the next row: the carry that fills runs
    # rightwards must join them just as a step to the next square does.
    seed = seeds_in(free, picks)
    assert flood(seed, free, width) == flooded_square_by_square(seed, free, width)


@settings(max_examples=300, deadline=None)
@given(
    width=st.integers(1, 9),
    height=st.integers(1, 9),
    bits=st.integers(1, 2**81 - 1),
    picks=st.lists(st.integers(0, 80), min_size=1, max_size=4),
)
def test_on_an_open_map_the_flood_never_steps_round_a_row(
    width: int, height: int, bits: int, picks: list[int]
) -> None:
    free = bits & ((1 << width * height) - 1) or 1
    seed = seeds_in(free, picks)
    edges = edge_masks(width, height)
    assert flood(seed, free, width, edges) == flooded_on_the_map(seed, free, width, height)


@pytest.mark.parametrize("open_map", [False, True])
@settings(max_examples=100, deadline=None)
@given(
    width=st.integers(3, 9),
    bits=st.integers(1, 2**81 - 1),
    picks=st.lists(st.integers(0, 80), min_size=1, max_size=4),
)
def test_a_flood_that_runs_out_of_rounds_is_finished_square_by_square(
    open_map: bool, width: int, bits: int, picks: list[int]
) -> None:
    height = 9
    free = bits & ((1 << width * height) - 1) or 1
    seed = seeds_in(free, picks)
    edges = edge_masks(width, height) if open_map else None
    whole = flood(seed, free, width, edges)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flood_module, "MOST_ROUNDS", 1)
        assert flood(seed, free, width, edges) == whole


def test_a_corridor_winding_leftwards_and_down_takes_a_round_a_square_then_a_walk() -> None:
    # A serpentine of 30 lanes 40 squares wide, entered at the bottom right: every
    # lane runs leftwards from where the flood comes in, so ring by ring it would
    # take over a thousand rounds; past MOST_ROUNDS the walk finishes it.
    width, lanes = 42, 30
    rows = ["#" * width]
    for lane in range(lanes):
        rows.append("#" + " " * (width - 2) + "#")
        gap = width - 2 if lane % 2 else 1
        rows.append("".join(" " if x == gap and lane < lanes - 1 else "#" for x in range(width)))
    free = sum(1 << (y * width + x) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == " ")
    seed = 1 << ((2 * lanes - 1) * width + width - 2)
    assert flood(seed, free, width) == free
    assert flood(seed, free, width, edge_masks(width, len(rows))) == free


def test_flood_fills_a_long_row_and_stops_at_walls() -> None:
    # Two rows of five: a wall (bit 3) splits the first row; the second row is open.
    free = 0b11111_10111
    assert flood(1 << 0, free, 5) == 0b11111_10111
    assert flood(1 << 0, 0b00000_10111, 5) == 0b111
    assert flood(1 << 4, 0b00000_10111, 5) == 0b10000


def test_areas_are_the_pieces_of_the_free_squares_holding_a_seed() -> None:
    # Three pieces in a row of nine: squares 0-1, 3-5 and 7-8; seeds in the first and the last.
    free = 0b110111011
    assert list(areas(0b100000001, free, 9)) == [0b11, 0b110000000]
    assert list(areas(free, free, 9)) == [0b11, 0b111000, 0b110000000]
