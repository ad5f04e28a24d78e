"""The ``check``, ``verify`` and ``levels`` commands, run as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from starpusher.cli import main

GOOD = """\
; A small file with two good levels
; 1
#######
#@ $ .#
#######

; 2
######
#@$ .#
#  $.#
######
"""

MIXED = """\
; 1
#####
#@$.#
#####

; 2
#####
#@$ #
#####

; 3
#####
#@$.#
#$ .#
#####
"""


@pytest.fixture
def good_file(tmp_path: Path) -> Path:
    path = tmp_path / "good.txt"
    path.write_text(GOOD)
    return path


@pytest.fixture
def mixed_file(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    return path


def test_check_reports_a_good_file(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(good_file)]) == 0
    assert capsys.readouterr().out == f"{good_file}: 2 levels OK\n"


def test_check_names_file_line_and_level_of_each_problem(
    mixed_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(mixed_file)]) == 1
    out = capsys.readouterr().out
    assert f"{mixed_file}:7: level 2: a level needs at least one goal" in out
    assert "2 levels OK, 1 with problems" in out


def test_check_json_gives_one_object_per_level(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", str(good_file)]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["index"] for r in records] == [1, 2]
    assert records[1] | {"file": "", "title": ""} == {
        "file": "",
        "index": 2,
        "valid": True,
        "title": "",
        "width": 6,
        "height": 4,
        "boxes": 2,
        "goals": 2,
    }


@pytest.mark.parametrize("content", [b"", b"\x00\xff\xfe garbage \x89PNG\r\n\x1a\n" * 20, b"\n\n;;\n"])
def test_check_never_shows_a_traceback(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    result = run_cli("check", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert str(path) in result.stdout + result.stderr


def test_check_stops_quietly_when_its_reader_goes_away(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("\n\n".join(["#####\n#@$.#\n#####"] * 3000))  # far more JSON than a pipe holds
    with subprocess.Popen(
        [sys.executable, "-m", "starpusher", "check", "--json", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline() == b"[\n"
        process.stdout.close()  # as `| head -1` does
        errors = process.stderr.read().decode()
        assert process.wait(timeout=60) == 1
    assert errors == ""


def test_check_a_missing_file_is_one_line(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path / "nowhere.txt"))
    assert result.returncode == 1
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1 and "nowhere.txt" in lines[0]


def test_check_reports_every_file_and_fails_when_any_is_bad(
    good_file: Path, mixed_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = tmp_path / "one.sok"
    one.write_text("#####\n#@$.#\n#####\n")
    assert main(["check", str(good_file), str(one)]) == 0
    assert capsys.readouterr().out == f"{good_file}: 2 levels OK\n{one}: 1 level OK\n"
    assert main(["check", str(good_file), str(tmp_path), str(mixed_file)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{good_file}: 2 levels OK",
        f"{tmp_path}: cannot read the file: it is a folder, not a regular file",
        f"{mixed_file}:7: level 2: a level needs at least one goal",
        f"{mixed_file}: 2 levels OK, 1 with problems",
    ]


def test_check_json_marks_bad_levels_and_unreadable_files(
    mixed_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.txt"
    assert main(["check", "--json", str(mixed_file), str(missing)]) == 1
    records = json.loads(capsys.readouterr().out)
    found = [(r.get("index"), r["valid"]) for r in records]
    assert found == [(1, True), (2, False), (3, True), (None, False)]
    assert records[1]["line"] == 7 and "at least one goal" in records[1]["error"]
    assert records[3]["file"] == str(missing) and "cannot read the file" in records[3]["error"]


def test_check_an_unreadable_file_is_one_line(
    good_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # chmod 000 does not stop root, who runs the tests here: refuse the read the way the OS would.
    real_open = os.open

    def refuse(path: str, flags: int, *args: int) -> int:
        if path == str(good_file):
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse)  # the reader opens files with os.open
    assert main(["check", str(good_file)]) == 1
    assert capsys.readouterr().out == f"{good_file}: cannot read the file: Permission denied\n"


def test_verify_says_solved_with_counts(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(good_file), "--level", "1", "rRR"]) == 0
    assert capsys.readouterr().out == "solved moves=3 pushes=2\n"


def test_verify_accepts_run_length_encoding(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(good_file), "--level", "1", "r2R"]) == 0


def test_verify_names_the_first_illegal_move(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(good_file), "--level", "1", "rRRR"]) == 1
    out = capsys.readouterr().out
    assert "move 4" in out and "wall" in out


def test_verify_unsolved_moves_exit_1(good_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(good_file), "--level", "2", "R"]) == 1
    assert capsys.readouterr().out.startswith("not solved moves=1 pushes=1")


def test_verify_reports_bad_notation_and_missing_levels(good_file: Path) -> None:
    bad_moves = run_cli("verify", str(good_file), "--level", "1", "rxr")
    assert bad_moves.returncode == 1 and "'x' is not a move" in bad_moves.stderr
    missing = run_cli("verify", str(good_file), "--level", "9", "r")
    assert missing.returncode == 1 and "no level 9" in missing.stderr
    assert "Traceback" not in bad_moves.stderr + missing.stderr


def test_levels_lists_the_built_in_collections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels"]) == 0
    out = capsys.readouterr().out
    assert "original" in out and "demo" in out


def test_python_dash_m_runs_the_command_line() -> None:
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("starpusher ")


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "starpusher", *args], capture_output=True, text=True, check=False, timeout=60
    )


# -- a Solution: line that cannot be read --------------------------------------------------------

BROKEN_SOLUTION = """\
#####
#@$.#
#####
Title: Push once
Solution: R!
"""


@pytest.fixture
def broken_solution_file(tmp_path: Path) -> Path:
    path = tmp_path / "broken.sok"
    path.write_text(BROKEN_SOLUTION)
    return path


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["check", "{file}"], "{file}: 1 level OK\n"),
        (["verify", "{file}", "R"], "solved moves=1 pushes=1\n"),
        (["solve", "{file}", "--level", "1"], "R\n"),
        (["progress", "{file}"], "{file}: 0 of 1 level solved\n"),
    ],
)
def test_a_bad_solution_line_is_left_out_and_the_level_plays(
    command: list[str], said: str, broken_solution_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One bad ``Solution:`` line made its whole level unplayable: "level 1 is not playable"."""
    notice = f"{broken_solution_file}:5: level 1: solution left out: move text column 2: '!' is not a move"
    assert main([part.format(file=broken_solution_file) for part in command]) == 0
    out, err = capsys.readouterr()
    assert said.format(file=broken_solution_file) in out
    if command[0] == "check":  # the report says it, on standard output
        assert out.startswith(notice + "\n") and err == ""
    else:
        assert err == f"starpusher: {notice}\n"


def test_import_counts_a_solution_that_cannot_be_read_as_not_valid(
    broken_solution_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", str(broken_solution_file)]) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "solution left out" in err
    assert out == f"{broken_solution_file}: 0 solutions recorded (0 improved your bests), 1 not valid\n"
