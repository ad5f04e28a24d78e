"""The vicinity search: shortcuts between positions of a solution, with no search of the whole level."""

from __future__ import annotations

from collections.abc import Generator

from solver_helpers import positions_along

from starpusher.core import Level
from starpusher.optimize import Metric
from starpusher.optimize.trail import Trail
from starpusher.optimize.vicinity import VicinitySearch
from starpusher.solver.limits import Limits

#: A room: the star may be pushed to and fro.
ROOM = Level.from_text(
    """
#######
#     #
#@$  .#
#     #
#######
"""
)


def shortened(level: Level, moves: str, metric: Metric) -> Trail:
    """What the vicinity search alone makes of a solution."""
    board = level.compiled()
    best = [Trail.of_moves(level, board, moves)]

    def offer(trail: Trail) -> bool:
        better = trail.cost(metric) < best[0].cost(metric)
        if better:
            best[0] = trail
        return better

    search = VicinitySearch(level, board, metric, Limits(60, 1024), lambda: best[0], offer)
    for _ in search.run():
        pass
    assert search.nodes > 0
    return best[0]


def test_a_star_pushed_to_and_fro_is_pushed_straight() -> None:
    detour = "RurrdLulldRRR"  # one on, one back, then three on: five pushes for three
    for metric in Metric:
        trail = shortened(ROOM, detour, metric)
        positions_along(ROOM, trail.lurd(ROOM))
        assert (trail.moves, len(trail)) == (3, 3)


def test_the_pushes_are_put_in_the_order_that_walks_least() -> None:
    level = Level.from_text("#########\n#       #\n# $   $ #\n# .@  . #\n#########")
    right_first = "urrurD" + "lllulD"  # 12 moves; the left star first walks less
    for metric in Metric:
        trail = shortened(level, right_first, metric)
        positions_along(level, trail.lurd(level))
        assert (trail.moves, len(trail)) == (10, 2)


def stars_off_tried(level: Level, moves: str, stars_off: int) -> list[int]:
    """How many stars off the solution the vicinity search let, search after search."""
    board = level.compiled()
    best = Trail.of_moves(level, board, moves)
    tried: list[int] = []

    class Watched(VicinitySearch):
        def _stars_off(self, walking: bool, stars_off: int) -> Generator[None, None, bool]:
            tried.append(stars_off)
            return (yield from super()._stars_off(walking, stars_off))

    limits = Limits(60, 1024)
    search = Watched(level, board, Metric.MOVES, limits, lambda: best, lambda _: False, stars_off=stars_off)
    for _ in search.run():
        pass
    return tried


def test_how_wide_it_looks_is_how_many_stars_may_be_off_the_solution() -> None:
    """The optimizer's setting: with ``stars_off`` 1 no search lets two stars off at once."""
    level = Level.from_text("#########\n#       #\n# $   $ #\n# .@  . #\n#########")
    moves = "uulDurrrrD"  # already the fewest moves: nothing shorter starts the searches again
    assert stars_off_tried(level, moves, 1) == [1]
    assert stars_off_tried(level, moves, 2) == [1, 2]
