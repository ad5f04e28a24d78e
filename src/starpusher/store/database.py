"""Opening the progress database safely.

Choices, and why:

- **WAL journal**: readers never block the writer, so two windows open at once
  both keep working; a commit is an append to the ``-wal`` file, which SQLite
  replays or discards on the next open, so a process killed at any moment
  leaves the database with every committed change and none of a half-done one.
- **synchronous = FULL** for what the player earns (solutions, settings,
  scores): each commit waits for the WAL to reach the disk, so even a power
  cut keeps it. It costs an fsync, 4-8 ms here, a fair price a few times a
  minute. **NORMAL** for the game in progress, which the front end saves
  after every move: still safe against the program being killed or crashing
  (the WAL is written before the commit returns, only not yet flushed), and a
  power cut can cost at most the last moves, never the database. It costs
  about 0.03 ms, so saving every move never stutters the window.
- **BEGIN IMMEDIATE** for every change (see :class:`~starpusher.store.Store`):
  the write lock is taken up front, so a read-then-write (is this a new best?)
  cannot interleave with another window's, and the busy timeout applies
  instead of an immediate "database is locked".
- A file that SQLite reports as damaged or not a database, or a database of
  another program, is moved aside under a time-stamped name (with its
  ``-wal``/``-shm`` companions, so the set can still be examined) and a fresh
  database is started, with a one-line notice for the front end to show.
  Every row that can still be read from a damaged database, and makes
  sense, is copied into the fresh one (:mod:`~starpusher.store.salvage`).
  A command that only reads (``progress``, ``export``) writes nothing: it
  shows those rows, says so, and leaves the file for the next command that
  records to move aside.
  A database from a *newer* Star Pusher is never moved: it is refused with a
  clear error, since moving it would look to the player like lost progress.
  A schema number no Star Pusher writes (a negative one), or one its tables
  belie (0 on a database full of tables), is damage: no upgrade could start
  from it, and every command would fail on it for ever.
- A table missing from a sound database (a ``DROP TABLE``) is made again,
  empty, with a one-line notice: the other tables stay where they are, which
  moving the whole file aside would not promise. A table whose columns are
  not the schema's counts as damage.

What SQLite's errors mean to the player, and :class:`StoreError` that says
it, are in :mod:`~starpusher.store.failures`.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from ..core import shown
from ..files import kind_of_path
from .failures import (
    BUSY_TIMEOUT_SECONDS,
    GROWTH_FAILURES,
    SQLITE_BUSY,
    SQLITE_CANTOPEN,
    SQLITE_LOCKED,
    SQLITE_READONLY,
    StoreError,
    explain,
    extended_code,
    is_damage,
    result_code,
    too_long,
)
from .salvage import salvage
from .schema import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_1_COLUMNS,
    SCHEMA_VERSION,
    TABLE_CONTENTS,
    TABLE_STATEMENTS,
    columns,
    create_schema,
    expected_columns,
)

log = logging.getLogger(__name__)

#: The database file in the data directory.
DATABASE_NAME = "progress.sqlite"

COMPANION_SUFFIXES = ("-wal", "-shm", "-journal")

#: How many of SQLite's findings a notice of damage quotes.
MAX_PROBLEMS_SHOWN = 3


class _Unusable(Exception):
    """The file in place of the database must be moved aside; says why."""


def utc_now() -> str:
    """The current time as stored: ISO 8601 UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def open_database(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """Connect to the database at ``path``, creating or upgrading it.

    Returns the connection (in autocommit mode: callers open their own
    transactions) and a notice to show the player when a damaged or foreign
    file had to be moved aside, or a lost table made again, else None.
    Raises :class:`StoreError` when the database cannot be used at all.
    """
    try:
        return _open_checked(path)
    except _Unusable as problem:
        aside = _move_aside(path)
        notice = f"{path.name} {problem}; moved it to {aside.name} and started a fresh one"
    try:
        db, _ = _open_checked(path)
    except _Unusable as problem:  # not even a fresh file works here
        raise StoreError(f"{shown(path)} {problem}") from None
    try:
        rescued = salvage(aside, db)
    except sqlite3.Error as error:  # the fresh file failed: it starts empty, the old one is still aside
        log.info("nothing salvaged from %s: %s", aside.name, error)
        rescued = 0
    if rescued:
        notice += f" with the {rescued} level{'s' if rescued != 1 else ''} that could still be read"
    log.info("%s", notice)  # the front end shows the notice: a warning would print it twice
    return db, notice


def open_database_read_only(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """A copy in memory of the database at ``path``, brought up to date there; the file is never written.

    For commands that only read (``progress``, ``export``): they work in a
    read-only folder, and never move, upgrade or create anything (beside a WAL
    database SQLite makes its index files, as for any reader). A missing
    database reads as an empty one; a damaged one as what can still be read of
    it, and the next command that records moves it aside. Returns the copy and
    a notice for the player, or None. Raises :class:`StoreError` when the file
    cannot be read at all.
    """
    _refuse_dangling_link(path)
    _refuse_special_files(path)
    try:
        if path.exists() and not path.is_file():
            raise _Unusable("is not a file")
        return _read_into_memory(path)
    except _Unusable as problem:
        return _salvage_into_memory(path, problem)


def _read_into_memory(path: Path) -> tuple[sqlite3.Connection, str | None]:
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        notice = _copy_read_only(path, memory) if path.exists() else None
        memory.execute("BEGIN")
        _check_health(memory)
        _refuse_newer(memory, path)
        _refuse_impossible_version(memory)
        version = _user_version(memory)
        if version == 0:
            create_schema(memory)
        elif version < SCHEMA_VERSION:
            _migrate(memory, version)
        lost = _make_lost_tables(memory)
        memory.execute("COMMIT")
    except sqlite3.Error as error:
        memory.close()
        if is_damage(error):
            raise _Unusable(f"is damaged or not a database ({error})") from None
        raise StoreError(f"the progress database {shown(path)} {explain(error, path)}") from None
    except BaseException:
        memory.close()
        raise
    notices = [text for text in (notice, _lost_tables_notice(path, lost, read_only=True)) if text]
    return memory, "; ".join(notices) or None


def _salvage_into_memory(path: Path, problem: _Unusable) -> tuple[sqlite3.Connection, str]:
    """What can still be read of a damaged database, in a fresh one in memory, and a notice saying so."""
    memory = sqlite3.connect(":memory:", isolation_level=None)
    memory.execute("BEGIN")
    create_schema(memory)
    memory.execute("COMMIT")
    rescued = salvage(path, memory, in_place=True)
    if rescued:
        levels = f"{rescued} level{'s' if rescued != 1 else ''}"
        instead = f"showing the {levels} that could still be read (playing moves it aside and keeps them)"
    else:
        instead = "no level in it could be read (playing moves it aside and starts a fresh one)"
    return memory, f"{path.name} {problem}; {instead}"


def _refuse_dangling_link(path: Path) -> None:
    """A link to nothing is neither a missing database to create nor a folder that cannot be written."""
    if path.is_symlink() and not path.exists():
        raise StoreError(
            f"the progress database {shown(path)} is a symbolic link"
            f" to {shown(os.readlink(path))}, which does not exist"
        )


def _refuse_special_files(path: Path) -> None:
    """Refuse a named pipe, socket or device where SQLite would open the database or a companion.

    SQLite would wait for ever on a pipe, deaf to Ctrl+C. A folder in place of
    the database is taken for a damaged file, as any other that is not a database.
    """
    kind = kind_of_path(path)
    if kind and kind != "a folder":
        raise StoreError(f"the progress database {shown(path)} is {kind}, not a regular file")
    for suffix in COMPANION_SUFFIXES:
        companion = path.with_name(path.name + suffix)
        kind = kind_of_path(companion)
        if kind:
            raise StoreError(
                f"the progress database {shown(path)} cannot be used:"
                f" {companion.name} beside it is {kind}, not a regular file"
            )


def _copy_read_only(path: Path, memory: sqlite3.Connection) -> str | None:
    """Copy the database into ``memory``, writing nothing beside it; a notice if part of it could not be read.

    In a read-only folder, on a full disk or under a limit on file sizes,
    SQLite cannot make the index (``-shm``) a WAL database is read through
    (it says "disk I/O error" for the last two). With nothing waiting in its ``-wal`` (or
    ``-journal``), "immutable" reads the file as it stands, which is then the
    whole of it; else the set is copied to a temporary folder and read there,
    where SQLite can replay it.
    """
    location = path.resolve().as_uri()  # quoted from the bytes: a name need not be UTF-8
    try:
        _backup(location + "?mode=ro", memory)
        return None
    except sqlite3.Error as error:
        cannot_make_the_index = result_code(error) in (SQLITE_CANTOPEN, SQLITE_READONLY)
        if not (cannot_make_the_index or extended_code(error) in GROWTH_FAILURES) or too_long(path):
            raise
    waiting = [journal for journal in _journals(path) if journal.stat().st_size > 0]
    if not waiting:
        _backup(location + "?mode=ro&immutable=1", memory)
        return None
    try:
        _backup_a_copy(path, memory)
        return None
    except (OSError, sqlite3.Error) as error:
        if isinstance(error, sqlite3.Error) and is_damage(error):
            raise
        reason = (error.strerror if isinstance(error, OSError) else None) or error
        if not waiting[0].name.endswith("-wal"):  # a change left half made: the file alone may not be sound
            raise StoreError(
                f"the progress database {shown(path)} cannot be read: its folder is read-only, and the change"
                f" left half made in {waiting[0].name} could not be undone in a copy ({reason})"
            ) from None
        notice = (
            f"{path.name}: the latest progress, in {waiting[0].name}, could not be read"
            f" (a copy to read it in failed: {reason}); showing what was kept before it"
        )
    _backup(location + "?mode=ro&immutable=1", memory)
    return notice


def _journals(path: Path) -> list[Path]:
    """The ``-wal`` and ``-journal`` beside the database, those that exist."""
    journals = [path.with_name(path.name + suffix) for suffix in ("-wal", "-journal")]
    return [journal for journal in journals if journal.exists()]


def _backup_a_copy(path: Path, memory: sqlite3.Connection) -> None:
    """Copy the database and its journals to a temporary folder, where SQLite can replay them, and read it."""
    with tempfile.TemporaryDirectory(prefix="starpusher-") as folder:
        copy = Path(folder) / path.name
        shutil.copyfile(path, copy)
        for journal in _journals(path):
            shutil.copyfile(journal, copy.with_name(journal.name))
        _backup(copy.as_uri(), memory)


def _backup(location: str, memory: sqlite3.Connection) -> None:
    source = sqlite3.connect(location, uri=True, timeout=BUSY_TIMEOUT_SECONDS)
    try:
        source.backup(memory)
    finally:
        source.close()


def _open_checked(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """Open, check and bring up to date; try again while another window is opening it too.

    SQLite answers "busy" at once, without waiting, where waiting could
    deadlock (two connections changing a brand-new file to WAL, say): the
    whole opening is then tried again, until the busy timeout has passed.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            return _open_once(path)
        except _Busy as busy:
            if time.monotonic() >= deadline:
                raise StoreError(f"the progress database {shown(path)} {explain(busy.error)}") from None
            time.sleep(0.01)


class _Busy(Exception):
    """Another connection held the database at a moment SQLite would not wait."""

    def __init__(self, error: sqlite3.Error) -> None:
        super().__init__(str(error))
        self.error = error


def _open_once(path: Path) -> tuple[sqlite3.Connection, str | None]:
    _refuse_special_files(path)
    if path.exists() and not path.is_file():
        raise _Unusable("is not a file")
    _refuse_dangling_link(path)
    try:
        # timeout= installs SQLite's busy handler (the busy_timeout).
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
    except sqlite3.Error as error:
        raise StoreError(f"the progress database {shown(path)} {explain(error, path)}") from None
    try:
        # Look before changing anything: a foreign or newer file is left as it is. One read
        # transaction, so a file another window is creating is seen before or after, never halfway.
        db.execute("BEGIN")
        _check_health(db)
        _refuse_newer(db, path)
        _refuse_impossible_version(db)
        db.execute("COMMIT")
        _configure(db)
        _bring_up_to_date(db, path)
        notice = _restore_lost_tables(db, path)
    except sqlite3.DatabaseError as error:
        db.close()
        if is_damage(error):
            raise _Unusable(f"is damaged or not a database ({error})") from None
        if result_code(error) in (SQLITE_BUSY, SQLITE_LOCKED):
            raise _Busy(error) from None
        raise StoreError(f"the progress database {shown(path)} {explain(error, path)}") from None
    except BaseException:
        db.close()
        raise
    return db, notice


def _configure(db: sqlite3.Connection) -> None:
    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":  # e.g. a file system without shared memory; still safe, just less concurrent
        log.info("SQLite kept journal mode %r instead of WAL", mode)
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")


def _check_health(db: sqlite3.Connection) -> None:
    verdict = db.execute("PRAGMA quick_check").fetchone()[0]
    if verdict != "ok":
        raise _Unusable(f"is damaged ({_one_line(verdict)})")
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    if application_id == APPLICATION_ID:
        return
    has_tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
    if application_id != 0 or has_tables:
        raise _Unusable("is a database of another program")


def _one_line(verdict: str) -> str:
    """SQLite's report of damage in one line: the first few problems, without its heading."""
    lines = (line.strip() for line in verdict.splitlines())
    problems = [line for line in lines if line and not line.startswith("*** in database")]
    if len(problems) > MAX_PROBLEMS_SHOWN:
        problems[MAX_PROBLEMS_SHOWN:] = [f"{len(problems) - MAX_PROBLEMS_SHOWN} more"]
    return "; ".join(problems)


def _refuse_newer(db: sqlite3.Connection, path: Path) -> None:
    version = _user_version(db)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{shown(path)} was written by a newer Star Pusher"
            f" (schema {version}, this one knows {SCHEMA_VERSION});"
            " update Star Pusher or choose another --data-dir"
        )


def _refuse_impossible_version(db: sqlite3.Connection) -> None:
    """Take for damage a schema number that no upgrade can start from (a newer one is refused before).

    Each of these would otherwise stop every command for ever: a negative
    number (no Star Pusher writes one; a flipped bit of the header makes one),
    0 (a new, empty file) on a database that holds tables, or a number
    its tables belie.
    """
    version = _user_version(db)
    if version < 0:
        raise _Unusable(f"is damaged (its schema number is {version}, which no Star Pusher writes)")
    if version == 0:
        if db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
            raise _Unusable("is damaged (its schema number is 0, that of a new file, yet it holds tables)")
    elif version == 1:
        for table, expected in SCHEMA_1_COLUMNS.items():
            if columns(db, table) != expected:
                raise _Unusable(
                    f"is damaged (its schema number is 1, yet its {table} table is not schema 1's)"
                )
    else:
        _lost_tables(db)  # every table since schema 2 has its columns still: others are damage


def _bring_up_to_date(db: sqlite3.Connection, path: Path) -> None:
    version = _user_version(db)
    if version == SCHEMA_VERSION:
        return
    if version > 0:
        _back_up(db, path.with_name(f"{path.stem}.schema{version}-backup{path.suffix}"))
    db.execute("BEGIN IMMEDIATE")
    try:
        version = _user_version(db)  # another window may have upgraded while we waited
        if version == 0:
            create_schema(db)
        else:
            _migrate(db, version)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _lost_tables(db: sqlite3.Connection) -> list[str]:
    """The tables of the current schema that ``db`` lacks.

    Raises :class:`_Unusable` for a table whose columns are not the schema's:
    its rows cannot be trusted to mean what they should.
    """
    lost = []
    for table, expected in expected_columns().items():
        found = columns(db, table)
        if not found:
            lost.append(table)
        elif found != expected:
            raise _Unusable(
                f"is damaged (its {table} table has the columns {', '.join(found)}"
                f" instead of {', '.join(expected)})"
            )
    return lost


def _restore_lost_tables(db: sqlite3.Connection, path: Path) -> str | None:
    """Make again, empty, the tables the database has lost, keeping all else; say so, or None."""
    if not _lost_tables(db):  # the usual case: no write lock taken
        return None
    db.execute("BEGIN IMMEDIATE")
    try:
        lost = _make_lost_tables(db)  # another window may have made them while this one waited
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return _lost_tables_notice(path, lost)


def _make_lost_tables(db: sqlite3.Connection) -> list[str]:
    """Make the tables :func:`_lost_tables` finds (inside the caller's transaction); return their names."""
    lost = _lost_tables(db)
    for table in lost:
        db.execute(TABLE_STATEMENTS[table])
    return lost


def _lost_tables_notice(path: Path, lost: list[str], *, read_only: bool = False) -> str | None:
    """One line for the player about tables made again, empty (or only in memory), or None."""
    if not lost:
        return None
    names = lost[0] if len(lost) == 1 else f"{', '.join(lost[:-1])} and {lost[-1]}"
    tables = f"its {names} table{'s' if len(lost) > 1 else ''} ({', '.join(TABLE_CONTENTS[t] for t in lost)})"
    them = "it" if len(lost) == 1 else "them"
    if read_only:
        return f"{path.name} has lost {tables}; read without {them} (playing makes {them} again)"
    return f"{path.name} had lost {tables}; made {them} again, empty, and kept the rest of your progress"


def _migrate(db: sqlite3.Connection, version: int) -> None:
    now = utc_now()
    while version < SCHEMA_VERSION:
        step: Callable[[sqlite3.Connection, str], None] = MIGRATIONS[version]
        log.info("upgrading the progress database from schema %d to %d", version, version + 1)
        step(db, now)
        version += 1
        db.execute(f"PRAGMA user_version = {version}")


def _user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _back_up(db: sqlite3.Connection, target: Path) -> None:
    """Copy the database before upgrading it, once: the old program can still read the copy."""
    if target.exists():
        return
    with sqlite3.connect(target) as copy:
        db.backup(copy)
    copy.close()


def _move_aside(path: Path) -> Path:
    """Rename a broken database (and its companions) to a time-stamped name; return it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 1
    while aside.exists():
        counter += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
    try:
        path.rename(aside)
        for suffix in COMPANION_SUFFIXES:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                companion.rename(aside.with_name(aside.name + suffix))
    except OSError as error:
        raise StoreError(f"{shown(path)} is unusable and could not be moved aside: {error}") from None
    return aside
