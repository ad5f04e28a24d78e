"""Levels and games in progress: solved levels, best solutions, solves with help, saved games.

Levels are identified by :func:`~.keys.level_key` (their board), so the
same level in two files shares its progress.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Level, StarPusherError
from ..history import CURSOR
from .database import utc_now
from .keys import level_key, normalised_board
from .salvage import HISTORY_CHARACTERS
from .solutions import RecordResult, Solution, verified_solution
from .tables import Tables


@dataclass(frozen=True)
class Progress:
    """What the store knows about one level."""

    key: str
    title: str
    #: The normalised board (standard characters), as the store keeps it.
    board: str
    solved: bool
    solved_at: str | None
    best_moves: Solution | None
    best_pushes: Solution | None
    has_saved_game: bool
    #: Solved with the solver's help (Shift+H), whether or not also solved by the player.
    helped: bool = False


class LevelTables(Tables):
    """What the player achieved on each level, and the game left on it."""

    def record_solution(self, level: Level, moves: str) -> RecordResult:
        """Record moves that solve ``level``, as solving it in the game would.

        The moves are replayed first (see :func:`verified_solution`, which
        raises if they do not solve it); the bests by moves and by pushes are
        updated when beaten.
        """
        solution = verified_solution(level, moves)
        key = level_key(level)
        with self._transaction() as db:
            now = utc_now()
            solution = Solution(solution.lurd, solution.moves, solution.pushes, now)
            self._remember_level(db, key, level, now)
            best_moves = self._best_solution(db, key, "moves")
            best_pushes = self._best_solution(db, key, "pushes")
            solved_at = db.execute("SELECT solved_at FROM levels WHERE key = ?", (key,)).fetchone()[0]
            first_solve = solved_at is None
            if first_solve:
                db.execute("UPDATE levels SET solved_at = ? WHERE key = ?", (now, key))
            new_best_moves = solution.better_by_moves(best_moves)
            new_best_pushes = solution.better_by_pushes(best_pushes)
            if new_best_moves:
                self._put_best(db, key, "moves", solution)
            if new_best_pushes:
                self._put_best(db, key, "pushes", solution)
        return RecordResult(solution, first_solve, new_best_moves, new_best_pushes, best_moves, best_pushes)

    def record_helped_solution(self, level: Level, moves: str) -> Solution:
        """Keep moves the solver helped with (Shift+H) that solve ``level``: "solved with help".

        Replayed first, like :meth:`record_solution`; such a solve is never a best
        score, never marks the level solved and never unlocks the next one.
        """
        solution = verified_solution(level, moves)
        key = level_key(level)
        with self._transaction() as db:
            now = utc_now()
            self._remember_level(db, key, level, now)
            self._put_helped(db, "sokoban", key, solution.moves, now, solution.lurd)
        return Solution(solution.lurd, solution.moves, solution.pushes, now)

    def progress(self, level: Level) -> Progress:
        """What is known about one level (unsolved and empty if never played)."""
        return self.progress_of([level])[0]

    def progress_of(self, levels: Sequence[Level]) -> list[Progress]:
        """:meth:`progress` for many levels at once (a collection's level select)."""
        keys = [level_key(level) for level in levels]
        with self._reading() as db:
            known = {progress.key: progress for progress in self._query_progress(db, keys)}
        return [known.get(key) or _untouched(key, level) for key, level in zip(keys, levels, strict=True)]

    def recorded(self) -> list[Progress]:
        """Every level solved (with help or not) or with a game in progress, in the order first seen."""
        with self._reading() as db:
            everything = self._query_progress(db, None)
        return [p for p in everything if p.solved or p.helped or p.has_saved_game]

    def is_solved(self, level: Level) -> bool:
        key = level_key(level)
        with self._errors():
            row = self._db.execute("SELECT solved_at FROM levels WHERE key = ?", (key,)).fetchone()
        return row is not None and row[0] is not None

    # -- games in progress -----------------------------------------------------------

    def save_game(self, level: Level, history_text: str) -> None:
        """Keep the game in progress on ``level``: :meth:`History.to_text`, redo tail included.

        Cheap enough (well under a millisecond) to call after every move.
        An empty history (nothing played) clears the saved game instead.
        """
        unknown = set(history_text) - HISTORY_CHARACTERS
        if unknown or history_text.count(CURSOR) > 1:
            raise StarPusherError(f"not a game history: {history_text[:40]!r}")
        if not history_text:
            self.clear_game(level)
            return
        key = level_key(level)
        with self._transaction(flush=False) as db:  # saved after every move: see _transaction
            now = utc_now()
            self._remember_level(db, key, level, now)
            db.execute(
                "INSERT INTO saved_games (key, history, saved_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET history = excluded.history, saved_at = excluded.saved_at",
                (key, history_text, now),
            )

    def load_game(self, level: Level) -> str | None:
        """The saved history text of ``level``, or None."""
        with self._errors():
            row = self._db.execute(
                "SELECT history FROM saved_games WHERE key = ?", (level_key(level),)
            ).fetchone()
        return row[0] if row else None

    def clear_game(self, level: Level) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM saved_games WHERE key = ?", (level_key(level),))

    # -- small queries -----------------------------------------------------------------------

    @staticmethod
    def _best_solution(db: sqlite3.Connection, key: str, metric: str) -> Solution | None:
        row = db.execute(
            "SELECT lurd, moves, pushes, found_at FROM best_solutions WHERE key = ? AND metric = ?",
            (key, metric),
        ).fetchone()
        return Solution(*row) if row else None

    @staticmethod
    def _put_best(db: sqlite3.Connection, key: str, metric: str, solution: Solution) -> None:
        db.execute(
            "INSERT OR REPLACE INTO best_solutions (key, metric, lurd, moves, pushes, found_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (key, metric, solution.lurd, solution.moves, solution.pushes, solution.found_at),
        )

    @staticmethod
    def _query_progress(db: sqlite3.Connection, keys: Iterable[str] | None) -> list[Progress]:
        """Progress rows for ``keys`` (all levels when None), in the order first seen."""
        query = """
            SELECT l.key, l.title, l.board, l.solved_at,
                   m.lurd, m.moves, m.pushes, m.found_at,
                   p.lurd, p.moves, p.pushes, p.found_at,
                   g.key IS NOT NULL, h.variant IS NOT NULL
            FROM levels AS l
            LEFT JOIN best_solutions AS m ON m.key = l.key AND m.metric = 'moves'
            LEFT JOIN best_solutions AS p ON p.key = l.key AND p.metric = 'pushes'
            LEFT JOIN saved_games AS g ON g.key = l.key
            LEFT JOIN helped_solves AS h ON h.game = 'sokoban' AND h.variant = l.key
        """
        if keys is None:
            rows = db.execute(query + " ORDER BY l.first_seen, l.rowid").fetchall()
        else:
            rows = []
            wanted = list(keys)
            for start in range(0, len(wanted), 500):  # stay well under SQLite's limit on parameters
                chunk = wanted[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                rows += db.execute(query + f" WHERE l.key IN ({marks})", chunk).fetchall()
        return [_progress_from_row(row) for row in rows]


def _untouched(key: str, level: Level) -> Progress:
    """The progress of a level the store has never seen."""
    return Progress(key, level.title, normalised_board(level), False, None, None, None, False)


def _progress_from_row(row: Sequence[Any]) -> Progress:
    key, title, board, solved_at, *bests, saved, helped = row
    best_moves, best_pushes = _solution(bests[:4]), _solution(bests[4:])
    return Progress(
        key,
        title,
        board,
        solved_at is not None,
        solved_at,
        best_moves,
        best_pushes,
        bool(saved),
        bool(helped),
    )


def _solution(columns: Sequence[Any]) -> Solution | None:
    lurd, moves, pushes, found_at = columns
    return None if lurd is None else Solution(lurd, moves, pushes, found_at)
