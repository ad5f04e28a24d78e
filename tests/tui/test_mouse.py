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


CLASSIC_1 = """XSokoban 1
    #####
    #   #
    #$  #
  ###  $##
  #  $ $ #
### # ## #   ######
#   # ## #####  ..#
# $  $          ..#
##### ### #@##  ..#
    #     #########
    #######
"""


def test_a_chosen_star_marks_no_square_that_would_be_a_deadlock(tmp_path: Path) -> None:
    path = tmp_path / "classic.sok"
    path.write_text(CLASSIC_1)
    terminal = Terminal([str(path)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Moves 0" in text)
    top = next(y for y, line in enumerate(terminal.screen.display) if "@" in line) - 8  # the player: (11, 8)
    left = terminal.screen.display[top + 8].index("@") - 22

    def mark(x: int, y: int) -> str:
        """The second character of square (x, y): a ':' where the chosen star can be pushed."""
        return terminal.screen.display[top + y][left + 2 * x + 1]

    terminal.click(left + 2 * 5, top + 7)  # the star at the bottom left's right
    terminal.wait_for(lambda text: "$~" in text)
    assert [mark(x, y) for x, y in ((4, 7), (5, 6), (5, 5))] == [":", ":", ":"]
    assert mark(3, 7) != ":"  # beside the other star, both frozen on the wall: not offered
    terminal.click(left + 2 * 3, top + 7)  # clicked all the same: refused, said why
    screen = terminal.wait_for(lambda text: "stuck for good" in text)
    assert "Moves 0" in screen and "Deadlock" not in screen
    terminal.press("q")
    assert terminal.finish() == 0
