"""The store's connection and its transactions, shared by every family of tables.

Each family (levels and games, snapshots, places and settings, Fifteen) is
a class over :class:`Tables`; :class:`~.store.Store` is all of them behind
one front door. Every change is one transaction (see
:mod:`starpusher.store.database` for why the database survives being killed,
and two windows at once).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core import Level, shown
from .failures import StoreError, explain
from .keys import normalised_board


class Tables:
    """The progress database of one data directory, as every family of tables uses it."""

    def __init__(self, connection: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self._db = connection
        self._synchronous = "FULL"  # as open_database leaves it
        self.path = path
        #: A one-line message for the player when the database had to be
        #: started afresh (the old file is kept aside); None normally.
        self.notice = notice

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite's errors into one-line :class:`StoreError` messages."""
        try:
            yield
        except sqlite3.Error as error:
            why = explain(error, self.path)
            raise StoreError(f"the progress database {shown(self.path)} {why}") from None

    @contextmanager
    def _transaction(self, *, flush: bool = True) -> Iterator[sqlite3.Connection]:
        """One change: all of it is committed, or none of it.

        With ``flush`` (the default) the commit reaches the disk before this
        returns; without, it survives the program dying but not a power cut
        (see :mod:`starpusher.store.database` for when that is the right trade).
        """
        with self._errors():
            self._set_synchronous("FULL" if flush else "NORMAL")
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _set_synchronous(self, level: str) -> None:
        if level != self._synchronous:  # a pragma per change would cost as much as the change
            self._db.execute(f"PRAGMA synchronous = {level}")
            self._synchronous = level

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """Several reads seeing one consistent snapshot."""
        with self._errors():
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.execute("COMMIT")

    @staticmethod
    def _remember_level(db: sqlite3.Connection, key: str, level: Level, now: str) -> None:
        """Make sure the level has a row; keep its latest non-empty title."""
        db.execute(
            "INSERT INTO levels (key, board, title, first_seen) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET title = excluded.title WHERE excluded.title != ''",
            (key, normalised_board(level), level.title, now),
        )

    @staticmethod
    def _put_helped(
        db: sqlite3.Connection, game: str, variant: str, moves: int, now: str, lurd: str = ""
    ) -> int:
        """Count one more helped solve, keeping the latest; returns how many there were."""
        db.execute(
            "INSERT INTO helped_solves (game, variant, lurd, moves, times, solved_at)"
            " VALUES (?, ?, ?, ?, 1, ?)"
            " ON CONFLICT (game, variant) DO UPDATE SET lurd = excluded.lurd, moves = excluded.moves,"
            " times = times + 1, solved_at = excluded.solved_at",
            (game, variant, lurd, moves, now),
        )
        row = db.execute(
            "SELECT times FROM helped_solves WHERE game = ? AND variant = ?", (game, variant)
        ).fetchone()
        return int(row[0])
