"""Rescuing what can still be read from a damaged progress database.

A damaged database is moved aside, whole, and a fresh one started (see
:mod:`starpusher.store.database`). Damage usually touches a page or two, so
the rest of the player's weeks of work is still there: this copies every row
that can be read into the fresh database. A row is only trusted when it makes
sense: a level's board must give back its key, and a best solution must still
solve its level with the counts it claims, so a scribbled row is left behind
rather than shown as progress. The damaged file itself is only read.
"""

from __future__ import annotations

import contextlib
import logging
import math
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeGuard

from ..core import Level, StarPusherError
from ..core.lurd import MOVE_LETTERS
from ..history import CURSOR, RESTART
from .keys import level_key
from .schema import APPLICATION_ID, SCHEMA_VERSION
from .solutions import replayed_row

log = logging.getLogger(__name__)

#: What the first 16 bytes of every SQLite database say.
SQLITE_MAGIC = b"SQLite format 3\x00"

#: Where the database header keeps ``PRAGMA user_version`` and ``PRAGMA application_id``.
USER_VERSION_OFFSET = 60
APPLICATION_ID_OFFSET = 68

#: What a saved game's history text is made of.
HISTORY_CHARACTERS = MOVE_LETTERS | {RESTART, CURSOR}

#: More seconds than anyone plays a level (ten years): a row of time played saying more is damaged.
MOST_SECONDS = 10 * 365 * 24 * 3600

Row = Sequence[Any]


