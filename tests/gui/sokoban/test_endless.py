"""Endless play from the title screen: choose, wait for a fresh level, solve it with the keys."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban import endless
from starpusher.gui.sokoban.endless import SIZES, EndlessChooser, EndlessPlayScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.gui.title import TitleScene
from starpusher.levels import Collection
from starpusher.store import Store


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeds 1, 2, 3, ... instead of random ones, so each run makes the same levels."""
    counter = itertools.count(1)
    monkeypatch.setattr(endless, "new_seed", lambda: next(counter))


@pytest.fixture
def window(collection: Collection, tmp_path: Path) -> Iterator[tuple[App, Store]]:
    pygame.display.init()
    pygame.event.clear()
    store = Store.open(tmp_path)
    app = App(collection, progress=store, settings=Settings(window_size=(800, 600), instant_moves=True))
    app.run_until_idle()
    yield app, store
    app.close()
    store.close()
    pygame.display.quit()


def wait_for(app: App, condition: Callable[[], bool], seconds: float = 60) -> None:
    """Run the loop until the background level arrives (a thread makes it)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"no level came in time: {app.scene}, {app.status}"
        app.step(dt=1 / 60)
        time.sleep(0.002)
    app.run_until_idle()


def open_chooser(app: App, pilot: Pilot) -> EndlessChooser:
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_DOWN)  # the second game on the title screen
    pilot.press(pygame.K_RETURN)
    chooser = app.scene
    assert isinstance(chooser, EndlessChooser)
    return chooser


def test_endless_makes_a_level_that_solves_through_the_keys_and_is_kept(
    window: tuple[App, Store],
) -> None:
    app, store = window
    pilot = Pilot(app)
    chooser = open_chooser(app, pilot)
    pilot.press(pygame.K_UP)
    pilot.press(pygame.K_UP)  # to the size row
    pilot.press(pygame.K_LEFT)  # Standard -> Small
    assert chooser.choice.map_size == SIZES[0]
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_DOWN)  # to "Play"
    pilot.press(pygame.K_RETURN)
    assert "Making a level" in app.tasks.running_names() or isinstance(app.scene, EndlessPlayScene)
    wait_for(app, lambda: isinstance(app.scene, EndlessPlayScene))

    play = pilot.play
    assert isinstance(play, EndlessPlayScene)
    level = play.level
    small = SIZES[0]
    assert len(level.goals) == small.stars
    assert level.width <= small.width and level.height <= small.height
    pilot.type_moves(level.solutions[0])
    assert play.solved
    assert store.is_solved(level)  # kept like any other level

    pilot.press(pygame.K_n)  # any key after a solved level makes another
    wait_for(app, lambda: len(play.made) == 2 and play.level is play.made[1])
    assert play.level != level
    assert not play.solved
    pilot.press(pygame.K_b)  # the levels made so far can be revisited
    assert play.level == level
    pilot.press(pygame.K_ESCAPE)  # to Endless' chooser, then to the title
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene) and app.scene.choice == 1  # Endless, the game left


def test_the_chooser_answers_the_mouse(window: tuple[App, Store]) -> None:
    app, _ = window
    pilot = Pilot(app)
    chooser = open_chooser(app, pilot)
    rows = chooser.row_rects(app.screen)
    pilot.click((rows["difficulty"].right - 10, rows["difficulty"].centery))  # right part: forward
    assert chooser.choice.level_difficulty.value == "hard"
    pilot.click((rows["size"].left + 10, rows["size"].centery))  # left part: back
    assert chooser.choice.map_size == SIZES[0]
    pilot.click(rows["play"].center)
    wait_for(app, lambda: isinstance(app.scene, EndlessPlayScene))
    play = pilot.play
    assert "hard" in play.level.comment
    pilot.press(pygame.K_ESCAPE)  # back to the chooser, the choice kept
    assert isinstance(app.scene, EndlessChooser)
    chooser = app.scene
    assert chooser.choice.level_difficulty.value == "hard"
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    assert app.scene.choice == 1  # Endless, the game left, is the one ready to start again


def test_the_chooser_opens_the_built_in_generated_collection(window: tuple[App, Store]) -> None:
    app, _ = window
    pilot = Pilot(app)
    chooser = open_chooser(app, pilot)
    pilot.click(chooser.row_rects(app.screen)["collection"].center)
    assert isinstance(app.scene, PlayScene) and not isinstance(app.scene, EndlessPlayScene)
    assert app.collection.title == "Generated"
    assert len(app.collection.levels) >= 50


def test_leaving_while_a_level_is_made_stops_it(window: tuple[App, Store]) -> None:
    app, _ = window
    pilot = Pilot(app)
    chooser = open_chooser(app, pilot)
    chooser.choice.size = len(SIZES) - 1  # the slowest, so it is still at work
    pilot.press(pygame.K_RETURN, settle=False)
    app.step(dt=1 / 60)
    assert chooser.maker.busy
    task = chooser.maker.task
    pilot.press(pygame.K_ESCAPE, settle=False)  # the first Esc stops the level being made
    app.step(dt=1 / 60)
    assert task is not None and task.token.cancelled
    assert not app.tasks.running_names()
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    assert app.scene.choice == 1  # Endless, the game left, is the one ready to start again
