"""Playing a level: keys, mouse, undo, animation, zoom, solving; driven through the real loop, headless."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from starpusher.gui import App, Settings, StarPusherSettings
from starpusher.gui.kit.layout import SKY
from starpusher.gui.sokoban.art import Tile
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.levels import Collection, load_builtin
from starpusher.store import Store


def test_arrow_keys_walk_and_push(app: App, pilot: Pilot) -> None:
    play = pilot.play
    pilot.press(pygame.K_RIGHT)
    assert play.history.state.player == 9
    pilot.press(pygame.K_RIGHT)
    assert play.history.state.player == 10
    assert play.history.state.boxes == frozenset({11})
    assert play.history.moves == "rR"


def test_the_top_bar_shows_the_level_number_title_moves_pushes_and_time(
    app: App, pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.gui.kit.text import WRITER

    pilot.type_moves("rR")
    shown: list[str] = []
    render = WRITER.render

    def record(text: str, *rest: Any) -> pygame.Surface:
        shown.append(text)
        return render(text, *rest)

    monkeypatch.setattr(WRITER, "render", record)
    app.full_redraw = True
    app.draw()
    assert {"Level 1 of 3", "One push"} <= set(shown)
    assert any(text.startswith("Moves 2   Pushes 1   Time 0:0") for text in shown)


def test_a_blocked_key_changes_nothing(pilot: Pilot) -> None:
    pilot.press(pygame.K_LEFT)
    pilot.press(pygame.K_UP)
    assert pilot.play.history.moves == ""
    assert pilot.play.history.state == pilot.play.level.start


def test_undo_redo_and_restart_keys(pilot: Pilot) -> None:
    play = pilot.play
    pilot.type_moves("rR")
    pilot.press(pygame.K_z)
    assert play.history.moves == "r"
    pilot.press(pygame.K_x)
    assert play.history.moves == "rR"
    pilot.press(pygame.K_z, pygame.KMOD_LCTRL)
    assert play.history.moves == "r"
    pilot.press(pygame.K_y, pygame.KMOD_LCTRL)
    assert play.history.moves == "rR"
    pilot.press(pygame.K_z, pygame.KMOD_LCTRL)
    pilot.press(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert play.history.moves == "rR"
    pilot.press(pygame.K_r)
    assert play.history.state == play.level.start
    pilot.press(pygame.K_z)  # a restart is undoable
    assert play.history.moves == "rR"
    pilot.press(pygame.K_BACKSPACE)
    assert play.history.state == play.level.start


def test_keys_pressed_during_an_animation_are_queued_not_lost(app: App, pilot: Pilot) -> None:
    play = pilot.play
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(dt=0.001)
    assert play.animation is not None
    assert play.history.moves == "r"  # the first move is played, the rest wait
    assert len(play.session.queue) == 2
    app.run_until_idle()
    assert play.history.moves == "rRR"


def test_instant_moves_setting(collection: Collection) -> None:
    app = App(collection, show_title=False, settings=Settings(instant_moves=True))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(dt=0.001)
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.history.moves == "rR"
    assert play.animation is None
    Pilot(app).press(pygame.K_i)
    assert app.settings.instant_moves is False
    app.close()


def test_n_and_b_switch_levels_and_wrap(pilot: Pilot) -> None:
    pilot.press(pygame.K_n)
    assert pilot.play.index == 1
    assert pilot.play.level.title == "Around the corner"
    pilot.press(pygame.K_b)
    pilot.press(pygame.K_b)
    assert pilot.play.index == 2
    pilot.press(pygame.K_n)
    assert pilot.play.index == 0


def test_a_game_in_progress_is_kept_when_coming_back(pilot: Pilot) -> None:
    pilot.type_moves("rR")
    pilot.press(pygame.K_n)
    assert pilot.play.history.moves == ""
    pilot.press(pygame.K_b)
    assert pilot.play.history.moves == "rR"


def test_solving_shows_the_solved_picture_and_the_next_key_goes_on(app: App, pilot: Pilot) -> None:
    pilot.type_moves("rRR")
    play = pilot.play
    assert play.solved
    assert app.progress.is_solved(play.level)
    app.draw()
    assert play.frame.banner is not None  # the "Solved!" banner, on its dark panel
    assert sum(app.screen.get_at(play.frame.banner.center)[:3]) < sum(SKY)
    pilot.press(pygame.K_z)  # undo still works and hides the banner
    assert not play.solved and play.frame.banner is None
    pilot.press(pygame.K_RIGHT)
    assert play.solved
    pilot.press(pygame.K_SPACE)
    assert pilot.play.index == 1


def test_a_builtin_level_is_solved_through_the_keyboard() -> None:
    collection = load_builtin()
    index, level = next((i, lv) for i, lv in enumerate(collection.levels) if lv.solutions)
    app = App(collection, level_index=index, show_title=False, settings=Settings(instant_moves=True))
    pilot = Pilot(app)
    pilot.type_moves(level.solutions[0])
    assert pilot.play.solved
    assert pilot.play.history.moves == level.solutions[0]
    app.draw()
    assert pilot.play.frame.banner is not None
    app.close()


def test_a_click_walks_by_a_shortest_path(pilot: Pilot) -> None:
    pilot.press(pygame.K_n)
    play = pilot.play
    pilot.click_square(play.level.index(4, 3))
    assert play.history.state.player == play.level.index(4, 3)
    assert play.history.moves == "rrrdd"


def test_click_a_star_then_a_square_pushes_it_there(pilot: Pilot) -> None:
    pilot.press(pygame.K_n)
    play = pilot.play
    level = play.level
    pilot.click_square(level.index(2, 2))
    assert play.chosen.star == level.index(2, 2)
    pilot.click_square(level.index(3, 3))
    assert play.history.state.boxes == frozenset({level.index(3, 3)})
    assert play.solved


def test_an_impossible_push_is_refused_with_a_message(app: App, pilot: Pilot) -> None:
    play = pilot.play
    pilot.click_square(10)  # the star
    pilot.click_square(9)  # left of it: the player can never get behind it
    assert play.history.moves == ""
    assert app.status is not None and "cannot" in app.status


def test_the_window_resizes_and_the_level_still_fits(app: App, pilot: Pilot) -> None:
    wide = pilot.play.camera.tile_width()
    pilot.resize((420, 320))
    assert app.screen.get_size() == (420, 320)
    assert pilot.play.camera.tile_width() < wide
    pilot.click_square(11)  # clicks still land on the right squares
    assert pilot.play.history.state.player == 9 or pilot.play.history.moves == ""
    pilot.click_square(9)
    assert pilot.play.history.state.player == 9


def test_zoom_with_keys_and_wheel(pilot: Pilot) -> None:
    play = pilot.play
    fit = play.camera.tile_width()
    pilot.wheel(1)
    assert play.camera.tile_width() > fit
    pilot.press(pygame.K_MINUS, unicode="-")
    pilot.press(pygame.K_MINUS, unicode="-")
    assert play.camera.tile_width() < fit
    pilot.press(pygame.K_0)
    assert play.camera.tile_width() == fit


def test_held_wasd_pans_within_bounds_and_stops_on_release(app: App) -> None:
    play = app.scene
    assert isinstance(play, PlayScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    for _ in range(200):
        app.step(dt=0.05)
    assert app.busy()
    assert play.camera.pan[0] < 0
    limit = play.camera.pan[0]
    app.step(dt=0.05)
    assert play.camera.pan[0] == limit  # bounded
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d"))
    app.run_until_idle()
    assert not app.busy()


def test_p_cycles_the_characters(app: App, pilot: Pilot) -> None:
    for expected in (1, 2, 3, 4, 0):
        pilot.press(pygame.K_p)
        assert app.star_settings.character == expected


def test_a_push_is_animated_between_the_squares(app: App, pilot: Pilot) -> None:
    from starpusher.gui.sokoban.art import Tile

    pilot.press(pygame.K_RIGHT)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(dt=0.0)  # the key starts the move
    app.step(dt=app.settings.step_seconds / 2)  # half of its animation
    play = pilot.play
    star = next(s for s in play.sprites() if s.picture is Tile.STAR)
    player = next(s for s in play.sprites() if isinstance(s.picture, str))
    assert 3 < star.x < 4 and 2 < player.x < 3  # half way from 10 to 11, and from 9 to 10
    app.run_until_idle()
    star = next(s for s in play.sprites() if s.picture is Tile.STAR)
    assert star.x == 4


def test_after_solving_a_held_key_or_a_modifier_does_not_skip_the_level(app: App, pilot: Pilot) -> None:
    pilot.type_moves("rR")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))  # repeat
    pilot.settle()
    assert pilot.play.solved and pilot.play.index == 0
    pilot.press(pygame.K_LCTRL, pygame.KMOD_LCTRL)
    assert pilot.play.index == 0
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode=""))
    pilot.press(pygame.K_RIGHT)
    assert pilot.play.index == 1


def test_moving_pieces_redraw_only_their_squares_and_the_picture_stays_right(
    app: App, pilot: Pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    updates: list[list[pygame.Rect]] = []
    real_update = pygame.display.update

    def record(rects: Sequence[pygame.Rect]) -> None:
        updates.append(list(rects))
        real_update(rects)

    monkeypatch.setattr(pygame.display, "update", record)
    pilot.press(pygame.K_p)  # another character: the picture must follow partial redraws too
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_z, pygame.K_RIGHT):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
        for _ in range(8):
            app.dirty = True
            app.step(dt=app.settings.step_seconds / 5)
            partial = pygame.image.tobytes(app.screen, "RGB")
            app.full_redraw = True
            app.draw()
            assert pygame.image.tobytes(app.screen, "RGB") == partial
    assert updates, "no frame was sent as changed rectangles"
    view = pilot.play.view_rect()
    pieces = [rect for frame in updates for rect in frame[2:]]  # after the two counter bars
    assert pieces and all(rect.width * rect.height < view.width * view.height / 2 for rect in pieces)


def test_changed_settings_are_handed_to_the_saver(collection: Collection) -> None:
    saved: list[tuple[int, bool]] = []
    app = App(
        collection,
        show_title=False,
        save_settings=lambda settings: saved.append(
            (settings.of(StarPusherSettings).character, settings.instant_moves)
        ),
    )
    pilot = Pilot(app)
    pilot.press(pygame.K_p)
    pilot.press(pygame.K_i)
    assert saved == [(1, False), (1, True)]
    app.close()


def test_undo_and_redo_by_push_and_all_at_once(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_b)  # "Two stars": walks and pushes to take back by push
    play = pilot.play
    pilot.type_moves("DlurRdl")  # push, walk, push, walk
    assert play.history.moves == "DlurRdl"
    shift, ctrl = pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL
    pilot.press(pygame.K_z, shift)  # the walk after the last push
    assert play.history.moves == "DlurR"
    pilot.press(pygame.K_z, shift)  # that push and the walk to it
    assert play.history.moves == "D"
    pilot.press(pygame.K_z, shift)
    assert play.history.moves == ""
    pilot.press(pygame.K_x, shift)
    pilot.press(pygame.K_x, shift)
    assert play.history.moves == "DlurR"
    pilot.press(pygame.K_END, ctrl)
    assert play.history.moves == "DlurRdl"
    pilot.press(pygame.K_HOME, ctrl)
    assert play.history.state == play.level.start and play.history.moves == ""
    pilot.press(pygame.K_x)  # plain redo still goes one move at a time
    assert play.history.moves == "D"
    pilot.press(pygame.K_z)
    assert play.history.moves == ""


def test_a_chosen_star_shows_every_square_it_can_be_pushed_to(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_n)  # "Around the corner"
    play = pilot.play
    star = play.level.index(2, 2)
    pilot.click_square(star)
    assert play.chosen.star == star
    xy = {play.level.xy(square) for square in play.chosen.targets}
    # Up, then along the top row, or down, then along the bottom row; never sideways from where it
    # is. Offered: the squares from which the goal can still be reached (the others are dead).
    assert xy == {(2, 3), (3, 3)}
    refused = {play.level.xy(square) for square in play.chosen.refused}
    assert refused == {(2, 1), (1, 1), (3, 1), (4, 1), (1, 3), (4, 3)}
    shown = {(s.x, s.y) for s in play.sprites() if s.picture is Tile.REACHABLE}
    assert shown == xy
    pilot.click_square(play.level.index(2, 3))  # one of them: the star is pushed there
    assert play.history.state.boxes == {play.level.index(2, 3)}
    assert play.chosen.targets == frozenset() and play.chosen.star is None


def test_the_solved_banner_leaves_a_small_level_in_sight_and_compares_with_the_best(
    collection: Collection, tmp_path: Path
) -> None:
    pygame.display.init()
    pygame.event.clear()
    with Store.open(tmp_path) as store:
        app = App(
            collection,
            show_title=False,
            progress=store,
            settings=Settings(window_size=(800, 600), instant_moves=True),
        )
        try:
            app.run_until_idle()
            pilot = Pilot(app)
            play = pilot.play
            pilot.type_moves("rRR")
            assert play.solved and play.frame.banner is not None
            geometry = play.camera.geometry()
            board = pygame.Rect(play.camera.origin(), geometry.map_size(play.level.width, play.level.height))
            assert not play.frame.banner.colliderect(board)  # the solved board stays in sight
            assert play.session.solved_note.startswith("First solution recorded")
            pilot.press(pygame.K_z)
            pilot.press(pygame.K_z)
            pilot.type_moves("lrRR")  # a longer solution: the banner says the best stays
            assert "best stays at moves 3" in play.session.solved_note
        finally:
            app.close()
