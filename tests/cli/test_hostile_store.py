"""The progress store under attack from the command line: each test reproduces a store item of issue 24.

As with level files, every failure is told in one line, with no traceback, no hang
and no claim of success, and nothing the player achieved is lost or left unsaid.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from starpusher.cli import main

ONE_LEVEL = """\
#######
#@ $ .#
#######
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def starpusher(*argv: str) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own: a hang is a timeout, not a stuck test run."""
    return subprocess.run(
        [sys.executable, "-m", "starpusher", *argv], capture_output=True, text=True, timeout=30
    )


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "one.sok"
    path.write_text(ONE_LEVEL)
    return path


@pytest.fixture
def data_dir(tmp_path: Path, level_file: Path) -> Path:
    """A data folder holding a database with the level solved."""
    data = tmp_path / "data"
    assert main(["verify", str(level_file), "rRR", "--record", "--data-dir", str(data)]) == 0
    return data


# -- a named pipe in place of the database or of one of its companions ------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize(
    "command",
    [
        ["progress"],
        ["export", "{level}", "-o", "-"],
        ["verify", "{level}", "rRR", "--record"],
        ["import", "{level}"],
    ],
)
@pytest.mark.parametrize(
    "name", ["progress.sqlite", "a link to a pipe", "progress.sqlite-wal", "progress.sqlite-journal"]
)
def test_a_named_pipe_beside_or_in_place_of_the_database_is_refused_at_once(
    command: list[str], name: str, data_dir: Path, level_file: Path, tmp_path: Path
) -> None:
    database = data_dir / "progress.sqlite"
    if name == "a link to a pipe":
        os.mkfifo(tmp_path / "pipe")
        database.unlink()
        database.symlink_to(tmp_path / "pipe")
    else:
        (data_dir / name).unlink(missing_ok=True)
        os.mkfifo(data_dir / name)
    argv = [part.format(level=level_file) for part in command]
    done = starpusher(*argv, "--data-dir", str(data_dir))  # the old way waited for ever, deaf to signals
    assert done.returncode == 1 and "Traceback" not in done.stderr
    if name.endswith(("-wal", "-journal")):
        expected = f"cannot be used: {name} beside it is a named pipe, not a regular file"
    else:
        expected = "is a named pipe, not a regular file"
    assert done.stderr == f"starpusher: the progress database {database} {expected}\n"
    assert sorted(path.name for path in data_dir.iterdir()) == sorted(
        ["progress.sqlite"] + ([name] if name.startswith("progress.sqlite-") else [])
    )


# -- a data folder whose name is not UTF-8 ------------------------------------------------------

NOT_UTF8 = os.fsdecode(b"dd\xff")  # as Python hands such a name over: with a surrogate for the byte


@pytest.mark.parametrize("how", ["--data-dir", "STARPUSHER_DATA_DIR"])
def test_a_data_folder_whose_name_is_not_utf8_is_read(
    how: str,
    tmp_path: Path,
    level_file: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = tmp_path / NOT_UTF8
    assert main(["verify", str(level_file), "rRR", "--record", "--data-dir", str(data)]) == 0
    where = ["--data-dir", str(data)]
    if how == "STARPUSHER_DATA_DIR":
        monkeypatch.setenv(how, str(data))
        where = []
    capsys.readouterr()
    code, out, err = run(capsys, "progress", *where)
    assert (code, err) == (0, "") and out.startswith("1 level solved")
    code, out, err = run(capsys, "export", str(level_file), "-o", "-", *where)
    assert (code, err) == (0, "") and "\nrRR\n" in out


@pytest.mark.parametrize(("name", "written"), [(NOT_UTF8, "dd\\xff"), ("d\nd", "d\\nd")])
def test_a_data_folder_name_is_written_on_one_line_whatever_its_bytes(
    name: str, written: str, tmp_path: Path, level_file: Path
) -> None:
    data = tmp_path / name
    data.write_text("a file, not a folder")
    done = subprocess.run(
        [sys.executable, "-m", "starpusher", "verify", level_file, "rRR", "--record", "--data-dir", data],
        capture_output=True,
        timeout=30,
    )
    shown = f"{os.fsencode(tmp_path).decode()}/{written}"
    assert done.stderr.decode() == f"starpusher: the data directory {shown} is a file, not a folder\n"
    assert done.returncode == 1


# -- a data folder that is not a folder ---------------------------------------------------------


@pytest.mark.parametrize(
    "command", [["progress"], ["export", "{level}", "-o", "-"], ["verify", "{level}", "rRR", "--record"]]
)
@pytest.mark.parametrize(
    ("inside", "expected"),
    [
        ("", "the data directory {data} is a file, not a folder"),
        ("sub", "cannot {verb} the data directory {data}: a part of its path is a file"),
    ],
)
def test_a_data_folder_that_is_a_file_is_the_same_error_for_every_command(
    command: list[str],
    inside: str,
    expected: str,
    tmp_path: Path,
    level_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``progress`` used to say "0 levels solved" and succeed where ``verify --record`` said "is a file"."""
    a_file = tmp_path / "a-file"
    a_file.write_text("I am a file")
    data = a_file / inside if inside else a_file
    argv = [part.format(level=level_file) for part in command]
    code, out, err = run(capsys, *argv, "--data-dir", str(data))
    verb, printed = ("create", "solved moves=3 pushes=2\n") if "--record" in command else ("read", "")
    assert (code, out, err) == (1, printed, f"starpusher: {expected.format(data=data, verb=verb)}\n")
    assert a_file.read_text() == "I am a file"


