"""The compiled board: a lone star's push distances and dead squares, checked against play."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from solver_helpers import tiny_levels

from starpusher.bitboard import UNREACHABLE, Board, flood
from starpusher.core import Direction, Level, State
from starpusher.solver import dead_squares


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
