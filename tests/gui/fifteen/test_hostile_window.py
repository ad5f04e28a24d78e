"""Fifteen's window when the data folder cannot be used (issue 14): hints still come, and it says why tables
are built in memory."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pygame
import pytest

from starpusher.core.fifteen import Board, apply_move
from starpusher.gui import App, Settings
from starpusher.gui.fifteen.scene import FifteenScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.history import History
from starpusher.levels import Collection


@pytest.fixture
def window(collection: Collection, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("STARPUSHER_DATA_DIR", "/proc/x")  # nothing can be made there
    pygame.display.init()
    pygame.event.clear()
    app = App(collection, show_title=False, settings=Settings(window_size=(800, 600), instant_moves=True))
    yield app
    app.close()
    pygame.display.quit()


def hint_after_h(app: App, scene: FifteenScene) -> list[str]:
    """Press H, run the loop until the hint is shown; every message said on the way."""
    said: list[str] = []
    Pilot(app).press(pygame.K_h, settle=False)
    deadline = time.monotonic() + 60
    while scene.session.assistant.hint is None:
        assert time.monotonic() < deadline, f"no hint in time: {app.status}"
        if app.status and app.status not in said:
            said.append(app.status)
        app.step(dt=1 / 60)
        time.sleep(0.002)
    app.run_until_idle()
    return [*said, app.status or ""]


def test_h_on_3x3_gives_a_hint_though_the_data_folder_cannot_be_used(window: App) -> None:
    scene = FifteenScene(window, (3, 3), rng=random.Random(7), data_dir="/proc/x")
    window.replace(scene)
    window.run_until_idle()
    said = hint_after_h(window, scene)
    assert any(line.startswith("Hint: slide") for line in said)


def test_h_on_4x4_builds_the_tables_in_memory_and_says_so(window: App, small_4x4_groups: None) -> None:
    scene = FifteenScene(window, (4, 4), rng=random.Random(7), data_dir="/proc/x")
    window.replace(scene)
    window.run_until_idle()
    scene.session.history = History(
        Board.from_tiles([*range(1, 15), 0, 15], 4, 4), apply_move
    )  # one slide to go
    said = hint_after_h(window, scene)
    assert any("Building tables in memory (the data folder cannot be used)" in line for line in said)
    assert any("built in memory" in line for line in said)
