"""Snapshots, replays and Make it shorter in the terminal (S, M), kept where the window finds them."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from terminal_helpers import Terminal

from starpusher.levels import read_collection
from starpusher.optimize import Metric
from starpusher.session.shorter import ShorterSettings
from starpusher.store import Store

#: A level whose file brings a roundabout solution: 5 moves where 3 do.
LEVEL = "One push\n#######\n#@ $ .#\n#######\nSolution: rlrRR\n"


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "one.sok"
    path.write_text(LEVEL)
    return path


def test_a_snapshot_is_kept_listed_and_restored(level_file: Path, tmp_path: Path) -> None:
    terminal = Terminal([str(level_file)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Moves 0" in text)
    terminal.press("right", "ctrl+s")
    screen = terminal.wait_for(lambda text: "Keep this position as: Snapshot 1" in text)
    terminal.press(*"half way", "enter")  # typing replaces the name offered
    terminal.wait_for(lambda text: 'Kept "half way" (1 move, 0 pushes)' in text)
    terminal.press("r")
    terminal.wait_for(lambda text: "Moves 0" in text)
    terminal.press("m")
    screen = terminal.wait_for(lambda text: "Snapshots and solutions" in text)
    assert "Your snapshots" in screen and "half way" in screen and "1 move, 0 pushes" in screen
    assert "Known solutions (from the file)" in screen and "5 moves, 2 pushes" in screen
    terminal.press("enter")
    screen = terminal.wait_for(lambda text: 'Back to "half way"' in text)
    assert "Moves 1   Pushes 0" in screen
    terminal.press("z")  # undo returns to where the player was
    terminal.wait_for(lambda text: "Moves 0   Pushes 0" in text)
    terminal.press("q")
    assert terminal.finish() == 0


def test_a_solution_is_replayed_step_by_step_and_taken_over(level_file: Path, tmp_path: Path) -> None:
    terminal = Terminal([str(level_file)], data_dir=tmp_path / "data")
    terminal.wait_for(lambda text: "Moves 0" in text)
    terminal.press("m", "enter")  # the file's solution, the only line
    screen = terminal.wait_for(lambda text: "Replay: Solution 1" in text and "at the end" in text)
    assert "Move 5 of 5   Pushes 2" in screen and "@ *" in screen
    terminal.press("home", "right", "right", "right")
    screen = terminal.wait_for(lambda text: "Move 3 of 5" in text)
    assert "paused" in screen
    terminal.press("left")
    terminal.wait_for(lambda text: "Move 2 of 5" in text)
    terminal.press("enter")  # play on from here: the player's own game, two moves in
    screen = terminal.wait_for(lambda text: "Your game now goes on from there" in text)
    assert "Moves 2   Pushes 0" in screen
    terminal.press("q")
    assert terminal.finish() == 0


def test_a_solution_made_shorter_is_kept_as_known_and_played_by_shift_h(
    level_file: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    terminal = Terminal([str(level_file)], data_dir=data)
    terminal.wait_for(lambda text: "Moves 0" in text)
    terminal.press("m", "s")  # Make it shorter, fewest pushes first
    screen = terminal.wait_for(lambda text: "Shorter:" in text)
    said = " ".join(screen.split())
    assert "Shorter: 2 pushes, 3 moves (was 2 pushes, 5 moves)" in said
    assert "Kept among the known solutions (M)." in said
    assert "Known solutions (made shorter)" in screen and "Fewest moves and pushes known" in screen
    terminal.press("esc", "H")  # Shift+H plays the shorter known solution
    screen = terminal.wait_for(lambda text: "Solved!" in text)
    assert "Moves 3   Pushes 2" in screen and "With help" in screen
    terminal.press("q")
    assert terminal.finish() == 0
    level = read_collection(level_file).levels[0]
    with Store.open(data) as store:
        known = store.known_solutions(level)
        assert known.by_pushes is not None and known.by_pushes.lurd == "rRR"
        assert not store.is_solved(level)  # played by Shift+H: solved with help, never a best


def test_make_it_shorter_s_settings_are_set_by_o_and_kept_where_the_window_reads_them(
    level_file: Path, tmp_path: Path
) -> None:
    """O in the list, as in the window (issue 36): how long, fewest what; S then searches so."""
    data = tmp_path / "data"
    terminal = Terminal([str(level_file)], data_dir=data)
    terminal.wait_for(lambda text: "Moves 0" in text)
    terminal.press("m", "o")
    screen = terminal.wait_for(lambda text: "Make it shorter: settings" in text)
    assert "Time      <  30 s  >" in screen and "pushes, then moves" in screen
    terminal.press("right", "down", "right")  # a minute; fewest moves first
    screen = terminal.wait_for(lambda text: "moves, then pushes" in text)
    assert "Time      <  1 min  >" in screen and "Fewest pushes, or fewest moves" in screen
    terminal.press("esc", "s")  # back to the list: S searches as set
    screen = terminal.wait_for(lambda text: "Shorter:" in text)
    assert "Shorter: 3 moves, 2 pushes (was 5 moves, 2 pushes)" in " ".join(screen.split())
    terminal.press("esc", "q")
    assert terminal.finish() == 0
    with Store.open(data) as store:
        settings = ShorterSettings.stored(store.get_setting)
    assert (settings.seconds, settings.metric) == (60, Metric.MOVES)
