"""The layout of the progress database, and how older layouts are upgraded.

``PRAGMA user_version`` holds the schema version and ``PRAGMA application_id``
marks the file as Star Pusher's, so that a foreign SQLite file in its place is
recognised rather than written into. A fresh database gets :data:`SCHEMA`
directly; an older one is brought forward by :data:`MIGRATIONS`, one version
at a time, inside the same transaction as the version change.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from functools import cache

from ..core import count_pushes

#: The schema this code reads and writes.
SCHEMA_VERSION = 6

#: "StPu" in ASCII: stamped into the database header so foreign files are known.
APPLICATION_ID = 0x53745075

HELPED_SOLVES = """CREATE TABLE helped_solves (
        game      TEXT NOT NULL,
        variant   TEXT NOT NULL,
        lurd      TEXT NOT NULL DEFAULT '',  -- Sokoban: the latest solution, the solver's moves included
        moves     INTEGER NOT NULL,
        times     INTEGER NOT NULL DEFAULT 1,  -- how often it was solved with help
        solved_at TEXT NOT NULL,             -- the latest time
        PRIMARY KEY (game, variant)
    )"""

SNAPSHOTS = """CREATE TABLE snapshots (
        key      TEXT NOT NULL REFERENCES levels (key) ON DELETE CASCADE,
        name     TEXT NOT NULL,
        history  TEXT NOT NULL,            -- History.to_text() when it was kept
        saved_at TEXT NOT NULL,
        PRIMARY KEY (key, name)
    )"""

KNOWN_SOLUTIONS = """CREATE TABLE known_solutions (
        key      TEXT NOT NULL REFERENCES levels (key) ON DELETE CASCADE,
        metric   TEXT NOT NULL CHECK (metric IN ('moves', 'pushes')),
        lurd     TEXT NOT NULL,
        moves    INTEGER NOT NULL,
        pushes   INTEGER NOT NULL,
        optimal  INTEGER NOT NULL DEFAULT 0,  -- 1: proven that none has fewer (moves or pushes)
        found_at TEXT NOT NULL,
        PRIMARY KEY (key, metric)
    )"""

TIME_PLAYED = """CREATE TABLE time_played (
        key       TEXT PRIMARY KEY REFERENCES levels (key) ON DELETE CASCADE,
        seconds   REAL NOT NULL,             -- every visit's time on the level, added up
        played_at TEXT NOT NULL              -- the latest time some was added
    )"""

#: The columns schema 1 had in the tables its upgrade reads (:func:`_upgrade_1_to_2`).
SCHEMA_1_COLUMNS = {
    "levels": ("key", "title", "board", "solved", "best_moves", "best_pushes", "saved_game"),
    "settings": ("name", "value"),
}

#: Schema 2, one statement each (``executescript`` would commit
#: the surrounding transaction, so statements are run one at a time).
#: Dates are ISO 8601 UTC text, e.g. ``2026-11-22T09:30:00Z``.
SCHEMA_2: tuple[str, ...] = (
    # Every level the player has touched, with enough to show it without its file.
    """CREATE TABLE levels (
        key        TEXT PRIMARY KEY,          -- level_key(): hash of the normalised board
        board      TEXT NOT NULL,             -- normalised_board(): standard characters
        title      TEXT NOT NULL DEFAULT '',  -- the latest non-empty title seen
        first_seen TEXT NOT NULL,
        solved_at  TEXT                       -- first solved; NULL while unsolved
    )""",
    # The best solution by moves and the best by pushes (often the same one).
    """CREATE TABLE best_solutions (
        key      TEXT NOT NULL REFERENCES levels (key) ON DELETE CASCADE,
        metric   TEXT NOT NULL CHECK (metric IN ('moves', 'pushes')),
        lurd     TEXT NOT NULL,
        moves    INTEGER NOT NULL,
        pushes   INTEGER NOT NULL,
        found_at TEXT,                        -- NULL for solutions kept from schema 1
        PRIMARY KEY (key, metric)
    )""",
    # The game in progress on a level: History.to_text(), redo tail included.
    """CREATE TABLE saved_games (
        key      TEXT PRIMARY KEY REFERENCES levels (key) ON DELETE CASCADE,
        history  TEXT NOT NULL,
        saved_at TEXT NOT NULL
    )""",
    # Settings and the last level played, as JSON values.
    """CREATE TABLE settings (
        name  TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    # Best scores of other games (Fifteen), lower is better: ("fifteen", "4x4", "moves").
    """CREATE TABLE best_scores (
        game        TEXT NOT NULL,
        variant     TEXT NOT NULL,
        metric      TEXT NOT NULL,
        value       REAL NOT NULL,
        achieved_at TEXT NOT NULL,
        PRIMARY KEY (game, variant, metric)
    )""",
)


#: The current schema: schema 2 and the tables added since.
SCHEMA: tuple[str, ...] = (
    *SCHEMA_2,
    # Puzzles solved with the solver's help (Shift+H): kept apart, never a best, never unlocking;
    # game "sokoban" with the level's key as variant, or "fifteen" with a size such as "4x4".
    HELPED_SOLVES,
    # Positions the player kept under a name (Ctrl+S in the window), to go back to.
    SNAPSHOTS,
    # Solutions that are not the player's own: the shortest the optimizer found, by moves
    # and by pushes (never a best score of the player's).
    KNOWN_SOLUTIONS,
    # The time played on each level (the clock of the play scene), added up over every visit.
    TIME_PLAYED,
)


