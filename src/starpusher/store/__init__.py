"""The player's progress, kept safe in SQLite: solved levels, best solutions,
games in progress, settings, and best scores of other games.

A front end's whole use of it::

    store = Store.open(data_dir)            # StoreError if unusable; show store.notice if set
    store.progress_of(levels)               # level select: solved marks and best scores
    store.save_game(level, history.to_text())   # after every move: well under 1 ms
    store.load_game(level)                  # that text again (starpusher.session rebuilds the game)
    result = store.record_solution(level, history.moves)   # result.summary() for the player
    store.set_last_played(collection, number); store.last_played()
    store.get_setting(FULLSCREEN); store.set_settings({FULLSCREEN: True, ...})
    store.record_fifteen(4, 4, moves, seconds); store.fifteen_best(4, 4)
    store.save_fifteen_game(game); store.fifteen_game()   # an unfinished Fifteen game
    store.save_snapshot(level, "before the hard part", history.to_text()); store.snapshots(level)
    store.keep_known_solution(level, moves, optimal_by="pushes"); store.known_solutions(level)
    store.add_time_played(level, seconds); store.time_played(levels)   # the clock of each level
    store.close()                           # or use it as a context manager

Use a store from the thread that opened it. Levels are identified by
:func:`level_key` (their board), so the same level in two files shares
its progress. :class:`Store` is one front door to the families of tables:
levels and games (:mod:`.levels`), snapshots (:mod:`.snapshots`), the time played (:mod:`.time_played`), where
the player was and the settings (:mod:`.places`), Fifteen (:mod:`.fifteen`).
What the games ask of any keeper of progress, this one or another, is
written as protocols, one per role (:mod:`.roles`).
"""

from ..core import NotASolutionError
from .cli_support import record_solution_from_cli
from .database import DATABASE_NAME
from .failures import StoreError
from .fifteen import FIFTEEN_SIZE, FifteenGame
from .keys import level_key, normalised_board
from .known import KnownSolution, KnownSolutions
from .paths import data_dir, pictures_dir
from .roles import (
    KnownSolutionKeeper,
    LevelKeeper,
    PlaceKeeper,
    SettingsKeeper,
    SnapshotKeeper,
    TimeKeeper,
)
from .schema import SCHEMA_VERSION
from .settings import (
    CHARACTER,
    DEAD_SQUARES,
    EDITOR_DRAFT,
    EDITOR_DRAFT_HISTORY,
    ENDLESS_DIFFICULTY,
    ENDLESS_SIZE,
    FLAT_VIEW,
    FULLSCREEN,
    INSTANT_MOVES,
    PACKING_PLAN,
    SETTINGS,
    SHORTER_METRIC,
    SHORTER_SECONDS,
    SHORTER_STARS_OFF,
    STEP_SECONDS,
    UNLOCK_ONE_BY_ONE,
    WINDOW_SIZE,
    Setting,
    SettingError,
)
from .solutions import RecordResult, Solution, verified_solution
from .store import FifteenBest, FifteenResult, LastPlayed, Progress, Snapshot, Store
from .time_played import TimesPlayed

__all__ = [
    "CHARACTER",
    "DATABASE_NAME",
    "DEAD_SQUARES",
    "EDITOR_DRAFT",
    "EDITOR_DRAFT_HISTORY",
    "ENDLESS_DIFFICULTY",
    "ENDLESS_SIZE",
    "FIFTEEN_SIZE",
    "FLAT_VIEW",
    "FULLSCREEN",
    "INSTANT_MOVES",
    "PACKING_PLAN",
    "SCHEMA_VERSION",
    "SETTINGS",
    "SHORTER_METRIC",
    "SHORTER_SECONDS",
    "SHORTER_STARS_OFF",
    "STEP_SECONDS",
    "UNLOCK_ONE_BY_ONE",
    "WINDOW_SIZE",
    "FifteenBest",
    "FifteenGame",
    "FifteenResult",
    "KnownSolution",
    "KnownSolutionKeeper",
    "KnownSolutions",
    "LastPlayed",
    "LevelKeeper",
    "NotASolutionError",
    "PlaceKeeper",
    "Progress",
    "RecordResult",
    "Setting",
    "SettingError",
    "SettingsKeeper",
    "Snapshot",
    "SnapshotKeeper",
    "Solution",
    "Store",
    "StoreError",
    "TimeKeeper",
    "TimesPlayed",
    "data_dir",
    "level_key",
    "normalised_board",
    "pictures_dir",
    "record_solution_from_cli",
    "verified_solution",
]
