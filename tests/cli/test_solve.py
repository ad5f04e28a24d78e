"""``starpusher solve``, run as a user would."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from solver_helpers import positions_along

from starpusher.cli import main
from starpusher.cli.solve import DEFAULT_MEMORY_MB, default_memory_limit
from starpusher.levels import parse_collection

LEVELS = """\
; 1
#######
#@ $ .#
#######

; 2
######
#@$ .#
#  $.#
######

; 3 (a star in a corner: unsolvable)
#####
#@ .#
#  $#
#####
"""

SOLVABLE = """\
#######
#@ $ .#
#######

######
#@$ .#
#  $.#
######
"""


@pytest.fixture
def levels_file(tmp_path: Path) -> Path:
    path = tmp_path / "levels.txt"
    path.write_text(LEVELS)
    return path


@pytest.fixture
def solvable_file(tmp_path: Path) -> Path:
    path = tmp_path / "solvable.txt"
    path.write_text(SOLVABLE)
    return path


#: Sasquatch 162: no search finishes it in seconds.
HARD = (
    "  ###########\n###.  .$.  .###\n ## $  $  $ ##\n  ## ..$.. ##\n   ##$#$#$##\n    #.$ $.#\n"
    "    #  @  #\n    ### ###\n   ## $ $ ##\n   #.  $  .#\n   ### . ###\n     #####\n"
)


def test_one_level_prints_its_checked_solution(levels_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(levels_file), "--level", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("level 1: solved in ") and lines[0].endswith(", 3 moves, 2 pushes")
    assert lines[1] == "rRR"
    positions_along(parse_collection(LEVELS).levels[0], lines[1])


def test_every_printed_solution_replays_to_a_solved_position(
    levels_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = parse_collection(LEVELS).levels
    main(["solve", str(levels_file), "--all"])
    lines = capsys.readouterr().out.splitlines()
    solved = [number for number, line in enumerate(lines) if " solved in " in line]
    assert len(solved) == 2
    for index in solved:
        number = int(lines[index].split(":")[0].removeprefix("level "))
        moves = lines[index + 1]
        states = positions_along(levels[number - 1], moves)
        assert lines[index].endswith(f", {len(moves)} moves, {sum(m.isupper() for m in moves)} pushes")
        assert len(states) == len(moves) + 1
    main(["solve", str(levels_file), "--all", "--json"])
    for record in json.loads(capsys.readouterr().out):
        if record["solved"]:
            positions_along(levels[record["level"] - 1], record["solution"])


def test_the_first_level_is_the_default(levels_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(levels_file)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "rRR"


def test_an_unsolvable_level_is_reported_and_fails(
    levels_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(levels_file), "--level", "3"]) == 1
    assert capsys.readouterr().out.startswith("level 3: unsolvable")


def test_all_levels_end_with_a_summary_table(levels_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(levels_file), "--all"]) == 1
    out = capsys.readouterr().out
    table = out[out.index("level  result") :].splitlines()
    assert table[1].split() == ["1", "solved", table[1].split()[2], "3", "2"]
    assert table[3].split()[:2] == ["3", "unsolvable"]
    assert table[-1].startswith("solved 2 of 3, unsolved 1")


def test_exit_status_is_zero_when_every_level_is_solved(
    solvable_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(solvable_file), "--all", "--jobs", "2"]) == 0
    assert "solved 2 of 2, unsolved 0" in capsys.readouterr().out


def test_json_gives_one_object_per_level_and_nothing_else(
    levels_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(levels_file), "--all", "--json", "--jobs", "2"]) == 1
    records = json.loads(capsys.readouterr().out)
    assert [record["level"] for record in records] == [1, 2, 3]
    first = records[0]
    assert {key: first[key] for key in ("level", "solved", "moves", "pushes", "solution")} == {
        "level": 1,
        "solved": True,
        "moves": 3,
        "pushes": 2,
        "solution": "rRR",
    }
    assert isinstance(first["seconds"], float)
    assert records[2]["solved"] is False and records[2]["status"] == "unsolvable"
    assert records[2]["solution"] is None


# Past its limit the command's alarm rings (:mod:`starpusher.cli.limits`); a ring that lands in
# hypothesis's garbage-collector callback is dropped by Python with this warning, and the alarm
# rings again (tests/cli/test_limits.py).
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_timeout_is_reported_as_not_solved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hard.txt"
    path.write_text(HARD)
    assert main(["solve", str(path), "--time-limit", "0.2"]) == 1
    assert "not solved within the time limit" in capsys.readouterr().out


def test_the_memory_limit_stops_a_search_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hard.txt"
    path.write_text(HARD)
    assert main(["solve", str(path), "--memory-limit", "0.5", "--time-limit", "60"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("level 1: not solved: the search reached the memory limit")


def test_bad_levels_in_a_file_are_reported_among_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text("#####\n#@$.#\n#####\n\n#####\n#@$ #\n#####\n")
    assert main(["solve", str(path), "--all", "--json"]) == 1
    records = json.loads(capsys.readouterr().out)
    assert [(record["level"], record["status"]) for record in records] == [(1, "solved"), (2, "invalid")]
    assert "goal" in records[1]["error"]


def test_errors_are_one_line_without_traceback(levels_file: Path, tmp_path: Path) -> None:
    for args in (
        [str(levels_file), "--level", "9"],
        [str(tmp_path / "missing.txt")],
    ):
        result = subprocess.run(
            [sys.executable, "-m", "starpusher", "solve", *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert result.returncode == 1
        assert "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
        assert result.stderr.startswith("starpusher: ")


@pytest.mark.parametrize("option", [["--time-limit", "0"], ["--jobs", "0"], ["--level", "x"]])
def test_bad_options_are_usage_errors(levels_file: Path, option: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["solve", str(levels_file), *option])
    assert stopped.value.code == 2


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal, so the progress bar is drawn."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_goes_to_a_terminal_stderr_only(
    solvable_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["solve", str(solvable_file), "--all"]) == 0
    shown = terminal.getvalue()
    assert "solving" in shown and "2/2" in shown and "2 solved" in shown  # tqdm's bar, at its end
    assert "levels, " not in capsys.readouterr().out


def test_no_progress_bar_when_stderr_is_not_a_terminal(
    solvable_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(solvable_file), "--all"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("jobs", [1, 2, 8, 64])
def test_the_default_memory_limit_keeps_all_jobs_within_half_the_machine(jobs: int) -> None:
    machine_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    limit = default_memory_limit(jobs)
    assert 0 < limit <= DEFAULT_MEMORY_MB
    assert limit * jobs <= machine_mb / 2


def test_help_describes_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["solve", "--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    for option in ("--level", "--all", "--time-limit", "--jobs", "--memory-limit", "--json"):
        assert option in text
