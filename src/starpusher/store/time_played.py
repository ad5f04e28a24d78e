"""The time played on each level: what the play scene's clock counted, added up over every visit.

The front end hands the store the seconds played since it last did
(:meth:`TimeTables.add_time_played`), so a visit that ends in a crash
loses at most those few seconds. A row is read defensively, as every row of
the store: one whose seconds are not a sensible number (a damaged or
tampered row) counts as no time, is said in one line, and is replaced by
the next time added, so it never stops a level opening or a list showing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Level
from .database import DATABASE_NAME, utc_now
from .keys import level_key
from .salvage import MOST_SECONDS, sound_seconds
from .tables import Tables

#: The seconds of a row, when they make sense (SQL): else the row counts as no time.
_SOUND = f"typeof(seconds) IN ('integer', 'real') AND seconds BETWEEN 0 AND {MOST_SECONDS}"


@dataclass(frozen=True)
class TimesPlayed:
    """The seconds played on each of some levels (0 for none), and what was left out, in one line."""

    seconds: tuple[float, ...]
    #: Why some rows were left out (damaged), or "" when none was.
    left_out: str = ""

    @property
    def total(self) -> float:
        return sum(self.seconds)


def left_out_line(count: int) -> str:
    """One line saying that ``count`` damaged rows of time played were left out (or "" for none)."""
    if not count:
        return ""
    levels = "1 level" if count == 1 else f"{count} levels"
    return f"the time played on {levels}, kept in {DATABASE_NAME}, is left out: it is not a number of seconds"


class TimeTables(Tables):
    """The time played on each level."""

    def add_time_played(self, level: Level, seconds: float) -> None:
        """Add ``seconds`` played on ``level`` to its time (a damaged time is replaced).

        Cheap enough to call every few seconds of play: like the game in
        progress, it survives the program being killed (see ``_transaction``).
        """
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"not a time played: {seconds!r} seconds")
        if seconds == 0:
            return
        key = level_key(level)
        with self._transaction(flush=False) as db:
            now = utc_now()
            self._remember_level(db, key, level, now)
            db.execute(
                "INSERT INTO time_played (key, seconds, played_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET played_at = excluded.played_at,"
                f" seconds = excluded.seconds + CASE WHEN {_SOUND} THEN seconds ELSE 0 END",
                (key, float(seconds), now),
            )

    def time_played(self, levels: Sequence[Level]) -> TimesPlayed:
        """The seconds played on each level (0 where none was, or where the row is damaged)."""
        keys = [level_key(level) for level in levels]
        found: dict[str, object] = {}
        with self._reading() as db:
            for start in range(0, len(keys), 500):  # stay well under SQLite's limit on parameters
                chunk = keys[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                query = f"SELECT key, seconds FROM time_played WHERE key IN ({marks})"
                found.update(db.execute(query, chunk).fetchall())
        damaged = sum(not sound_seconds(value) for value in found.values())
        seconds = []
        for key in keys:
            value = found.get(key, 0.0)
            seconds.append(float(value) if sound_seconds(value) else 0.0)
        return TimesPlayed(tuple(seconds), left_out_line(damaged))
