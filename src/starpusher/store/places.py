"""Where the player was and what the player chose: the collections played, and the settings.

Both live in the ``settings`` table, one row a name: the collection and
level played last, the list of collections opened (most recent first), and
every named :class:`~.settings.Setting`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from .settings import Setting
from .tables import Tables

T = TypeVar("T")

#: The ``settings`` row that remembers where the player was.
LAST_PLAYED = "last_played"
#: The ``settings`` row that lists the collections opened, most recent first, each with its level.
RECENT_COLLECTIONS = "recent_collections"
#: How many collections the list of those opened before keeps.
RECENT_LIMIT = 30
#: The file in the data directory that the level editor saves the player's own levels into.
MY_LEVELS_FILE = "my-levels.sok"


class LastPlayed(NamedTuple):
    collection: str
    level: int


class PlaceTables(Tables):
    """The collections played, the data folder's files, and the settings."""

    def set_last_played(self, collection: str, level_number: int) -> None:
        """Remember the collection (a built-in name or a path) and 1-based level number.

        The collection also goes to the front of :meth:`recent_collections`.
        """
        with self._transaction() as db:
            self._upsert_setting(db, LAST_PLAYED, json.dumps([collection, level_number]))
            recent = [place for place in self._recent(db) if place.collection != collection]
            recent.insert(0, LastPlayed(collection, level_number))
            self._upsert_setting(db, RECENT_COLLECTIONS, json.dumps(recent[:RECENT_LIMIT]))

    def recent_collections(self) -> list[LastPlayed]:
        """The collections played, most recent first, each with the level played last in it."""
        with self._errors():
            return self._recent(self._db)

    def forget_collection(self, collection: str) -> None:
        """Take a collection off :meth:`recent_collections` (its levels' progress stays)."""
        with self._transaction() as db:
            recent = [place for place in self._recent(db) if place.collection != collection]
            self._upsert_setting(db, RECENT_COLLECTIONS, json.dumps(recent))

    @staticmethod
    def _recent(db: sqlite3.Connection) -> list[LastPlayed]:
        row = db.execute("SELECT value FROM settings WHERE name = ?", (RECENT_COLLECTIONS,)).fetchone()
        try:
            entries = json.loads(row[0]) if row else []
        except ValueError:
            return []
        return (
            [place for entry in entries if (place := _place(entry)) is not None]
            if isinstance(entries, list)
            else []
        )

    @property
    def data_dir(self) -> Path:
        """The folder the store lives in (My levels and Fifteen's tables are there too)."""
        return self.path.parent

    @property
    def my_levels_path(self) -> Path:
        """Where the level editor keeps the player's own levels, "My levels" (it may not exist yet)."""
        return self.data_dir / MY_LEVELS_FILE

    def last_played(self) -> LastPlayed | None:
        text = self._get_setting(LAST_PLAYED)
        try:
            return _place(json.loads(text)) if text else None
        except ValueError:
            return None

    def get_setting(self, setting: Setting[T]) -> T:
        """The setting's value, or its default when unset (or unreadable)."""
        text = self._get_setting(setting.name)
        return setting.default if text is None else setting.decode(text)

    def set_setting(self, setting: Setting[T], value: T) -> None:
        """Change a setting; raises :class:`SettingError` for a value it does not accept."""
        self._put_setting(setting.name, setting.encode(setting.check(value)))

    def set_settings(self, values: Mapping[Setting[Any], Any]) -> None:
        """Change several settings at once, in one transaction (all are checked first)."""
        encoded = {setting.name: setting.encode(setting.check(value)) for setting, value in values.items()}
        with self._transaction() as db:
            for name, text in encoded.items():
                self._upsert_setting(db, name, text)

    def _get_setting(self, name: str) -> str | None:
        with self._errors():
            row = self._db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def _put_setting(self, name: str, value: str) -> None:
        with self._transaction() as db:
            self._upsert_setting(db, name, value)

    @staticmethod
    def _upsert_setting(db: sqlite3.Connection, name: str, value: str) -> None:
        db.execute(
            "INSERT INTO settings (name, value) VALUES (?, ?)"
            " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            (name, value),
        )


def _place(value: object) -> LastPlayed | None:
    """A ``[collection, level]`` pair read back from JSON, or None when it is anything else."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    collection, number = value
    if isinstance(collection, str) and isinstance(number, int) and not isinstance(number, bool):
        return LastPlayed(collection, number)
    return None
