"""The player's progress, kept safe in SQLite: solved levels, best solutions,
games in progress, settings, and best scores of other games.

Open it with :meth:`Store.open`; levels are identified by :func:`level_key`.
"""

from .cli_support import record_solution_from_cli
from .database import DATABASE_NAME, StoreError
from .keys import level_key, normalised_board
from .paths import data_dir
from .schema import SCHEMA_VERSION
from .settings import (
    CHARACTER,
    FULLSCREEN,
    INSTANT_MOVES,
    SETTINGS,
    STEP_SECONDS,
    UNLOCK_ONE_BY_ONE,
    WINDOW_SIZE,
    Setting,
    SettingError,
)
from .solutions import NotASolutionError, RecordResult, Solution, verified_solution
from .store import FifteenBest, FifteenResult, LastPlayed, Progress, Store

__all__ = [
    "CHARACTER",
    "DATABASE_NAME",
    "FULLSCREEN",
    "INSTANT_MOVES",
    "SCHEMA_VERSION",
    "SETTINGS",
    "STEP_SECONDS",
    "UNLOCK_ONE_BY_ONE",
    "WINDOW_SIZE",
    "FifteenBest",
    "FifteenResult",
    "LastPlayed",
    "NotASolutionError",
    "Progress",
    "RecordResult",
    "Setting",
    "SettingError",
    "Solution",
    "Store",
    "StoreError",
    "data_dir",
    "level_key",
    "normalised_board",
    "record_solution_from_cli",
    "verified_solution",
]
