"""``starpusher fifteen solve`` as a user runs it, and ``starpusher fifteen`` handing over to the window."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

from starpusher.cli import main
from starpusher.core.fifteen import Board


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_the_length_and_the_moves(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "fifteen", "solve", "1", "2", "3", "4", "5", "6", "0", "7", "8", "--data-dir", str(tmp_path)
    )
    assert code == 0
    assert out.splitlines() == ["2 moves (optimal)", "LL"]


def test_solve_json_with_commas_and_the_gap_first_goal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tiles = "1,2,0,3,4,5,6,7,8"
    code, out, _ = run(
        capsys, "--data-dir", str(tmp_path), "fifteen", "solve", tiles, "--goal", "blank-first", "--json"
    )
    assert code == 0
    result = json.loads(out)
    assert result == {"length": 2, "moves": "RR", "optimal": True}
    board = Board.from_tiles([int(t) for t in tiles.split(",")], 3, 3)
    assert board.apply(result["moves"]).is_solved(blank_first=True)


def test_solve_a_non_square_board_with_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    board = Board.solved(5, 3).apply("DDRRULDR")
    tiles = [str(t) for t in board.tiles]
    code, out, _ = run(
        capsys, "fifteen", "solve", *tiles, "--size", "5x3", "--json", "--data-dir", str(tmp_path)
    )
    assert code == 0
    result = json.loads(out)
    assert result["optimal"] is False
    assert board.apply(result["moves"]).is_solved()
    assert result["length"] == len(result["moves"])


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (["1", "2", "3", "4", "5", "6", "8", "7", "0"], "cannot be solved"),
        (["1", "2", "3", "4", "5", "6", "7", "0"], "8 numbers do not make a square board"),
        (["1", "2", "x", "4", "5", "6", "7", "8", "0"], "tile 3 is not a number: 'x'"),
        (["1", "2", "3", "4", "5", "6", "7", "8", "8"], "missing 0; unexpected or repeated 8"),
        (["0", "1", "2", "3"], "width must be from 3 to 8"),
    ],
)
def test_bad_boards_get_a_one_line_error(
    tiles: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "fifteen", "solve", *tiles, "--data-dir", str(tmp_path))
    assert code == 1
    assert out == ""
    assert err.startswith("starpusher: ") and message in err
    assert err.count("\n") == 1


def test_a_bad_size_is_a_one_line_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "fifteen", "solve", *map(str, range(9)), "--size", "3x", "--data-dir", str(tmp_path)
    )
    assert code == 1
    assert "size must look like" in err


def test_fifteen_without_a_command_opens_the_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls = []
    window = types.ModuleType("starpusher.gui.fifteen")
    window.run = lambda *, size, data_dir: calls.append((size, data_dir)) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "starpusher.gui.fifteen", window)
    assert main(["fifteen", "--size", "5x3", "--data-dir", str(tmp_path)]) == 0
    assert main(["fifteen"]) == 0  # no size: the window opens at the size played last
    assert calls == [((5, 3), str(tmp_path)), (None, None)]
