"""The limits a search stops at: time, memory, cancellation; and how often it looks.

One :class:`Limits` is shared by every search of a :func:`.portfolio.solve`,
forwards and backwards. A search looks at the limits between its turns: it
ends a turn every :data:`CHECK_EVERY` positions or :data:`TURN_SECONDS`,
whichever comes first, so that the searches can share the time.
"""

from __future__ import annotations

import math
import os
import threading
import time

from .outcome import Outcome

#: Memory and cancellation are checked, and a search's turn ends, once per this many
#: expanded nodes or :data:`TURN_SECONDS`, whichever comes first (time at every node).
CHECK_EVERY = 1024
#: The longest turn of a search: on levels of a hundred stars a node can take milliseconds.
TURN_SECONDS = 0.05


class Limits:
    """Time, memory and cancellation, counted from when the limits are made."""

    def __init__(
        self,
        time_limit: float,
        memory_limit_mb: float,
        cancel: threading.Event | None = None,
        *,
        check_every: int = CHECK_EVERY,
        turn_seconds: float = TURN_SECONDS,
        max_nodes: int | None = None,
    ) -> None:
        #: A ``time.perf_counter`` reading: the searches stop there.
        self.deadline = time.perf_counter() + time_limit
        self.cancel = cancel
        #: Bytes the process may grow by from now on.
        self.memory_limit = memory_limit_mb * 1024 * 1024
        self.baseline = resident_bytes()
        #: A search's turn ends after this many positions, or this many seconds.
        self.check_every = check_every
        #: Positions the searches may expand in all, or None for no such limit. With one,
        #: turns end and shares are counted in positions, never in seconds: a run is then
        #: the same on any machine under any load (benchmarks compare node counts so).
        self.max_nodes = max_nodes
        self.turn_seconds = math.inf if max_nodes is not None else turn_seconds

    def exceeded(self) -> Outcome | None:
        """The limit reached, if any (cancellation first, then time, then memory)."""
        if self.cancel is not None and self.cancel.is_set():
            return Outcome.CANCELLED
        if time.perf_counter() > self.deadline:
            return Outcome.TIMEOUT
        if resident_bytes() - self.baseline > self.memory_limit:
            return Outcome.MEMORY
        return None

    def reached(self, now: float, nodes: int = 0) -> Outcome | None:
        """At the end of a turn, ``now`` the clock read last and ``nodes`` the positions
        expanded in all: the limit reached, if any."""
        if self.max_nodes is not None and nodes >= self.max_nodes:
            return Outcome.GAVE_UP
        return Outcome.TIMEOUT if now > self.deadline else self.exceeded()

    def turn_end(self) -> float:
        """When a turn starting now ends: :attr:`turn_seconds` on, or the deadline."""
        return min(time.perf_counter() + self.turn_seconds, self.deadline)

    def check(self) -> None:
        """Raise :class:`LimitReached` once a limit is reached (for work without a loop of its own)."""
        outcome = self.exceeded()
        if outcome is not None:
            raise LimitReached(outcome)


class LimitReached(Exception):
    """A limit stopped some work that is not a search: building a board, say."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.value)
        self.outcome = outcome


def resident_bytes() -> int:
    """Memory this process holds now (Linux), else its peak so far."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
