"""The command line and the store under attack: each test reproduces one item of issue 14.

Every failure must be told truthfully: one line, no traceback, no hang, no
claim of success where something failed, and nothing of the player's lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from process_helpers import heed_ctrl_c

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


# -- hygiene: tests never touch the player's data ---------------------------------------------


def test_every_test_has_a_data_folder_of_its_own(private_data_dir: Path) -> None:
    home = Path(os.environ["HOME"])
    assert Path(os.environ["STARPUSHER_DATA_DIR"]) == private_data_dir
    assert private_data_dir.parent == home.parent  # both in this test's temporary folder
    assert Path(os.environ["XDG_DATA_HOME"]).is_relative_to(home)


def test_play_reads_its_files_before_it_opens_the_store(
    capsys: pytest.CaptureFixture[str], private_data_dir: Path, tmp_path: Path
) -> None:
    code, _, err = run(capsys, "play", str(tmp_path / "nonexistent.sok"))
    assert code == 1 and "nonexistent.sok" in err and "Traceback" not in err
    assert not private_data_dir.exists()  # no folder made, no database created


# -- tracebacks: a data folder that cannot be used --------------------------------------------

SOLVABLE_3X3 = ["1", "2", "3", "4", "5", "6", "0", "7", "8"]


@pytest.mark.parametrize("where", ["proc", "file", "home"])
def test_fifteen_solve_needs_no_usable_data_folder(
    where: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options: list[str] = []
    if where == "proc":
        options = ["--data-dir", "/proc/x"]
    elif where == "file":
        (tmp_path / "a-file").write_text("not a folder")
        options = ["--data-dir", str(tmp_path / "a-file")]
    else:  # no --data-dir, and a home where nothing can be made
        monkeypatch.delenv("STARPUSHER_DATA_DIR")
        monkeypatch.delenv("XDG_DATA_HOME")
        monkeypatch.setenv("HOME", "/proc/x")
    code, out, err = run(capsys, "fifteen", "solve", *SOLVABLE_3X3, *options)
    assert (code, out, err) == (0, "2 moves (optimal)\nLL\n", "")


def test_with_no_usable_data_folder_the_4x4_tables_are_built_in_memory_and_it_says_so(
    capsys: pytest.CaptureFixture[str], small_4x4_groups: None
) -> None:
    board = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "0", "15"]
    code, out, err = run(capsys, "fifteen", "solve", *board, "--data-dir", "/proc/x")
    assert code == 0 and out == "1 move (optimal)\nL\n"
    assert "cannot use the data folder /proc/x" in err and "built in memory" in err
    assert "Traceback" not in err


# -- interrupts: every worker stops within a second, what was finished is printed ---------------


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("signal_number", "status", "whole_group", "json_output"),
    [(2, 130, True, False), (15, 143, False, False), (2, 130, True, True)],
)
def test_an_interrupt_stops_every_worker_at_once_and_prints_what_was_finished(
    signal_number: int, status: int, whole_group: bool, json_output: bool, tmp_path: Path
) -> None:
    # Ctrl+C in a terminal reaches the whole process group; SIGTERM (kill) only the command.
    out = tmp_path / "out.txt"
    command = [sys.executable, "-m", "starpusher", "solve", "starpusher", "--all", "--jobs", "2"]
    command += ["--time-limit", "5", *(["--json"] if json_output else [])]
    with open(out, "w") as stdout:
        process = subprocess.Popen(
            command,
            stdout=stdout,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=heed_ctrl_c,
        )
        try:
            # Some levels are done once a worker has used some CPU: the easy first ones take milliseconds.
            deadline = time.monotonic() + 60
            while ("level 2:" not in out.read_text()) if not json_output else (cpu_seconds(process.pid) < 3):
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.05)
            workers = children_of(process.pid)
            assert workers
            (os.killpg if whole_group else os.kill)(process.pid, signal_number)
            stopped = time.monotonic()
            _, err = process.communicate(timeout=10)
            assert time.monotonic() - stopped < 1.5  # Python's start-up aside, well within a second
        finally:
            if process.poll() is None:
                process.kill()
    assert process.returncode == status
    assert not any(alive(worker) for worker in workers)
    text = out.read_text()
    if json_output:
        done = json.loads(text)
        assert done and done[0]["level"] == 1 and done[0]["solved"]
    else:
        assert "level 1: solved" in text and "solved " in text.splitlines()[-1]  # the summary table
    assert "interrupted;" in err.decode() and "Traceback" not in err.decode()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGHUP])
def test_workers_end_when_their_parent_is_killed(signal_number: int) -> None:
    # SIGKILL (or SIGHUP, whose default is the same death) gives the parent no chance to stop
    # them: the workers kept solving level after level, orphaned.
    command = [sys.executable, "-m", "starpusher", "solve", "starpusher", "--all", "--jobs", "2"]
    process = subprocess.Popen(
        [*command, "--time-limit", "60"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the signal goes to the parent alone, as `kill PID` sends it
    )
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 or cpu_seconds(process.pid) < 2:  # both at work
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
            workers = children_of(process.pid)
        os.kill(process.pid, signal_number)
        process.wait(timeout=60)
        deadline = time.monotonic() + 30
        while any(alive(worker) for worker in workers):
            assert time.monotonic() < deadline, "the workers outlived their parent"
            time.sleep(0.05)
    finally:
        for pid in [process.pid, *(worker for worker in workers if alive(worker))]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def cpu_seconds(pid: int) -> float:
    """The CPU seconds a process and its running children have used, from /proc."""
    total = 0.0
    for process in (pid, *children_of(pid)):
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


# -- hangs: only regular files are read --------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize(
    "command",
    [
        ["check", "{file}"],
        ["render", "{file}", "-o", "{out}"],
        ["verify", "{file}", "R"],
        ["solve", "{file}"],
        ["progress", "{file}"],
        ["play", "{file}"],
    ],
)
@pytest.mark.parametrize("kind", ["a named pipe", "a folder"])
def test_a_file_that_is_not_a_regular_file_is_refused_at_once(
    command: list[str], kind: str, tmp_path: Path
) -> None:
    special = tmp_path / "levels.sok"
    os.mkfifo(special) if kind == "a named pipe" else special.mkdir()
    argv = [part.format(file=special, out=tmp_path / "out.png") for part in command]
    done = subprocess.run(  # a subprocess: the old way blocked for ever on the pipe
        [sys.executable, "-m", "starpusher", *argv], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    expected = f"{special}: cannot read the file: it is {kind}, not a regular file"
    assert expected in done.stdout + done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out.png").exists()


# -- success claimed where it failed: every write checked to the end --------------------------

FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")


def full_file(tmp_path: Path, name: str) -> Path:
    """A name in tmp_path that leads to /dev/full: every write to it fails as on a full disk.

    (The writer follows the link and writes straight into the device; it never renames onto it.)
    """
    link = tmp_path / name
    link.symlink_to(FULL)
    return link


def starpusher(*argv: str, stdout: int | IO[str] = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "starpusher", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


@needs_dev_full
@pytest.mark.parametrize(
    "command",
    [
        ["render", "starpusher", "--level", "3", "-o", "{full}.png"],
        ["export", "starpusher", "-o", "{full}.sok"],
        ["export", "starpusher", "-o", "/dev/full"],
        ["generate", "--count", "2", "--size", "7x7", "--boxes", "2", "-o", "{full}.sok"],
    ],
)
def test_a_write_to_a_full_disk_is_an_error_not_wrote(command: list[str], tmp_path: Path) -> None:
    argv = [
        part.replace("{full}", str(full_file(tmp_path, "full"))) if "{full}" in part else part
        for part in command
    ]
    if "{full}" in " ".join(command):
        (tmp_path / "full").unlink()
        full_file(tmp_path, Path(argv[-1]).name)
    done = starpusher(*argv)
    assert done.returncode == 1 and "wrote" not in done.stdout
    assert done.stderr.endswith("cannot write: No space left on device\n") and done.stderr.count("\n") == 1
    assert FULL.is_char_device()  # the device is still there: nothing was renamed onto it


@needs_dev_full
@pytest.mark.parametrize(
    "command",
    [
        ["export", "starpusher", "-o", "-"],
        ["generate", "--count", "2", "--size", "7x7", "--boxes", "2"],
        ["solve", "starpusher", "--level", "1"],
        ["check", "--json", "starpusher"],
    ],
)
def test_standard_output_on_a_full_device_is_an_error(command: list[str]) -> None:
    with open(FULL, "w") as full:
        done = starpusher(*command, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "starpusher: standard output: cannot write: No space left on device\n"


@needs_dev_full
@pytest.mark.parametrize("command", [["--help"], ["--version"], ["solve", "--help"]])
def test_help_and_version_fail_when_their_text_cannot_be_written(command: list[str]) -> None:
    with open(FULL, "w") as full:
        done = starpusher(*command, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "starpusher: standard output: cannot write: No space left on device\n"


def test_a_command_started_with_standard_output_closed_ends_without_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "starpusher", "levels"],
        preexec_fn=lambda: os.close(1),  # as `starpusher levels >&-` does
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")


def test_a_write_that_fails_halfway_leaves_no_partial_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.cli import output

    target = tmp_path / "made.sok"
    target.write_text("the old file\n")
    writes = []

    class FailingSecondWrite(output.OutputFile):
        def write(self, data: str | bytes) -> None:
            writes.append(data)
            if len(writes) == 3:  # the header, the first level, then the disk is full
                self.abandon()
                raise output.OutputError(f"{self.name}: cannot write: No space left on device")
            super().write(data)

    monkeypatch.setattr("starpusher.cli.generate.OutputFile", FailingSecondWrite)
    code, _out, err = run(
        capsys, "generate", "--count", "3", "--size", "7x7", "--boxes", "2", "-o", str(target)
    )
    assert code == 1 and err == f"starpusher: {target}: cannot write: No space left on device\n"
    assert target.read_text() == "the old file\n"  # untouched
    assert [path.name for path in tmp_path.iterdir()] == ["made.sok"]  # no temporary file left


def test_generate_writes_as_it_goes_and_an_interrupt_keeps_what_was_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.cli import generate
    from starpusher.generate import GeneratedLevel, generate_levels
    from starpusher.levels import read_collection

    def interrupted_after_two(*args: Any, **kwargs: Any) -> Iterator[GeneratedLevel]:
        made = generate_levels(*args, **kwargs)
        yield next(made)
        yield next(made)
        raise KeyboardInterrupt

    monkeypatch.setattr(generate, "generate_levels", interrupted_after_two)
    target = tmp_path / "made.sok"
    code, _, err = run(capsys, "generate", "--count", "5", "--size", "7x7", "--boxes", "2", "-o", str(target))
    assert code == 130 and err == f"starpusher: interrupted; wrote 2 of 5 levels to {target}\n"
    assert len(read_collection(target).levels) == 2  # a whole, readable file of what was made
    assert [path.name for path in tmp_path.iterdir()] == ["made.sok"]


@pytest.mark.parametrize("existing", [True, False])
def test_an_interrupt_before_the_first_level_keeps_the_old_file(
    existing: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.cli import generate
    from starpusher.generate import GeneratedLevel

    def interrupted_at_once(*args: Any, **kwargs: Any) -> Iterator[GeneratedLevel]:
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(generate, "generate_levels", interrupted_at_once)
    target = tmp_path / "x.sok"
    if existing:
        target.write_text(ONE_LEVEL)
    code, _, err = run(capsys, "generate", "--count", "50", "--size", "7x7", "-o", str(target))
    # It replaced the file with a header alone ("wrote 0 of 50 levels").
    said = "left as it was" if existing else "not written"
    assert code == 130
    assert err == f"starpusher: interrupted before the first level was made; {target} {said}\n"
    assert [path.name for path in tmp_path.iterdir()] == (["x.sok"] if existing else [])
    assert not existing or target.read_text() == ONE_LEVEL


# -- names that would break a line -------------------------------------------------------------


def test_a_file_name_holding_a_newline_is_printed_escaped_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Printed raw, the name split the message in two lines, the second looking like another message.
    bad = tmp_path / "levels\nstarpusher: all is well.sok"
    bad.write_text("#####\n#@$ #\n#####\n")  # no goal
    shown = f"{tmp_path}/levels\\nstarpusher: all is well.sok"
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1
    assert out.splitlines() == [
        f"{shown}:1: level 1: a level needs at least one goal",
        f"{shown}: 0 levels OK, 1 with problems",
    ]
    written = tmp_path / "out\n.sok"
    code, out, _ = run(capsys, "export", "original", "-o", str(written))
    assert code == 0 and out.startswith(f"wrote {tmp_path}/out\\n.sok: ") and out.count("\n") == 1
    nowhere = tmp_path / "no folder\n" / "x.png"
    code, _, err = run(capsys, "render", "original", "-o", str(nowhere))
    assert (
        code == 1
        and err == f"starpusher: {tmp_path}/no folder\\n/x.png: cannot write: No such file or directory\n"
    )


# -- verify counts what the moves did -------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        ("rRR", "solved moves=3 pushes=2\n"),
        (
            "rrr",
            "solved moves=3 pushes=2 (counted by what the moves did: 2 letters in the wrong case,"
            " where a capital marks a push)\n",
        ),
        (
            "RRR",
            "solved moves=3 pushes=2 (counted by what the moves did: 1 letter in the wrong case,"
            " where a capital marks a push)\n",
        ),
        ("rRRll", "solved moves=3 pushes=2 (solved after 3 moves; the 2 moves after it not counted)\n"),
    ],
)
def test_verify_counts_pushes_by_what_happened_and_records_the_same(
    moves: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "one.sok"
    level.write_text(ONE_LEVEL)
    assert run(capsys, "verify", str(level), moves) == (0, said, "")
    code, out, _ = run(capsys, "verify", str(level), moves, "--record")
    assert code == 0 and out == said + "first solution recorded (moves 3, pushes 2)\n"


# -- limits that hold ---------------------------------------------------------------------------


def test_the_time_limit_counts_from_the_start_reading_included(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Reading a huge level once took seconds past the limit: stand in for it with a read that
    # would take a minute. The limit stops it, whatever the command was doing.
    from starpusher.cli import solve

    def endless_read(*args: object) -> None:
        time.sleep(60)

    monkeypatch.setattr(solve, "load_level", endless_read)
    started = time.monotonic()
    code, out, err = run(capsys, "solve", "anything.sok", "--time-limit", "0.1")
    assert time.monotonic() - started < 30  # stopped, not waited out
    assert code == 1 and out.startswith("level 1: not solved within the time limit") and err == ""


@pytest.mark.parametrize("limit", ["1e10", "1e300"])
def test_a_time_limit_beyond_what_the_clock_can_hold_is_no_limit(
    limit: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # setitimer took 1e10 seconds for an overflow and the command ended in a traceback.
    code, out, err = run(capsys, "solve", "original", "--level", "1", "--time-limit", limit)
    assert code == 0 and out.startswith("level 1: solved") and err == ""


def test_memory_is_shared_by_the_workers_actually_started(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.cli import solve

    levels = tmp_path / "two.sok"
    levels.write_text(ONE_LEVEL + "\n" + ONE_LEVEL.replace("@ $", "@$ "))
    shares: list[int] = []
    real = solve.default_memory_limit

    def noted(jobs: int) -> float:
        shares.append(jobs)
        return real(jobs)

    monkeypatch.setattr(solve, "default_memory_limit", noted)
    code, out, _ = run(capsys, "solve", str(levels), "--all", "--jobs", "100000")
    assert code == 0 and "solved 2 of 2" in out
    assert shares == [2]  # two levels: two workers, not a hundred thousand


@pytest.fixture
def read_only_data_dir(tmp_path: Path, read_only_view: Callable[[Path], Path]) -> Path:
    """A data folder holding a progress database, seen through a read-only bind mount."""
    writable = tmp_path / "data"
    writable.mkdir()
    level = tmp_path / "one.sok"
    level.write_text(ONE_LEVEL)
    assert main(["verify", str(level), "rRR", "--record", "--data-dir", str(writable)]) == 0
    return read_only_view(writable)


def test_progress_and_export_read_a_read_only_data_folder(
    read_only_data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    before = sorted(path.name for path in read_only_data_dir.iterdir())
    code, out, err = run(capsys, "progress", "--data-dir", str(read_only_data_dir))
    assert (code, err) == (0, "") and out.startswith("1 level solved")
    exported = tmp_path / "out.sok"
    level = str(tmp_path / "one.sok")
    code, out, err = run(capsys, "export", level, "-o", str(exported), "--data-dir", str(read_only_data_dir))
    assert (code, err) == (0, "") and "rRR" in exported.read_text()
    assert sorted(path.name for path in read_only_data_dir.iterdir()) == before


# -- words -------------------------------------------------------------------------------------


def test_one_is_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    level = tmp_path / "one.sok"
    level.write_text(ONE_LEVEL)
    assert run(capsys, "check", str(level)) == (0, f"{level}: 1 level OK\n", "")
    code, out, _ = run(capsys, "generate", "--size", "7x7", "--boxes", "1")
    assert code == 0 and out.startswith("Collection: Generated 7x7, 1 star, medium\n")


@pytest.mark.parametrize("number", ["1", "2"])
def test_level_and_all_are_refused_together_whatever_the_level(
    number: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "one.sok"
    level.write_text(ONE_LEVEL)
    with pytest.raises(SystemExit) as refused:
        main(["solve", str(level), "--level", number, "--all"])
    assert refused.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_check_json_gives_every_object_an_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--json", str(tmp_path / "missing.sok"))
    assert code == 1 and json.loads(out) == [
        {
            "file": str(tmp_path / "missing.sok"),
            "index": None,  # the file as a whole: no level
            "valid": False,
            "error": f"{tmp_path / 'missing.sok'}: cannot read the file: No such file or directory",
        }
    ]


@pytest.mark.parametrize("where", [["--data-dir", "", "progress"], ["progress", "--data-dir", " "]])
def test_an_empty_data_dir_is_refused_not_taken_for_the_current_folder(
    where: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(where)
    assert refused.value.code == 2 and "an empty name is not a folder" in capsys.readouterr().err


def test_verify_record_says_a_database_moved_aside_on_standard_error_as_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], private_data_dir: Path
) -> None:
    level = tmp_path / "one.sok"
    level.write_text(ONE_LEVEL)
    private_data_dir.mkdir()
    (private_data_dir / "progress.sqlite").write_text("scribbles")
    code, out, err = run(capsys, "verify", str(level), "rRR", "--record")
    assert code == 0 and out == "solved moves=3 pushes=2\nfirst solution recorded (moves 3, pushes 2)\n"
    assert err.startswith("starpusher: progress.sqlite is damaged") and "moved it to" in err


def test_a_dangling_link_in_place_of_the_database_is_called_that(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], private_data_dir: Path
) -> None:
    private_data_dir.mkdir()
    (private_data_dir / "progress.sqlite").symlink_to(tmp_path / "gone.sqlite")
    code, _, err = run(capsys, "progress")
    assert code == 1
    assert err == (
        f"starpusher: the progress database {private_data_dir / 'progress.sqlite'} is a symbolic link"
        f" to {tmp_path / 'gone.sqlite'}, which does not exist\n"
    )
