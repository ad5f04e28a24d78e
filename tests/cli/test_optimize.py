"""``starpusher optimize``: a solution made shorter, run as a user would."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from starpusher.cli import main
from starpusher.core import Level
from starpusher.store import Store

#: Level 1: a star to push three squares; the file's solutions walk, or push, to and fro first.
#: Level 2: two stars and no solution in the file.
LEVELS = """\
; 1
#######
#     #
#@$  .#
#     #
#######
Solution: udRRR
Solution: RurrdLulldRRR

; 2
######
#@$ .#
#  $.#
######
"""


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "levels.sok"
    path.write_text(LEVELS)
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_typed_moves_are_made_shorter_and_proven_optimal(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "optimize", str(level_file), "--level", "1", "RurrdLulldRRR")
    assert code == 0 and err == ""
    summary, moves = out.splitlines()
    assert summary.startswith(
        "level 1: 3 pushes, 3 moves (was 5 pushes, 13 moves); no solution has fewer pushes"
    )
    assert moves == "RRR"


def test_the_json_object_has_the_fields_asked_for(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "optimize", str(level_file), "--known", "2", "--metric", "moves", "--json")
    assert code == 0
    (record,) = json.loads(out)
    assert record | {"seconds": 0} == {
        "level": 1,
        "metric": "moves",
        "solution": "RRR",
        "moves": 3,
        "pushes": 3,
        "optimal": True,
        "seconds": 0,
        "given_moves": 13,
        "given_pushes": 5,
        "improved": True,
        "ended": "finished",
        "kept": [],
    }


def test_without_a_solution_it_starts_from_the_shortest_there_is(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "optimize", str(level_file))
    assert code == 0
    assert "(was 3 pushes, 5 moves)" in out  # the file's first solution, the shorter of its two


def test_the_players_best_is_started_from_and_never_replaced(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(level_file), "--level", "2", "duduRRldR", "--record"]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "optimize", str(level_file), "--level", "2", "--best", "--keep")
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == "kept as the level's known solution by moves and by pushes"
    level = Level.from_text("######\n#@$ .#\n#  $.#\n######")
    with Store.open() as store:
        best = store.progress(level).best_pushes
        known = store.known_solutions(level).by_pushes
    assert best is not None and best.lurd == "duduRRldR"  # the player's own, as it was
    assert known is not None and known.optimal and known.lurd == lines[1]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--level", "2"], "level 2: no solution to start from"),
        (["--level", "2", "--best"], "level 2: no solution of yours is kept yet"),
        (["--known", "3"], "level 1 has no solution 3 (the file gives 2 solutions)"),
        (["r"], "level 1: the moves given: the moves do not solve the level"),
        (["uuu"], "level 1: the moves given: move 2 ('u'): cannot move up: a wall is in the way"),
        (["RRR", "--best"], "give one solution to start from: LURD, --best or --known K"),
        (["R3x"], "move text column 3: 'x' is not a move"),
    ],
)
def test_errors_are_one_line(
    level_file: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, out, err = run(capsys, "optimize", str(level_file), *arguments)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and message in err


def test_ctrl_c_prints_the_best_solution_so_far(tmp_path: Path) -> None:
    from starpusher.levels import load_builtin
    from starpusher.solver import solve

    level = load_builtin("starpusher").levels[174]  # far too big for the proof
    moves = solve(level, time_limit=30).moves
    path = tmp_path / "big.sok"
    path.write_text(level.to_text() + "\n")
    with subprocess.Popen(
        [sys.executable, "-m", "starpusher", "optimize", str(path), moves, "--time-limit", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        time.sleep(3)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    summary, printed = out.splitlines()
    assert summary.startswith("level 1: ") and "Traceback" not in err
    final = level.replay(printed)
    assert level.is_solved(final) and sum(letter.isupper() for letter in printed) <= sum(
        letter.isupper() for letter in moves
    )


# -- known solutions that cannot be trusted ---------------------------------------------------------

ROOM = Level.from_text(LEVELS.split("Solution")[0].removeprefix("; 1\n"))


def _keep_then_tamper(level_file: Path, capsys: pytest.CaptureFixture[str], assignments: str) -> None:
    """Keep RRR as level 1's known solution, then change its rows behind the store's back."""
    assert main(["optimize", str(level_file), "--known", "2", "--keep"]) == 0
    capsys.readouterr()
    with Store.open() as store:
        path = store.path
    db = sqlite3.connect(path)
    db.execute(f"UPDATE known_solutions SET {assignments}")
    db.commit()
    db.close()


def test_a_damaged_known_solution_is_left_out_with_one_line(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _keep_then_tamper(level_file, capsys, "lurd = lurd || 'M'")
    code, out, err = run(capsys, "optimize", str(level_file), "--keep")
    assert code == 0 and "(was 3 pushes, 5 moves)" in out  # from the file's shortest instead
    assert out.splitlines()[-1] == "kept as the level's known solution by moves and by pushes"  # mended
    assert err == (
        f"starpusher: {level_file}: level 1: the known solution kept in progress.sqlite is left out:"
        " 'M' is not a move (expected LURD letters)\n"
    )
    assert run(capsys, "optimize", str(level_file))[2] == ""


@pytest.mark.parametrize(
    "assignments",
    [
        "moves = 'abc'",  # built 'abc' * 2**32 in export --optimize, a TypeError in --keep
        "pushes = 'abc', optimal = 'yes'",
        "moves = 1, pushes = 1",  # understated counts blocked --keep for good
    ],
)
def test_a_known_solutions_counts_come_from_its_replay(
    level_file: Path, capsys: pytest.CaptureFixture[str], assignments: str
) -> None:
    _keep_then_tamper(level_file, capsys, f"lurd = 'udRRR', {assignments}")
    code, out, err = run(capsys, "optimize", str(level_file), "--keep", "--json")
    (record,) = json.loads(out)
    assert (code, err) == (0, "")
    assert (record["given_moves"], record["moves"], record["kept"]) == (5, 3, ["moves", "pushes"])
    with Store.open() as store:
        known = store.known_solutions(ROOM)
    assert known.by_moves is not None and (known.by_moves.lurd, known.by_moves.moves) == ("RRR", 3)


def test_fewer_pushes_for_more_moves_is_not_kept_as_the_fewest_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A push-optimized result of 868 moves was kept as the shortest by moves, made from one of 818."""
    path = tmp_path / "trade-off.sok"
    path.write_text("######\n#   ##\n#  $@#\n#   .#\n######\n")
    code, out, _ = run(capsys, "optimize", str(path), "LulDldRR", "--keep")  # 8 moves, 4 pushes
    assert code == 0 and out.splitlines()[0].startswith("level 1: 2 pushes, 10 moves (was 4 pushes, 8 moves)")
    assert out.splitlines()[-1] == "kept as the level's known solution by pushes"