def sound_seconds(value: object) -> TypeGuard[float]:
    """Whether a row's time played makes sense: a number of seconds from 0 to :data:`MOST_SECONDS`."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MOST_SECONDS
    )


def _level_of(row: Row) -> Level | None:
    """The level a ``levels`` row describes, when its board gives back its key."""
    key, board = row[0], row[1]
    try:
        level = Level.from_text(board)
    except (StarPusherError, TypeError, AttributeError):
        return None
    return level if level_key(level) == key else None


def _solution_holds(row: Row, levels: dict[str, Level]) -> bool:
    """Whether a ``best_solutions`` row still solves its level with the counts it claims."""
    key, _, lurd, moves, pushes, _ = row
    level = levels.get(key)
    if level is None:
        return False
    try:
        solution = replayed_row(level, lurd)
    except StarPusherError:
        return False
    return (solution.lurd, solution.moves, solution.pushes) == (lurd, moves, pushes)


def _saved_game_fits(row: Row, levels: dict[str, Level]) -> bool:
    history = row[1]
    return row[0] in levels and isinstance(history, str) and set(history) <= HISTORY_CHARACTERS


#: Tables in the order their rows can be inserted (levels before what refers to them).
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("levels", ("key", "board", "title", "first_seen", "solved_at")),
    ("best_solutions", ("key", "metric", "lurd", "moves", "pushes", "found_at")),
    ("saved_games", ("key", "history", "saved_at")),
    ("settings", ("name", "value")),
    ("best_scores", ("game", "variant", "metric", "value", "achieved_at")),
    ("helped_solves", ("game", "variant", "lurd", "moves", "times", "solved_at")),
    ("snapshots", ("key", "name", "history", "saved_at")),
    ("known_solutions", ("key", "metric", "lurd", "moves", "pushes", "optimal", "found_at")),
    ("time_played", ("key", "seconds", "played_at")),
)


def is_ours(path: Path) -> bool:
    """Whether the file's header says it is a Star Pusher database, not of a newer schema.

    Its schema number may be damaged too (negative, say): each row is checked
    before it is copied, and a table of an older layout gives no rows.
    """
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except OSError:
        return False
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return False

    def number(offset: int) -> int:  # as SQLite reads it: signed
        return int.from_bytes(header[offset : offset + 4], "big", signed=True)

    return number(APPLICATION_ID_OFFSET) == APPLICATION_ID and number(USER_VERSION_OFFSET) <= SCHEMA_VERSION


def salvage(damaged: Path, fresh: sqlite3.Connection, *, in_place: bool = False) -> int:
    """Copy the sound rows of ``damaged`` into ``fresh`` (one transaction); return how many levels.

    Returns the number of levels recovered with their progress (0 when
    nothing could be read). Never raises for a problem with the damaged file.
    ``in_place`` for a damaged database still in use as the progress
    database (a command that only reads shows what it can): it is read as it
    stands, without its ``-wal`` (whose index SQLite would have to make beside it).
    """
    if not damaged.is_file() or not is_ours(damaged):
        return 0
    rows = _read_what_can_be_read(damaged, in_place)
    levels: dict[str, Level] = {}
    for row in rows["levels"]:
        level = _level_of(row)
        if level is not None:
            levels[row[0]] = level
    checks: dict[str, Callable[[Row], bool]] = {
        "levels": lambda row: row[0] in levels,
        "best_solutions": lambda row: _solution_holds(row, levels),
        "saved_games": lambda row: _saved_game_fits(row, levels),
        "helped_solves": lambda row: row[0] != "sokoban" or row[1] in levels,
        "snapshots": lambda row: _saved_game_fits((row[0], row[2]), levels),
        "known_solutions": lambda row: _solution_holds((*row[:5], row[6]), levels),
        "time_played": lambda row: row[0] in levels and sound_seconds(row[1]),
    }
    fresh.execute("BEGIN IMMEDIATE")
    try:
        kept = {name: _insert(fresh, name, columns, rows[name], checks.get(name)) for name, columns in TABLES}
        fresh.execute("COMMIT")
    except BaseException:
        fresh.execute("ROLLBACK")
        raise
    log.info("salvaged from %s: %s", damaged.name, kept)
    return kept["levels"]


def _read_what_can_be_read(damaged: Path, in_place: bool) -> dict[str, list[Row]]:
    """The rows of every table that can be reached: from its start, and from its end, up to the damage."""
    rows: dict[str, list[Row]] = {name: [] for name, _ in TABLES}
    # Reading a WAL database makes an index (-shm) and an empty -wal, removed afterwards to leave the
    # set as it was; read in place ("immutable") it makes neither, and another window may be making them.
    companions = [damaged.with_name(damaged.name + suffix) for suffix in ("-wal", "-shm")]
    absent = [] if in_place else [companion for companion in companions if not companion.exists()]
    try:
        options = "?mode=ro&immutable=1" if in_place else "?mode=ro"
        source = sqlite3.connect(damaged.resolve().as_uri() + options, uri=True)
        # Lets SQLite open a file shorter than its header says (a truncated one); nothing is written.
        source.execute("PRAGMA writable_schema = ON")
    except sqlite3.Error:
        return rows
    source.text_factory = lambda data: data.decode("utf-8", "replace")  # a scribbled row fails a check later
    try:
        for name, columns in TABLES:
            found: dict[int, Row] = {}
            for order in ("ASC", "DESC"):
                query = f"SELECT rowid, {', '.join(columns)} FROM {name} ORDER BY rowid {order}"
                with contextlib.suppress(sqlite3.Error):  # the rest of this side is behind the damage
                    for rowid, *row in source.execute(query):
                        found.setdefault(rowid, row)
            rows[name] = [found[rowid] for rowid in sorted(found)]
    finally:
        source.close()
        for companion in absent:
            with contextlib.suppress(OSError):
                if companion.name.endswith("-shm") or companion.stat().st_size == 0:
                    companion.unlink()
    return rows


def _insert(
    db: sqlite3.Connection,
    table: str,
    columns: tuple[str, ...],
    rows: list[Row],
    sound: Callable[[Row], bool] | None,
) -> int:
    """Insert the rows that pass ``sound`` and the table's own constraints; return how many did."""
    statement = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    count = 0
    for row in rows:
        if sound is not None and not sound(row):
            continue
        try:
            db.execute(statement, tuple(row))
        except sqlite3.IntegrityError:  # a duplicate, a NULL or a bad value read from a scribbled page
            continue
        count += 1
    return count
