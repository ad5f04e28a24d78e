"""The level list: chosen by keyboard and mouse, solved marks, scrolling thousands of levels."""

from __future__ import annotations

import pygame

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.levels import parse_collection
from starpusher.session import MemoryProgress


def test_level_select_by_keyboard_and_mouse(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RETURN)
    assert pilot.play.index == 1
    pilot.press(pygame.K_TAB)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    pilot.click(select.card_rect(2).center)
    assert pilot.play.index == 2
    pilot.press(pygame.K_l)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.play.index == 2


def test_level_select_marks_solved_levels(collection) -> None:  # type: ignore[no-untyped-def]
    progress = MemoryProgress()
    progress.record_solution(collection.levels[1], "rDldR")
    app = App(collection, show_title=False, progress=progress)
    Pilot(app).press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    assert [select.is_solved(i) for i in range(3)] == [False, True, False]
    app.close()


def test_level_select_scrolls_a_big_collection_and_draws_only_what_shows() -> None:
    text = "\n\n".join(f"Level {i}\n#####\n#@$.#\n#####" for i in range(3000))
    app = App(parse_collection(text), show_title=False, settings=Settings(window_size=(800, 600)))
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    pilot.press(pygame.K_END)
    assert select.selected == 2999
    assert select.scroll > 0
    assert 2999 in select._thumbs
    assert len(select._thumbs) < 60
    pilot.press(pygame.K_PAGEUP)
    assert select.selected < 2999
    pilot.press(pygame.K_HOME)
    assert select.selected == 0 and select.scroll == 0
    app.close()


def test_level_select_counts_the_solved_levels(collection) -> None:  # type: ignore[no-untyped-def]
    progress = MemoryProgress()
    progress.record_solution(collection.levels[0], "rRR")
    progress.record_solution(collection.levels[2], "")
    app = App(collection, show_title=False, progress=progress)
    Pilot(app).press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    assert select.solved_count == 2
    app.close()
