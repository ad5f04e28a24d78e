"""The player's progress: solved levels, best solutions, games in progress, settings.

    with Store.open() as store:
        result = store.record_solution(level, moves)   # replayed first
        store.save_game(level, history.to_text())
        history = store.resume(level)

Every change is one transaction (see :mod:`starpusher.store.database` for
why the database survives being killed, and two windows at once).
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, NoReturn, TypeVar

from ..core import Level, StarPusherError, State, shown
from ..files import kind_of_file
from ..history import CURSOR, History
from .database import DATABASE_NAME, StoreError, explain, open_database, open_database_read_only, utc_now
from .fifteen import FIFTEEN_GAME, FifteenGame
from .keys import level_key, normalised_board
from .known import KnownSolutions, keep_known, read_known
from .paths import data_dir as resolve_data_dir
from .salvage import HISTORY_CHARACTERS
from .settings import UNLOCK_ONE_BY_ONE, Setting
from .solutions import RecordResult, Solution, verified_solution

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The ``settings`` row that remembers where the player was.
LAST_PLAYED = "last_played"
#: The ``settings`` row that lists the collections opened, most recent first, each with its level.
RECENT_COLLECTIONS = "recent_collections"
#: How many collections the list of those opened before keeps.
RECENT_LIMIT = 30
#: The file in the data directory that the level editor saves the player's own levels into.
MY_LEVELS_FILE = "my-levels.sok"


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


class LastPlayed(NamedTuple):
    collection: str
    level: int


class FifteenResult(NamedTuple):
    new_best_moves: bool
    new_best_time: bool


class Snapshot(NamedTuple):
    """A position of a level the player kept under a name: the whole history, undo and redo."""

    name: str
    #: ``History.to_text()`` when it was kept.
    history: str
    saved_at: str

    @property
    def moves(self) -> str:
        """The moves from the start (after the last restart) to the kept position."""
        done = self.history.partition(CURSOR)[0]
        return done.rpartition("!")[2]


#: The longest name a snapshot may have.
SNAPSHOT_NAME_LIMIT = 100


class FifteenBest(NamedTuple):
    moves: int | None
    seconds: float | None


class Store:
    """The progress database of one data directory. Use as a context manager, or close()."""

    def __init__(self, connection: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self._db = connection
        self._synchronous = "FULL"  # as open_database leaves it
        self.path = path
        #: A one-line message for the player when the database had to be
        #: started afresh (the old file is kept aside); None normally.
        self.notice = notice

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

    # -- transactions ------------------------------------------------------------

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite's errors into one-line :class:`StoreError` messages."""
        try:
            yield
        except sqlite3.Error as error:
            raise StoreError(f"the progress database {shown(self.path)} {explain(error)}") from None

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

    # -- levels --------------------------------------------------------------------

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

    def keep_known_solution(self, level: Level, moves: str, *, optimal_by: str | None = None) -> list[str]:
        """Keep moves that solve ``level`` as a known solution, never as the player's own.

        Replayed first, like :meth:`record_solution`. Kept where shorter than
        the known solution by moves, or by pushes; returns where (``"moves"``,
        ``"pushes"``). ``optimal_by`` names the count (``"moves"`` or
        ``"pushes"``) no solution has fewer of, when that was proven.
        """
        solution = verified_solution(level, moves)
        key = level_key(level)
        with self._transaction() as db:
            now = utc_now()
            self._remember_level(db, key, level, now)
            return keep_known(db, key, solution, now, optimal_by)

    def known_solutions(self, level: Level) -> KnownSolutions:
        """The shortest known solutions of ``level`` (none until the optimizer found one)."""
        with self._errors():
            return read_known(self._db, level_key(level))

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

    def solved_keys(self) -> set[str]:
        with self._errors():
            rows = self._db.execute("SELECT key FROM levels WHERE solved_at IS NOT NULL").fetchall()
        return {key for (key,) in rows}

    def playable(self, levels: Sequence[Level]) -> list[bool]:
        """Which levels of a collection may be opened.

        All of them, unless the unlock-one-by-one setting is on: then the
        first, every solved one, and the one after each solved level.
        """
        if not self.get_setting(UNLOCK_ONE_BY_ONE):
            return [True] * len(levels)
        solved = self.solved_keys()
        flags = [level_key(level) in solved for level in levels]
        return [i == 0 or flags[i] or flags[i - 1] for i in range(len(levels))]

    def next_unsolved(self, levels: Sequence[Level], current: int) -> int | None:
        """Index of the next level after ``current`` that is unsolved and playable, wrapping around.

        ``current`` itself comes last; None when every playable level is solved.
        """
        solved = self.solved_keys()
        playable = self.playable(levels)
        for step in range(1, len(levels) + 1):
            index = (current + step) % len(levels)
            if playable[index] and level_key(levels[index]) not in solved:
                return index
        return None

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

    def resume(self, level: Level) -> History[State] | None:
        """The saved game rebuilt as a :class:`History`, at the same point, undo and redo intact.

        None when there is no saved game, or (logged, and kept in the
        database) when it no longer replays on this level.
        """
        text = self.load_game(level)
        if text is None:
            return None
        try:
            return History.from_text(level.start, level.apply, text)
        except ValueError as error:  # StarPusherError, or a letter that is not a move
            log.warning("the saved game of %s does not replay: %s", level.title or level_key(level), error)
            return None

    def clear_game(self, level: Level) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM saved_games WHERE key = ?", (level_key(level),))

    # -- snapshots: positions kept under a name ------------------------------------------

    def save_snapshot(self, level: Level, name: str, history_text: str) -> None:
        """Keep the position ``history_text`` (``History.to_text()``) of ``level`` as ``name``.

        A snapshot of the same name is replaced.
        """
        name = name.strip()
        if not name or len(name) > SNAPSHOT_NAME_LIMIT:
            raise StarPusherError(f"a snapshot needs a name of 1 to {SNAPSHOT_NAME_LIMIT} characters")
        if set(history_text) - HISTORY_CHARACTERS or history_text.count(CURSOR) > 1:
            raise StarPusherError(f"not a game history: {history_text[:40]!r}")
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

    # -- where the player was, and settings ----------------------------------------------

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

    # -- best scores of other games ---------------------------------------------------------

    def record_best(self, game: str, variant: str, metric: str, value: float) -> bool:
        """Keep ``value`` if it beats the best so far (lower is better); say whether it did."""
        with self._transaction() as db:
            return self._put_score(db, game, variant, metric, value)

    def best(self, game: str, variant: str, metric: str) -> float | None:
        with self._errors():
            row = self._db.execute(
                "SELECT value FROM best_scores WHERE game = ? AND variant = ? AND metric = ?",
                (game, variant, metric),
            ).fetchone()
        return row[0] if row else None

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
        moves = self.best("fifteen", variant, "moves")
        return FifteenBest(None if moves is None else int(moves), self.best("fifteen", variant, "seconds"))

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

    # -- small queries -----------------------------------------------------------------------

    @staticmethod
    def _remember_level(db: sqlite3.Connection, key: str, level: Level, now: str) -> None:
        """Make sure the level has a row; keep its latest non-empty title."""
        db.execute(
            "INSERT INTO levels (key, board, title, first_seen) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET title = excluded.title WHERE excluded.title != ''",
            (key, normalised_board(level), level.title, now),
        )

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


def _place(value: object) -> LastPlayed | None:
    """A ``[collection, level]`` pair read back from JSON, or None when it is anything else."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    collection, number = value
    if isinstance(collection, str) and isinstance(number, int) and not isinstance(number, bool):
        return LastPlayed(collection, number)
    return None


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
