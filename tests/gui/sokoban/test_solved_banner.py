"""The "Solved!" banner: beside the board, never over it, readable, and honest on the last level."""

from __future__ import annotations

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import parse_collection

SOLUTIONS = ["rRR", "rDldR", "lddrruruLLDrdL"]  # of the three levels in conftest

#: A level as tall as classic ones get, and one as wide: one push from solved.
TALL = "Tall\n" + "#####\n" + "#@  #\n" + "#$  #\n" + "#.  #\n" + "#   #\n" * 15 + "#####\n"
#: As wide as tall, near the window's proportions (as classic level 2): it fills the view.
SQUARE = "Square\n" + "#" * 14 + "\n#@$." + " " * 9 + "#\n" + ("#" + " " * 12 + "#\n") * 7 + "#" * 14 + "\n"
WIDE = "Wide\n" + "#" * 22 + "\n#@$." + " " * 17 + "#\n" + "#" * 22 + "\n"


def window(text: str, size: tuple[int, int]) -> App:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        parse_collection(text, "shapes.sok"),
        show_title=False,
        settings=Settings(window_size=size, instant_moves=True),
    )
    app.run_until_idle()
    return app


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800)])
@pytest.mark.parametrize(("text", "moves"), [(TALL, "D"), (WIDE, "R"), (SQUARE, "R")])
def test_the_banner_never_covers_the_board_and_its_words_stay_readable(
    text: str, moves: str, size: tuple[int, int]
) -> None:
    app = window(text, size)
    try:
        pilot = Pilot(app)
        pilot.type_moves(moves)
        play = pilot.play
        assert play.solved
        app.draw()
        banner = play.frame.banner
        assert banner is not None
        geometry = play.camera.geometry()
        board = pygame.Rect(play.camera.origin(), geometry.map_size(play.level.width, play.level.height))
        assert not banner.colliderect(board)
        assert app.screen.get_rect().contains(board)
        assert banner.height >= 76  # the size its three lines read well at, whatever the level's shape
    finally:
        app.close()
        pygame.display.quit()


def test_the_last_level_says_what_is_left_and_any_key_does_not_go_round(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_b)  # from level 1 back to the last
    play = pilot.play
    assert play.index == 2
    pilot.type_moves(SOLUTIONS[2])
    assert play.solved
    banner = play.banner()
    assert banner.headline == "Solved! The last level"
    assert banner.keys.startswith("2 levels unsolved: J goes to level 1")
    pilot.press(pygame.K_SPACE)
    assert pilot.play.index == 2  # not round to level 1 without a word
    assert app.status is not None and app.status.startswith("That was the last level. 2 levels unsolved")
    pilot.press(pygame.K_j)
    assert pilot.play.index == 0


def test_the_last_level_solved_last_finishes_the_collection(app: App, pilot: Pilot) -> None:
    for solution in SOLUTIONS[:2]:
        pilot.type_moves(solution)
        pilot.press(pygame.K_SPACE)
    pilot.type_moves(SOLUTIONS[2])
    play = pilot.play
    assert play.index == 2 and play.solved
    assert play.banner().headline == "Collection finished!"
    assert play.banner().keys.startswith("All 3 levels solved; C: another collection")
    pilot.press(pygame.K_SPACE)
    assert app.status is not None and "C chooses another collection" in app.status
    pilot.press(pygame.K_n)  # N itself still goes round
    assert pilot.play.index == 0


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_a_replay_from_the_solved_screen_has_the_whole_view(size: tuple[int, int]) -> None:
    """Issue 36: the board stayed shrunk for the banner, an empty strip above it, through the replay."""
    from starpusher.gui.kit.layout import view_rect
    from starpusher.gui.sokoban.replay import ReplayScene

    app = window(SQUARE + "Solution: R\n", size)
    try:
        pilot = Pilot(app)
        pilot.type_moves("R")
        play = pilot.play
        assert play.solved and play.view_rect() != view_rect(app.screen)  # shrunk below the banner
        pilot.press(pygame.K_m)
        pilot.press(pygame.K_RETURN)  # replay the file's solution
        assert isinstance(app.scene, ReplayScene)
        assert play.camera.view_rect() == view_rect(app.screen)
        pilot.press(pygame.K_ESCAPE)
        assert app.scene is play and play.view_rect() != view_rect(app.screen)  # the banner again
    finally:
        app.close()
        pygame.display.quit()


def test_a_collection_of_one_level_finished_is_said_in_plain_words() -> None:
    app = window(WIDE, (800, 600))
    try:
        pilot = Pilot(app)
        pilot.type_moves("R")
        assert pilot.play.banner().keys.startswith("The one level here is solved; C: another collection")
    finally:
        app.close()
        pygame.display.quit()
