"""The compiled board: a lone star's push distances and dead squares, checked against play."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_helpers import tiny_levels

from starpusher.core import Direction, Level, State
from starpusher.solver import dead_squares
from starpusher.solver.board import UNREACHABLE, Board, flood


def lone_star_pushes(level: Level, square: int) -> dict[int, int]:
    """Fewest pushes taking a star alone on ``square`` to every square it can reach, by play.

    The player starts anywhere; walking is free and a push costs one, so a
    breadth-first search that puts walks at the front of the queue and pushes
    at the back meets every state first by its fewest pushes.
    """
    starts = [State(player, frozenset({square})) for player in level.interior - {square}]
    pushes = dict.fromkeys(starts, 0)
    queue = deque(starts)
    best: dict[int, int] = {}
    while queue:
        state = queue.popleft()
        (star,) = state.boxes
        best.setdefault(star, pushes[state])
        for direction in Direction:
            moved = level.try_move(state, direction)
            if moved is None:
                continue
            after, pushed = moved
            cost = pushes[state] + pushed
            if cost < pushes.get(after, cost + 1):
                pushes[after] = cost
                if pushed:
                    queue.append(after)
                else:
                    queue.appendleft(after)
    return best


def assert_board_is_right(level: Level) -> None:
    board = Board(level)
    from_square = {square: lone_star_pushes(level, square) for square in level.interior}
    for goal, row in zip(board.goal_squares, board.goal_distances, strict=True):
        expected = {square: to[goal] for square, to in from_square.items() if goal in to}
        assert {square: d for square, d in enumerate(row) if d < UNREACHABLE} == expected
    for square in dead_squares(level):  # no goal among the squares play takes a lone star to
        assert not from_square[square].keys() & level.goals, level.xy(square)


@settings(max_examples=200, deadline=None)
@given(tiny_levels())
def test_distances_and_dead_squares_of_tiny_levels(level: Level) -> None:
    assert_board_is_right(level)


@settings(max_examples=200, deadline=None)
@given(tiny_levels())
def test_the_sides_of_a_star_are_the_pieces_a_flood_fill_finds(level: Level) -> None:
    board = Board(level)
    sides = board._sides()
    for square in level.interior:
        free = board.floor & ~(1 << square)
        near = [square + delta for delta in board.deltas]
        for first, first_label in zip(near, sides[square], strict=True):
            assert (first_label == 0) == (not free >> first & 1)
            if first_label:
                piece = flood(1 << first, free, board.width)
                for second, second_label in zip(near, sides[square], strict=True):
                    if second_label:
                        assert (first_label == second_label) == bool(piece >> second & 1)


def test_a_star_is_dead_where_the_player_can_never_get_to_the_side_a_push_needs() -> None:
    # Pushed up out of the pocket, the star reaches the top row with the player
    # shut in below it: nobody can get round to push it left to the goal. Counting
    # pulls alone (player anywhere) would call it four pushes from the goal.
    level = Level.from_text(
        """
#######
#.   @#
### ###
  #$#
  # #
  ###
"""
    )
    board = Board(level)
    pocket, door, above_door = level.index(3, 3), level.index(3, 2), level.index(3, 1)
    (row,) = board.goal_distances
    assert row[pocket] == row[door] == UNREACHABLE
    assert not board.alive >> pocket & 1
    assert row[above_door] == 2
    assert_board_is_right(level)


def test_no_square_of_a_microban_level_is_called_dead_when_a_star_could_leave_it(
    star_pusher_levels: list[Level],
) -> None:
    for level in star_pusher_levels[1:156:5]:
        assert_board_is_right(level)


def test_no_square_of_a_boxoban_level_is_called_dead_when_a_star_could_leave_it(
    boxoban_levels: list[Level],
) -> None:
    for level in boxoban_levels[:20]:
        assert_board_is_right(level)


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
    squares = [i for i in range(free.bit_length()) if free >> i & 1]
    seed = sum({1 << squares[pick % len(squares)] for pick in picks})
    assert flood(seed, free, width) == flooded_square_by_square(seed, free, width)


def test_flood_fills_a_long_row_and_stops_at_walls() -> None:
    # Two rows of five: a wall (bit 3) splits the first row; the second row is open.
    free = 0b11111_10111
    assert flood(1 << 0, free, 5) == 0b11111_10111
    assert flood(1 << 0, 0b00000_10111, 5) == 0b111
    assert flood(1 << 4, 0b00000_10111, 5) == 0b10000