# -- a database that has lost a table -----------------------------------------------------------


def test_a_lost_table_is_shown_without_then_made_again_by_the_next_command_that_records(
    data_dir: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to be refused for ever by every command ("no such table")."""
    database = data_dir / "progress.sqlite"
    db = sqlite3.connect(database)
    db.execute("DROP TABLE best_solutions")
    db.commit()
    db.close()

    code, out, err = run(capsys, "progress", "--data-dir", str(data_dir))
    heading, row = out.splitlines()
    assert (code, heading) == (0, "1 level solved, 0 started and not yet solved")
    assert row.startswith("solved ") and "moves" not in row  # still solved: only the bests were in it
    assert err == (
        "starpusher: progress.sqlite has lost its best_solutions table (the best solutions);"
        " read without it (playing makes it again)\n"
    )
    code, out, err = run(capsys, "verify", str(level_file), "rRR", "--record", "--data-dir", str(data_dir))
    assert (code, out) == (0, "solved moves=3 pushes=2\nsolution recorded as your best (moves 3, pushes 2)\n")
    assert err == (
        "starpusher: progress.sqlite had lost its best_solutions table (the best solutions);"
        " made it again, empty, and kept the rest of your progress\n"
    )
    code, out, err = run(capsys, "export", str(level_file), "-o", "-", "--data-dir", str(data_dir))
    assert (code, err) == (0, "") and "Solution (moves 3, pushes 2):\nrRR\n" in out


# -- commands that only read write nothing ------------------------------------------------------


def _contents(folder: Path) -> dict[str, bytes | None]:
    """Every file under ``folder`` with its bytes (None for a folder).

    SQLite's index files of a WAL database, which any reader makes and which hold
    none of the player's data, are left out when they hold nothing.
    """
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        data = None if path.is_dir() else path.read_bytes()
        if path.name.endswith("-shm") or (path.name.endswith("-wal") and not data):
            continue
        found[str(path.relative_to(folder))] = data
    return found


def _lose_a_column(database: Path) -> None:
    db = sqlite3.connect(database)
    db.execute("ALTER TABLE levels DROP COLUMN title")
    db.commit()
    db.close()


def _damage(database: Path) -> None:
    """Scribble over the pages after the first: the level's row and its bests are lost."""
    data = bytearray(database.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size:] = b"\xa5" * (len(data) - page_size)
    database.write_bytes(bytes(data))


SPOILERS = {
    "scribbles": lambda database: database.write_text("scribbles"),
    "a folder": lambda database: (database.unlink(), database.mkdir()),
    "a damaged page": _damage,
    "a table with a column lost": _lose_a_column,
}


@pytest.mark.parametrize("spoiler", list(SPOILERS))
@pytest.mark.parametrize("command", [["progress"], ["export", "{level}", "-o", "-"]])
def test_progress_and_export_leave_an_unusable_database_as_it_is_and_say_so(
    spoiler: str,
    command: list[str],
    data_dir: Path,
    level_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """They used to move it aside: a command that only reads writes nothing (one that records moves it)."""
    database = data_dir / "progress.sqlite"
    SPOILERS[spoiler](database)
    before = _contents(data_dir)
    argv = [part.format(level=level_file) for part in command]
    code, out, err = run(capsys, *argv, "--data-dir", str(data_dir))
    assert _contents(data_dir) == before
    assert code == 0 and out.startswith(("0 levels solved", "#######")) and "rRR" not in out
    assert err.count("\n") == 1 and err.startswith("starpusher: progress.sqlite ")
    assert err.endswith(" (playing moves it aside and starts a fresh one)\n")
    assert "no level in it could be read" in err


def test_progress_on_a_database_to_upgrade_writes_no_backup(
    data_dir: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its version says 3, though it has schema 4's snapshots already: upgrading in memory once failed,
    and ``progress`` then opened it for writing, and wrote the upgrade's backup."""
    db = sqlite3.connect(data_dir / "progress.sqlite")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    before = _contents(data_dir)
    code, out, err = run(capsys, "progress", "--data-dir", str(data_dir))
    assert (code, err) == (0, "") and out.startswith("1 level solved")
    assert _contents(data_dir) == before
    code, out, err = run(capsys, "verify", str(level_file), "rRR", "--record", "--data-dir", str(data_dir))
    assert (code, err) == (0, "")  # a command that records upgrades it, keeping a copy of the old
    assert (data_dir / "progress.schema3-backup.sqlite").exists()


@pytest.mark.parametrize("number", [-1, 0])
def test_every_command_copes_with_an_impossible_schema_number(
    number: int, data_dir: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-1 gave ``KeyError: -1`` in every command; 0 "table levels already exists", for ever."""
    db = sqlite3.connect(data_dir / "progress.sqlite")
    db.execute(f"PRAGMA user_version = {number}")
    db.commit()
    db.close()
    damaged = f"starpusher: progress.sqlite is damaged (its schema number is {number}, "
    for command in (["progress"], ["export", str(level_file), "-o", "-"]):  # shown, left where it is
        before = _contents(data_dir)
        code, out, err = run(capsys, *command, "--data-dir", str(data_dir))
        assert code == 0 and ("1 level solved" in out or "\nrRR\n" in out)
        assert err.count("\n") == 1 and err.startswith(damaged)
        assert _contents(data_dir) == before
    code, out, err = run(capsys, "verify", str(level_file), "rRR", "--record", "--data-dir", str(data_dir))
    assert code == 0 and err.count("\n") == 1 and err.startswith(damaged) and "moved it to" in err
    assert "your best stays at moves 3, pushes 2" in out  # salvaged
    assert len(list(data_dir.glob("progress.sqlite.damaged-*"))) == 1
    code, out, err = run(capsys, "progress", "--data-dir", str(data_dir))
    assert (code, err) == (0, "") and out.startswith("1 level solved")


# -- a read-only folder whose latest progress is still in the -wal ------------------------------

TWO_LEVELS = ONE_LEVEL + "\n" + ONE_LEVEL.replace("@ $", "@$ ")


@pytest.fixture
def progress_in_the_wal(tmp_path: Path) -> tuple[Path, Path]:
    """A level file of two levels, and a data folder holding ``progress.sqlite`` with the first solved
    and ``progress.sqlite-wal`` with the second, but no ``-shm``: as a copy, or a crash, leaves them."""
    levels = tmp_path / "two.sok"
    levels.write_text(TWO_LEVELS)
    live = tmp_path / "live"
    assert main(["verify", str(levels), "--level", "1", "rRR", "--record", "--data-dir", str(live)]) == 0
    holder = sqlite3.connect(live / "progress.sqlite")  # keeps the commit below from being checkpointed
    holder.execute("SELECT count(*) FROM levels").fetchone()
    assert main(["verify", str(levels), "--level", "2", "RRR", "--record", "--data-dir", str(live)]) == 0
    copied = tmp_path / "copied"
    copied.mkdir()
    for name in ("progress.sqlite", "progress.sqlite-wal"):
        shutil.copyfile(live / name, copied / name)
    holder.close()
    assert (copied / "progress.sqlite-wal").stat().st_size > 0
    return levels, copied


def test_a_read_only_folder_with_a_wal_and_no_shm_shows_the_latest_progress(
    progress_in_the_wal: tuple[Path, Path],
    read_only_view: Callable[[Path], Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``progress`` used to show what the main file held (1 of 2 solved) and say nothing."""
    levels, data = progress_in_the_wal
    data = read_only_view(data)
    capsys.readouterr()
    code, out, err = run(capsys, "progress", str(levels), "--data-dir", str(data))
    assert (code, err) == (0, "") and out.startswith(f"{levels}: 2 of 2 levels solved")
    code, out, err = run(capsys, "export", str(levels), "-o", "-", "--data-dir", str(data))
    assert (code, err) == (0, "") and "\nrRR\n" in out and "\nRRR\n" in out


def test_when_the_wal_cannot_be_read_progress_says_so(
    progress_in_the_wal: tuple[Path, Path],
    read_only_view: Callable[[Path], Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    levels, data = progress_in_the_wal
    data = read_only_view(data)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no temporary folder"))
    capsys.readouterr()
    code, out, err = run(capsys, "progress", str(levels), "--data-dir", str(data))
    assert code == 0 and out.startswith(f"{levels}: 1 of 2 levels solved")
    assert err == (
        "starpusher: progress.sqlite: the latest progress, in progress.sqlite-wal, could not be read"
        " (a copy to read it in failed: No such file or directory); showing what was kept before it\n"
    )


# -- export writes only solutions that replay ---------------------------------------------------

TRADE_OFF = """\
######
#   ##
#  $@#
#   .#
######
"""


def test_export_replays_every_stored_solution_and_leaves_out_those_that_do_not_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tampered row used to be written as it stood: ``Solution (moves 5, pushes 0): xyz!!``."""
    levels = tmp_path / "three.sok"
    levels.write_text(ONE_LEVEL + "\n" + TRADE_OFF + "\n" + ONE_LEVEL.replace("@ $", "@$ "))
    data = ["--data-dir", str(tmp_path / "data")]
    for number, moves in (("1", "rRR"), ("2", "LulDldRR"), ("2", "dlluurDldR"), ("3", "RRR")):
        assert main(["verify", str(levels), "--level", number, moves, "--record", *data]) == 0
    db = sqlite3.connect(tmp_path / "data" / "progress.sqlite")
    db.execute("UPDATE best_solutions SET lurd = 'xyz!!', moves = 5, pushes = 0 WHERE lurd = 'rRR'")
    db.execute("UPDATE best_solutions SET lurd = 'LulDl' WHERE lurd = 'LulDldRR'")  # letters, but no solve
    db.execute("UPDATE best_solutions SET lurd = 'rrrl' WHERE lurd = 'RRR'")  # the case and the end wrong
    db.commit()
    db.close()
    capsys.readouterr()

    code, out, err = run(capsys, "export", str(levels), "-o", "-", *data)
    assert code == 0
    exported = [block for block in out.split("\n\n") if "#" in block]
    assert "Solution" not in exported[0]
    assert "Solution (moves 10, pushes 2):\ndlluurDldR" in exported[1] and "LulDl" not in exported[1]
    assert "Solution (moves 3, pushes 3):\nRRR" in exported[2]  # written as the rules played it
    assert err.splitlines() == [
        f"starpusher: {levels}: level 1: the best solution kept in progress.sqlite is left out:"
        " '!' is not a move (expected LURD letters)",
        f"starpusher: {levels}: level 2: the best solution by moves kept in progress.sqlite is left out:"
        " the moves do not solve the level: its goal holds no star after 5 moves",
    ]


# -- a data path longer than SQLite opens -------------------------------------------------------


def _deep(tmp_path: Path, length: int) -> Path:
    """A folder under tmp_path whose full path is ``length`` bytes long."""
    folder = tmp_path.resolve()
    while len(os.fsencode(folder)) < length:
        folder /= "d" * min(100, length - len(os.fsencode(folder)) - 1)
    assert len(os.fsencode(folder)) == length
    return folder


@pytest.mark.parametrize("command", [["verify", "{level}", "rRR", "--record"], ["progress"]])
def test_a_data_path_longer_than_sqlite_opens_is_told_as_that(
    command: list[str], data_dir: Path, level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to be "its folder is missing or not writable", which it was not."""
    deep = _deep(tmp_path, 600)
    deep.parent.mkdir(parents=True)
    data_dir.rename(deep)  # the database was made where SQLite could open it
    argv = [part.format(level=level_file) for part in command]
    code, _, err = run(capsys, *argv, "--data-dir", str(deep))
    assert code == 1
    assert err == (
        f"starpusher: the progress database {deep / 'progress.sqlite'} cannot be opened: its full path is"
        " 616 bytes long, and SQLite opens none longer than 504 (unable to open database file)\n"
    )


def test_a_data_path_as_long_as_sqlite_opens_works(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = _deep(tmp_path, 504 - len("/progress.sqlite"))
    code, out, err = run(capsys, "verify", str(level_file), "rRR", "--record", "--data-dir", str(deep))
    assert (code, err) == (0, "") and out.endswith("first solution recorded (moves 3, pushes 2)\n")


# -- a full disk, or a limit on file sizes, before SQLite has made its index (-shm) ---------------

FILE_SIZE_LIMIT = 8192  # under the 32 KiB of the index a WAL database is read through


def _limit_file_sizes() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))


def starpusher_limited(*argv: str) -> subprocess.CompletedProcess[str]:
    """The command as ``ulimit -f 8`` runs it: no file may grow past 8 KiB, as on a nearly full disk."""
    return subprocess.run(
        [sys.executable, "-m", "starpusher", *argv],
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=_limit_file_sizes,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="ulimit is POSIX")
@pytest.mark.parametrize("command", [["progress"], ["export", "{level}", "-o", "-"]])
def test_commands_that_only_read_work_where_no_file_can_grow(
    command: list[str], data_dir: Path, level_file: Path
) -> None:
    """They answered "disk I/O error": SQLite could not make the -shm it reads a WAL database through."""
    assert not (data_dir / "progress.sqlite-shm").exists()
    argv = [part.format(level=level_file) for part in command]
    done = starpusher_limited(*argv, "--data-dir", str(data_dir))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("1 level solved") or "\nrRR\n" in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="ulimit is POSIX")
def test_a_command_that_records_where_no_file_can_grow_says_why(data_dir: Path, level_file: Path) -> None:
    done = starpusher_limited("verify", str(level_file), "rRR", "--record", "--data-dir", str(data_dir))
    assert done.returncode == 1
    assert done.stderr.endswith(
        f"starpusher: the progress database {data_dir / 'progress.sqlite'} cannot be written:"
        " files may not grow past 8,192 bytes here (ulimit -f) (disk I/O error)\n"
    )
    assert done.stderr.count("\n") == 1


@pytest.fixture
def data_dir_on_a_full_disk(data_dir: Path, tmp_path: Path) -> Iterator[Path]:
    """The data folder copied onto a tmpfs of its own (needs root, else the test is skipped), then filled."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        shutil.copytree(data_dir, disk / "data")
        with open(disk / "filler", "wb", buffering=0) as filler, contextlib.suppress(OSError):
            while True:
                filler.write(b"\0" * 4096)
        assert shutil.disk_usage(disk).free == 0
        yield disk / "data"
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_on_a_full_disk_reading_works_and_recording_says_the_disk_is_full(
    data_dir_on_a_full_disk: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = data_dir_on_a_full_disk
    code, out, err = run(capsys, "progress", "--data-dir", str(data))
    assert (code, err) == (0, "") and out.startswith("1 level solved")
    code, out, err = run(capsys, "export", str(level_file), "-o", "-", "--data-dir", str(data))
    assert (code, err) == (0, "") and "\nrRR\n" in out
    code, out, err = run(capsys, "verify", str(level_file), "rRR", "--record", "--data-dir", str(data))
    assert code == 1 and err == (
        f"starpusher: the progress database {data / 'progress.sqlite'} cannot be written:"
        " the disk is full (disk I/O error)\n"
    )


def test_a_file_that_could_not_grow_on_a_full_disk_is_said_to_be_on_a_full_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite says "disk I/O error" when it cannot make its -shm on a full disk: the player is told why."""
    from starpusher.store import failures

    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode = 4874  # SQLITE_IOERR_SHMSIZE: the -shm could not be made as large as needed
    full = SimpleNamespace(total=10**9, used=10**9, free=0)
    monkeypatch.setattr(shutil, "disk_usage", lambda folder: full)
    assert failures.explain(error, tmp_path / "progress.sqlite") == (
        "cannot be written: the disk is full (disk I/O error)"
    )
