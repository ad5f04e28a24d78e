"""Messages belong to the scene and level that said them, and start with a capital."""

from __future__ import annotations

from pathlib import Path

import pygame

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.title import TitleScene
from starpusher.levels import Collection
from starpusher.session.guarded_store import GuardedStore
from starpusher.store import Store


def test_a_solve_is_told_once_on_the_banner_not_again_in_a_message(
    collection: Collection, tmp_path: Path
) -> None:
    with Store.open(tmp_path) as store:
        app = App(
            collection, show_title=False, progress=GuardedStore(store), settings=Settings(instant_moves=True)
        )
        pilot = Pilot(app)
        pilot.type_moves("rrr")
        assert pilot.play.banner().note.startswith("First solution recorded")  # capital F
        assert app.status is None
        app.close()


def test_a_levels_message_ends_when_the_next_level_opens(app: App, pilot: Pilot) -> None:
    pilot.type_moves("rRR")
    pilot.press(pygame.K_u)
    assert app.status is not None and app.status.startswith("Levels now unlock")
    pilot.press(pygame.K_SPACE, unicode=" ")  # any key: the next level
    assert pilot.play.index == 1
    assert app.status is None


def test_a_message_about_the_game_does_not_follow_the_player_to_the_title(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_RIGHTBRACKET)
    assert app.status is not None and app.status.startswith("Animated moves")
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    assert app.status is None


def test_undo_keeps_the_levels_message_and_help_over_it_too(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_u)
    said = app.status
    assert said is not None
    pilot.type_moves("r")
    pilot.press(pygame.K_z)
    pilot.press(pygame.K_F1)
    assert app.status == said


def test_a_message_about_the_window_itself_shows_whatever_the_scene(app: App, pilot: Pilot) -> None:
    app.say("progress is kept in memory until it can be saved", 30, anywhere=True)
    assert app.status == "Progress is kept in memory until it can be saved"
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    assert app.status == "Progress is kept in memory until it can be saved"


def test_a_message_ends_when_a_screen_opens_over_the_scene_that_said_it(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_RIGHTBRACKET)
    assert app.status is not None and app.status.startswith("Animated moves")
    pilot.press(pygame.K_c)  # the collection chooser, over the game
    assert type(app.scene).__name__ == "CollectionScene"
    assert app.status is None


def test_a_message_stays_over_help_which_shows_the_scene_beneath(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_RIGHTBRACKET)
    pilot.press(pygame.K_F1)
    assert app.status is not None and app.status.startswith("Animated moves")


def test_a_message_sits_on_the_bar_of_keys_not_over_the_board(app: App, pilot: Pilot) -> None:
    from starpusher.gui.kit.layout import view_rect

    for size in ((640, 480), (1280, 800)):
        pilot.resize(size)
        app.say("A message of a sentence or so, long enough to be read at a glance.")
        app.draw()
        assert app.message_rect is not None
        assert app.message_rect.top >= view_rect(app.screen).bottom - 6  # at most a sliver over it
        assert app.screen.get_rect().contains(app.message_rect)


def test_a_long_message_takes_two_lines_rather_than_losing_its_end(app: App, pilot: Pilot) -> None:
    pilot.resize((640, 480))
    app.say("2 levels skipped: " + "; ".join(["level 3: a level needs at least one goal"] * 2))
    app.draw()
    two_lines = app.message_rect
    app.say("2 levels skipped")
    app.draw()
    one_line = app.message_rect
    assert two_lines is not None and one_line is not None
    assert two_lines.height > one_line.height  # one line takes the bar's height, two take more


def test_a_message_takes_the_whole_bar_of_keys_so_no_key_peeks_out_cut(app: App, pilot: Pilot) -> None:
    """Issue 36: a message over the middle of the bar left "C collecti" and "o" showing at its sides."""
    from starpusher.gui.kit.layout import FOOTER_HEIGHT

    for size in ((640, 480), (1280, 800)):
        pilot.resize(size)
        app.say("Hint: push the marked star down, after 7 steps.")
        app.draw()
        w, h = size
        assert app.message_rect is not None
        assert app.message_rect.contains(pygame.Rect(0, h - FOOTER_HEIGHT, w, FOOTER_HEIGHT))
