"""The optimizer: results replay, are never longer, and its proofs of optimality hold."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from optimize_helpers import fewest, with_detour
from solver_helpers import positions_along, pulled_levels

from starpusher.core import Level, StarPusherError
from starpusher.levels import load_builtin
from starpusher.optimize import Metric, Optimizing, optimize
from starpusher.solver import Outcome, solve

#: Two stars and a detour: the solution given goes round the room before pushing.
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


def big_level() -> tuple[Level, str]:
    """Sasquatch I, level 19 (175 in the built-in collection): far too big for the proof, and a solution."""
    level = load_builtin("starpusher").levels[174]
    return level, solve(level, time_limit=30).moves


def cost(metric: Metric, moves: str) -> int:
    return metric.cost(len(moves), sum(letter.isupper() for letter in moves))


def test_a_detour_is_cut_out_and_the_result_proven_optimal() -> None:
    wandering = "rrllrrll" + solve(ROOM, time_limit=5).moves  # walks to and fro first
    result = optimize(ROOM, wandering, Metric.PUSHES, time_limit=10)
    positions_along(ROOM, result.moves)
    assert result.optimal and result.status is Outcome.FINISHED
    assert (len(result.moves), result.pushes) == fewest(ROOM, Metric.PUSHES)
    assert result.improved and result.given_moves == len(wandering)


@pytest.mark.parametrize("metric", list(Metric))
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
@given(level=pulled_levels(), seed=st.integers(0, 1000))
def test_results_replay_are_never_longer_and_proofs_hold_on_small_levels(
    metric: Metric, level: Level, seed: int
) -> None:
    moves = with_detour(level, seed)
    assume(moves is not None)
    assert moves is not None
    result = optimize(level, moves, metric, time_limit=5)
    positions_along(level, result.moves)
    assert result.pushes == sum(letter.isupper() for letter in result.moves)
    assert cost(metric, result.moves) <= cost(metric, moves)
    best_moves, best_pushes = fewest(level, metric)
    first = len(result.moves) if metric is Metric.MOVES else result.pushes
    optimum = best_moves if metric is Metric.MOVES else best_pushes
    assert first >= optimum  # no solution is shorter than the shortest
    if result.optimal:
        assert first == optimum
    if result.status is Outcome.FINISHED:  # both searches ran to their end: the proof did too
        assert result.optimal


PUBLISHED = [2, 3, 10, 30, 60, 70]


@pytest.mark.parametrize("number", PUBLISHED)
def test_solutions_of_published_levels_replay_and_are_never_longer(number: int) -> None:
    level = load_builtin("starpusher").levels[number - 1]
    moves = with_detour(level, seed=number)
    assert moves is not None
    for metric in Metric:
        result = optimize(level, moves, metric, time_limit=1.5)
        positions_along(level, result.moves)
        assert cost(metric, result.moves) <= cost(metric, moves)


def test_the_time_limit_is_honoured_with_the_best_so_far() -> None:
    level, moves = big_level()
    started = time.perf_counter()
    result = optimize(level, moves, time_limit=0.5)
    assert time.perf_counter() - started < 2.0
    assert result.status is Outcome.TIMEOUT and not result.optimal
    positions_along(level, result.moves)
    assert cost(Metric.PUSHES, result.moves) <= cost(Metric.PUSHES, moves)


def test_a_cancel_from_another_thread_stops_it_with_the_best_so_far() -> None:
    level, moves = big_level()
    cancel = threading.Event()
    optimizing = Optimizing(level, moves, cancel=cancel)
    threading.Timer(0.3, cancel.set).start()
    started = time.perf_counter()
    result = optimizing.run(60)
    assert time.perf_counter() - started < 5
    assert result.status is Outcome.CANCELLED
    positions_along(level, result.moves)
    assert (optimizing.pushes, optimizing.moves) == (result.pushes, len(result.moves))


def test_moves_that_do_not_solve_the_level_are_refused() -> None:
    with pytest.raises(StarPusherError, match="do not solve"):
        Optimizing(ROOM, "u")
    with pytest.raises(StarPusherError, match="wall"):
        Optimizing(ROOM, "uuuu")


def test_moves_after_the_solve_are_left_out_of_the_counts_given() -> None:
    moves = solve(ROOM, time_limit=5).moves
    result = optimize(ROOM, moves + "ud", time_limit=5)
    assert result.given_moves == len(moves)
