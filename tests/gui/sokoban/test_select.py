"""The level list: chosen by keyboard and mouse, solved marks, scrolling thousands of levels."""

from __future__ import annotations

import pygame

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.levels import Collection, parse_collection
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


def test_level_select_marks_solved_levels(collection: Collection) -> None:
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


def test_level_select_counts_the_solved_levels(collection: Collection) -> None:
    progress = MemoryProgress()
    progress.record_solution(collection.levels[0], "rRR")
    progress.record_solution(collection.levels[2], "")
    app = App(collection, show_title=False, progress=progress)
    Pilot(app).press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    assert select.solved_count == 2
    app.close()


def _many_levels(count: int) -> str:
    names = {7: "Box Canyon", 120: "Little Box", 200: "Lockdown"}
    return "\n\n".join(f"{names.get(i + 1, f'Room {i + 1}')}\n#####\n#@$.#\n#####" for i in range(count))


def _type(pilot: Pilot, text: str) -> None:
    for char in text:
        key = pygame.key.key_code(char) if char != "/" else pygame.K_SLASH
        pilot.press(key, unicode=char, settle=False)
    pilot.settle()


def test_a_number_typed_in_the_list_goes_to_that_level() -> None:
    levels = parse_collection(_many_levels(356))
    app = App(levels, show_title=False, settings=Settings(window_size=(800, 600)))
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    _type(pilot, "200")
    assert select.selected == 199
    assert select.card_rect(199).colliderect(app.screen.get_rect())
    pilot.press(pygame.K_BACKSPACE)
    assert select.selected == 19
    _type(pilot, "0")
    pilot.press(pygame.K_RETURN)
    assert pilot.play.index == 199
    app.close()


def test_a_digit_typed_in_play_opens_the_list_at_that_number() -> None:
    app = App(parse_collection(_many_levels(356)), show_title=False)
    pilot = Pilot(app)
    _type(pilot, "42")
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    assert select.selected == 41
    pilot.press(pygame.K_KP_ENTER)
    assert pilot.play.index == 41
    app.close()


def test_a_number_past_the_last_level_is_said_and_esc_forgets_it() -> None:
    app = App(parse_collection(_many_levels(30)), show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    _type(pilot, "31")
    assert app.status is not None and "no level 31" in app.status
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    pilot.press(pygame.K_ESCAPE)
    assert app.scene is select and select.search.number == ""
    pilot.press(pygame.K_ESCAPE)
    assert app.scene is not select
    app.close()


def test_slash_finds_levels_by_title_and_esc_shows_them_all_again() -> None:
    app = App(parse_collection(_many_levels(356)), show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    _type(pilot, "/box")
    assert select.shown == [6, 119]
    assert select.selected in (6, 119)
    pilot.press(pygame.K_RIGHT)
    assert select.selected == 119
    pilot.click(select.card_rect(6).center)
    assert pilot.play.index == 6
    pilot.press(pygame.K_SLASH, unicode="/")  # in play, / opens the list finding
    select = app.scene
    assert isinstance(select, LevelSelectScene) and select.finding
    _type(pilot, "lock")
    assert select.shown == [199]
    pilot.press(pygame.K_ESCAPE)
    assert not select.finding and len(select.shown) == 356
    app.close()


def test_o_shows_only_the_unsolved_levels(collection: Collection) -> None:
    progress = MemoryProgress()
    progress.record_solution(collection.levels[0], "rRR")
    app = App(collection, show_title=False, progress=progress)
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    select = app.scene
    assert isinstance(select, LevelSelectScene)
    pilot.press(pygame.K_o)
    assert select.shown == [1, 2]
    assert select.selected == 1
    assert "2 of 3 levels: unsolved" in select.heading()[1]
    pilot.press(pygame.K_HOME)
    pilot.press(pygame.K_RETURN)
    assert pilot.play.index == 1
    app.close()
