"""What the store keeps of Fifteen: best moves and times per size, solves with help, the size
played last, and an unfinished game.

The size and the unfinished game are settings (the game is one setting
holding JSON); this module is the only place that reads or writes that text,
so the front ends deal in :class:`FifteenGame` values and never in JSON.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import NamedTuple

from ..core.fifteen import MAX_SIDE, MIN_SIDE
from .database import utc_now
from .places import PlaceTables
from .settings import Setting

DEFAULT_SIZE = (4, 4)

FIFTEEN_SIZE = Setting[tuple[int, int]](
    "fifteen_size",
    DEFAULT_SIZE,
    "the size of the Fifteen board played last",
    allowed=lambda size: all(MIN_SIDE <= side <= MAX_SIDE for side in size),
    rule=f"a width and a height from {MIN_SIDE} to {MAX_SIDE}",
)
FIFTEEN_GAME = Setting[str](
    "fifteen_game",
    "",
    "the Fifteen game left unfinished (JSON: size, start, history, seconds, helped), resumed next time",
    allowed=lambda text: len(text) <= 1_000_000,
    rule="at most a million characters",
)


@dataclass(frozen=True)
class FifteenGame:
    """An unfinished game: its board's start, its history as text, and the seconds played."""

    size: tuple[int, int]
    start: tuple[int, ...]
    history: str
    seconds: float
    #: The solver helped (a hint, a solution played): solving it sets no best.
    helped: bool

    def to_text(self) -> str:
        return json.dumps(
            {
                "size": self.size,
                "start": self.start,
                "history": self.history,
                "seconds": self.seconds,
                "helped": self.helped,
            }
        )

    @classmethod
    def from_text(cls, text: str) -> FifteenGame | None:
        """The game, or None when there is none or it cannot be read (it is then simply not resumed)."""
        try:
            data = json.loads(text)
            width, height = data["size"]
            return cls(
                (int(width), int(height)),
                tuple(int(tile) for tile in data["start"]),
                str(data["history"]),
                float(data["seconds"]),
                bool(data["helped"]),
            )
        except (ValueError, TypeError, KeyError):
            return None


class FifteenResult(NamedTuple):
    new_best_moves: bool
    new_best_time: bool


class FifteenBest(NamedTuple):
    moves: int | None
    seconds: float | None


class FifteenTables(PlaceTables):
    """Fifteen's best scores and solves with help per size; its size and unfinished game are settings."""

    def record_fifteen(self, width: int, height: int, moves: int, seconds: float) -> FifteenResult:
        """A solved Fifteen puzzle of a size: is it a best by moves, by time?"""
        variant = f"{width}x{height}"
        with self._transaction() as db:
            by_moves = self._put_score(db, "fifteen", variant, "moves", moves)
            by_time = self._put_score(db, "fifteen", variant, "seconds", seconds)
        return FifteenResult(by_moves, by_time)

    def fifteen_best(self, width: int, height: int) -> FifteenBest:
        """Fewest moves and shortest time for a size (None where never solved)."""
        variant = f"{width}x{height}"
        moves = self._best("fifteen", variant, "moves")
        return FifteenBest(None if moves is None else int(moves), self._best("fifteen", variant, "seconds"))

    def record_fifteen_helped(self, width: int, height: int, moves: int) -> int:
        """A Fifteen board solved with the solver's help; returns how often this size was."""
        with self._transaction() as db:
            return self._put_helped(db, "fifteen", f"{width}x{height}", moves, utc_now())

    def fifteen_helped(self, width: int, height: int) -> int:
        """How often a size was solved with the solver's help."""
        with self._errors():
            row = self._db.execute(
                "SELECT times FROM helped_solves WHERE game = 'fifteen' AND variant = ?",
                (f"{width}x{height}",),
            ).fetchone()
        return row[0] if row else 0

    def fifteen_game(self) -> FifteenGame | None:
        """The Fifteen game left unfinished, if any (one that cannot be read is not resumed)."""
        text = self.get_setting(FIFTEEN_GAME)
        return FifteenGame.from_text(text) if text else None

    def save_fifteen_game(self, game: FifteenGame | None) -> None:
        """Keep an unfinished Fifteen game for next time (None: there is none)."""
        self.set_setting(FIFTEEN_GAME, game.to_text() if game is not None else "")

    def _best(self, game: str, variant: str, metric: str) -> float | None:
        with self._errors():
            row = self._db.execute(
                "SELECT value FROM best_scores WHERE game = ? AND variant = ? AND metric = ?",
                (game, variant, metric),
            ).fetchone()
        return row[0] if row else None

    @staticmethod
    def _put_score(db: sqlite3.Connection, game: str, variant: str, metric: str, value: float) -> bool:
        row = db.execute(
            "SELECT value FROM best_scores WHERE game = ? AND variant = ? AND metric = ?",
            (game, variant, metric),
        ).fetchone()
        if row is not None and row[0] <= value:
            return False
        db.execute(
            "INSERT OR REPLACE INTO best_scores (game, variant, metric, value, achieved_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game, variant, metric, value, utc_now()),
        )
        return True
