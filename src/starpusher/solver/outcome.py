"""How a search ends (:class:`Outcome`), and what the solver found (:class:`SolveResult`).

One vocabulary for every search of the package, as python-chess ends every
game with a ``Termination``: the solver's searches, the optimizer's (which
look for a solution cheaper than a bound, and say "solved" when they find one
and "unsolvable" when there is none that cheap), the editor's verdict on a
level and the command line. Every search, forwards or backwards, finishes
with an :class:`Outcome` and the pushes of its solution (none unless solved);
:func:`starpusher.bitboard.expand_pushes` turns those pushes into the moves a
player makes, walking between them.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from enum import Enum

from ..bitboard import Push


class Outcome(Enum):
    """How a search ended. The values are the words the command line prints."""

    #: A solution was found (by the optimizer's searches: one cheaper than the bound).
    SOLVED = "solved"
    #: Everything the search may search was searched, pruned only by sound rules: there is
    #: no solution (the optimizer's searches: none cheaper than the bound).
    UNSOLVABLE = "unsolvable"
    #: Every search ran to its end: the optimizer's best is the best it can find.
    FINISHED = "finished"
    #: The searches expanded as many positions as they were allowed, and stopped.
    GAVE_UP = "gave up"
    TIMEOUT = "timeout"
    MEMORY = "memory"
    CANCELLED = "cancelled"
    #: The level cannot be played: it does not read as a level.
    INVALID = "invalid"


#: How a search ended and the pushes of its solution (none unless solved).
SearchEnd = tuple[Outcome, list[Push]]
#: A search run a turn at a time: it yields between turns and returns its :data:`SearchEnd`.
SearchRun = Generator[None, None, SearchEnd]


@dataclass
class ProofTally:
    """What one kind of deadlock question cost the searches of a level (see :mod:`.proofs`)."""

    #: Times asked: a corral's verdict met again is not asked again, and a position asked
    #: whether it is stuck may be answered without a search.
    asked: int = 0
    #: Those answered "dead", each offered to the deadlock sets (which keep a set once).
    dead: int = 0
    #: Positions the searches visited, and the seconds they took.
    nodes: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class DeadlockStatistics:
    """The deadlock sets of a level and what they cost, for comparing with other solvers."""

    #: Sets proven before the search (:mod:`.precalculated`) and during it (:mod:`.proofs`).
    precalculated: int = 0
    learned: int = 0
    #: Seconds the precalculated sets took to build.
    precalculation_seconds: float = 0.0
    #: Proofs searched, positions they visited, and the seconds they took (those of the
    #: precalculated sets included).
    proofs: int = 0
    proof_nodes: int = 0
    proof_seconds: float = 0.0
    #: The same by the question asked (:data:`.proofs.QUESTIONS`), those never asked left out:
    #: where the time of the proofs goes.
    by_question: dict[str, ProofTally] = field(default_factory=dict)


@dataclass(frozen=True)
class SolveResult:
    """What :func:`.portfolio.solve` found: ``moves`` is expanded LURD, replayed and checked."""

    status: Outcome
    moves: str = ""
    pushes: int = 0
    seconds: float = 0.0
    #: Positions examined: a measure of how hard the level was.
    nodes: int = 0
    #: What the solver knew of the level's deadlocks by the end (none when it never got that far).
    deadlocks: DeadlockStatistics | None = None

    @property
    def solved(self) -> bool:
        return self.status is Outcome.SOLVED
