"""Snapshots: positions of a level the player kept under a name, the whole game with undo and redo."""

from __future__ import annotations

from typing import NamedTuple

from ..core import Level, StarPusherError
from ..core.reverse import REVERSE_MARK
from ..history import CURSOR
from .database import utc_now
from .keys import level_key
from .salvage import HISTORY_CHARACTERS
from .tables import Tables


class Snapshot(NamedTuple):
    """A position of a level the player kept under a name: the whole history, undo and redo."""

    name: str
    #: ``History.to_text()`` when it was kept.
    history: str
    saved_at: str

    @property
    def moves(self) -> str:
        """The moves from the start (after the last restart) to the kept position."""
        done = self.history.removeprefix(REVERSE_MARK).partition(CURSOR)[0]
        return done.rpartition("!")[2]

    @property
    def backwards(self) -> bool:
        """Kept in reverse mode: its moves are played backwards from the solved position."""
        return self.history.startswith(REVERSE_MARK)


#: The longest name a snapshot may have.
SNAPSHOT_NAME_LIMIT = 100


def checked_snapshot(name: str, history_text: str) -> str:
    """The name a snapshot is kept under (without spaces around it); :class:`StarPusherError`
    for a name too short or too long, or a history that is not one."""
    name = name.strip()
    if not name or len(name) > SNAPSHOT_NAME_LIMIT:
        raise StarPusherError(f"a snapshot needs a name of 1 to {SNAPSHOT_NAME_LIMIT} characters")
    moves = history_text.removeprefix(REVERSE_MARK)  # a game played backwards is marked so
    if set(moves) - HISTORY_CHARACTERS or moves.count(CURSOR) > 1:
        raise StarPusherError(f"not a game history: {history_text[:40]!r}")
    return name


class SnapshotTables(Tables):
    """The snapshots of each level."""

    def save_snapshot(self, level: Level, name: str, history_text: str) -> None:
        """Keep the position ``history_text`` (``History.to_text()``, after ``<`` when played
        backwards) of ``level`` as ``name``.

        A snapshot of the same name is replaced.
        """
        name = checked_snapshot(name, history_text)
        key = level_key(level)
        with self._transaction() as db:
            now = utc_now()
            self._remember_level(db, key, level, now)
            db.execute(
                "INSERT INTO snapshots (key, name, history, saved_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (key, name) DO UPDATE SET history = excluded.history,"
                " saved_at = excluded.saved_at",
                (key, name, history_text, now),
            )

    def snapshots(self, level: Level) -> list[Snapshot]:
        """The snapshots of ``level``, the newest first."""
        with self._errors():
            rows = self._db.execute(
                "SELECT name, history, saved_at FROM snapshots WHERE key = ? ORDER BY saved_at DESC, name",
                (level_key(level),),
            ).fetchall()
        return [Snapshot(*row) for row in rows]

    def delete_snapshot(self, level: Level, name: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM snapshots WHERE key = ? AND name = ?", (level_key(level), name))