#: What each table of the current schema keeps, in words for the player.
TABLE_CONTENTS = {
    "levels": "the levels played",
    "best_solutions": "the best solutions",
    "saved_games": "the games in progress",
    "settings": "the settings",
    "best_scores": "Fifteen's best scores",
    "helped_solves": "the solves made with help",
    "snapshots": "the snapshots",
    "known_solutions": "the solutions the optimizer found",
    "time_played": "the time played on each level",
}


def _table_name(statement: str) -> str:
    match = re.match(r"CREATE TABLE (\w+)", statement)
    assert match is not None, statement
    return match[1]


#: The statement that makes each table of the current schema, in the order they are made.
TABLE_STATEMENTS = {_table_name(statement): statement for statement in SCHEMA}


def columns(db: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """The names of a table's columns, in order (none when there is no such table)."""
    return tuple(row[1] for row in db.execute("SELECT * FROM pragma_table_info(?)", (table,)))


@cache
def expected_columns() -> dict[str, tuple[str, ...]]:
    """The columns of each table of the current schema, as a fresh database has them."""
    db = sqlite3.connect(":memory:")
    try:
        for statement in SCHEMA:
            db.execute(statement)
        return {table: columns(db, table) for table in TABLE_STATEMENTS}
    finally:
        db.close()


def create_schema(db: sqlite3.Connection) -> None:
    """Lay out an empty database at the current version (inside a transaction)."""
    for statement in SCHEMA:
        db.execute(statement)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _upgrade_1_to_2(db: sqlite3.Connection, now: str) -> None:
    """Schema 1 kept one row per level and no dates or scores of other games.

    Its ``levels`` table had ``key, title, board, solved`` (0/1), the LURD of
    ``best_moves`` and ``best_pushes`` (NULL when unknown) and ``saved_game``
    (history text, NULL when none). Counts are recomputed from the LURD; dates
    that schema 1 never kept stay unknown (NULL), except ``solved_at``, which
    must be set for a solved level and gets the upgrade's time.
    """
    db.execute("ALTER TABLE levels RENAME TO levels_v1")
    db.execute("ALTER TABLE settings RENAME TO settings_v1")
    for statement in SCHEMA_2:
        db.execute(statement)
    rows = db.execute(
        "SELECT key, title, board, solved, best_moves, best_pushes, saved_game FROM levels_v1"
    ).fetchall()
    for key, title, board, solved, best_moves, best_pushes, saved_game in rows:
        db.execute(
            "INSERT INTO levels (key, board, title, first_seen, solved_at) VALUES (?, ?, ?, ?, ?)",
            (key, board, title or "", now, now if solved else None),
        )
        for metric, lurd in (("moves", best_moves), ("pushes", best_pushes)):
            if lurd:
                db.execute(
                    "INSERT INTO best_solutions (key, metric, lurd, moves, pushes, found_at)"
                    " VALUES (?, ?, ?, ?, ?, NULL)",
                    (key, metric, lurd, len(lurd), count_pushes(lurd)),
                )
        if saved_game:
            db.execute(
                "INSERT INTO saved_games (key, history, saved_at) VALUES (?, ?, ?)", (key, saved_game, now)
            )
    db.execute("INSERT INTO settings (name, value) SELECT name, value FROM settings_v1")
    db.execute("DROP TABLE levels_v1")
    db.execute("DROP TABLE settings_v1")


def _upgrade_2_to_3(db: sqlite3.Connection, now: str) -> None:
    """Schema 3 keeps solves made with the solver's help apart (before, they counted as the player's)."""
    _add_table(db, HELPED_SOLVES)


def _upgrade_3_to_4(db: sqlite3.Connection, now: str) -> None:
    """Schema 4 keeps snapshots: positions of a level saved under a name."""
    _add_table(db, SNAPSHOTS)


def _upgrade_4_to_5(db: sqlite3.Connection, now: str) -> None:
    """Schema 5 keeps known solutions: the shortest the optimizer found, apart from the player's."""
    _add_table(db, KNOWN_SOLUTIONS)


def _upgrade_5_to_6(db: sqlite3.Connection, now: str) -> None:
    """Schema 6 keeps the time played on each level, for its clock and the statistics of a collection."""
    _add_table(db, TIME_PLAYED)


def _add_table(db: sqlite3.Connection, statement: str) -> None:
    """Make a table an upgrade adds, unless the database has it already (its version was set back)."""
    if not columns(db, _table_name(statement)):
        db.execute(statement)


#: ``MIGRATIONS[n]`` upgrades a database from version ``n`` to ``n + 1``;
#: it gets the connection (inside a transaction) and the current time.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection, str], None]] = {
    1: _upgrade_1_to_2,
    2: _upgrade_2_to_3,
    3: _upgrade_3_to_4,
    4: _upgrade_4_to_5,
    5: _upgrade_5_to_6,
}
