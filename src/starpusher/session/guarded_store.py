"""The store as a front end uses it: a store that fails costs a message, never the game.

A write can fail in the middle of a session: the disk fills up, the file is
made read-only, another program keeps the database locked. The front end then
says so once, keeps what the player did in memory (a game in progress still
resumes, a solved level stays marked) and hands all of it to the store as soon
as the store works again, so a passing problem loses nothing. It tries again
at most every :data:`RETRY_SECONDS`, since a locked database makes every try
wait for the busy timeout.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from ..core import Level
from ..store import (
    FifteenBest,
    FifteenGame,
    FifteenResult,
    KnownSolutions,
    LastPlayed,
    Progress,
    RecordResult,
    Setting,
    Snapshot,
    Solution,
    Store,
    StoreError,
    TimesPlayed,
    level_key,
    normalised_board,
    verified_solution,
)

#: How long after a failed write the store is left alone before the next try.
RETRY_SECONDS = 30.0

Say = Callable[[str, float], object]
T = TypeVar("T")


class GuardedStore:
    """A :class:`~starpusher.store.Store` for a front end: every role of ``starpusher.store.roles``,
    and Fifteen's records (:class:`~.fifteen_records.FifteenProgress`)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self._clock = clock
        #: What the store has not taken yet, oldest first.
        self._solutions: list[tuple[Level, str]] = []
        self._games: dict[str, tuple[Level, str]] = {}
        #: Seconds played on each level (by key) that the store has not taken yet.
        self._seconds: dict[str, tuple[Level, float]] = {}
        self._last_played: tuple[str, int] | None = None
        self._settings: dict[Setting[Any], Any] = {}
        self._solved: set[str] = set()
        self._helped: set[str] = set()
        self._failed_at: float | None = None
        #: Why the store failed last, while anything waits for it; None when all is saved.
        self.problem: str | None = None
        self._say: Say | None = None
        self._unsaid: str | None = None

    def connect(self, say: Say) -> None:
        """Show messages with ``say`` (the front end's), including one from before it existed."""
        self._say = say
        if self._unsaid is not None:
            say(self._unsaid, 10)
            self._unsaid = None

    @property
    def unsaved(self) -> int:
        """How many changes wait in memory for the store."""
        waiting = len(self._solutions) + len(self._games) + len(self._seconds)
        return waiting + (self._last_played is not None) + bool(self._settings)

    # -- what a play session asks -------------------------------------------------------------

    def is_solved(self, level: Level) -> bool:
        if level_key(level) in self._solved:
            return True
        try:
            return self.store.is_solved(level)
        except StoreError as error:
            self._report(error)
            return False

    def progress_of(self, levels: Sequence[Level]) -> list[Progress]:
        """The store's answer, with the solves it has not taken yet marked too."""
        try:
            known = self.store.progress_of(levels)
        except StoreError as error:
            self._report(error)
            known = [_untouched(level) for level in levels]
        return [
            replace(
                each,
                solved=each.solved or each.key in self._solved,
                helped=each.helped or each.key in self._helped,
            )
            for each in known
        ]

    def load_game(self, level: Level) -> str | None:
        waiting = self._games.get(level_key(level))
        if waiting is not None:
            return waiting[1]
        try:
            return self.store.load_game(level)
        except StoreError as error:
            self._report(error)
            return None

    def save_game(self, level: Level, history_text: str) -> None:
        self._games[level_key(level)] = (level, history_text)
        self._hand_over()

    def time_played(self, levels: Sequence[Level]) -> TimesPlayed:
        """The store's times, with the seconds it has not taken yet added."""
        try:
            kept = self.store.time_played(levels)
        except StoreError as error:
            self._report(error)
            kept = TimesPlayed(tuple(0.0 for _ in levels))
        waiting = [self._seconds.get(level_key(level), (level, 0.0))[1] for level in levels]
        seconds = tuple(known + more for known, more in zip(kept.seconds, waiting, strict=True))
        return TimesPlayed(seconds, kept.left_out)

    def add_time_played(self, level: Level, seconds: float) -> None:
        key = level_key(level)
        self._seconds[key] = (level, self._seconds.get(key, (level, 0.0))[1] + seconds)
        self._hand_over()

    def record_solution(self, level: Level, moves: str) -> RecordResult | None:
        """The store's result, or None when the solution waits in memory for it."""
        verified_solution(level, moves)  # raises now: only solutions may wait for the store
        self._hand_over()
        if self._may_try():
            try:
                return self.store.record_solution(level, moves)
            except StoreError as error:
                self._failed(error)
        self._solutions.append((level, moves))
        self._solved.add(level_key(level))
        return None

    def record_helped_solution(self, level: Level, moves: str) -> Solution | None:
        """Keep a solve the solver helped with; a store that fails says so (it is marked while open)."""
        self._helped.add(level_key(level))
        try:
            return self.store.record_helped_solution(level, moves)
        except StoreError as error:
            self._report(error)
            return None

    def keep_known_solution(
        self, level: Level, moves: str, *, optimal_by: str | None = None, made_from: Solution | None = None
    ) -> list[str]:
        """Keep a solution the optimizer found; a store that fails says so (it is not the player's)."""
        try:
            return self.store.keep_known_solution(level, moves, optimal_by=optimal_by, made_from=made_from)
        except StoreError as error:
            self._report(error)
            return []

    def known_solutions(self, level: Level) -> KnownSolutions:
        try:
            return self.store.known_solutions(level)
        except StoreError as error:
            self._report(error)
            return KnownSolutions()

    def set_last_played(self, collection: str, level_number: int) -> None:
        self._last_played = (collection, level_number)
        self._hand_over()

    def recent_collections(self) -> list[LastPlayed]:
        """The collections played, most recent first (the one waiting for the store included)."""
        try:
            recent = self.store.recent_collections()
        except StoreError as error:
            self._report(error)
            recent = []
        if self._last_played is not None:
            waiting = LastPlayed(*self._last_played)
            recent = [waiting, *(place for place in recent if place.collection != waiting.collection)]
        return recent

    def forget_collection(self, collection: str) -> None:
        """Take a collection off the list; a store that fails says so and the list stays."""
        try:
            self.store.forget_collection(collection)
        except StoreError as error:
            self._report(error)

    def get_setting(self, setting: Setting[T]) -> T:
        """A setting's value: the one waiting for the store, else the store's."""
        if setting in self._settings:
            waiting: T = self._settings[setting]
            return waiting
        return self.store.get_setting(setting)

    def set_settings(self, values: Mapping[Setting[Any], Any]) -> None:
        """Keep settings (a value a setting refuses raises :class:`SettingError` at once)."""
        for setting, value in values.items():
            self._settings[setting] = setting.check(value)
        self._hand_over()

    # -- straight to the store: its errors reach the caller, which says them ----------------------

    @property
    def my_levels_path(self) -> Path:
        return self.store.my_levels_path

    @property
    def data_dir(self) -> Path:
        return self.store.data_dir

    def save_snapshot(self, level: Level, name: str, history_text: str) -> None:
        self.store.save_snapshot(level, name, history_text)

    def snapshots(self, level: Level) -> list[Snapshot]:
        return self.store.snapshots(level)

    def delete_snapshot(self, level: Level, name: str) -> None:
        self.store.delete_snapshot(level, name)

    # Fifteen's scores, game and size: its records say a failing store themselves.

    def fifteen_best(self, width: int, height: int) -> FifteenBest:
        return self.store.fifteen_best(width, height)

    def record_fifteen(self, width: int, height: int, moves: int, seconds: float) -> FifteenResult:
        return self.store.record_fifteen(width, height, moves, seconds)

    def record_fifteen_helped(self, width: int, height: int, moves: int) -> int:
        return self.store.record_fifteen_helped(width, height, moves)

    def fifteen_helped(self, width: int, height: int) -> int:
        return self.store.fifteen_helped(width, height)

    def fifteen_game(self) -> FifteenGame | None:
        return self.store.fifteen_game()

    def save_fifteen_game(self, game: FifteenGame | None) -> None:
        self.store.save_fifteen_game(game)

    def set_setting(self, setting: Setting[T], value: T) -> None:
        self.store.set_setting(setting, value)

    # -- handing over ---------------------------------------------------------------------------

    def flush(self) -> bool:
        """Try now, however recently the store failed (the front end is closing); whether all is saved."""
        self._failed_at = None
        self._hand_over()
        return not self.unsaved

    def _may_try(self) -> bool:
        return self._failed_at is None or self._clock() - self._failed_at >= RETRY_SECONDS

    def _hand_over(self) -> None:
        """Give the store everything waiting, oldest first; on a failure keep the rest."""
        if not self._may_try() or not self.unsaved:
            return
        try:
            while self._solutions:
                self.store.record_solution(*self._solutions[0])
                self._solutions.pop(0)
            while self._games:
                key, (level, text) = next(iter(self._games.items()))
                self.store.save_game(level, text)
                del self._games[key]
            while self._seconds:
                key, (level, seconds) = next(iter(self._seconds.items()))
                self.store.add_time_played(level, seconds)
                del self._seconds[key]
            if self._last_played is not None:
                self.store.set_last_played(*self._last_played)
                self._last_played = None
            if self._settings:
                self.store.set_settings(self._settings)
                self._settings = {}
        except StoreError as error:
            self._failed(error)
            return
        if self._failed_at is not None:
            self._failed_at = self.problem = None
            self._tell("The progress database works again: everything is saved.")

    def _failed(self, error: StoreError) -> None:
        self._failed_at = self._clock()
        self.problem = str(error)
        self._report(error)

    def _report(self, error: StoreError) -> None:
        self._tell(f"Progress is kept in memory until it can be saved: {error}")

    def _tell(self, message: str) -> None:
        if self._say is None:
            self._unsaid = message
        else:
            self._say(message, 10)


def _untouched(level: Level) -> Progress:
    return Progress(level_key(level), level.title, normalised_board(level), False, None, None, None, False)
