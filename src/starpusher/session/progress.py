"""What Star Pusher asks of the place that keeps the player's progress.

:class:`Progress` is every role of ``starpusher.store.roles`` at once:
``starpusher.store.Store`` plays it (and :class:`~.guarded_store.GuardedStore`,
the store as a front end uses it); :class:`MemoryProgress` keeps it all while
the program runs, when there is no store. A function that needs less takes
one role (``LevelKeeper``, ``SnapshotKeeper``...), so what it may ask is
plain from its signature.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..core import Level
from ..store import (
    KnownSolutionKeeper,
    KnownSolutions,
    LastPlayed,
    LevelKeeper,
    PlaceKeeper,
    Setting,
    SettingsKeeper,
    Snapshot,
    SnapshotKeeper,
    Solution,
    TimeKeeper,
    TimesPlayed,
    level_key,
    normalised_board,
    verified_solution,
)
from ..store import Progress as LevelProgress
from ..store.database import utc_now
from ..store.known import with_solution
from ..store.snapshots import checked_snapshot

T = TypeVar("T")


class Progress(
    LevelKeeper, KnownSolutionKeeper, SnapshotKeeper, TimeKeeper, PlaceKeeper, SettingsKeeper, Protocol
):
    """Where the window and the terminal keep what the player achieved: ``starpusher.store.Store`` fits it.

    The levels are given whole: the store identifies them by their content.
    """


@dataclass
class MemoryProgress:
    """Progress kept only while the program runs: the default until the store is plugged in.

    It keeps no best scores (a solve only marks the level solved) and knows
    no data folder, so the editor offers no "My levels".
    """

    solved: set[Hashable] = field(default_factory=set)
    helped: set[Hashable] = field(default_factory=set)
    games: dict[Hashable, str] = field(default_factory=dict)
    #: The collections played, most recent first, with the level played last in each.
    recent: list[LastPlayed] = field(default_factory=list)
    #: The optimizer's solutions of each level (see ``Store.keep_known_solution``).
    known: dict[Hashable, KnownSolutions] = field(default_factory=dict)
    #: The snapshots of each level, the newest first.
    kept_snapshots: dict[Hashable, list[Snapshot]] = field(default_factory=dict)
    #: The seconds played on each level.
    seconds: dict[Hashable, float] = field(default_factory=dict)
    settings: dict[Setting[Any], Any] = field(default_factory=dict)
    my_levels_path: Path | None = None

    # -- levels ----------------------------------------------------------------

    def is_solved(self, level: Level) -> bool:
        return board_key(level) in self.solved

    def is_helped(self, level: Level) -> bool:
        return board_key(level) in self.helped

    def progress_of(self, levels: Sequence[Level]) -> list[LevelProgress]:
        return [
            LevelProgress(
                level_key(level),
                level.title,
                normalised_board(level),
                self.is_solved(level),
                None,
                None,
                None,
                board_key(level) in self.games,
                helped=self.is_helped(level),
            )
            for level in levels
        ]

    def record_solution(self, level: Level, moves: str) -> None:
        self.solved.add(board_key(level))

    def record_helped_solution(self, level: Level, moves: str) -> None:
        self.helped.add(board_key(level))

    def load_game(self, level: Level) -> str | None:
        return self.games.get(board_key(level))

    def save_game(self, level: Level, history_text: str) -> None:
        self.games[board_key(level)] = history_text

    # -- known solutions ----------------------------------------------------------------

    def keep_known_solution(
        self, level: Level, moves: str, *, optimal_by: str | None = None, made_from: Solution | None = None
    ) -> list[str]:
        """Keep a solution the optimizer found, where it is the shortest known; where it was kept."""
        solution = verified_solution(level, moves)
        known, kept = with_solution(self.known_solutions(level), solution, None, optimal_by, made_from)
        self.known[board_key(level)] = known
        return kept

    def known_solutions(self, level: Level) -> KnownSolutions:
        return self.known.get(board_key(level), KnownSolutions())

    # -- time played ----------------------------------------------------------------

    def time_played(self, levels: Sequence[Level]) -> TimesPlayed:
        return TimesPlayed(tuple(self.seconds.get(board_key(level), 0.0) for level in levels))

    def add_time_played(self, level: Level, seconds: float) -> None:
        key = board_key(level)
        self.seconds[key] = self.seconds.get(key, 0.0) + seconds

    # -- snapshots ----------------------------------------------------------------

    def save_snapshot(self, level: Level, name: str, history_text: str) -> None:
        """Keep a snapshot as the store would (same name rules); one of the same name is replaced."""
        name = checked_snapshot(name, history_text)
        others = [snapshot for snapshot in self.snapshots(level) if snapshot.name != name]
        self.kept_snapshots[board_key(level)] = [Snapshot(name, history_text, utc_now()), *others]

    def snapshots(self, level: Level) -> list[Snapshot]:
        return list(self.kept_snapshots.get(board_key(level), ()))

    def delete_snapshot(self, level: Level, name: str) -> None:
        kept = self.snapshots(level)
        self.kept_snapshots[board_key(level)] = [snapshot for snapshot in kept if snapshot.name != name]

    # -- places and settings ----------------------------------------------------------------

    def set_last_played(self, collection: str, level_number: int) -> None:
        self.forget_collection(collection)
        self.recent.insert(0, LastPlayed(collection, level_number))

    def recent_collections(self) -> list[LastPlayed]:
        return list(self.recent)

    def forget_collection(self, collection: str) -> None:
        self.recent = [place for place in self.recent if place.collection != collection]

    def get_setting(self, setting: Setting[T]) -> T:
        value: T = self.settings.get(setting, setting.default)
        return value

    def set_settings(self, values: Mapping[Setting[Any], Any]) -> None:
        checked = {setting: setting.check(value) for setting, value in values.items()}
        self.settings.update(checked)


def board_key(level: Level) -> Hashable:
    """What makes two levels the same level: the board, not the title."""
    return (level.width, level.height, level.walls, level.goals, level.start)
