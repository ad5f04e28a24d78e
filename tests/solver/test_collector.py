"""The cycle collector is paused while a search runs, and runs again as it did before."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from starpusher.core import Level
from starpusher.optimize import optimize
from starpusher.solver import Outcome, Solving
from starpusher.solver.collector import collector_paused

LEVEL = Level.from_text(
    """
#######
#@ $ .#
#######
"""
)


@pytest.fixture(autouse=True)
def collector_running() -> Iterator[None]:
    """Each test starts with the collector running, and leaves it so."""
    gc.enable()
    yield
    gc.enable()


def test_paused_inside_and_running_after() -> None:
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_nested_pauses_end_with_the_outermost() -> None:
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_the_program_had_paused_stays_paused() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_it_runs_again_after_an_exception() -> None:
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a search that failed")
    assert gc.isenabled()


def test_two_threads_searching_at_once_end_with_the_last() -> None:
    first_in, first_may_end = threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with collector_paused():
            first_in.set()
            first_may_end.wait(5)

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with collector_paused():
        pass
    seen.append(gc.isenabled())  # the first search is still under way
    first_may_end.set()
    thread.join(5)
    assert seen == [False]
    assert gc.isenabled()


def test_the_search_s_objects_are_handed_on_unexamined() -> None:
    """No young objects wait after the pause, so the next round does not look at them all at once."""
    gc.disable()  # so that no round runs before the youngest are counted
    with collector_paused():
        made = [[number] for number in range(10_000)]
        assert len(gc.get_objects(generation=0)) >= len(made)
    assert len(gc.get_objects(generation=0)) < 100
    assert any(made is kept for kept in gc.get_objects(generation=2))


def test_a_solve_leaves_the_collector_running() -> None:
    result = Solving(LEVEL).run(5)
    assert result.status is Outcome.SOLVED
    assert gc.isenabled()


def test_an_optimization_leaves_the_collector_running() -> None:
    moves = Solving(LEVEL).run(5).moves
    assert optimize(LEVEL, moves, time_limit=5).pushes == 2
    assert gc.isenabled()
