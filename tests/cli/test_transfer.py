"""``starpusher export`` and ``starpusher import``: best solutions out to .sok and back."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from starpusher.cli import main
from starpusher.levels import read_collection

LEVELS = """\
Collection: Three
Author: Tester

#######
#@ $ .#
#######
Title: Corridor

######
#   ##
#  $@#
#   .#
######
Title: Trade-off

#####
#@$.#
#####
Title: One push
"""

#: The same levels as another program might send them: solutions under the
#: boards, one of them wrapped over two lines, one run-length encoded, one
#: with a push written in lower case, one that does not finish and one that
#: runs into a wall.
WITH_SOLUTIONS = """\
#######
#@ $ .#
#######
Title: Corridor
Solution (moves 5, pushes 2):
rl
rRR
Solution:
r2R
Solution:
r

######
#   ##
#  $@#
#   .#
######
Title: Trade-off
Solution (moves 8, pushes 4):
LulDldRR
Solution (moves 10, pushes 2):
dlluurDldR
Solution:
llll

#####
#@$.#
#####
Title: One push
Solution:
r
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def data(tmp_path: Path) -> list[str]:
    return ["--data-dir", str(tmp_path / "data")]


def test_import_records_the_valid_and_reports_the_rest(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "solutions.sok"
    source.write_text(WITH_SOLUTIONS)
    code, out, _ = run(capsys, "import", str(source), *data)
    assert code == 1  # some solutions were not valid
    lines = out.splitlines()
    rejected = [line for line in lines if "is not valid" in line]
    assert len(rejected) == 2
    assert rejected[0] == (
        f"{source}: level 1: solution 3 (1 move) is not valid:"
        " the moves do not solve the level: its goal holds no star after 1 move"
    )
    assert rejected[1] == (
        f"{source}: level 2: solution 3 (4 moves) is not valid:"
        " move 3 ('l'): cannot push left: the star would go into a wall"
    )
    assert lines[-1] == f"{source}: 5 solutions recorded (5 improved your bests), 2 not valid"

    code, out, _ = run(capsys, "progress", str(source), *data)
    table = out.splitlines()
    assert table[1].split()[:4] == ["1", "solved", "3", "moves"]  # r2R beat the 5-move one
    assert table[2].endswith("Trade-off (fewest pushes: 2 in 10 moves)")
    assert table[3].split()[:6] == ["3", "solved", "1", "move", "1", "push"]


def test_a_clean_import_succeeds(tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "good.sok"
    source.write_text(LEVELS.replace("Title: One push", "Title: One push\nSolution:\nR"))
    code, out, _ = run(capsys, "import", str(source), *data)
    assert code == 0
    assert out.splitlines()[-1] == f"{source}: 1 solution recorded (1 improved your bests), 0 not valid"


def test_export_writes_best_solutions_under_each_board(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    for number, moves in (("1", "rlrRR"), ("1", "rRR"), ("2", "LulDldRR"), ("2", "dlluurDldR")):
        run(capsys, "verify", str(levels), "--level", number, moves, "--record", *data)

    out_path = tmp_path / "out.sok"
    code, out, _ = run(capsys, "export", str(levels), "-o", str(out_path), *data)
    assert code == 0
    assert out.strip() == f"wrote {out_path}: 3 levels, 2 with solutions"
    text = out_path.read_text()
    assert "Solution (moves 3, pushes 2):\nrRR\n" in text
    assert "Solution (moves 8, pushes 4):\nLulDldRR\nSolution (moves 10, pushes 2):\ndlluurDldR\n" in text
    assert "rlrRR" not in text  # only the bests

    exported = read_collection(out_path)
    assert exported.title == "Three" and exported.author == "Tester"
    assert [level.title for level in exported.levels] == ["Corridor", "Trade-off", "One push"]
    assert [level.solutions for level in exported.levels] == [("rRR",), ("LulDldRR", "dlluurDldR"), ()]


def test_export_then_import_elsewhere_carries_the_progress(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    run(capsys, "verify", str(levels), "--level", "3", "R", "--record", *data)
    run(capsys, "export", str(levels), "-o", str(tmp_path / "out.sok"), *data)

    other = ["--data-dir", str(tmp_path / "other-computer")]
    code, out, _ = run(capsys, "import", str(tmp_path / "out.sok"), *other)
    assert code == 0
    code, out, _ = run(capsys, "progress", *other)
    assert out.splitlines()[1] == "solved      1 move      1 push    One push"


def test_export_to_the_screen(tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    code, out, _ = run(capsys, "export", str(levels), "-o", "-", *data)
    assert code == 0 and out.startswith("Collection: Three\n")


def test_export_refuses_to_overwrite_its_source(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    code, _, err = run(capsys, "export", str(levels), "-o", str(levels), *data)
    assert code == 1 and "refusing to write over" in err
    assert levels.read_text() == LEVELS


def test_export_into_a_missing_folder_is_one_line_error(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    code, _, err = run(capsys, "export", str(levels), "-o", str(tmp_path / "no" / "such.sok"), *data)
    assert code == 1 and err.count("\n") == 1 and "cannot write" in err
    assert list(tmp_path.glob("**/*.tmp")) == []


def test_export_optimize_adds_shorter_solutions_marked_as_optimized(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    run(capsys, "verify", str(levels), "--level", "1", "rlrRR", "--record", *data)
    run(capsys, "verify", str(levels), "--level", "3", "R", "--record", *data)
    out_path = tmp_path / "out.sok"
    code, out, _ = run(
        capsys, "export", str(levels), "-o", str(out_path), "--optimize", "--time-limit", "2", *data
    )
    assert code == 0
    assert out.strip() == f"wrote {out_path}: 3 levels, 2 with solutions, 1 with shorter ones"
    text = out_path.read_text()
    assert "Solution (moves 5, pushes 2):\nrlrRR\n" in text  # the player's own, as it was
    assert "Solution (moves 3, pushes 2, optimized for moves and pushes, proven optimal):\nrRR\n" in text
    assert "Solution (moves 1, pushes 1):\nR\n" in text  # nothing shorter: nothing more
    exported = read_collection(out_path)
    assert [level.solutions for level in exported.levels] == [("rlrRR", "rRR"), (), ("R",)]


def _tamper(data: list[str], statement: str) -> None:
    db = sqlite3.connect(Path(data[1]) / "progress.sqlite")
    db.execute(statement)
    db.commit()
    db.close()


def test_export_optimize_goes_by_the_replayed_counts_never_the_rows(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A best claiming 1 move and 1 push stopped export --optimize writing anything shorter."""
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    run(capsys, "verify", str(levels), "--level", "1", "rlrRR", "--record", *data)
    _tamper(data, "UPDATE best_solutions SET moves = 1, pushes = 1")
    out_path = tmp_path / "out.sok"
    code, out, err = run(capsys, "export", str(levels), "-o", str(out_path), "--optimize", *data)
    assert (code, err) == (0, "") and out.endswith("1 with shorter ones\n")
    text = out_path.read_text()
    assert "Solution (moves 5, pushes 2):\nrlrRR\n" in text  # its true counts
    assert "Solution (moves 3, pushes 2, optimized for moves and pushes, proven optimal):\nrRR\n" in text


def test_export_optimize_leaves_out_a_damaged_known_solution_with_a_line(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text(LEVELS)
    run(capsys, "verify", str(levels), "--level", "1", "rlrRR", "--record", *data)
    run(capsys, "optimize", str(levels), "--level", "1", "--keep", *data)
    _tamper(data, "UPDATE known_solutions SET lurd = 'lll'")
    code, out, err = run(capsys, "export", str(levels), "-o", "-", "--optimize", *data)
    assert code == 0 and "optimized for moves and pushes, proven optimal):\nrRR\n" in out
    assert err == (
        f"starpusher: {levels}: level 1: the known solution kept in progress.sqlite is left out:"
        " move 1 ('l'): cannot move left: a wall is in the way\n"
    )


def test_an_interrupted_export_optimize_counts_as_its_bar_does(
    tmp_path: Path, data: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "174 of 356 levels optimized" while its bar, of the levels with solutions, showed 3 of 5."""
    from starpusher.cli import transfer

    levels = tmp_path / "seven.sok"
    levels.write_text(
        "\n".join(f"; {k}\n{'#' * (k + 5)}\n#@{' ' * k}$.#\n{'#' * (k + 5)}\n" for k in range(7))
    )
    for k in (1, 3, 4, 5, 6):  # five levels with solutions, the first and the third without
        assert main(["verify", str(levels), "--level", str(k + 1), "r" * k + "R", "--record", *data]) == 0
    capsys.readouterr()
    real, calls = transfer._optimized, []

    def interrupted_at_the_third(*args: Any) -> dict[str, str]:
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(transfer, "_optimized", interrupted_at_the_third)
    code, out, err = run(capsys, "export", str(levels), "-o", str(tmp_path / "out.sok"), "--optimize", *data)
    assert code == 130
    assert err == "starpusher: interrupted; 2 of the 5 levels with solutions optimized\n"
    assert out == f"wrote {tmp_path / 'out.sok'}: 7 levels, 5 with solutions, 0 with shorter ones\n"
