"""The level's clock in the terminal: the window's, on the same session, waiting under other screens."""

from __future__ import annotations

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from fifteen_helpers import FakeClock

from starpusher.levels import parse_collection
from starpusher.session import MemoryProgress
from starpusher.tui.app import StarPusherApp
from starpusher.tui.collections import CollectionsScreen
from starpusher.tui.levels import LevelListScreen
from starpusher.tui.play import PlayScreen

LEVELS = "".join(f"Level {n}\n#####\n#@$.#\n#####\n\n" for n in (1, 2))


def test_the_clock_waits_under_the_level_list_and_its_time_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("starpusher.tui.screen.Palette", lambda: None)  # colours need a terminal
    clock, progress = FakeClock(), MemoryProgress()
    collection = parse_collection(LEVELS, "two.sok")
    app = StarPusherApp(None, progress, player=PlayScreen, chooser=CollectionsScreen, clock=clock)  # type: ignore[arg-type]
    try:
        app.open_collection(collection, 0, name=None)
        play = app.screen
        assert isinstance(play, PlayScreen)
        clock.now += 61
        assert play.counts(80) == "Moves 0   Pushes 0   Time 1:01"
        assert play.counts(50) == "Moves 0   Pushes 0"  # a narrow bar keeps the title instead
        play.key("l")  # the level list over the level
        assert isinstance(app.screen, LevelListScreen)
        assert progress.time_played(collection.levels[:1]).seconds == (61.0,)  # kept as it stopped
        clock.now += 600
        app.pop()
        clock.now += 4
        assert play.counts(80).endswith("Time 1:05")
        app.quit()
        app.pop()  # the program ends: the level is left, its time kept
        assert progress.time_played(collection.levels[:1]).seconds == (65.0,)
    finally:
        app.tasks.shutdown()
