"""Unlocking one by one in the terminal agrees with the window: the level on screen is open."""

from __future__ import annotations

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from starpusher.levels import parse_collection
from starpusher.session import MemoryProgress
from starpusher.tui.app import StarPusherApp
from starpusher.tui.collections import CollectionsScreen
from starpusher.tui.levels import LevelListScreen
from starpusher.tui.play import PlayScreen

LEVELS = "".join(f"Level {n}\n#####\n#@$.#\n#####\n\n" for n in (1, 2, 3))


def test_the_level_played_stays_open_when_unlocking_one_by_one_is_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("starpusher.tui.screen.Palette", lambda: None)  # colours need a terminal
    collection = parse_collection(LEVELS, "three.sok")
    progress = MemoryProgress()
    app = StarPusherApp(None, progress, player=PlayScreen, chooser=CollectionsScreen)  # type: ignore[arg-type]
    try:
        app.one_by_one = True
        app.open_collection(collection, 1, name=None)
        assert isinstance(app.screen, PlayScreen) and app.screen.index == 1
        listing = LevelListScreen(app, app.screen)
        assert listing.open_levels == [True, True, False]
    finally:
        app.tasks.shutdown()
