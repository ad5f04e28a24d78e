"""What a search ends with: how it ended (:class:`Outcome`) and what it found (:class:`SolveResult`).

Every search, forwards or backwards, finishes with an :class:`Outcome` and
the pushes of its solution (none unless solved);
:func:`starpusher.bitboard.expand_pushes` turns those pushes into the moves
a player makes, walking between them.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import Enum

from ..bitboard import Push


class Outcome(Enum):
    """How a search ended. The values are the words the command line prints."""

    SOLVED = "solved"
    #: The whole space reachable from the start was searched, pruned only by sound rules.
    UNSOLVABLE = "unsolvable"
    #: The searches expanded as many positions as they were allowed.
    GAVE_UP = "gave up"
    TIMEOUT = "timeout"
    MEMORY = "memory"
    CANCELLED = "cancelled"


#: How a search ended and the pushes of its solution (none unless solved).
SearchEnd = tuple[Outcome, list[Push]]
#: A search run a turn at a time: it yields between turns and returns its :data:`SearchEnd`.
SearchRun = Generator[None, None, SearchEnd]


@dataclass(frozen=True)
class SolveResult:
    """What :func:`.portfolio.solve` found: ``moves`` is expanded LURD, replayed and checked."""

    status: Outcome
    moves: str = ""
    pushes: int = 0
    seconds: float = 0.0
    #: Positions examined: a measure of how hard the level was.
    nodes: int = 0

    @property
    def solved(self) -> bool:
        return self.status is Outcome.SOLVED
