"""``starpusher fifteen solve`` as a user runs it, and ``starpusher fifteen`` handing over to the window."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from starpusher.cli import fifteen as fifteen_command
from starpusher.cli import main
from starpusher.cli.fifteen import ProgressBar
from starpusher.core.fifteen import Board
from starpusher.solver.fifteen import tables as pattern_tables


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
    calls: list[tuple[tuple[int, int] | None, str | os.PathLike[str] | None]] = []

    def play_fifteen(size: tuple[int, int] | None, data_dir: str | os.PathLike[str] | None) -> int:
        calls.append((size, data_dir))
        return 0

    monkeypatch.setattr(fifteen_command, "play_fifteen", play_fifteen)
    assert main(["fifteen", "--size", "5x3", "--data-dir", str(tmp_path)]) == 0
    assert main(["fifteen"]) == 0  # no size: the window opens at the size played last
    assert calls == [((5, 3), str(tmp_path)), (None, None)]


def test_the_first_4x4_solve_says_it_builds_the_tables_and_the_next_does_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Groups of three tiles instead of the real 6-6-3 split: the same build, in a second.
    groups = ((1, 4, 5), (2, 3, 6), (7, 10, 11), (8, 9, 12), (13, 14, 15))
    monkeypatch.setitem(pattern_tables.PATTERNS, (4, 4), groups)
    monkeypatch.setattr(pattern_tables, "MIRRORED", {})
    monkeypatch.setattr(pattern_tables, "_loaded", {})
    board = Board.shuffled(4, 4, rng=random.Random(2), slides=14)  # then 6 more bring the gap home
    tiles = [str(tile) for tile in board.tiles]
    code, out, err = run(capsys, "fifteen", "solve", *tiles, "--data-dir", str(tmp_path))
    assert code == 0
    assert err == "building move tables (about half a minute)...\n"
    length = int(out.split()[0])
    assert out.splitlines()[0] == f"{length} moves (optimal)" and length <= 20
    assert board.apply(out.splitlines()[1]).is_solved()
    assert pattern_tables.cache_path(tmp_path, 4, 4).is_file()
    monkeypatch.setattr(pattern_tables, "_loaded", {})  # a new run: the tables come from the cache
    assert run(capsys, "fifteen", "solve", *tiles, "--data-dir", str(tmp_path)) == (0, out, "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("kind", ["a named pipe", "a folder"])
def test_something_else_in_place_of_the_tables_file_is_passed_over_at_once_in_one_line(
    kind: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, small_4x4_groups: None
) -> None:
    cache = pattern_tables.cache_path(tmp_path, 4, 4)
    os.mkfifo(cache) if kind == "a named pipe" else cache.mkdir()
    started = time.monotonic()
    with writer_after(cache, seconds=30):  # 4x4 waited for ever for a writer to open the pipe
        code, out, err = run(capsys, "fifteen", "solve", *ONE_MOVE_4X4, "--data-dir", str(tmp_path))
    assert time.monotonic() - started < 30
    assert (code, out) == (0, "1 move (optimal)\nL\n")
    assert err == (
        f"starpusher: the move tables {cache} cannot be read (it is {kind}, not a regular file):"
        " building them in memory, not kept\n"
        "building move tables (about half a minute)...\n"
    )
    assert [path.name for path in tmp_path.iterdir()] == [cache.name]  # left as it was


ONE_MOVE_4X4 = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "0", "15"]


@contextlib.contextmanager
def writer_after(pipe: Path, seconds: float) -> Iterator[None]:
    """After ``seconds``, open ``pipe`` for writing again and again, so no reader waits for ever."""
    done = threading.Event()

    def release_readers() -> None:
        if done.wait(seconds):
            return
        while not done.wait(0.1):
            with contextlib.suppress(OSError):  # no reader waiting now, or not a pipe
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))

    thread = threading.Thread(target=release_readers, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_build_is_a_bar_redrawn_in_place() -> None:
    stream = Terminal()
    bar = ProgressBar(stream)
    for fraction in (0.0, 0.004, 0.5, 1.0):
        bar("building move tables (tiles 1 2 3)", fraction)
    drawn = stream.getvalue()
    assert "\r" in drawn and "building move tables" in drawn  # tqdm's bar, redrawn in place
    last = drawn.rstrip("\n").split("\r")[-1]
    assert last.startswith("building move tables (tiles 1 2 3): 100%") and "100/100" in last
    assert drawn.endswith("\n")  # the finished bar stays, and the next line starts below it
