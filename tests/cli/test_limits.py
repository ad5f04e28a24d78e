"""The command's time limit: the alarm that interrupts whatever runs past it."""

from __future__ import annotations

import signal
import time

import pytest

from starpusher.cli.limits import OutOfTime, deadline_alarm

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timers here")


def test_a_ring_lost_where_exceptions_are_ignored_rings_again() -> None:
    # A ring that lands in a generator being collected, or a garbage collector's callback, is
    # printed and dropped by Python. Swallowed once here the same way, the alarm must ring
    # again: else the command would run on past its limit.
    swallowed = 0
    with pytest.raises(OutOfTime), deadline_alarm(time.monotonic()):
        give_up = time.monotonic() + 5
        while time.monotonic() < give_up:
            try:
                time.sleep(0.01)
            except OutOfTime:
                if swallowed:
                    raise
                swallowed += 1
    assert swallowed == 1


def test_no_ring_follows_work_done_in_time() -> None:
    before = signal.getsignal(signal.SIGALRM)
    with deadline_alarm(time.monotonic() + 0.05):
        pass
    time.sleep(0.4)  # a ring now would raise here
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) == before


def test_work_that_runs_past_the_limit_is_interrupted() -> None:
    with pytest.raises(OutOfTime), deadline_alarm(time.monotonic() + 0.1):
        time.sleep(5)  # woken by the ring, or the test fails: nothing raised
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
