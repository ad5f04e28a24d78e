"""Star Pusher in a terminal as a player meets it: the program in a pseudo-terminal, keys in, screen out."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none: --terminal says so there

from terminal_helpers import Terminal

from starpusher.levels import load_builtin, read_collection
from starpusher.store import Store

LEVELS = """\
One push
#######
#@ $ .#
#######

A corner to avoid
######
#@   #
# $  #
#   .#
######
"""

#: A corridor wider than an 80-column terminal shows (60 squares of 2 columns each).
WIDE = "Long way\n" + "#" * 62 + "\n#@" + " " * 56 + "$.#\n" + "#" * 62 + "\n"


@pytest.fixture
def levels(tmp_path: Path) -> Path:
    path = tmp_path / "levels.sok"
    path.write_text(LEVELS)
    return path


def test_a_level_solved_by_keys_is_recorded_where_the_window_finds_it(levels: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    terminal = Terminal([str(levels)], data_dir=data)
    screen = terminal.wait_for(lambda text: "Level 1 of 2" in text)
    assert "One push" in screen and "Moves 0   Pushes 0" in screen and "@   $   ." in screen
    terminal.press("right", "right")
    assert "Moves 2   Pushes 1" in terminal.wait_for(lambda text: "Moves 2" in text)
    terminal.press("z")  # undo, then redo
    terminal.press("x")
    terminal.press("right")
    screen = terminal.wait_for(lambda text: "Solved!" in text)
    assert "First solution recorded" in screen and "@ *" in screen
    terminal.press("u")  # a setting switched while the level shows solved says so
    terminal.wait_for(lambda text: "Levels now unlock one by one" in text)
    terminal.press("n")  # the next level
    terminal.wait_for(lambda text: "Level 2 of 2" in text)
    terminal.press("q")
    assert terminal.finish() == 0
    first, second = read_collection(levels).levels
    with Store.open(data) as store:  # the store the window reads: it shows level 1 solved
        assert store.is_solved(first) and not store.is_solved(second)
        assert store.last_played() == (str(levels.resolve()), 2)
    shown = subprocess.run(
        [sys.executable, "-m", "starpusher", "progress", str(levels), "--data-dir", str(data)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert shown.splitlines()[0] == f"{levels}: 1 of 2 levels solved"


def test_too_small_a_terminal_gets_its_message_and_the_game_once_it_grows(
    levels: Path, tmp_path: Path
) -> None:
    terminal = Terminal([str(levels)], columns=30, rows=8, data_dir=tmp_path / "data")
    screen = terminal.wait_for(lambda text: "too small" in text)
    said = " ".join(screen.split())  # the message wraps to the narrow terminal
    assert "too small: 30x8. Star Pusher needs at least 40x10." in said
    terminal.press("right")  # moves nothing while the board cannot be seen
    terminal.resize(80, 24)
    screen = terminal.wait_for(lambda text: "Level 1 of 2" in text)
    assert "Moves 0" in screen
    terminal.press("q")
    assert terminal.finish() == 0


def test_messages_longer_than_the_terminal_is_wide_are_shown_whole(levels: Path, tmp_path: Path) -> None:
    terminal = Terminal([str(levels)], columns=40, rows=12, data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Level 1 of 2" in text)
    terminal.press("\x04")  # Ctrl+D says what the x marks are, in 70 characters
    screen = terminal.wait_for(lambda text: "Dead squares" in text)
    said = " ".join(screen.split())  # the lines the message was wrapped into, read on
    assert "Dead squares marked x: a star pushed onto one can never reach a goal." in said
    assert "@   $   ." in screen  # the board is all there above it
    assert screen.splitlines()[-1].rstrip().endswith("? help  q quit")  # keys that fit, help and quit kept
    terminal.press("u", "l", "down", "enter")  # unlocking one by one: level 2 is locked
    screen = terminal.wait_for(lambda text: "is locked" in text)
    assert "Level 2 is locked: solve level 1 to open it." in " ".join(screen.split())
    assert screen.splitlines()[-1].rstrip().endswith("Esc back")
    terminal.press("esc", "q")
    assert terminal.finish() == 0


def test_the_largest_built_in_level_fits_an_80x24_terminal_whole(tmp_path: Path) -> None:
    levels = load_builtin("starpusher").levels
    largest = max(range(len(levels)), key=lambda index: levels[index].width * levels[index].height)
    level = levels[largest]
    assert (level.width, level.height) == (30, 18)  # 60 columns, and 18 rows between the bars
    terminal = Terminal(["starpusher", "--level", str(largest + 1)], data_dir=tmp_path, term="vt100")
    screen = terminal.wait_for(lambda text: f"Level {largest + 1} of" in text)
    board = screen.splitlines()[1:-2]
    assert sum(line.count("$") + line.count("*") for line in board) == len(level.start.boxes)
    assert sum(line.count(".") + line.count("*") + line.count("+") for line in board) == len(level.goals)
    assert sum(1 for line in board if "#" in line) == level.height  # no row of walls cut off
    terminal.press("q")
    assert terminal.finish() == 0


def test_a_bigger_level_scrolls_to_keep_the_player_in_sight(tmp_path: Path) -> None:
    wide = tmp_path / "wide.txt"
    wide.write_text(WIDE)
    terminal = Terminal([str(wide)], data_dir=tmp_path / "data")
    screen = terminal.wait_for(lambda text: "Long way" in text)
    assert "@" in screen and "$" not in screen  # the star is past the right edge
    terminal.press(*["right"] * 56)
    screen = terminal.wait_for(lambda text: "Moves 56" in text)
    assert "@ $ ." in screen  # the board scrolled with the player
    terminal.press("q")
    assert terminal.finish() == 0


def test_hints_deadlock_marks_the_level_list_and_help(levels: Path, tmp_path: Path) -> None:
    terminal = Terminal([str(levels), "--level", "2"], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "A corner to avoid" in text)
    terminal.press("h")
    screen = terminal.wait_for(lambda text: "Hint:" in text)
    assert "$v" in screen or "$>" in screen  # the star to push, with the way it goes
    terminal.press("right", "down", "right", "down", "left")  # the star into the corner
    screen = terminal.wait_for(lambda text: "Deadlock!" in text)
    assert "$!" in screen
    terminal.press("\x04")  # Ctrl+D: crosses on the dead squares
    assert "x " in terminal.wait_for(lambda text: "Dead squares marked x" in text)
    terminal.press("l")
    screen = terminal.wait_for(lambda text: "Choose a level" in text)
    assert "One push" in screen and "A corner to avoid" in screen
    terminal.press("esc", "?")
    screen = terminal.wait_for(lambda text: "Keys" in text)
    assert "Z, Ctrl+Z" in screen and "undo a move" in screen
    terminal.press(" ", "q")
    assert terminal.finish() == 0


def test_colours_where_the_terminal_has_them_and_letters_where_not(levels: Path, tmp_path: Path) -> None:
    terminal = Terminal([str(levels)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Level 1 of 2" in text)
    row = next(y for y, line in enumerate(terminal.screen.display) if "@" in line)
    column = terminal.screen.display[row].index("@") - 2  # the wall left of the player
    assert terminal.screen.buffer[row][column].bg == "blue"
    terminal.press("q")
    assert terminal.finish() == 0
    plain = Terminal([str(levels)], data_dir=tmp_path / "data", term="vt100")
    screen = plain.wait_for(lambda text: "Level 1 of 2" in text)
    assert "##############" in screen and "##@   $   . ##" in screen  # the standard letters
    plain.press("q")
    assert plain.finish() == 0


def test_without_a_terminal_it_says_so_in_one_line_and_touches_nothing(levels: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = subprocess.run(
        [sys.executable, "-m", "starpusher", "play", str(levels), "--terminal", "--data-dir", str(data)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "starpusher: --terminal needs a terminal: standard input and output must be one"
    ]
    assert not data.exists()  # refused before the store was opened: no folder, no database


UNSET = "needs TERM to say which terminal this is, and it is not set: set it (export TERM=xterm-256color"


@pytest.mark.parametrize(
    ("term", "said"),
    [
        (None, UNSET),
        ("", UNSET),
        ("no-such-terminal", "does not know the terminal TERM names ('no-such-terminal'): set TERM to"),
        ("dumb", "needs a terminal that can place its cursor, which TERM='dumb' cannot: play in a terminal"),
    ],
    ids=["unset", "empty", "unknown", "dumb"],
)
def test_a_terminal_the_game_cannot_be_drawn_on_is_refused_in_one_line_touching_nothing(
    levels: Path, tmp_path: Path, term: str | None, said: str
) -> None:
    data = tmp_path / "data"
    terminal = Terminal([str(levels)], columns=200, data_dir=data, term=term)
    assert terminal.finish() == 1
    shown = [line.rstrip() for line in terminal.screen.display if line.strip()]
    assert len(shown) == 1 and shown[0].startswith("starpusher: --terminal ") and said in shown[0]
    assert not data.exists()


def test_the_terminal_imports_no_pygame() -> None:
    screens = "play, levels, collections, browser, positions, replay, fifteen"
    code = f"import sys\nfrom starpusher.tui import {screens}\nprint(*sorted(sys.modules))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    imported = done.stdout.split()
    assert "starpusher.tui.play" in imported and "starpusher.tui.fifteen" in imported
    assert "pygame" not in imported
    assert [name for name in imported if name.startswith("starpusher.gui")] == []


def test_a_damaged_known_solution_never_stops_the_game_starting(levels: Path, tmp_path: Path) -> None:
    """A bad letter in a known solution of the level played last crashed ``play --terminal`` at each start."""
    data = tmp_path / "data"
    first = read_collection(levels).levels[0]
    with Store.open(data) as store:
        store.keep_known_solution(first, "rRR")
        store.set_last_played(str(levels.resolve()), 1)
    db = sqlite3.connect(data / "progress.sqlite")
    db.execute("UPDATE known_solutions SET lurd = lurd || 'M'")
    db.commit()
    db.close()
    terminal = Terminal([str(levels)], columns=120, data_dir=data)
    screen = terminal.wait_for(lambda text: "Level 1 of 2" in text)
    assert "The known solution kept in progress.sqlite is left out: 'M' is not a move" in screen
    terminal.press("right", "right", "right")
    terminal.wait_for(lambda text: "Solved!" in text)
    terminal.press("q")
    assert terminal.finish() == 0


def test_the_level_list_at_50_columns_names_untitled_levels_and_counts_in_words(tmp_path: Path) -> None:
    """Issue 36: titles left blank where the window says "Level N"; "1 pushes"; a bar cut mid-word."""
    path = tmp_path / "untitled.sok"
    long_title = "A level whose title is longer than the bar has room for\n"
    path.write_text("#####\n#@$.#\n#####\n\n" + long_title + LEVELS.removeprefix("One push\n"))
    terminal = Terminal([str(path)], columns=50, rows=16, data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Level 1 of 3" in text)
    terminal.press("right")
    terminal.wait_for(lambda text: "Solved!" in text)
    terminal.press("n")
    bar = terminal.wait_for(lambda text: "Level 2 of 3" in text).splitlines()[0]
    assert bar.startswith("Level 2 of 3  A level whose...  Moves 0")  # cut between words, and said so
    terminal.press("l")
    screen = terminal.wait_for(lambda text: "Choose a level" in text)
    first = next(line for line in screen.splitlines() if "   1  " in line)
    assert "Level 1" in first and "best 1 move, 1 push" in first
    terminal.press("esc", "q")
    assert terminal.finish() == 0


def test_the_clock_shows_beside_the_counters_and_its_time_is_kept(levels: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    terminal = Terminal([str(levels)], columns=80, data_dir=data)
    bar = terminal.wait_for(lambda text: "Level 1 of 2" in text).splitlines()[0]
    assert "Moves 0   Pushes 0   Time 0:0" in bar
    terminal.press("right")
    terminal.wait_for(lambda text: "Moves 1" in text)
    terminal.press("q")
    assert terminal.finish() == 0
    with Store.open(data) as store:  # the same store and the same clock as the window's
        (seconds,) = store.time_played(read_collection(str(levels)).levels[:1]).seconds
        assert seconds > 0
