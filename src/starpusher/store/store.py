"""The player's progress: solved levels, best solutions, games in progress, snapshots, settings.

    with Store.open() as store:
        result = store.record_solution(level, moves)   # replayed first
        store.save_game(level, history.to_text())
        text = store.load_game(level)                  # starpusher.session.rebuild makes it a game again

:class:`Store` is one front door to the families of tables, each in a
module of its own: levels and games (:mod:`.levels`), snapshots
(:mod:`.snapshots`), known solutions (:mod:`.known`), the time played
(:mod:`.time_played`), where the player was
and the settings (:mod:`.places`), Fifteen (:mod:`.fifteen`). Every change is one transaction (see
:mod:`starpusher.store.database` for why the database survives being killed,
and two windows at once).
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import NoReturn

from ..core import shown
from ..files import kind_of_file
from .database import DATABASE_NAME, open_database, open_database_read_only
from .failures import StoreError
from .fifteen import FifteenBest, FifteenResult, FifteenTables
from .known import KnownSolutionTables
from .levels import LevelTables, Progress
from .paths import data_dir as resolve_data_dir
from .places import MY_LEVELS_FILE, LastPlayed
from .snapshots import SNAPSHOT_NAME_LIMIT, Snapshot, SnapshotTables
from .time_played import TimesPlayed, TimeTables

__all__ = [
    "MY_LEVELS_FILE",
    "SNAPSHOT_NAME_LIMIT",
    "FifteenBest",
    "FifteenResult",
    "LastPlayed",
    "Progress",
    "Snapshot",
    "Store",
    "TimesPlayed",
]


class Store(LevelTables, SnapshotTables, KnownSolutionTables, TimeTables, FifteenTables):
    """The progress database of one data directory. Use as a context manager, or close()."""

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, *, read_only: bool = False) -> Store:
        """Open (or create, or upgrade) the store in the data directory.

        ``data_dir`` overrides ``$STARPUSHER_DATA_DIR`` and the platform's
        default. Raises :class:`StoreError` if it cannot be used at all.
        ``read_only`` (for commands that only show progress) reads the
        database without ever writing the folder, so a read-only one works:
        the store is then a copy in memory, brought up to date there, and
        any change made to it is forgotten on closing. A damaged database
        is then left where it is, and what can still be read of it is shown.
        """
        directory = resolve_data_dir(data_dir, create=False)
        _check_data_dir(directory, create=not read_only)
        path = directory / DATABASE_NAME
        connection, notice = open_database_read_only(path) if read_only else open_database(path)
        return cls(connection, path, notice)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _check_data_dir(directory: Path, *, create: bool) -> None:
    """Refuse a data directory that is not a folder, in the same words for every command.

    A missing one is made when ``create``; else it reads as a folder with
    nothing played yet.
    """
    verb = "create" if create else "read"
    try:
        mode = directory.stat().st_mode
    except FileNotFoundError:
        if create:
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                _refuse(error, verb)
        return
    except OSError as error:
        _refuse(error, verb)
    kind = kind_of_file(mode)
    if kind != "a folder":
        raise StoreError(f"the data directory {shown(directory)} is {kind or 'a file'}, not a folder")


def _refuse(error: OSError, verb: str) -> NoReturn:
    """The data directory cannot be made or looked at: say why, in one line."""
    problem = "a part of its path is a file" if isinstance(error, NotADirectoryError) else error.strerror
    raise StoreError(f"cannot {verb} the data directory {shown(error.filename)}: {problem or error}")
