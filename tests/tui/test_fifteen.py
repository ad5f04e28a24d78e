"""Fifteen in the terminal (``starpusher fifteen --terminal``): slid by keys and clicks, kept in the store."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

from starpusher.store import FifteenGame, Store


def left_unfinished(data: Path, tiles: tuple[int, ...]) -> None:
    """A 3x3 game left unfinished at ``tiles``: the terminal resumes it (a board to solve by known keys)."""
    with Store.open(data) as store:
        store.save_fifteen_game(FifteenGame((3, 3), tiles, "", 0.0, False))


def tile_at(terminal: Terminal, number: int) -> tuple[int, int]:
    """The screen column and row of a tile's number."""
    for row, line in enumerate(terminal.screen.display[1:-2], start=1):
        found = re.search(rf"(?<!\d){number}(?!\d)", line)
        if found:
            return found.start(), row
    raise AssertionError(f"no tile {number} on the screen:\n{terminal.text()}")


def test_a_3x3_board_solved_by_keys_is_recorded_in_the_store(tmp_path: Path) -> None:
    data = tmp_path / "data"
    left_unfinished(data, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    terminal = Terminal(["--size", "3x3"], data_dir=data, command="fifteen", term="vt100")
    screen = terminal.wait_for(lambda text: "Fifteen 3x3" in text)
    assert "Moves 0   Time 0:00" in screen and "No best yet at this size" in screen
    assert "[ 4] [ 5] [ 6]" in screen  # no colours: each tile in brackets
    terminal.press("left")  # the tile right of the gap slides left into it
    terminal.wait_for(lambda text: "Moves 1" in text)
    terminal.press("left")
    screen = terminal.wait_for(lambda text: "Solved!" in text)
    said = " ".join(screen.split())
    assert "Solved! 2 moves in 0:" in said and ". New best: 2 moves! New best time: " in said
    assert screen.splitlines()[-1].startswith("any key: new shuffle")
    terminal.press("z")  # undo keeps its meaning on a solved board
    terminal.wait_for(lambda text: "Moves 1" in text and "Solved!" not in text)
    terminal.press("q")
    assert terminal.finish() == 0
    with Store.open(data) as store:  # where the window's Fifteen finds its best
        best = store.fifteen_best(3, 3)
        assert best.moves == 2 and best.seconds is not None


def test_a_click_slides_the_tiles_between_it_and_the_gap(tmp_path: Path) -> None:
    data = tmp_path / "data"
    left_unfinished(data, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    terminal = Terminal(["--size", "3x3"], data_dir=data, command="fifteen")
    terminal.wait_for(lambda text: "Fifteen 3x3" in text)
    x, y = tile_at(terminal, 8)
    terminal.click(x, y)  # 7 and 8 slide left, one click
    screen = terminal.wait_for(lambda text: "Solved!" in text)
    assert "Moves 2" in screen
    terminal.press("r")  # a new shuffle
    terminal.wait_for(lambda text: "Moves 0" in text and "Solved!" not in text)
    terminal.press("q")
    assert terminal.finish() == 0


def test_without_a_terminal_fifteen_says_so_in_one_line_and_touches_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = subprocess.run(
        [sys.executable, "-m", "starpusher", "fifteen", "--terminal", "--data-dir", str(data)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "starpusher: --terminal needs a terminal: standard input and output must be one"
    ]
    assert not data.exists()  # refused before the store was opened


def test_a_hint_names_a_slide_and_the_solver_plays_the_rest_never_a_best(tmp_path: Path) -> None:
    data = tmp_path / "data"
    left_unfinished(data, (4, 1, 3, 7, 2, 5, 0, 8, 6))  # six slides from solved
    terminal = Terminal(["--size", "3x3"], data_dir=data, command="fifteen")
    terminal.wait_for(lambda text: "Fifteen 3x3" in text)
    terminal.press("h")
    terminal.wait_for(lambda text: "Hint: slide 7 down; 6 moves to go." in text)
    terminal.press("H")
    screen = terminal.wait_for(lambda text: "Solved!" in text)
    assert "Moves 6" in screen and "with help 1x" in screen
    assert "Solved with help: kept as that, never as a best." in " ".join(screen.split())
    terminal.press("q")
    assert terminal.finish() == 0
    with Store.open(data) as store:
        assert store.fifteen_best(3, 3).moves is None
