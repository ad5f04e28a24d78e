"""The pushes worth searching: macros along tunnels, the goal cut-off."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from solver_helpers import pulled_levels, reach_of, reachable_states

from starpusher.bitboard import Board
from starpusher.core import Level
from starpusher.solver.deadlocks import cuts_off_goals, frozen_group
from starpusher.solver.options import SearchOptions
from starpusher.solver.successors import Successors


def test_a_star_pushed_into_a_tunnel_goes_to_its_end_only_with_macros() -> None:
    level = Level.from_text("#########\n#@$    .#\n#########")
    board = Board(level)
    stars = board.stars(level.start)
    reach = reach_of(board, level.start.player, stars)
    with_macros = Successors(board, SearchOptions(), macros=True)
    assert [steps for _, _, steps, _, _ in with_macros.of(stars, reach)] == [5]  # onto the goal
    assert with_macros.used_macros
    without = Successors(board, SearchOptions(), macros=False)
    assert [steps for _, _, steps, _, _ in without.of(stars, reach)] == [1]
    assert not without.used_macros


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels())
def test_the_goal_cut_off_rules_out_the_pushes_it_finds_when_asked_push_by_push(level: Level) -> None:
    # The stars frozen on goals before a push are found once for all its pushes: the same
    # pushes are ruled out as when each push's position is looked at whole.
    board = Board(level)
    cut = Successors(board, SearchOptions(), macros=False)
    uncut = Successors(board, SearchOptions(goal_cut_off=False), macros=False)
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        reach = reach_of(board, state.player, stars)
        expected = [
            (start, direction, steps, target, after)
            for start, direction, steps, target, after in uncut.of(stars, reach)
            if not (group := frozen_group(board, target, after))
            or not cuts_off_goals(board, group, after, target - board.deltas[direction])
        ]
        assert list(cut.of(stars, reach)) == expected
