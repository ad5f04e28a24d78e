"""The compiled board: push distances by pulling, and dead squares checked against the rules."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from solver_helpers import reachable_states, tiny_levels

from starpusher.core import Direction, Level, State
from starpusher.solver import dead_squares
from starpusher.solver.board import UNREACHABLE, Board


def pulled_distances(level: Level, goal: int) -> dict[int, int]:
    """Pushes from each square to ``goal`` with no other star, found square by square."""
    distances = {goal: 0}
    queue = deque([goal])
    while queue:
        square = queue.popleft()
        for direction in Direction:
            star_to = level.neighbour(square, direction)
            player_to = level.neighbour(star_to, direction) if star_to is not None else None
            if star_to in level.interior and player_to in level.interior and star_to not in distances:
                distances[star_to] = distances[square] + 1
                queue.append(star_to)
    return distances


def a_lone_star_can_reach_a_goal(level: Level, square: int) -> bool:
    """Whether a star alone on ``square`` can be pushed onto some goal, the player starting anywhere."""
    stars = frozenset({square})
    starts = [State(player, stars) for player in level.interior - stars]
    return any(state.boxes & level.goals for state in reachable_states(level, starts))


def assert_board_is_right(level: Level) -> None:
    board = Board(level)
    for goal, row in zip(board.goal_squares, board.goal_distances, strict=True):
        expected = pulled_distances(level, goal)
        assert {square: d for square, d in enumerate(row) if d < UNREACHABLE} == expected
    for square in dead_squares(level):
        assert not a_lone_star_can_reach_a_goal(level, square), level.xy(square)


@settings(max_examples=200, deadline=None)
@given(tiny_levels())
def test_distances_and_dead_squares_of_tiny_levels(level: Level) -> None:
    assert_board_is_right(level)


def test_no_square_of_a_published_level_is_called_dead_when_a_star_could_leave_it(
    shared_collection_levels: dict[str, list[Level]],
) -> None:
    microban = shared_collection_levels["starPusherLevels.txt"][1:156:5]
    boxoban = shared_collection_levels["boxoban_unfiltered_test_000.txt"][:20]
    for level in microban + boxoban:
        assert_board_is_right(level)
