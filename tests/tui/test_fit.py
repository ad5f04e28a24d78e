"""Every screen of the terminal fits a narrow pane: its key line cut at a whole key at 40 columns."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

from starpusher.tui.browser import BROWSER_FOOTER
from starpusher.tui.collections import COLLECTION_FOOTER
from starpusher.tui.fifteen import FOOTER as FIFTEEN_FOOTER
from starpusher.tui.levels import LIST_FOOTER
from starpusher.tui.play import FOOTER
from starpusher.tui.positions import POSITIONS_FOOTER, SHORTER_SETTINGS_FOOTER
from starpusher.tui.replay import REPLAY_FOOTER

LEVEL = "A level with a long title, longer than forty columns\n#######\n#@ $ .#\n#######\nSolution: rRR\n"


def key_line(screen: str, keys: tuple[str, ...]) -> list[str]:
    """The keys the screen's last line shows, each checked to be one of ``keys``, whole."""
    line = screen.splitlines()[-1].rstrip()
    assert len(line) <= 40
    shown = line.split("  ")
    assert all(key in keys for key in shown), shown
    return shown


def showing(words: str) -> Callable[[str], bool]:
    return lambda text: words in text


def test_at_40_columns_each_screen_shows_whole_keys(tmp_path: Path) -> None:
    path = tmp_path / "long.sok"
    path.write_text(LEVEL)
    terminal = Terminal([str(path)], columns=40, rows=12, data_dir=tmp_path / "data")
    screen = terminal.wait_for(lambda text: "Level 1 of 1" in text)
    assert key_line(screen, FOOTER)[-2:] == ["? help", "q quit"]
    assert screen.splitlines()[0].startswith("Level 1 of 1  A...")  # a long title cut short, said so
    for key, footer, shows in (
        ("l", LIST_FOOTER, "Choose a level"),
        ("c", COLLECTION_FOOTER, "Choose a collection"),
        ("m", POSITIONS_FOOTER, "Snapshots and solutions"),
    ):
        terminal.press(key)
        key_line(terminal.wait_for(showing(shows)), footer)
        terminal.press("esc")
        terminal.wait_for(lambda text: "Level 1 of 1" in text)
    terminal.press("c", "b")
    key_line(terminal.wait_for(showing("Open a file:")), BROWSER_FOOTER)
    terminal.press("esc", "esc")
    terminal.wait_for(lambda text: "Level 1 of 1" in text)
    terminal.press("m", "o")
    shown = key_line(terminal.wait_for(showing("Make it shorter: settings")), SHORTER_SETTINGS_FOOTER)
    assert "Left/Right change" in shown  # what the screen is for is never the key dropped
    terminal.press("esc", "enter")
    key_line(terminal.wait_for(lambda text: "Replay:" in text), REPLAY_FOOTER)
    terminal.press("esc", "?")
    screen = terminal.wait_for(lambda text: "Keys (" in text)
    assert "Up/Down" in screen.splitlines()[0]  # more keys than rows: the help scrolls
    terminal.press("down", "down", "x", "q")
    assert terminal.finish() == 0


def test_fifteen_at_40_columns_keeps_its_moves_clock_and_whole_keys(tmp_path: Path) -> None:
    terminal = Terminal(["--size", "3x3"], columns=40, rows=12, data_dir=tmp_path / "data", command="fifteen")
    screen = terminal.wait_for(showing("Fifteen 3x3"))
    assert "Moves 0   Time 0:" in screen.splitlines()[0]  # the record gives way, never the counts
    assert key_line(screen, FIFTEEN_FOOTER)[-2:] == ["? help", "q quit"]
    terminal.press("q")
    assert terminal.finish() == 0


def test_the_largest_fifteen_fits_an_80x24_terminal_whole(tmp_path: Path) -> None:
    terminal = Terminal(["--size", "8x8"], data_dir=tmp_path / "data", command="fifteen")
    screen = terminal.wait_for(showing("Fifteen 8x8"))
    numbers = [int(word) for line in screen.splitlines()[1:-1] for word in line.split() if word.isdigit()]
    assert sorted(numbers) == list(range(1, 64))
    assert "No best yet at this size" in screen.splitlines()[0]
    assert screen.splitlines()[-1].rstrip().split("  ") == list(FIFTEEN_FOOTER)  # every key, whole
    terminal.press("q")
    assert terminal.finish() == 0
