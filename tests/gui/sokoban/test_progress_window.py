"""The window and the store: settings, where the player was, best scores, next unsolved, unlocking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from starpusher.cli import main
from starpusher.cli.play import choose_levels
from starpusher.gui import App
from starpusher.gui.launch import settings_from_store, settings_saver
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.levels import Collection
from starpusher.store import (
    CHARACTER,
    DEAD_SQUARES,
    FLAT_VIEW,
    FULLSCREEN,
    INSTANT_MOVES,
    STEP_SECONDS,
    UNLOCK_ONE_BY_ONE,
    WINDOW_SIZE,
    Store,
)

SOLUTIONS = ["rRR", "rDldR", "lddrruruLLDrdL"]  # of the three levels in conftest


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


def open_window(collection: Collection, store: Store, name: str | None = "test.sok") -> App:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        collection,
        show_title=False,
        progress=store,
        settings=settings_from_store(store),
        save_settings=settings_saver(store),
        collection_name=name,
    )
    app.run_until_idle()
    return app


def test_settings_come_from_the_store_and_go_back_when_changed(collection: Collection, store: Store) -> None:
    store.set_settings({WINDOW_SIZE: (640, 480), CHARACTER: "princess", INSTANT_MOVES: True})
    app = open_window(collection, store)
    try:
        assert app.settings.window_size == (640, 480)
        assert app.screen.get_size() == (640, 480)
        assert app.settings.instant_moves and not app.star_settings.unlock_one_by_one
        pilot = Pilot(app)
        pilot.press(pygame.K_p)  # princess is the last: back to the first character
        pilot.press(pygame.K_i)
        pilot.press(pygame.K_u)
        assert store.get_setting(CHARACTER) == "boy"
        assert store.get_setting(INSTANT_MOVES) is False
        assert store.get_setting(UNLOCK_ONE_BY_ONE) is True
        before = store.get_setting(STEP_SECONDS)
        pilot.press(pygame.K_RIGHTBRACKET)  # faster
        assert store.get_setting(STEP_SECONDS) < before
    finally:
        app.close()


def test_the_dead_squares_and_flat_view_settings_are_kept_in_the_store(
    collection: Collection, store: Store
) -> None:
    app = open_window(collection, store)
    try:
        assert not app.star_settings.show_dead_squares and not app.star_settings.flat_view  # off by default
        Pilot(app).press(pygame.K_d, pygame.KMOD_LCTRL)
        Pilot(app).press(pygame.K_f)
        assert store.get_setting(DEAD_SQUARES) is True
        assert store.get_setting(FLAT_VIEW) is True
    finally:
        app.close()
    app = open_window(collection, store)
    try:
        assert app.star_settings.show_dead_squares and app.star_settings.flat_view
        assert Pilot(app).play.board.flat
    finally:
        app.close()


def test_the_last_level_played_is_remembered_and_reopened(
    collection: Collection, store: Store, tmp_path: Path
) -> None:
    levels = tmp_path / "three.sok"
    levels.write_text("#######\n#@ $ .#\n#######\n\n######\n#@$ .#\n######\n\n#####\n#@$.#\n#####\n")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert main(["play", str(levels), "--level", "2", "--data-dir", str(tmp_path)]) == 0
    last = store.last_played()
    assert last is not None and last.level == 2
    opened, name, start = choose_levels([str(levels)], last)  # `play FILE` opens it there
    assert start == 1 and name == str(levels.resolve())
    opened, name, start = choose_levels([], last)  # and so does `starpusher` alone
    assert (len(opened.levels), start) == (3, 1)

    app = open_window(collection, store, name="test.sok")
    try:
        Pilot(app).press(pygame.K_n)
        assert tuple(store.last_played() or ()) == ("test.sok", 2)
    finally:
        app.close()


def test_j_jumps_to_the_next_unsolved_level_in_play_and_in_level_select(
    collection: Collection, store: Store
) -> None:
    store.record_solution(collection.levels[1], SOLUTIONS[1])
    app = open_window(collection, store)
    try:
        pilot = Pilot(app)
        pilot.press(pygame.K_j)
        assert pilot.play.index == 2  # level 2 is solved: skipped
        pilot.press(pygame.K_j)
        assert pilot.play.index == 0  # round again
        pilot.press(pygame.K_l)
        chooser = app.scene
        assert isinstance(chooser, LevelSelectScene)
        pilot.press(pygame.K_j)
        assert chooser.selected == 2
    finally:
        app.close()


def test_level_select_shows_best_scores(collection: Collection, store: Store) -> None:
    store.record_solution(collection.levels[0], "rRR")
    app = open_window(collection, store)
    try:
        Pilot(app).press(pygame.K_l)
        chooser = app.scene
        assert isinstance(chooser, LevelSelectScene)
        record = chooser.records[0]
        assert (record.solved, record.best_moves, record.best_pushes) == (True, 3, 2)
        assert chooser.solved_count == 1 and not chooser.records[1].solved
        pilot = Pilot(app)
        pilot.press(pygame.K_ESCAPE)
        assert pilot.play.session.record.best_moves == 3  # shown under the board too
        pilot.press(pygame.K_n)
        assert pilot.play.session.record.best_moves is None
        pilot.type_moves(SOLUTIONS[1])
        assert (pilot.play.session.record.best_moves, pilot.play.session.record.best_pushes) == (5, 2)
    finally:
        app.close()


def test_unlocking_one_by_one_blocks_n_and_level_select_past_an_unsolved_level(
    collection: Collection, store: Store
) -> None:
    store.set_setting(UNLOCK_ONE_BY_ONE, True)
    app = open_window(collection, store)
    try:
        pilot = Pilot(app)
        pilot.press(pygame.K_n)
        assert pilot.play.index == 0
        assert "locked" in (app.status or "")
        pilot.press(pygame.K_b)  # back from the first: the last open level is the first
        assert pilot.play.index == 0
        pilot.press(pygame.K_l)
        chooser = app.scene
        assert isinstance(chooser, LevelSelectScene)
        assert chooser.open_levels == [True, False, False]
        pilot.press(pygame.K_RIGHT)
        pilot.press(pygame.K_RETURN)
        assert app.scene is chooser  # a locked level does not open
        pilot.press(pygame.K_ESCAPE)
        pilot.type_moves(SOLUTIONS[0])
        assert pilot.play.solved
        pilot.press(pygame.K_n)
        assert pilot.play.index == 1
        pilot.press(pygame.K_n)
        assert pilot.play.index == 1  # level 3 waits for level 2
    finally:
        app.close()


def test_unlocking_turned_on_over_a_locked_level_keeps_it_open_in_the_list_and_in_words(
    collection: Collection, store: Store
) -> None:
    app = open_window(collection, store)
    try:
        pilot = Pilot(app)
        pilot.press(pygame.K_n)  # level 2, level 1 unsolved
        pilot.press(pygame.K_u)  # unlock one by one: level 2 would be locked, but it is on screen
        pilot.press(pygame.K_n)
        assert pilot.play.index == 1
        assert app.status == "Level 3 is locked: solve level 2 to open it."
        pilot.press(pygame.K_l)
        chooser = app.scene
        assert isinstance(chooser, LevelSelectScene)
        assert chooser.open_levels == [True, True, False]
        assert "0 solved, 2 open" in chooser.heading()[1]
        pilot.press(pygame.K_RETURN)  # the level played opens from the list, as it is shown
        assert pilot.play.index == 1
    finally:
        app.close()


def test_window_size_and_full_screen_are_kept_for_next_time(collection: Collection, store: Store) -> None:
    app = open_window(collection, store)
    pilot = Pilot(app)
    pilot.resize((700, 500))
    pilot.press(pygame.K_F11)
    app.close()
    assert store.get_setting(WINDOW_SIZE) == (700, 500)
    assert store.get_setting(FULLSCREEN) is True

    app = open_window(collection, store)
    try:
        assert app.settings.fullscreen and app.settings.window_size == (700, 500)
        Pilot(app).press(pygame.K_F11)  # back to a window of the size it had
        assert app.screen.get_size() == (700, 500)
        assert store.get_setting(FULLSCREEN) is False
    finally:
        app.close()
