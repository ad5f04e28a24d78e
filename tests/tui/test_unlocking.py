"""Unlocking one by one in the terminal agrees with the window: the level on screen is open."""

from __future__ import annotations

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from starpusher.levels import parse_collection
from starpusher.session import MemoryProgress
from starpusher.tui.game import TerminalGame

LEVELS = "".join(f"Level {n}\n#####\n#@$.#\n#####\n\n" for n in (1, 2, 3))


def test_the_level_played_stays_open_when_unlocking_one_by_one_is_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("starpusher.tui.screen.Palette", lambda: None)  # colours need a terminal
    collection = parse_collection(LEVELS, "three.sok")
    game = TerminalGame(None, collection, MemoryProgress(), index=1, one_by_one=True)  # type: ignore[arg-type]
    try:
        assert [game._locked(index) for index in range(3)] == [False, False, True]
    finally:
        game.tasks.shutdown()
