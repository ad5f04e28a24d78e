"""What the games ask of a place that keeps the player's progress, one protocol per role.

:class:`~.store.Store` plays every role, on disk. Two more keepers play them
all too, in ``starpusher.session``: the window's guard
(:class:`~starpusher.session.GuardedStore`: a store that fails costs a
message, never the game) and :class:`~starpusher.session.MemoryProgress`
(everything kept while the program runs, when there is no store). A caller
takes the roles it uses, and the type checker sees that every keeper answers
them: nobody needs to ask whether a method is there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..core import Level
from .known import KnownSolutions
from .levels import Progress
from .places import LastPlayed
from .settings import Setting
from .snapshots import Snapshot
from .solutions import RecordResult, Solution
from .time_played import TimesPlayed

T = TypeVar("T")


class LevelKeeper(Protocol):
    """Solved levels, best scores, solves with help, and the game in progress on each level.

    Levels are given whole: they are known by their board, not their title.
    """

    def is_solved(self, level: Level) -> bool: ...

    def progress_of(self, levels: Sequence[Level]) -> list[Progress]:
        """What is known of each level (solved, bests, helped), in a few questions for many levels."""
        ...

    def record_solution(self, level: Level, moves: str) -> RecordResult | None:
        """Keep a solve (replayed first); what it changed, when the keeper knows the best scores."""
        ...

    def record_helped_solution(self, level: Level, moves: str) -> Solution | None:
        """A solve the solver helped with: kept apart, never a best."""
        ...

    def load_game(self, level: Level) -> str | None:
        """The history text (``History.to_text``) of the game in progress, if any."""
        ...

    def save_game(self, level: Level, history_text: str) -> None: ...


class KnownSolutionKeeper(Protocol):
    """The shortest solutions the optimizer found, kept apart from the player's own."""

    def known_solutions(self, level: Level) -> KnownSolutions: ...

    def keep_known_solution(
        self, level: Level, moves: str, *, optimal_by: str | None = None, made_from: Solution | None = None
    ) -> list[str]:
        """Keep ``moves`` where they are the shortest known (and shorter than ``made_from``, the
        solution they were made from); by which counts (``"moves"``, ``"pushes"``)."""
        ...


class TimeKeeper(Protocol):
    """The time played on each level (its clock), added up over every visit."""

    def time_played(self, levels: Sequence[Level]) -> TimesPlayed:
        """The seconds played on each level, and a line saying what was left out (damaged rows)."""
        ...

    def add_time_played(self, level: Level, seconds: float) -> None: ...


class SnapshotKeeper(Protocol):
    """Positions the player kept under a name (the whole game, undo and redo)."""

    def save_snapshot(self, level: Level, name: str, history_text: str) -> None: ...

    def snapshots(self, level: Level) -> list[Snapshot]:
        """The snapshots of ``level``, the newest first."""
        ...

    def delete_snapshot(self, level: Level, name: str) -> None: ...


class PlaceKeeper(Protocol):
    """Where the player was: the collections played, and the file of the player's own levels."""

    def set_last_played(self, collection: str, level_number: int) -> None: ...

    def recent_collections(self) -> list[LastPlayed]:
        """The collections played, most recent first, each with the level played last in it."""
        ...

    def forget_collection(self, collection: str) -> None: ...

    @property
    def my_levels_path(self) -> Path | None:
        """Where the editor keeps the player's own levels ("My levels"); None without a data folder."""
        ...


class SettingsKeeper(Protocol):
    """The player's settings (``starpusher.store.settings``), and the editor's draft among them."""

    def get_setting(self, setting: Setting[T]) -> T: ...

    def set_settings(self, values: Mapping[Setting[Any], Any]) -> None:
        """Change several settings at once (a value a setting refuses raises ``SettingError``)."""
        ...
