"""The flat view (F) and the hint arrow beside the star it hints."""

from __future__ import annotations

import pygame

from starpusher.gui import App, StarPusherSettings
from starpusher.gui.sokoban.pilot import Pilot


def square_rect(pilot: Pilot, square: int) -> pygame.Rect:
    """The screen rectangle of a square's face."""
    geometry = pilot.play.camera.geometry()
    rect = pygame.Rect(0, 0, geometry.width, geometry.step)
    rect.center = pilot.play.camera.square_center(square)
    return rect


def pixels(app: App, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def test_f_switches_to_the_flat_view_and_back_and_the_choice_is_kept(app: App, pilot: Pilot) -> None:
    kept: list[bool] = []
    app.save_settings = lambda settings: kept.append(settings.of(StarPusherSettings).flat_view)
    play = pilot.play
    tall = play.camera.geometry()
    pilot.press(pygame.K_f)
    assert app.star_settings.flat_view and play.board.flat and kept == [True]
    flat = play.camera.geometry()
    assert flat.height == flat.step == flat.width and flat.top == 0
    assert tall.height > tall.width
    # The mouse finds squares in the flat view: click the goal's left neighbour, the player walks there.
    target = play.level.index(2, 1)
    pilot.click_square(target)
    assert play.history.state.player == target
    pilot.press(pygame.K_n)  # the next level opens in the same view
    assert pilot.play.board.flat
    pilot.press(pygame.K_f)
    assert not pilot.play.board.flat and kept == [True, False]


def test_the_hint_arrow_stands_beside_the_star_not_over_it(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_f)  # flat: every square has a rectangle of its own
    play = pilot.play
    star = next(iter(play.history.state.boxes))
    beyond = star + 1  # the hint in "One push" pushes the star right
    app.say("", 0)
    pilot.settle()
    before = pixels(app, square_rect(pilot, star)), pixels(app, square_rect(pilot, beyond))
    pilot.press(pygame.K_h)
    assert play.session.assistant.hint is not None
    app.say("", 0)
    pilot.settle()
    after = pixels(app, square_rect(pilot, star)), pixels(app, square_rect(pilot, beyond))
    assert after[0] == before[0]  # the star is untouched
    assert after[1] != before[1]  # the arrow is on the square it goes to
