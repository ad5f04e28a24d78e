"""Endless remembers its size and difficulty, says them plainly, offers bigger levels and the
keys that work where the player is."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from starpusher.gui import App, Settings, StarPusherSettings
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.kit.text import WRITER
from starpusher.gui.launch import settings_from_store, settings_saver
from starpusher.gui.sokoban import endless
from starpusher.gui.sokoban.endless import (
    CHOOSER_KEY_MAP,
    EXPLAINED,
    PLAY_FOOTER,
    SIZES,
    EndlessChooser,
    EndlessPlayScene,
)
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.store import ENDLESS_DIFFICULTY, ENDLESS_SIZE, Store


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    counter = itertools.count(1)
    monkeypatch.setattr(endless, "new_seed", lambda: next(counter))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


def window_on(store: Store) -> App:
    settings = settings_from_store(store)
    settings.window_size, settings.instant_moves = (800, 600), True
    app = App(show_title=False, settings=settings, progress=store, save_settings=settings_saver(store))
    app.replace(EndlessChooser(app))
    app.run_until_idle()
    return app


def chooser_of(app: App) -> EndlessChooser:
    scene = app.scene
    assert isinstance(scene, EndlessChooser)
    return scene


def test_the_size_and_difficulty_chosen_are_there_next_time(store: Store) -> None:
    app = window_on(store)
    pilot = Pilot(app)
    chooser = chooser_of(app)
    assert chooser.choice.map_size.name == "Standard" and chooser.choice.level_difficulty.value == "medium"
    pilot.press(pygame.K_UP)  # the difficulty line
    pilot.press(pygame.K_RIGHT)  # medium -> hard
    pilot.press(pygame.K_UP)  # the size line
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)  # Standard -> Large -> Huge
    app.close()
    assert store.get_setting(ENDLESS_SIZE) == "Huge" and store.get_setting(ENDLESS_DIFFICULTY) == "hard"
    again = window_on(store)
    choice = chooser_of(again).choice
    assert (choice.map_size.name, choice.level_difficulty.value) == ("Huge", "hard")
    again.close()


def test_a_size_no_longer_offered_falls_back_to_the_default(store: Store) -> None:
    store.set_setting(ENDLESS_SIZE, "Gigantic")
    app = window_on(store)
    assert chooser_of(app).choice.map_size.name == "Standard"
    app.close()


def test_difficulties_are_said_in_plain_words(store: Store) -> None:
    for words in EXPLAINED.values():
        assert "pushes the map could ask for" not in words and words[0].isupper()
    app = window_on(store)
    chooser = chooser_of(app)
    assert chooser.row_text("difficulty") == "‹  Difficulty: Medium  ›"
    app.close()


def test_the_choosers_help_lists_its_own_keys(store: Store) -> None:
    app = window_on(store)
    pilot = Pilot(app)
    pilot.press(pygame.K_F1)
    overlay = app.scene
    assert isinstance(overlay, HelpOverlay)
    descriptions = {description for _, _, description in overlay.rows}
    assert {binding.description for binding in CHOOSER_KEY_MAP} <= descriptions
    assert "choose a level" not in descriptions  # the game's L does nothing here
    app.close()


def test_the_largest_size_makes_a_level_of_twenty_by_sixteen_with_ten_stars_and_its_bar_shows_its_keys(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    largest = SIZES[-1]
    assert (largest.width, largest.height, largest.stars) == (20, 16, 10)
    app = window_on(store)
    pilot = Pilot(app)
    chooser = chooser_of(app)
    pilot.press(pygame.K_UP)
    pilot.press(pygame.K_UP)  # the size line
    while chooser.choice.map_size is not largest:
        pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_UP)  # the difficulty line
    pilot.press(pygame.K_LEFT)  # easy: the quickest to make
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_DOWN)  # Play
    pilot.press(pygame.K_RETURN, settle=False)  # the level is made in the background: wait below
    deadline = time.monotonic() + 120
    while not isinstance(app.scene, EndlessPlayScene):
        assert time.monotonic() < deadline, app.status
        app.step(dt=1 / 60)
        time.sleep(0.005)
    app.run_until_idle()
    level = pilot.play.level
    assert len(level.start.boxes) == 10 and level.width <= 20 and level.height <= 16
    drawn: list[str] = []
    original = WRITER.draw

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(WRITER, "draw", record)
    app.draw()
    monkeypatch.undo()
    assert any(PLAY_FOOTER in text or text.startswith(PLAY_FOOTER[:20]) for text in drawn)
    assert not any("L levels" in text for text in drawn)
    app.close()


def test_settings_keep_endless_choices_like_the_others() -> None:
    defaults = Settings().of(StarPusherSettings)
    assert defaults.endless_difficulty == "medium" and defaults.endless_size == ""


def test_a_size_is_offered_as_the_most_a_level_takes(store: Store) -> None:
    """Issue 36: "Enormous: 20x16" made levels of about 14x14; the chooser says "up to"."""
    app = window_on(store)
    chooser = chooser_of(app)
    assert chooser.row_text("size") == "‹  Standard: up to 10x10, 4 stars  ›"
    app.close()
