"""The solver's searches for a level in a child process: answers, progress, and carrying on."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from starpusher.core import Level
from starpusher.levels import load_builtin
from starpusher.processes import CHILD_NICENESS, ChildStopped
from starpusher.session.search_child import SearchChild
from starpusher.solver import Outcome

TWO_STARS = Level.from_text("#######\n#.@$  #\n# $   #\n#.    #\n#######\n")


def hard_level() -> Level:
    """A level no search finishes in the fractions of a second these tests give it."""
    return load_builtin("starpusher").levels[300]


def test_a_search_in_the_child_finds_a_solution_that_solves_the_level() -> None:
    child = SearchChild(TWO_STARS, memory_limit_mb=256)
    try:
        solving = child.search(TWO_STARS.start)
        result = solving.run(10)
        assert result.solved and TWO_STARS.is_solved(TWO_STARS.replay(result.moves))
        assert solving.finished and solving.nodes > 0
        assert child.running and child.pid != os.getpid()
        shorter = solving.shorter(result, 0.5)
        assert shorter.solved and TWO_STARS.is_solved(TWO_STARS.replay(shorter.moves))
        assert shorter.pushes <= result.pushes
    finally:
        child.close()
    assert not child.running


def test_a_search_out_of_time_carries_on_from_where_it_was_in_the_same_child() -> None:
    level = hard_level()
    child = SearchChild(level, memory_limit_mb=256)
    try:
        solving = child.search(level.start)
        first = solving.run(0.3)
        assert first.status is Outcome.TIMEOUT and not solving.finished
        nodes, seconds, pid = solving.nodes, solving.seconds, child.pid
        assert nodes > 0 and seconds > 0
        solving.run(0.3)
        assert solving.nodes > nodes and solving.seconds > seconds  # on from there, not afresh
        assert child.pid == pid  # the child (its board, its learned deadlocks) kept meanwhile
    finally:
        child.close()


def test_a_cancelled_search_stops_at_once_says_how_far_it_came_and_carries_on_later() -> None:
    level = hard_level()
    child = SearchChild(level, memory_limit_mb=256)
    try:
        solving = child.search(level.start)
        cancel = threading.Event()
        answers = []
        worker = threading.Thread(target=lambda: answers.append(solving.run(30, cancel=cancel)))
        worker.start()
        deadline = time.monotonic() + 20
        while solving.nodes == 0:  # the child reports as it goes
            assert time.monotonic() < deadline
            time.sleep(0.02)
        cancel.set()
        worker.join(5)
        assert not worker.is_alive() and answers[0].status is Outcome.CANCELLED
        nodes = solving.nodes
        solving.run(0.3)
        assert solving.nodes > nodes
    finally:
        child.close()


def test_a_new_search_from_another_position_is_served_by_the_same_child() -> None:
    child = SearchChild(TWO_STARS, memory_limit_mb=256)
    try:
        child.search(TWO_STARS.start).run(10)
        pid = child.pid
        state = TWO_STARS.replay("d")
        result = child.search(state).run(10)
        assert result.solved and child.pid == pid
        assert TWO_STARS.is_solved(TWO_STARS.replay("d" + result.moves))
    finally:
        child.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills the child with SIGKILL")
def test_a_child_killed_mid_search_is_reported_and_the_next_search_starts_another() -> None:
    level = hard_level()
    child = SearchChild(level, memory_limit_mb=256)
    try:
        solving = child.search(level.start)
        errors: list[Exception] = []

        def search() -> None:
            try:
                solving.run(30)
            except ChildStopped as error:
                errors.append(error)

        worker = threading.Thread(target=search)
        worker.start()
        deadline = time.monotonic() + 20
        while solving.nodes == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        pid = child.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        worker.join(10)
        assert not worker.is_alive()
        assert len(errors) == 1 and str(errors[0]).startswith("the solver stopped without an answer")
        result = child.search(level.start).run(0.2)  # a fresh child takes it
        assert result.status is Outcome.TIMEOUT and child.pid not in (None, pid)
    finally:
        child.close()


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="POSIX priorities")
def test_the_child_gives_the_window_the_processor_first() -> None:
    """On a busy machine the window, which the player watches, is served before the search."""
    child = SearchChild(TWO_STARS, memory_limit_mb=256)
    try:
        child.search(TWO_STARS.start).run(10)
        assert child.pid is not None
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, child.pid) >= min(ours + CHILD_NICENESS, 19)
    finally:
        child.close()
