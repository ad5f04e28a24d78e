"""Trails: a solution as the positions after each push, and back to moves."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from optimize_helpers import with_detour
from solver_helpers import positions_along, pulled_levels

from starpusher.bitboard import bits_of
from starpusher.core import Level
from starpusher.optimize import Metric
from starpusher.optimize.trail import Trail

CORRIDOR = Level.from_text("########\n#@ $  .#\n########")


def test_a_trail_keeps_the_positions_after_each_push() -> None:
    board = CORRIDOR.compiled()
    trail = Trail.of_moves(CORRIDOR, board, "rRRR")
    assert len(trail) == 3 and trail.walks == (1, 0, 0) and trail.moves == 4
    assert trail.stars == tuple(bits_of([square]) for square in (11, 12, 13, 14))
    assert trail.players == (9, 11, 12, 13)
    assert trail.cost(Metric.PUSHES) == Metric.PUSHES.cost(4, 3)
    assert trail.costs_so_far(Metric.MOVES) == [
        0,
        Metric.MOVES.cost(2, 1),
        Metric.MOVES.cost(3, 2),
        trail.cost(Metric.MOVES),
    ]


def test_walks_are_the_shortest_whatever_the_moves_walked() -> None:
    board = CORRIDOR.compiled()
    trail = Trail.of_moves(CORRIDOR, board, "rlrRRR")
    assert trail.walks == (1, 0, 0) and trail.lurd(CORRIDOR) == "rRRR"


def test_the_stars_a_stretch_moves_are_named_by_their_first_squares() -> None:
    level = Level.from_text("#######\n#@$  .#\n#  $ .#\n#######")
    board = level.compiled()
    trail = Trail.of_moves(level, board, "RRRllldrRR")
    first, second = level.index(2, 1), level.index(3, 2)
    assert trail.moving(0, 3) == bits_of([first])
    assert trail.moving(1, 3) == bits_of([first + 1])  # the same star, one square on
    assert trail.moving(3, 5) == bits_of([second])
    assert trail.moving(0, 5) == bits_of([first, second])
    assert trail.moving(2, 2) == 0


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(level=pulled_levels(), seed=st.integers(0, 1000))
def test_a_trail_read_from_moves_gives_back_moves_that_solve(level: Level, seed: int) -> None:
    moves = with_detour(level, seed)
    assume(moves is not None)
    assert moves is not None
    board = level.compiled()
    trail = Trail.of_moves(level, board, moves)
    lurd = trail.lurd(level)
    positions_along(level, lurd)
    assert len(lurd) == trail.moves <= len(moves)
    assert Trail.of_pushes(board, level, list(trail.pushes)) == trail
    assert trail.spliced(level, 1, len(trail), list(trail.pushes[1:])) == trail
