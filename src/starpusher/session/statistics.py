"""What a collection's statistics screen shows: how much is solved, the best scores, the time played.

The store answers for a whole collection in a few queries (``progress_of``,
``time_played``); this adds them up, level by level and in all, for any
front end to show. A level counts as solved when the player solved it
alone; one solved only with the solver's help is counted apart, as the
level list does. The totals of moves and pushes add up the best of each
solved level: the fewest moves of any solution, and the fewest pushes of any.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core import Level
from ..levels import display_title
from ..store import LevelKeeper, TimeKeeper
from .records import level_records


class StatisticsKeeper(LevelKeeper, TimeKeeper, Protocol):
    """What the statistics ask the store: each level's progress and the time played on it."""


@dataclass(frozen=True)
class LevelStatistics:
    """One level's line: its number in the collection, its title, how it stands, its time."""

    number: int
    title: str
    solved: bool
    #: Solved with the solver's help and not (yet) by the player alone.
    helped_only: bool
    best_moves: int | None
    best_pushes: int | None
    seconds: float


@dataclass(frozen=True)
class CollectionStatistics:
    """A collection's levels, each with its line, and what they add up to."""

    levels: tuple[LevelStatistics, ...]
    #: Why some of the time played was left out (damaged rows in the store), or "".
    left_out: str = ""

    @property
    def count(self) -> int:
        return len(self.levels)

    @property
    def solved(self) -> int:
        return sum(level.solved for level in self.levels)

    @property
    def helped_only(self) -> int:
        return sum(level.helped_only for level in self.levels)

    @property
    def unsolved(self) -> int:
        return self.count - self.solved - self.helped_only

    @property
    def total_moves(self) -> int:
        """The best moves of every solved level, added up."""
        return sum(level.best_moves or 0 for level in self.levels)

    @property
    def total_pushes(self) -> int:
        """The best pushes of every solved level, added up."""
        return sum(level.best_pushes or 0 for level in self.levels)

    @property
    def seconds(self) -> float:
        """The time played on every level of the collection."""
        return sum(level.seconds for level in self.levels)

    @property
    def played(self) -> int:
        """How many levels were played at all: solved (alone or with help), or played a while."""
        return sum(level.solved or level.helped_only or level.seconds > 0 for level in self.levels)


def collection_statistics(progress: StatisticsKeeper, levels: Sequence[Level]) -> CollectionStatistics:
    """The statistics of ``levels`` (a collection), numbered from 1 in their order."""
    records = level_records(progress, levels)
    times = progress.time_played(levels)
    lines = tuple(
        LevelStatistics(
            number,
            display_title(level.title) or f"Level {number}",
            record.solved,
            record.helped and not record.solved,
            record.best_moves,
            record.best_pushes,
            seconds,
        )
        for number, (level, record, seconds) in enumerate(zip(levels, records, times.seconds, strict=True), 1)
    )
    return CollectionStatistics(lines, times.left_out)
