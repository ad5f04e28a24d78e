"""The mouse in the terminal, where it reports clicks: walk to a square, choose a star, push it there."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

LEVEL = "Mouse\n#########\n#@   $ .#\n#########\n"


def test_a_click_walks_and_a_star_clicked_then_a_square_is_pushed_there(tmp_path: Path) -> None:
    path = tmp_path / "mouse.sok"
    path.write_text(LEVEL)
    terminal = Terminal([str(path)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Moves 0" in text)
    row = next(y for y, line in enumerate(terminal.screen.display) if "@" in line)
    left = terminal.screen.display[row].index("@") - 2  # the screen column of the level's first square

    def square(column: int) -> int:
        return left + column * 2  # each square two columns wide

    terminal.click(square(3), row)  # walk there by a shortest path
    terminal.wait_for(lambda text: "Moves 2   Pushes 0" in text)
    terminal.click(square(5), row)  # choose the star: the squares it can be pushed to are marked
    screen = terminal.wait_for(lambda text: "$~" in text)
    assert "$~ :.:" in screen  # the star chosen, the floor and the goal it can be pushed to
    terminal.click(square(5), row, right=True)  # a right click forgets it
    screen = terminal.wait_for(lambda text: "$~" not in text)
    assert ":" not in screen.splitlines()[row]
    terminal.click(square(5), row)
    terminal.wait_for(lambda text: "$~" in text)
    terminal.click(square(7), row)  # onto the goal: the player walks round and pushes it there
    screen = terminal.wait_for(lambda text: "Solved!" in text)
    assert "Moves 5   Pushes 2" in screen
    terminal.press("q")
    assert terminal.finish() == 0
