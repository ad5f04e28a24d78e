"""What can go wrong with the progress database, in words the player can act on.

SQLite names a failure by a result code ("disk I/O error", "unable to open
database file"); :func:`explain` says what the player can do about it: a
folder that is read-only, a disk that is full, a limit on file sizes, a path
too long for SQLite, another program holding the lock. :class:`StoreError`
carries it, one line, to the front end.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
from pathlib import Path

if sys.platform != "win32":  # Windows has no limit on file sizes to ask about
    import resource

from ..core.errors import StarPusherError

#: How long to wait for another window's transaction before giving up.
BUSY_TIMEOUT_SECONDS = 10.0

#: SQLite's primary result codes meaning "this file is not a usable database".
SQLITE_CORRUPT = 11
SQLITE_NOTADB = 26
#: ... meaning "cannot be opened" or "read-only" (a WAL database in a read-only folder, say).
SQLITE_CANTOPEN = 14
SQLITE_READONLY = 8
#: ... and meaning "another connection holds it".
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
#: ... and meaning "a file could not grow": the database, its -wal, or its index (-shm), which a reader
#: makes too. A full disk or a limit on file sizes (``ulimit -f``) gives these; SQLite says "disk I/O error".
SQLITE_FULL = 13
SQLITE_IOERR_WRITE = 10 | 3 << 8
SQLITE_IOERR_SHMSIZE = 10 | 19 << 8
GROWTH_FAILURES = (SQLITE_FULL, SQLITE_IOERR_WRITE, SQLITE_IOERR_SHMSIZE)

#: Less room than this on the disk, and a file that could not grow is said to be on a full disk.
ROOM_NEEDED_BYTES = 2**20

#: SQLite's result codes the player can do something about, in words that say what.
REASONS = {
    3: "cannot be used: permission denied",  # SQLITE_PERM
    SQLITE_BUSY: f"is locked: another program kept it busy for over {BUSY_TIMEOUT_SECONDS:g} s",
    SQLITE_LOCKED: f"is locked: another program kept it busy for over {BUSY_TIMEOUT_SECONDS:g} s",
    SQLITE_READONLY: "cannot be written: the file or its folder is read-only",
    SQLITE_FULL: "cannot be written: the disk is full",
    SQLITE_CANTOPEN: "cannot be opened: its folder is missing or not writable",
    SQLITE_CORRUPT: "is damaged",
    SQLITE_NOTADB: "is not a database",
}

#: The longest full path (links followed) of a database SQLite opens on Unix:
#: 512 bytes, its ``-journal`` name included.
MAX_DATABASE_PATH_BYTES = 512 - len("-journal")


class StoreError(StarPusherError):
    """The progress database cannot be used; the message says why, in one line."""


def explain(error: sqlite3.Error, path: Path | None = None) -> str:
    """What went wrong, in words the player can act on, then SQLite's own words.

    Given the database's ``path``, a file SQLite could not open because its
    name is too long for it is said to be that, not a missing folder.
    """
    reason = REASONS.get(result_code(error))
    if result_code(error) == SQLITE_CANTOPEN and path is not None and too_long(path):
        reason = (
            f"cannot be opened: its full path is {_length(path)} bytes long,"
            f" and SQLite opens none longer than {MAX_DATABASE_PATH_BYTES}"
        )
    if extended_code(error) in GROWTH_FAILURES and path is not None:
        reason = _no_room(path) or reason
    return f"{reason} ({error})" if reason else f"failed: {error}"


def _no_room(path: Path) -> str | None:
    """Why a file beside ``path`` could not grow, when it shows: a full disk, or a limit on file sizes."""
    try:
        if shutil.disk_usage(path.parent).free < ROOM_NEEDED_BYTES:
            return REASONS[SQLITE_FULL]
    except OSError:
        pass  # the folder is gone or cannot be looked at: the limit may still say
    limit = _file_size_limit()
    if limit is not None:
        return f"cannot be written: files may not grow past {limit:,} bytes here (ulimit -f)"
    return None


def _file_size_limit() -> int | None:
    """The most bytes this process may write into a file (``ulimit -f``); None when there is no limit."""
    if sys.platform == "win32":
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY else soft


def _length(path: Path) -> int:
    """The length of the path SQLite opens (links followed), in bytes."""
    return len(os.fsencode(os.path.realpath(path)))


def too_long(path: Path) -> bool:
    return os.name == "posix" and _length(path) > MAX_DATABASE_PATH_BYTES


def result_code(error: sqlite3.Error) -> int:
    code = extended_code(error)
    return -1 if code == -1 else code & 0xFF


def extended_code(error: sqlite3.Error) -> int:
    """SQLite's result code with its detail (SQLITE_IOERR_SHMSIZE, not only SQLITE_IOERR); -1 if unknown."""
    code = getattr(error, "sqlite_errorcode", None)
    return -1 if code is None else code


def is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite says the file itself is broken (not busy, not read-only...)."""
    return result_code(error) in (SQLITE_CORRUPT, SQLITE_NOTADB)
