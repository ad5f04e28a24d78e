"""A time limit that counts from the moment the command started, whatever it is doing.

The solver keeps its own limit, but reading a huge level and analysing its
board happen before the search and took seconds past a limit of a tenth of
one. :func:`deadline_alarm` is the backstop: a moment after the deadline it
interrupts whatever is running with :class:`OutOfTime`.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from types import FrameType

#: How long past the deadline the alarm waits, so the solver normally reports its own timeout.
GRACE_SECONDS = 0.2


class OutOfTime(Exception):
    """The command's time limit was reached before the work was done."""


@contextlib.contextmanager
def deadline_alarm(deadline: float) -> Iterator[None]:
    """Raise :class:`OutOfTime` in this (main) thread once ``deadline`` (monotonic) plus a grace has passed.

    Does nothing where timers cannot interrupt (not the main thread, no SIGALRM),
    nor for a deadline further away than the timer can count: that is no limit.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def ring(signum: int, frame: FrameType | None) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        with contextlib.suppress(OverflowError):  # further than the timer counts (~292 years): no limit
            signal.setitimer(signal.ITIMER_REAL, max(deadline + GRACE_SECONDS - time.monotonic(), 0.001))
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
