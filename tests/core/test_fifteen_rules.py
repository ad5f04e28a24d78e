"""The rules of Fifteen: shuffles, slides, clicks in line with the gap, parity and bad boards."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.core.errors import StarPusherError
from starpusher.core.fifteen import Board, FifteenError, parse_size

sides = st.integers(min_value=3, max_value=8)
REVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}


@settings(max_examples=40, deadline=None)
@given(width=sides, height=sides, seed=st.integers(0, 2**32 - 1))
def test_shuffles_are_solvable_unsolved_and_end_with_the_gap_bottom_right(
    width: int, height: int, seed: int
) -> None:
    board = Board.shuffled(width, height, rng=random.Random(seed), slides=30)
    goal = Board.solved(width, height)
    assert board.can_reach(goal)
    assert board.parity() == goal.parity()
    assert board != goal
    assert board.gap == width * height - 1
    assert sorted(board.tiles) == list(range(width * height))


@given(seed=st.integers(0, 2**32 - 1))
def test_short_shuffles_never_start_solved(seed: int) -> None:
    # Two slides from the goal often walk straight back to it; such a shuffle must be redone.
    assert not Board.shuffled(3, 3, rng=random.Random(seed), slides=2).is_solved()


@given(width=sides, height=sides, data=st.data())
def test_a_slide_then_the_reverse_slide_gives_the_board_back(
    width: int, height: int, data: st.DataObject
) -> None:
    board = Board.shuffled(width, height, rng=random.Random(data.draw(st.integers(0, 999))), slides=10)
    for letter in data.draw(st.lists(st.sampled_from("UDLR"), max_size=20)):
        moved = board.try_slide(letter)
        if moved is None:
            continue
        assert moved.try_slide(REVERSE[letter]) == board
        assert moved.parity() == board.parity()
        board = moved


def test_move_letters_name_the_direction_the_tile_slides() -> None:
    board = Board.from_tiles([1, 2, 3, 4, 0, 5, 6, 7, 8], 3, 3)
    assert board.slide("U").tiles == (1, 2, 3, 4, 7, 5, 6, 0, 8)  # the 7 below the gap goes up
    assert board.slide("D").tiles == (1, 0, 3, 4, 2, 5, 6, 7, 8)
    assert board.slide("L").tiles == (1, 2, 3, 4, 5, 0, 6, 7, 8)
    assert board.slide("R").tiles == (1, 2, 3, 0, 4, 5, 6, 7, 8)
    assert Board.solved(3, 3).try_slide("U") is None
    with pytest.raises(FifteenError, match="no tile"):
        Board.solved(3, 3).slide("L")


@given(width=sides, height=sides, seed=st.integers(0, 999), cell=st.integers(0, 63))
def test_moves_to_slide_brings_the_gap_to_a_cell_in_line(
    width: int, height: int, seed: int, cell: int
) -> None:
    board = Board.shuffled(width, height, rng=random.Random(seed), slides=10)
    cell %= width * height
    moves = board.moves_to_slide(cell)
    (x, y), (gx, gy) = board.xy(cell), board.xy(board.gap)
    in_line = (x == gx) != (y == gy)
    assert bool(moves) == in_line
    if in_line:
        assert len(moves) == abs(x - gx) + abs(y - gy)
        assert board.apply(moves).gap == cell


@pytest.mark.parametrize(
    ("values", "width", "height", "message"),
    [
        ([1, 2, 3, 4, 5, 6, 7, 8], 3, 3, "needs 9 numbers, got 8"),
        ([1, 2, 3, 4, 5, 6, 7, 8, 8], 3, 3, "missing 0; unexpected or repeated 8"),
        ([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 3, "missing 0; unexpected or repeated 9"),
        ([0, 1, 2, 3], 2, 2, "width must be from 3 to 8"),
        (list(range(27)), 3, 9, "height must be from 3 to 8"),
    ],
)
def test_malformed_boards_are_refused_with_a_reason(
    values: list[int], width: int, height: int, message: str
) -> None:
    with pytest.raises(FifteenError, match=message):
        Board.from_tiles(values, width, height)


def test_errors_are_star_pusher_errors_so_the_command_line_prints_one_line() -> None:
    assert issubclass(FifteenError, StarPusherError)


def test_parity_tells_solvable_from_unsolvable() -> None:
    goal = Board.solved(4, 4)
    swapped = Board.from_tiles([2, 1, *range(3, 16), 0], 4, 4)  # Sam Loyd's 14-15 puzzle, in effect
    assert not swapped.can_reach(goal)
    # The two goal conventions are one slide-parity apart on 4x4, not on 3x3.
    assert not Board.solved(4, 4, blank_first=True).can_reach(goal)
    assert Board.solved(3, 3, blank_first=True).can_reach(Board.solved(3, 3))


@pytest.mark.parametrize(("width", "height"), [(4, 2), (2, 4), (3, 2)])
def test_parity_marks_exactly_the_boards_slides_reach(width: int, height: int) -> None:
    # Boards below 3x3 (built directly; the game does not offer them) keep the walk small and still
    # cover even widths, where the gap's row counts. 3x3 is walked in the solver's tests.
    goal = Board(width, height, (*range(1, width * height), 0))
    reached = {goal}
    frontier = [goal]
    while frontier:
        following = {board.slide(letter) for board in frontier for letter in board.legal_moves()}
        frontier = list(following - reached)
        reached |= following
    assert len(reached) == math.factorial(width * height) // 2
    assert all(board.parity() == goal.parity() for board in reached)


@pytest.mark.parametrize(("text", "size"), [("4", (4, 4)), ("5x3", (5, 3)), ("3X8", (3, 8))])
def test_parse_size(text: str, size: tuple[int, int]) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["x", "4x", "9", "2x5", "4x4x4"])
def test_bad_sizes_are_refused(text: str) -> None:
    with pytest.raises(FifteenError):
        parse_size(text)
