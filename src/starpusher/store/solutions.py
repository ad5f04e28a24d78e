"""Solutions: how they are checked, compared and reported.

A solution is kept with its LURD written as the rules played it (a push is
upper case whatever the input said) and its counts. "Better by moves" breaks
ties on pushes and "better by pushes" on moves, as Sokoban programs rank them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Level, NotationError, count_pushes
from ..core.words import plural


@dataclass(frozen=True)
class Solution:
    """A solution as kept: its LURD (with the case of every push right) and counts."""

    lurd: str
    moves: int
    pushes: int
    #: When it was found (ISO 8601 UTC), None if not known.
    found_at: str | None = None

    @classmethod
    def of_played(cls, lurd: str) -> Solution:
        """The solution of moves the rules have played already (see :meth:`.Level.played_solution`)."""
        return cls(lurd, len(lurd), count_pushes(lurd))

    def better_by_moves(self, other: Solution | None) -> bool:
        """Fewer moves than ``other`` (or as many and fewer pushes)."""
        return other is None or (self.moves, self.pushes) < (other.moves, other.pushes)

    def better_by_pushes(self, other: Solution | None) -> bool:
        """Fewer pushes than ``other`` (or as many and fewer moves)."""
        return other is None or (self.pushes, self.moves) < (other.pushes, other.moves)


@dataclass(frozen=True)
class RecordResult:
    """What recording a solution changed."""

    solution: Solution
    first_solve: bool
    new_best_moves: bool
    new_best_pushes: bool
    #: The bests before this solution, for "was 35" messages.
    previous_best_moves: Solution | None
    previous_best_pushes: Solution | None

    @property
    def improved(self) -> bool:
        return self.new_best_moves or self.new_best_pushes

    def summary(self) -> str:
        """One line for the player."""
        counts = f"moves {self.solution.moves}, pushes {self.solution.pushes}"
        if self.first_solve:
            return f"first solution recorded ({counts})"
        if self.previous_best_moves is None and self.previous_best_pushes is None:
            return f"solution recorded as your best ({counts})"  # solved before, its bests lost
        news = []
        new = self.solution
        if self.new_best_moves and (old := self.previous_best_moves):
            if new.moves < old.moves:
                news.append(f"by moves ({new.moves}, was {old.moves})")
            else:
                pushes = plural(new.pushes, "push", "pushes")
                news.append(f"by moves ({new.moves}, now with {pushes} instead of {old.pushes})")
        if self.new_best_pushes and (old := self.previous_best_pushes):
            if new.pushes < old.pushes:
                news.append(f"by pushes ({new.pushes}, was {old.pushes})")
            else:
                moves = plural(new.moves, "move")
                news.append(f"by pushes ({new.pushes}, now in {moves} instead of {old.moves})")
        if news:
            return "new best " + " and ".join(news)
        best = self.previous_best_moves or self.solution
        return f"solved ({counts}); your best stays at moves {best.moves}, pushes {best.pushes}"


def verified_solution(level: Level, moves: str) -> Solution:
    """Replay ``moves`` (expanded LURD, case not trusted) and return the solution they make.

    Moves after the level is first solved are dropped, as play stops there.
    Raises :class:`IllegalMoveError` (naming the move) or :class:`NotASolutionError`
    (see :meth:`.Level.played_solution`, which replays them).
    """
    return Solution.of_played(level.played_solution(moves))


def replayed_row(level: Level, lurd: object) -> Solution:
    """The solution a row of the store holds, replayed: ``lurd`` as the rules play it, with its counts.

    Rows are checked when read, not trusted for having been written: a scribbled
    or tampered one may hold anything in any column. Only the moves are read;
    the counts come from the replay. Raises a :class:`StarPusherError` saying
    what is wrong (moves that are not text, not LURD, illegal, or no solve).
    """
    if not isinstance(lurd, str):
        raise NotationError(f"its moves are not text ({type(lurd).__name__})")
    return verified_solution(level, lurd)
