"""Collections in the terminal: the chooser, the file browser, and opening where the player left off."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

from starpusher.levels import read_collection
from starpusher.store import Store

FIRST = "One push\n#######\n#@ $ .#\n#######\n"
SECOND = "Second\n########\n#@ $  .#\n########\n"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    first, second = tmp_path / "first.sok", tmp_path / "second.sok"
    first.write_text(FIRST)
    second.write_text(SECOND)
    return first, second


def test_a_file_browsed_for_from_the_chooser_is_solved_and_opened_again_where_left(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    first, second = files
    data = tmp_path / "data"
    terminal = Terminal([str(first)], data_dir=data)
    terminal.wait_for(lambda text: "One push" in text)
    terminal.press("c")
    screen = terminal.wait_for(lambda text: "Choose a collection" in text)
    assert "Built in" in screen and "Star Pusher originals" in screen
    assert "Opened before" in screen and "first.sok" in screen and "0 of 1 solved" in screen
    terminal.press("b")  # the browser opens in the folder of the file opened last
    screen = terminal.wait_for(lambda text: "Open a file:" in text)
    assert "first.sok" in screen and "second.sok" in screen and "data/" in screen
    terminal.press("s", "enter")  # S jumps to second.sok, Enter plays it
    screen = terminal.wait_for(lambda text: "Second" in text)
    assert "Level 1 of 1" in screen
    terminal.press("right", "right", "right", "right")
    terminal.wait_for(lambda text: "Solved!" in text)
    terminal.press("q")
    assert terminal.finish() == 0
    with Store.open(data) as store:  # the window finds it solved, and opens it where it was left
        assert store.is_solved(read_collection(second).levels[0])
        assert store.last_played() == (str(second.resolve()), 1)

    again = Terminal([], data_dir=data)  # no file: where the player left off
    screen = again.wait_for(lambda text: "Level 1 of 1" in text)
    assert "Second" in screen
    again.press("c")
    screen = again.wait_for(lambda text: "Choose a collection" in text)
    assert "> second.sok" in screen and "1 of 1 solved" in screen  # the one open, marked
    again.press("down", "enter")  # first.sok, opened before second.sok: listed after it
    again.wait_for(lambda text: "One push" in text)
    again.press("q")
    assert again.finish() == 0


def test_a_built_in_collection_is_chosen_and_a_missing_file_said_in_one_line(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    first, _ = files
    data = tmp_path / "data"
    gone = tmp_path / "gone.sok"
    with Store.open(data) as store:
        store.set_last_played(str(gone), 3)
    terminal = Terminal([str(first)], data_dir=data)
    terminal.wait_for(lambda text: "One push" in text)
    terminal.press("c")
    screen = terminal.wait_for(lambda text: "Choose a collection" in text)
    assert "gone.sok" in screen and "missing" in screen
    rows = screen.splitlines()
    gone_row = next(row for row, line in enumerate(rows) if "gone.sok" in line)
    chosen_row = next(row for row, line in enumerate(rows) if "> first.sok" in line)
    terminal.press(*["down" if gone_row > chosen_row else "up"] * abs(gone_row - chosen_row), "enter")
    terminal.wait_for(lambda text: "ne.sok missing: " in text)  # said, and the chooser stays
    terminal.press("delete")  # off the list, its progress kept
    screen = terminal.wait_for(lambda text: "is off the list" in text)
    assert "missing" not in screen
    terminal.press(*["up"] * 12, "down", "enter")  # the second built-in: the original game's levels
    screen = terminal.wait_for(lambda text: "Level 1 of 356" in text)
    terminal.press("q")
    assert terminal.finish() == 0
