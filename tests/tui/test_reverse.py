"""Reverse mode in the terminal (V): marked in colour and in words, and a solve kept as a forward one."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

from starpusher.levels import read_collection
from starpusher.store import Store

LEVEL = "One push\n#######\n#@ $ .#\n#######\n"


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "one.sok"
    path.write_text(LEVEL)
    return path


def test_a_level_solved_backwards_is_kept_as_its_forward_solution(level_file: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    terminal = Terminal([str(level_file)], data_dir=data)
    terminal.wait_for(lambda text: "Moves 0   Pushes 0" in text)
    assert terminal.screen.buffer[0][0].bg == "white"  # the bar, forward
    terminal.press("v")
    screen = terminal.wait_for(lambda text: "BACKWARDS" in text)
    assert "Moves 0   Pulls 0" in screen and "@       *" in screen  # the star starts on its goal
    assert terminal.screen.buffer[0][0].bg == "magenta"  # the bar's own colour while backwards
    assert screen.splitlines()[-1].startswith("step away: pull  v forward")
    terminal.press("right", "right", "right", "left")  # to the star, then a step away pulls it
    terminal.wait_for(lambda text: "Moves 4   Pulls 1" in text)
    terminal.press("left")  # the star is home, and the player can walk to the start
    screen = terminal.wait_for(lambda text: "Solved backwards" in text)
    assert "BACKWARDS" not in screen and "Moves 3   Pushes 2" in screen and "@ *" in screen
    terminal.press("q")
    assert terminal.finish() == 0
    level = read_collection(level_file).levels[0]
    with Store.open(data) as store:
        (progress,) = store.progress_of([level])
        assert progress.solved and progress.best_moves is not None
        assert progress.best_moves.lurd == "rRR"  # the pulls turned around, a forward solution


def test_without_colours_a_word_says_the_level_is_played_backwards(level_file: Path, tmp_path: Path) -> None:
    terminal = Terminal([str(level_file)], columns=40, rows=12, data_dir=tmp_path / "data", term="vt100")
    terminal.wait_for(lambda text: "Level 1 of 1" in text)
    terminal.press("v")
    screen = terminal.wait_for(lambda text: "Pulls 0" in text)
    assert screen.splitlines()[0].startswith("BACKWARDS  Level 1")  # the word whole, at 40 columns too
    terminal.press("v")
    screen = terminal.wait_for(lambda text: "Forward play again" in " ".join(text.split()))
    assert "BACKWARDS" not in screen
    terminal.press("q")
    assert terminal.finish() == 0
