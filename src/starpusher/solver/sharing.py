"""Searches taking turns: each runs a while, then another, each getting its share of the time.

A search is a generator that yields between its turns (see :mod:`.limits`)
and returns what it found when it ends. :class:`TimeShare` gives the turns:
always to the search furthest behind its share, so that over a run each has
had the time its share says. Between turns the limits are looked at: they
stop every search at once, each paused where it was, and a later run of the
same :class:`TimeShare` carries on from there.

The solver's portfolio (:mod:`.portfolio`) stops at the first search to end,
which decides; the optimizer (:mod:`starpusher.optimize.optimizer`) lets each
of its two searches run to its end.

With a budget of positions (:attr:`.Limits.max_nodes`) the shares are
counted in positions instead of seconds, so that a run is the same on any
machine, at any load.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from typing import Generic, Protocol, TypeVar

from .limits import Limits
from .outcome import Outcome

#: What a search returns when it ends.
Found = TypeVar("Found")


class Counted(Protocol):
    """A search that counts the positions it expands."""

    @property
    def nodes(self) -> int: ...


class Run(Generic[Found]):
    """One search, paused between its turns, with its share of the time and the time it has had."""

    def __init__(self, steps: Generator[None, None, Found], share: float, search: Counted) -> None:
        """``steps`` runs ``search`` a turn at a time."""
        self.steps = steps
        self.share = share
        self.search = search
        self.seconds = 0.0
        self.ended = False
        #: Set when the search is given no more turns although it has not ended.
        self.retired = False
        #: What the search found, once it has ended.
        self.found: Found

    def behind(self, by_nodes: bool) -> float:
        """The time (or positions) it has had, for its share: the lowest gets the next turn."""
        return (self.search.nodes if by_nodes else self.seconds) / self.share

    def turn(self) -> None:
        """Search on for a while (until the search yields, or ends: see :attr:`ended`)."""
        started = time.perf_counter()
        try:
            next(self.steps)
        except StopIteration as finished:
            self.found = finished.value
            self.ended = True
        finally:
            self.seconds += time.perf_counter() - started


class TimeShare(Generic[Found]):
    """Searches sharing the time under one set of limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        #: Every search, in the order added (the first wins a tie for a turn).
        self.runs: list[Run[Found]] = []
        #: The limit that stopped the last run of turns, if any.
        self.stopped: Outcome | None = None

    def add(self, steps: Generator[None, None, Found], share: float, search: Counted) -> None:
        """``search``, run a turn at a time by ``steps``, with ``share`` of the time."""
        self.runs.append(Run(steps, share, search))

    @property
    def nodes(self) -> int:
        """Positions expanded so far by all the searches."""
        return sum(run.search.nodes for run in self.runs)

    def ended(self) -> Iterator[Found]:
        """Turns to the searches until every one has ended or a limit is reached.

        Yields what each search found as it ends (it takes no more turns); when
        a limit stops them, :attr:`stopped` says which.
        """
        return self._turns(self.runs)

    def alone(self, search: Counted) -> Iterator[Found]:
        """Turns to ``search`` alone, as :meth:`ended` gives them to all; the others wait."""
        return self._turns([run for run in self.runs if run.search is search])

    def retire(self, search: Counted) -> None:
        """Give ``search`` no more turns (the positions it expanded still count)."""
        for run in self.runs:
            if run.search is search:
                run.retired = True
                run.steps.close()  # frees what only its turns held

    def _turns(self, runs: list[Run[Found]]) -> Iterator[Found]:
        limits = self.limits
        by_nodes = limits.max_nodes is not None
        self.stopped = None
        while going := [run for run in runs if not run.ended and not run.retired]:
            run = min(going, key=lambda run: run.behind(by_nodes))
            run.turn()
            if run.ended:
                yield run.found
            stop = limits.reached(time.perf_counter(), self.nodes)
            if stop is not None:
                self.stopped = stop
                return