# -- keeping that fails ---------------------------------------------------------------------------------


def _deep_folder(tmp_path: Path, length: int) -> Path:
    folder = tmp_path.resolve()
    while len(os.fsencode(folder)) < length:
        folder /= "d" * min(100, length - len(os.fsencode(folder)) - 1)
    return folder


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A data folder holding a store, on a file system then filled up (a tmpfs: needs root, else skipped)."""
    folder = tmp_path / "full"
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)]
    if subprocess.run(mount, capture_output=True).returncode:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        Store.open(folder / "data").close()
        with contextlib.suppress(OSError), open(folder / "filler", "wb") as filler:
            while True:
                filler.write(b"\0" * 4096)
                filler.flush()
        yield folder / "data"
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


def _not_kept(level_file: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Run optimize --keep where keeping fails: the solution is printed all the same; why it was not kept."""
    code, out, err = run(
        capsys, "optimize", str(level_file), "RurrdLulldRRR", "--keep", "--data-dir", str(data_dir)
    )
    assert code == 1
    assert out.splitlines() == [out.splitlines()[0], "RRR"]  # the summary, then the solution
    assert out.startswith("level 1: 3 pushes, 3 moves (was 5 pushes, 13 moves)")
    assert err.count("\n") == 1 and err.startswith("starpusher: the solution was not kept: ")
    return err


