"""``starpusher optimize``: a solution made shorter, run as a user would."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
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
