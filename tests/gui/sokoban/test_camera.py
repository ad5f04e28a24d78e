"""The camera: looking around with WASD, following the player when zoomed in, the wheel's zoom."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import parse_collection

#: A long hall: 40 squares of floor, the player at the left end.
HALL = "\n".join(
    [
        "#" * 42,
        "#@" + " " * 36 + "$.#",
        "#" + " " * 40 + "#",
        "#" * 42,
    ]
)


@pytest.fixture
def hall() -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    window = App(
        parse_collection(HALL, "hall.sok"),
        show_title=False,
        settings=Settings(window_size=(800, 600), instant_moves=True),
    )
    window.run_until_idle()
    yield window
    window.close()


def hold(app: App, key: int, frames: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(dt=1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.run_until_idle()


def press_and_hold(app: App, key: int, frames: int) -> None:
    """Hold ``key`` down for ``frames`` frames without letting go."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(dt=1 / 60)


def test_looking_around_ends_when_the_player_moves(hall: App) -> None:
    pilot = Pilot(hall)
    play = pilot.play
    press_and_hold(hall, pygame.K_s, 20)  # look down a while
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="", scancode=0))
    hall.step(dt=1 / 60)  # let go: the view starts sliding back
    assert play.camera.pan[1] != 0
    looked = play.camera.origin()
    pilot.press(pygame.K_RIGHT)  # a move ends the look at once
    assert play.camera.pan == [0.0, 0.0]
    assert play.camera.origin() != looked


def test_letting_go_of_a_look_key_slides_the_view_back_to_the_player(hall: App) -> None:
    """WASD is "look (hold)": once the key is up the view comes back, smoothly, with no move."""
    play = Pilot(hall).play
    following = play.camera.origin()
    press_and_hold(hall, pygame.K_s, 30)
    looked = play.camera.origin()
    assert looked != following
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="", scancode=0))
    hall.step(dt=1 / 60)
    hall.step(dt=1 / 60)
    midway = play.camera.origin()
    assert midway != following and midway != looked  # sliding back, not jumping
    assert hall.busy()  # the window keeps stepping until the view is back
    hall.run_until_idle()
    assert play.camera.origin() == following
    assert play.history.state.player == play.level.start.player  # no move was made


def test_zoomed_in_the_board_scrolls_only_when_the_player_nears_the_edge(hall: App) -> None:
    pilot = Pilot(hall)
    play = pilot.play
    for _ in range(4):
        pilot.press(pygame.K_EQUALS)  # zoom in: the hall no longer fits the window
    view = play.view_rect()
    assert play.camera.geometry().map_size(play.level.width, play.level.height)[0] > view.width
    start = play.camera.origin()
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)
    assert play.camera.origin() == start  # two steps in the middle of the view: the board stands still
    width = play.camera.geometry().width
    scrolled = False
    for _ in range(30):
        before = play.camera.origin()
        pilot.press(pygame.K_RIGHT)
        x, _ = play.camera.square_center(play.history.state.player)
        assert x <= view.right - 2 * width  # never at the very edge
        if play.camera.origin() != before:
            scrolled = True
            assert x >= view.right - 3 * width  # it scrolled because the player came near the edge
    assert scrolled


def test_the_wheel_zooms_about_the_cursor(hall: App) -> None:
    pilot = Pilot(hall)
    play = pilot.play
    for _ in range(3):
        pilot.press(pygame.K_EQUALS)
    target = play.level.index(30, 2)  # a square far right of the player
    cursor = play.camera.square_center(target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cursor, rel=(0, 0), buttons=(0, 0, 0)))
    width = play.camera.tile_width()
    pilot.wheel(1)
    assert play.camera.tile_width() > width
    assert play.board.square_at(cursor, play.camera.origin(), play.camera.tile_width()) == target
    pilot.wheel(-1)
    assert play.board.square_at(cursor, play.camera.origin(), play.camera.tile_width()) == target