def test_a_solution_that_cannot_be_kept_in_a_read_only_folder_is_printed(
    level_file: Path,
    tmp_path: Path,
    read_only_view: Callable[[Path], Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It exited 1 and never printed the solution it had found."""
    data = tmp_path / "data"
    Store.open(data).close()
    assert "not writable" in _not_kept(level_file, read_only_view(data), capsys)


def test_a_solution_that_cannot_be_kept_on_a_full_disk_is_printed(
    level_file: Path, full_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _not_kept(level_file, full_disk, capsys)


def test_a_solution_that_cannot_be_kept_under_too_long_a_path_is_printed(
    level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "SQLite opens none longer than 504" in _not_kept(level_file, _deep_folder(tmp_path, 600), capsys)


def test_a_solution_that_cannot_be_kept_while_the_database_is_locked_is_printed(
    level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.store import database

    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 0.2)  # not the 10 s a player waits
    data = tmp_path / "data"
    Store.open(data).close()
    other = sqlite3.connect(data / "progress.sqlite", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holding it
    try:
        assert "is locked" in _not_kept(level_file, data, capsys)
    finally:
        other.execute("ROLLBACK")
        other.close()


# -- what is said, and where ----------------------------------------------------------------------


def _damage_the_database(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database with level 1 solved, whose pages after the first are then scribbled over."""
    assert main(["verify", str(level_file), "RurrdLulldRRR", "--record"]) == 0
    capsys.readouterr()
    with Store.open() as store:
        database = store.path
    data = bytearray(database.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size:] = b"\xa5" * (len(data) - page_size)
    database.write_bytes(bytes(data))


def test_keep_on_a_damaged_database_says_so_once(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read, then opened again to keep: it said two lines, of which the first was no longer true."""
    _damage_the_database(level_file, capsys)
    code, out, err = run(capsys, "optimize", str(level_file), "--keep")
    assert code == 0 and out.splitlines()[-1].startswith("kept as the level's known solution")
    assert err.count("\n") == 1 and "moved it to progress.sqlite.damaged-" in err


def test_with_standard_error_closed_notices_never_reach_standard_output(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """print(file=sys.stderr) prints on standard output when there is no standard error: into the JSON."""
    _damage_the_database(level_file, capsys)  # a notice to say
    finished = subprocess.run(
        [sys.executable, "-m", "starpusher", "optimize", str(level_file), "--json"],
        stdout=subprocess.PIPE,
        preexec_fn=lambda: os.close(2),  # the child's standard error, closed
        text=True,
        timeout=60,
    )
    assert finished.returncode == 0
    (record,) = json.loads(finished.stdout)
    assert record["solution"] == "RRR"  # from the file's solutions: the database could not be read


# -- the time limit counts from the command's start ------------------------------------------------


def _endless(*args: object, **options: object) -> None:
    time.sleep(60)


@pytest.mark.parametrize(
    "slow",
    [
        "starpusher.cli.optimize.load_level",  # a file of 200,000 levels took 7.3 s with --time-limit 1
        "starpusher.core.sokoban.Level.played_solution",  # a solution of 2 million moves, replayed
    ],
)
def test_the_time_limit_holds_before_the_optimizer_starts(
    slow: str, level_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Stand in for reading or replaying that would take a minute: the limit stops it, whatever it was.
    monkeypatch.setattr(slow, _endless)
    started = time.monotonic()
    code, out, err = run(capsys, "optimize", str(level_file), "RurrdLulldRRR", "--time-limit", "0.1")
    assert time.monotonic() - started < 30  # stopped, not waited out
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("starpusher: the time limit (0.1 s) ran out while reading level 1")


def test_past_the_time_limit_the_solution_given_is_the_result(
    level_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solution replayed in time, then work the optimizer cannot stop: the solution given is the answer."""
    monkeypatch.setattr("starpusher.core.sokoban.Level.compiled", _endless)
    started = time.monotonic()
    code, out, err = run(
        capsys, "optimize", str(level_file), "RurrdLulldRRR", "--time-limit", "0.5", "--json"
    )
    assert time.monotonic() - started < 30
    (record,) = json.loads(out)
    assert (code, err, record["solution"], record["ended"]) == (0, "", "RurrdLulldRRR", "time limit")
    assert not record["improved"] and not record["optimal"]
