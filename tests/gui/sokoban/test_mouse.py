"""The mouse in play: pushes it offers are safe (never into a deadlock), and a star can be dragged.

Classic level 1 is where a player met it: the star at the bottom left's left
dot pushed it beside the other star against the wall, and the game said
"Deadlock!" at once. The dots leave such squares out; a click or a drag there
is refused, and the keys stay free to make the push.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from starpusher.editing.sketch import ROTATE_RIGHT
from starpusher.gui import App, Settings
from starpusher.gui.sokoban.art import Tile
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import parse_collection

#: XSokoban's (and the original game's) level 1.
CLASSIC_1 = """\
XSokoban 1
    #####
    #   #
    #$  #
  ###  $##
  #  $ $ #
### # ## #   ######
#   # ## #####  ..#
# $  $          ..#
##### ### #@##  ..#
    #     #########
    #######
"""


@pytest.fixture
def pilot() -> Iterator[Pilot]:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        parse_collection(CLASSIC_1, "classic.sok"),
        show_title=False,
        settings=Settings(window_size=(800, 600)),
    )
    app.run_until_idle()
    yield Pilot(app)
    app.close()
    pygame.display.quit()


def dots(pilot: Pilot) -> set[tuple[float, float]]:
    return {(sprite.x, sprite.y) for sprite in pilot.play.sprites() if sprite.picture is Tile.REACHABLE}


def test_the_dots_leave_out_a_push_into_a_deadlock(pilot: Pilot) -> None:
    play = pilot.play
    level = play.level
    pilot.click_square(level.index(5, 7))
    assert play.chosen.star == level.index(5, 7)
    # Left beside the star at (2, 7), both frozen on the wall: not offered. The rest are.
    assert dots(pilot) == {(4, 7), (5, 6), (5, 5)}
    pilot.click_square(level.index(3, 7))
    assert play.history.moves == ""
    status = pilot.app.status or ""
    assert "stuck for good" in status and "Deadlock" not in status
    assert play.chosen.star == level.index(5, 7)  # still chosen: another square may be clicked
    pilot.click_square(level.index(4, 7))
    assert play.history.state.boxes == level.start.boxes - {level.index(5, 7)} | {level.index(4, 7)}
    assert play.chosen.star is None


def test_a_star_dragged_to_a_square_is_pushed_there(pilot: Pilot) -> None:
    play = pilot.play
    level = play.level
    pilot.drag_squares(level.index(5, 7), level.index(5, 5))
    assert play.history.state.boxes == level.start.boxes - {level.index(5, 7)} | {level.index(5, 5)}
    assert play.history.moves.endswith("UU")
    assert play.chosen.star is None


def test_a_drag_into_a_deadlock_or_onto_another_star_pushes_nothing(pilot: Pilot) -> None:
    play = pilot.play
    level = play.level
    star = level.index(5, 7)
    pilot.drag_squares(star, level.index(3, 7))
    assert play.history.moves == "" and "stuck for good" in (pilot.app.status or "")
    pilot.drag_squares(star, level.index(2, 7))  # dropped on another star
    assert play.history.moves == "" and play.chosen.star == star
    pilot.drag(play.camera.square_center(star), (1, 1))  # dropped off the board: forgotten
    assert play.history.moves == "" and play.chosen.star is None


def test_a_press_and_release_on_a_star_is_still_a_click(pilot: Pilot) -> None:
    play = pilot.play
    star = play.level.index(5, 7)
    pilot.click_square(star)
    assert play.chosen.star == star and dots(pilot)
    pilot.click_square(star)  # the chosen star clicked again is forgotten
    assert play.chosen.star is None and not dots(pilot)
    pilot.click_square(play.level.index(6, 7))  # a click on the floor still walks there
    assert play.history.state.player == play.level.index(6, 7)


def test_the_ring_under_the_pointer_shows_only_where_the_star_would_go(pilot: Pilot) -> None:
    play = pilot.play
    level = play.level
    pilot.click_square(level.index(5, 7))

    def ringed_over(square: int) -> bool:
        point = play.camera.square_center(square)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
        pilot.settle()
        return any(sprite.picture is Tile.TARGET for sprite in play.sprites())

    assert ringed_over(level.index(4, 7))
    assert not ringed_over(level.index(3, 7))  # a deadlock: no ring, as no dot
    assert not ringed_over(level.index(6, 7))  # a square the star cannot reach


def test_on_a_turned_board_the_dots_and_a_drag_are_where_the_squares_are_seen(pilot: Pilot) -> None:
    """The safe dots (issue 37) and the board seen turned (issue 36) met in a merge: both through the view."""
    play = pilot.play
    level = play.level
    pilot.press(pygame.K_t)  # seen a quarter turned right

    def seen(square: int) -> tuple[int, int]:
        """Where ``square`` is seen, by the editor's turn (not the camera's): (column, row) of the picture."""
        return ROTATE_RIGHT.square(*level.xy(square), level.width, level.height)

    def point(square: int) -> tuple[int, int]:
        """The middle of the top face of the square drawn there, on the screen."""
        geometry, (left, top) = play.camera.geometry(), play.camera.origin()
        x, y = seen(square)
        top += geometry.top + geometry.step // 2
        return left + x * geometry.width + geometry.width // 2, top + y * geometry.step

    star = level.index(5, 7)
    pilot.click(point(star))
    assert play.chosen.star == star
    safe = (level.index(4, 7), level.index(5, 6), level.index(5, 5))  # not (3, 7): a deadlock
    assert dots(pilot) == {seen(square) for square in safe}
    pilot.drag(point(star), point(level.index(5, 5)))
    assert play.history.state.boxes == level.start.boxes - {star} | {level.index(5, 5)}
