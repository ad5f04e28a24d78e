"""What a front end asks the progress store about levels: solved marks, best scores,
and which levels are open when they unlock one by one.

The store (``starpusher.store.Store``) answers a whole collection in a few
queries with ``progress_of``; a progress kept in memory
(:class:`~.progress.MemoryProgress`) keeps no best scores, and then there are
none to show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Level
from ..store import LevelKeeper
from .common import Say


@dataclass(frozen=True)
class LevelRecord:
    solved: bool = False
    #: Fewest moves of any solution, and fewest pushes of any (each may come from another solution).
    best_moves: int | None = None
    best_pushes: int | None = None
    #: Solved with the solver's help (Shift+H): shown apart, never a best, never unlocking.
    helped: bool = False


def level_records(progress: LevelKeeper, levels: Sequence[Level]) -> list[LevelRecord]:
    """Solved marks and best scores of many levels at once."""
    records = []
    for known in progress.progress_of(levels):
        moves = known.best_moves.moves if known.best_moves else None
        pushes = known.best_pushes.pushes if known.best_pushes else None
        records.append(LevelRecord(known.solved, moves, pushes, known.helped))
    return records


def unlocked(solved: Sequence[bool], one_by_one: bool, playing: int | None = None) -> list[bool]:
    """Which levels may be played: all, or (one by one) the first, the solved ones and the next.

    The level being played (``playing``) is open too: unlocking one by one, turned on
    there, never locks the level on screen (solving it opens the next, as it would).
    """
    if not one_by_one:
        return [True] * len(solved)
    return [i == 0 or i == playing or solved[i] or solved[i - 1] for i in range(len(solved))]


def is_unlocked(progress: LevelKeeper, levels: Sequence[Level], index: int, one_by_one: bool) -> bool:
    """Whether level ``index`` may be played (two questions to the store at most)."""
    if not one_by_one or index == 0:
        return True
    return progress.is_solved(levels[index - 1]) or progress.is_solved(levels[index])


def next_unsolved(
    progress: LevelKeeper, levels: Sequence[Level], current: int, one_by_one: bool
) -> int | None:
    """The next level after ``current`` that is unsolved and open, wrapping around; None if none."""
    solved = [record.solved for record in level_records(progress, levels)]
    open_ = unlocked(solved, one_by_one)
    for step in range(1, len(levels) + 1):
        index = (current + step) % len(levels)
        if open_[index] and not solved[index]:
            return index
    return None


FINISHED = "Collection finished!"


@dataclass(frozen=True)
class CollectionEnd:
    """What the last level of a collection says once solved, instead of "next level"."""

    #: The banner's headline: the collection finished, or this the last level.
    headline: str
    #: The level J goes to: the first unsolved one that is open (None: none left, or all locked).
    unsolved: int | None
    #: What is left, in words, with the key that goes there.
    left: str

    @property
    def finished(self) -> bool:
        """Every level of the collection solved."""
        return self.headline == FINISHED

    def after_the_last(self) -> str:
        """What a key on the solved last level says, rather than going round to level 1 again."""
        again = "N starts again at level 1"
        if self.finished:
            return f"Every level here is solved. C chooses another collection; {again}."
        return f"That was the last level. {self.left}; {again}."


def collection_end(progress: LevelKeeper, levels: Sequence[Level], one_by_one: bool) -> CollectionEnd:
    """Solving the last level: whether the collection is finished, and what is left unsolved."""
    solved = [record.solved for record in level_records(progress, levels)]
    count = solved.count(False)
    if count == 0:
        every = "The one level here is solved" if len(levels) == 1 else f"All {len(levels)} levels solved"
        return CollectionEnd(FINISHED, None, f"{every}; C: another collection")
    first = next_unsolved(progress, levels, len(levels) - 1, one_by_one)
    left = f"{count} level{'' if count == 1 else 's'} unsolved"
    if first is not None:
        left += f": J goes to level {first + 1}"
    return CollectionEnd("Solved! The last level", first, left)


def locked_message(index: int) -> str:
    """What the player is told when level ``index`` (from 0) is still locked."""
    return f"Level {index + 1} is locked: solve level {index} to open it."


def level_after(
    progress: LevelKeeper, levels: Sequence[Level], index: int, one_by_one: bool, say: Say
) -> int | None:
    """N: the level after ``index``, not wrapped (a front end may make one past the last: Endless);
    None, and said, while it is locked."""
    after = index + 1
    if not is_unlocked(progress, levels, after % len(levels), one_by_one):
        say(locked_message(after), 4)
        return None
    return after


def level_before(progress: LevelKeeper, levels: Sequence[Level], index: int, one_by_one: bool) -> int:
    """B: the level before ``index``, not wrapped; from the first, the last one that is open."""
    index -= 1
    while not is_unlocked(progress, levels, index % len(levels), one_by_one):
        index -= 1  # level 1 is always open, so this ends
    return index


def unsolved_after(
    progress: LevelKeeper, levels: Sequence[Level], index: int, one_by_one: bool, say: Say
) -> int | None:
    """J: the next level that is unsolved and open; None, and said, when every one is solved."""
    found = next_unsolved(progress, levels, index, one_by_one)
    if found is None:
        say("Every level you can play here is solved.", 4)
    return found


def unlocking_said(one_by_one: bool) -> tuple[str, float]:
    """What a front end says when the player turns unlocking one by one on or off."""
    if one_by_one:
        return "Levels now unlock one by one: solve a level to open the next.", 4
    return "Every level is open.", 3
