"""Finding a level in the terminal's list: by words of its title, by its number, among the unsolved."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

TITLES = ("Easy start", "Box corridor", "Long walk", "Box room", "Final")
#: Each a corridor of its own length (the store knows a level by its board): three moves solve the first.
LEVELS = "".join(
    f"{title}\n{'#' * (7 + n)}\n#@ $ {' ' * n}.#\n{'#' * (7 + n)}\n\n" for n, title in enumerate(TITLES)
)


def test_a_level_is_found_by_title_by_number_and_among_the_unsolved(tmp_path: Path) -> None:
    path = tmp_path / "five.sok"
    path.write_text(LEVELS)
    terminal = Terminal([str(path)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Level 1 of 5" in text)
    terminal.press("/", "r", "o", "o", "m")  # / in play: the list, finding by title at once
    screen = terminal.wait_for(lambda text: 'titles with "room"' in text)
    assert "Find: room_" in screen and "Box room" in screen
    assert "Box corridor" not in screen and "Easy start" not in screen
    terminal.press("enter")
    terminal.wait_for(lambda text: "Level 4 of 5  Box room" in text)

    terminal.press("2")  # a digit in play: the list, going to that number
    screen = terminal.wait_for(lambda text: "Go to level 2_" in text)
    terminal.press("enter")
    terminal.wait_for(lambda text: "Level 2 of 5  Box corridor" in text)
    terminal.press("right", "right", "right", "right")  # level 2's corridor is a square longer
    terminal.wait_for(lambda text: "Solved!" in text)

    terminal.press("l")  # the list keeps its meaning on a solved level
    screen = terminal.wait_for(lambda text: "Choose a level" in text)
    assert "*    2  Box corridor" in screen and "1 of 5 solved" in screen
    terminal.press("o")  # the unsolved only
    screen = terminal.wait_for(lambda text: "4 of 5 levels: unsolved" in text)
    assert "Box corridor" not in screen and "Long walk" in screen
    terminal.press("esc")  # Esc first shows every level again, then goes back
    screen = terminal.wait_for(lambda text: "Box corridor" in text)
    terminal.press("esc", "q")
    assert terminal.finish() == 0


def test_a_best_of_one_move_and_one_push_is_said_in_the_singular(tmp_path: Path) -> None:
    path = tmp_path / "tiny.sok"
    path.write_text("Tiny\n#####\n#@$.#\n#####\n\nLonger\n######\n#@$ .#\n######\n")
    terminal = Terminal([str(path)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Level 1 of 2" in text)
    terminal.press("right")
    terminal.wait_for(lambda text: "Solved!" in text)
    terminal.press("n", "right", "right")
    terminal.wait_for(lambda text: "Solved!" in text)
    terminal.press("l")
    screen = terminal.wait_for(lambda text: "Choose a level" in text)
    assert "best 1 move, 1 push" in screen and "best 2 moves, 2 pushes" in screen
    terminal.press("esc", "q")
    assert terminal.finish() == 0
