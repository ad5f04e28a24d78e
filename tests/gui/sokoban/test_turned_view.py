"""The board seen turned or mirrored in play (T, Shift+T, Y): the picture turns, the level does not."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from starpusher.editing import Sketch
from starpusher.editing.sketch import MIRROR_LEFT_RIGHT, ROTATE_RIGHT, Symmetry
from starpusher.gui import App, Settings
from starpusher.gui.sokoban.art import Tile
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import Collection
from starpusher.store import Store

SHIFT = pygame.KMOD_LSHIFT


def seen_point(pilot: Pilot, x: int, y: int) -> tuple[int, int]:
    """The middle of the square drawn at column ``x``, row ``y`` of the picture on the screen."""
    camera = pilot.play.camera
    geometry, (left, top) = camera.geometry(), camera.origin()
    return (
        left + x * geometry.width + geometry.width // 2,
        top + y * geometry.step + geometry.top + geometry.step // 2,
    )


def seen_at(pilot: Pilot, symmetry: Symmetry, square: int) -> tuple[int, int]:
    """Where the editor's symmetry puts a square of the level: (column, row) of the picture."""
    level = pilot.play.level
    return symmetry.square(*level.xy(square), level.width, level.height)


def test_a_level_solved_with_the_keys_seen_on_a_turned_board_is_solved_as_drawn(
    collection: Collection, tmp_path: Path
) -> None:
    with Store.open(tmp_path) as store:
        app = App(collection, show_title=False, progress=store, settings=Settings(window_size=(800, 600)))
        try:
            solve_turned(Pilot(app), store)
        finally:
            app.close()


def solve_turned(pilot: Pilot, store: Store) -> None:
    pilot.app.run_until_idle()
    pilot.press(pygame.K_n)  # "Around the corner": the star goes down, then right, onto the goal
    play = pilot.play
    level = play.level
    pilot.press(pygame.K_t)  # turned right: the level's "right" is seen going down, its "down" left
    assert play.level is level and play.board.level.to_rows() == list(
        Sketch.from_level(level).transformed(ROTATE_RIGHT).rows
    )
    pilot.type_moves("dluld")  # as a player sees it: down, push left, up, left, push down
    assert play.solved
    assert play.history.moves == "rDldR"  # kept in the level's own orientation
    best = store.progress(level).best_moves
    assert best is not None and best.lurd == "rDldR"
    assert level.is_solved(level.replay(best.lurd))  # it replays on the level as drawn


def test_the_picture_turns_and_mirrors_and_comes_back(app: App, pilot: Pilot) -> None:
    play = pilot.play
    drawn = play.board.level.to_rows()
    player = play.history.state.player
    for key, mod, symmetry in ((pygame.K_t, 0, ROTATE_RIGHT), (pygame.K_y, 0, MIRROR_LEFT_RIGHT)):
        pilot.press(key, mod)
        [sprite] = [s for s in play.sprites() if isinstance(s.picture, str)]
        assert (sprite.x, sprite.y) == seen_at(pilot, symmetry, player)  # the player where it is seen
        assert symmetry.name in play.bar_texts()[0]  # the bar says the board is not as drawn
        pilot.press(key, mod)  # a mirror undoes itself; a turn is undone by the other way (below)
        if key == pygame.K_t:
            pilot.press(pygame.K_t, SHIFT)
            pilot.press(pygame.K_t, SHIFT)
        assert play.board.level.to_rows() == drawn and play.orientation.as_drawn
    for _ in range(4):  # four quarters: as drawn again
        pilot.press(pygame.K_t)
    assert play.orientation.as_drawn and play.bar_texts()[0] == "Level 1 of 3"


def test_a_click_on_a_turned_board_walks_to_the_square_seen_there(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_n)
    play = pilot.play
    pilot.press(pygame.K_y)  # mirrored: the player, at the left, is seen at the right
    target = play.level.index(4, 1)  # the corridor's far end, as drawn
    pilot.click(seen_point(pilot, *seen_at(pilot, MIRROR_LEFT_RIGHT, target)))
    assert play.history.state.player == target
    star = play.level.index(2, 2)  # chosen by a click where it is seen, its dots drawn where they are seen
    pilot.click(seen_point(pilot, *seen_at(pilot, MIRROR_LEFT_RIGHT, star)))
    assert play.chosen.star == star
    dots = {(s.x, s.y) for s in play.sprites() if s.picture is Tile.REACHABLE}
    assert dots and dots == {seen_at(pilot, MIRROR_LEFT_RIGHT, square) for square in play.chosen.targets}


def test_turning_keeps_the_game_and_the_next_level_opens_as_drawn(app: App, pilot: Pilot) -> None:
    play = pilot.play
    pilot.type_moves("r")
    pilot.press(pygame.K_t)
    assert play.history.moves == "r" and play.history.state.player == play.level.index(2, 1)
    pilot.press(pygame.K_z)  # undo is the game's, seen turned or not
    assert play.history.moves == "" and not play.orientation.as_drawn
    pilot.press(pygame.K_n)
    assert pilot.play.orientation.as_drawn


def test_a_turn_after_the_solve_turns_the_board_and_stays_on_the_level(app: App, pilot: Pilot) -> None:
    play = pilot.play
    pilot.type_moves("rrr")
    assert play.solved
    pilot.press(pygame.K_t)
    assert pilot.play is play and play.index == 0 and not play.orientation.as_drawn


def test_the_hint_says_and_points_the_way_the_push_is_seen(app: App, pilot: Pilot) -> None:
    play = pilot.play  # "One push": the star goes right, onto the goal
    pilot.press(pygame.K_t)  # turned right: seen going down
    pilot.press(pygame.K_h)
    waited = time.monotonic()
    while play.session.assistant.hint is None and time.monotonic() - waited < 30:
        time.sleep(0.01)  # the search runs in the background
        pilot.settle()
    assert play.session.assistant.hint is not None
    assert app.status is not None and app.status.startswith("Hint: push the marked star down")
