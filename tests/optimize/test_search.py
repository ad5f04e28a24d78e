"""The A* of the optimizer: the cheapest way under a bound, or the proof that none is."""

from __future__ import annotations

from optimize_helpers import fewest
from solver_helpers import finish, positions_along

from starpusher.bitboard import bits_of
from starpusher.core import Level
from starpusher.optimize import Metric
from starpusher.optimize.search import CheapestSolution, Target
from starpusher.optimize.trail import Trail
from starpusher.solver.limits import Limits
from starpusher.solver.outcome import Outcome

#: Two stars: the cheapest by pushes is not the cheapest by moves.
ROOM = Level.from_text(
    """
#######
#     #
# $ $ #
#  @  #
# . . #
#######
"""
)


def search(level: Level, bound: int, metric: Metric | None, budget: int | None = None) -> CheapestSolution:
    """A search of ``level`` counting pushes alone (``metric`` None) or both counts by ``metric``."""
    units = (1, 0) if metric is None else (metric.push_unit, metric.move_unit)
    return CheapestSolution(
        level.compiled(),
        Limits(60, 1024),
        lambda: bound,
        push_unit=units[0],
        move_unit=units[1],
        budget=budget,
    )


def test_the_cheapest_solution_under_the_bound_is_found_then_proven_cheapest() -> None:
    board = ROOM.compiled()
    start = (board.stars(ROOM.start), ROOM.start.player)
    best_pushes = fewest(ROOM, Metric.PUSHES)[1]
    ending, pushes = finish(search(ROOM, 100, None).run(*start, Target.goals(board)))
    assert ending is Outcome.SOLVED and len(pushes) == best_pushes
    assert finish(search(ROOM, best_pushes, None).run(*start, Target.goals(board)))[0] is Outcome.UNSOLVABLE


def test_with_walking_counted_the_cheapest_is_by_both_counts() -> None:
    board = ROOM.compiled()
    start = (board.stars(ROOM.start), ROOM.start.player)
    for metric in Metric:
        ending, pushes = finish(search(ROOM, 1 << 60, metric).run(*start, Target.goals(board)))
        trail = Trail.of_pushes(board, ROOM, pushes)
        positions_along(ROOM, trail.lurd(ROOM))
        assert ending is Outcome.SOLVED and (trail.moves, len(trail)) == fewest(ROOM, metric)


def test_a_target_position_is_reached_without_pushing_the_fixed_stars() -> None:
    level = Level.from_text("#######\n#     #\n#@$ $.#\n#    .#\n#######")
    board = level.compiled()
    start = (board.stars(level.start), level.start.player)
    left, right = level.index(2, 2), level.index(4, 2)
    on = Target.position(board, bits_of([left + 1, right]), -1, fixed=bits_of([right]))
    assert finish(search(level, 100, None).run(*start, on)) == (Outcome.SOLVED, [(left, 2, 1)])
    # Both stars side by side at the end of the row: the right star has to move on first.
    end = bits_of([right, right + 1])
    ending, pushes = finish(search(level, 100, None).run(*start, Target.position(board, end, -1)))
    assert ending is Outcome.SOLVED and pushes[0] == (right, 2, 1)
    fixed = Target.position(board, end, -1, fixed=bits_of([right]))
    assert finish(search(level, 100, None).run(*start, fixed))[0] is Outcome.UNSOLVABLE


def test_a_search_past_its_budget_gives_up() -> None:
    board = ROOM.compiled()
    start = (board.stars(ROOM.start), ROOM.start.player)
    assert finish(search(ROOM, 1 << 60, Metric.MOVES, budget=1).run(*start, Target.goals(board)))[0] is (
        Outcome.GAVE_UP
    )
