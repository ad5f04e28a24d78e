"""Cut squares: where a star parts the floor, against the definition by flood."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import pulled_levels

from starpusher.bitboard import Board, flood, joined_squares, squares_of
from starpusher.core import Level

WIDTH = 7


def board_of(inside: int) -> int:
    """The free squares of a 7x7 board: a border of wall round 5x5 squares, those of ``inside`` free."""
    return sum(1 << (WIDTH * (1 + index // 5) + 1 + index % 5) for index in range(25) if inside >> index & 1)


@settings(max_examples=300, deadline=None)
@given(inside=st.integers(0, (1 << 25) - 1))
def test_a_joined_square_taken_away_leaves_its_free_neighbours_in_one_area(inside: int) -> None:
    free = board_of(inside)
    joined = joined_squares(free, WIDTH)
    assert not joined & ~free
    for square in squares_of(free):
        # Joined exactly when the rest of its area stays one area without it.
        rest = flood(1 << square, free, WIDTH) & ~(1 << square)
        whole = not rest or flood(rest & -rest, rest, WIDTH) == rest
        assert bool(joined >> square & 1) == whole


def test_a_corridor_and_its_doorways_part_the_floor_and_the_rooms_do_not() -> None:
    rows = [
        "#######",
        "#.....#",
        "#.....#",
        "###.###",
        "###.###",
        "#.....#",
        "#.....#",
        "#######",
    ]
    free = sum(1 << (y * WIDTH + x) for y, row in enumerate(rows) for x, c in enumerate(row) if c == ".")
    cut = free & ~joined_squares(free, WIDTH)
    assert cut == sum(1 << (y * WIDTH + 3) for y in (2, 3, 4, 5))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels())
def test_the_board_labels_sides_apart_exactly_on_the_cut_squares(level: Level) -> None:
    # One walk serves both: the board's cuts are the floor's squares that are not joined.
    board = Board(level)
    assert board.cuts == board.floor & ~joined_squares(board.floor, board.width)
