"""A time limit that counts from the moment the command started, whatever it is doing.

The solver keeps its own limit, but reading a huge level and analysing its
board happen before the search and took seconds past a limit of a tenth of
one. :func:`deadline_alarm` is the backstop: a moment after the deadline it
interrupts whatever is running with :class:`OutOfTime`, and again every
tenth of a second until the work is over (:data:`REPEAT_SECONDS`).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType

#: How long past the deadline the alarm waits, so the solver normally reports its own timeout.
GRACE_SECONDS = 0.2
#: How often the alarm rings again after the first. Python ignores an exception raised where
#: nothing can catch it (a generator's clean-up as it is collected, a garbage collector's
#: callback): a ring that lands there is lost, and the next one is not.
REPEAT_SECONDS = 0.1

#: A signal's handler, as :func:`signal.signal` gives back the one it replaces.
Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


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
            first = max(deadline + GRACE_SECONDS - time.monotonic(), 0.001)
            signal.setitimer(signal.ITIMER_REAL, first, REPEAT_SECONDS)
        yield
    finally:
        _disarm(previous)


def _disarm(previous: Handler) -> None:
    """Stop the alarm and put the handler before it back, even if it rings once more meanwhile."""
    while True:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            return
        except OutOfTime:
            continue  # the same time out, on its way already or come too late to matter
