"""The window driven through its real event loop, headless (see conftest)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from starpusher.gui import App, Command, Settings
from starpusher.gui.app import MemoryProgress
from starpusher.gui.commands import KEY_MAP, MOUSE_HELP
from starpusher.gui.help import HelpOverlay
from starpusher.gui.pilot import Pilot
from starpusher.gui.play import PlayScene
from starpusher.gui.select import LevelSelectScene
from starpusher.gui.title import TitleScene
from starpusher.levels import load_builtin, parse_collection


def test_arrow_keys_walk_and_push(app: App, pilot: Pilot) -> None:
    play = pilot.play
    pilot.press(pygame.K_RIGHT)
    assert play.history.state.player == 9
    pilot.press(pygame.K_RIGHT)
    assert play.history.state.player == 10
    assert play.history.state.boxes == frozenset({11})
    assert play.history.moves == "rR"


def test_the_top_bar_shows_the_level_number_title_moves_and_pushes(
    app: App, pilot: Pilot, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from starpusher.gui.text import WRITER

    pilot.type_moves("rR")
    shown: list[str] = []
    render = WRITER.render
    monkeypatch.setattr(WRITER, "render", lambda text, *rest: shown.append(text) or render(text, *rest))
    app.full_redraw = True
    app.draw()
    assert {"Level 1 of 3", "One push", "Moves 2   Pushes 1"} <= set(shown)


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
    assert len(play.queue) == 2
    app.run_until_idle()
    assert play.history.moves == "rRR"


def test_instant_moves_setting(collection) -> None:  # type: ignore[no-untyped-def]
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


def _center_pixel(app: App) -> tuple[int, int, int]:
    play = app.scene
    assert isinstance(play, PlayScene)
    return tuple(app.screen.get_at(play.view_rect().center))[:3]  # type: ignore[return-value]


def test_solving_shows_the_solved_picture_and_the_next_key_goes_on(app: App, pilot: Pilot) -> None:
    before = _center_pixel(app)
    pilot.type_moves("rRR")
    play = pilot.play
    assert play.solved
    assert app.progress.is_solved(play.level)
    app.draw()
    assert _center_pixel(app) == (255, 236, 130) != before  # the heart of the big golden star
    pilot.press(pygame.K_z)  # undo still works and hides the picture
    assert not play.solved
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
    assert _center_pixel(app) == (255, 236, 130)
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
    assert play.selected_star == level.index(2, 2)
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
    wide = pilot.play.tile_width()
    pilot.resize((420, 320))
    assert app.screen.get_size() == (420, 320)
    assert pilot.play.tile_width() < wide
    pilot.click_square(11)  # clicks still land on the right squares
    assert pilot.play.history.state.player == 9 or pilot.play.history.moves == ""
    pilot.click_square(9)
    assert pilot.play.history.state.player == 9


def test_zoom_with_keys_and_wheel(pilot: Pilot) -> None:
    play = pilot.play
    fit = play.tile_width()
    pilot.wheel(1)
    assert play.tile_width() > fit
    pilot.press(pygame.K_MINUS, unicode="-")
    pilot.press(pygame.K_MINUS, unicode="-")
    assert play.tile_width() < fit
    pilot.press(pygame.K_0)
    assert play.tile_width() == fit


def test_held_wasd_pans_within_bounds_and_stops_on_release(app: App) -> None:
    play = app.scene
    assert isinstance(play, PlayScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    for _ in range(200):
        app.step(dt=0.05)
    assert app.busy()
    assert play.pan[0] < 0
    limit = play.pan[0]
    app.step(dt=0.05)
    assert play.pan[0] == limit  # bounded
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d"))
    app.run_until_idle()
    assert not app.busy()


def test_p_cycles_the_characters(app: App, pilot: Pilot) -> None:
    for expected in (1, 2, 3, 4, 0):
        pilot.press(pygame.K_p)
        assert app.settings.character == expected


def test_help_overlay_lists_every_key_of_the_key_map(app: App, pilot: Pilot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pilot.press(pygame.K_F1)
    assert isinstance(app.scene, HelpOverlay)
    from starpusher.gui import help as help_module

    drawn: list[str] = []
    original = help_module.WRITER.draw

    def record(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(help_module.WRITER, "draw", record)
    app.draw()
    shown = " ".join(drawn)
    for binding in KEY_MAP:
        assert binding.description in drawn
        for key in binding.keys:
            assert key.name in shown, key.name
    for what, _ in MOUSE_HELP:
        assert what in drawn
    pilot.press(pygame.K_SPACE)
    assert isinstance(app.scene, PlayScene)
    pilot.press(pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert isinstance(app.scene, HelpOverlay)


def test_escape_goes_to_the_title_and_from_there_quits(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_ESCAPE)
    assert not app.running


def test_the_title_screen_starts_on_any_key(collection) -> None:  # type: ignore[no-untyped-def]
    app = App(collection)
    pilot = Pilot(app)
    pilot.settle()
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_LSHIFT)  # a modifier alone is not "a key"
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_k, unicode="k")
    assert isinstance(app.scene, PlayScene)
    app.close()


def test_the_title_offers_every_registered_game(collection) -> None:  # type: ignore[no-untyped-def]
    from starpusher.gui import GameEntry
    from starpusher.gui.app import Scene

    class Other(Scene):
        pass

    app = App(collection)
    app.games.append(GameEntry("Other game", lambda window: Other(window)))
    pilot = Pilot(app)
    pilot.press(pygame.K_UP)  # from the first game up to the last, the one just added
    pilot.press(pygame.K_RETURN)
    assert isinstance(app.scene, Other)
    app.close()


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (1024, 720), (1024, 500), (1920, 1080)])
def test_the_title_shows_every_game_inside_the_window_without_overlaps(collection, size) -> None:  # type: ignore[no-untyped-def]
    app = App(collection, settings=Settings(window_size=size))
    title = app.scene
    assert isinstance(title, TitleScene)
    layout = title._layout(app.screen)
    window = app.screen.get_rect()
    assert len(layout.games) == len(app.games) == 3
    for index, rect in enumerate(layout.games):
        assert window.contains(rect)
        assert not rect.colliderect(layout.panel)
        assert rect.collidelist(layout.games[index + 1 :]) == -1
    assert max(rect.bottom for rect in layout.games) < layout.prompt_y < size[1]
    app.close()


def test_the_title_chooses_with_any_arrow_and_by_clicking_a_game(collection) -> None:  # type: ignore[no-untyped-def]
    app = App(collection)
    pilot = Pilot(app)
    title = app.scene
    assert isinstance(title, TitleScene)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_LEFT)
    assert app.games[title.choice].name == "Endless"
    pilot.click(title._layout(app.screen).games[0].center)
    assert isinstance(app.scene, PlayScene)
    app.close()


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


def test_dropping_files_opens_good_ones_and_reports_bad_ones(app: App, pilot: Pilot, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("#######\n#@$  .#\n#######\n\n####\n#@$.#\n####\n")
    pilot.drop_file(str(good))
    assert len(app.collection.levels) == 2  # type: ignore[attr-defined]
    assert pilot.play.index == 0
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01binary garbage\xff")
    pilot.drop_file(str(bad))
    assert app.status is not None and app.status.startswith("Cannot open bad.txt")
    assert "\n" not in app.status
    assert len(app.collection.levels) == 2  # type: ignore[attr-defined]
    pilot.drop_file(str(tmp_path / "missing.sok"))
    assert app.status is not None and "missing.sok" in app.status


def test_the_loop_idles_when_nothing_moves(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_RIGHT)
    assert not app.busy()
    assert app._timeout_ms() > 0  # the real loop would sleep
    assert not app.dirty


def test_background_tasks_deliver_results_through_the_loop(app: App) -> None:
    results: list[int] = []
    app.tasks.submit("sum", lambda token: sum(range(10)), results.append)
    cancelled = app.tasks.submit("never", lambda token: 1, results.append)
    cancelled.cancel()
    for _ in range(200):
        app.step(dt=0.01)
        if results and not app.tasks.busy:
            break
        pygame.time.wait(5)
    app.run_until_idle()
    assert results == [45]


def test_fullscreen_toggles(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_F11)
    assert app.settings.fullscreen
    pilot.press(pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.screen.get_size() == app.settings.window_size


@pytest.mark.parametrize("moves", ["", "rR"])
def test_every_scene_draws(app: App, pilot: Pilot, moves: str) -> None:
    pilot.type_moves(moves)
    for key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_F1, pygame.K_SPACE, pygame.K_ESCAPE):
        pilot.press(key)
        app.draw()


def test_a_running_task_keeps_the_loop_drawing_its_spinner(app: App) -> None:
    import threading

    release = threading.Event()
    done: list[str] = []
    app.tasks.submit("Thinking", lambda token: release.wait(5) and "hint", done.append)
    app.step(dt=0.01)
    assert app.busy()
    assert app.tasks.running_names() == ["Thinking"]
    release.set()
    for _ in range(500):
        app.step(dt=0.01)
        if done:
            break
        pygame.time.wait(2)
    app.run_until_idle()
    assert done == ["hint"]
    assert not app.busy()


def test_a_push_is_animated_between_the_squares(app: App, pilot: Pilot) -> None:
    from starpusher.gui.art import Tile

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


def test_another_game_brings_its_own_keys_and_help(app: App, pilot: Pilot) -> None:
    from starpusher.gui.app import Scene
    from starpusher.gui.commands import Binding, Key

    class Slider(Scene):
        key_map = (
            Binding(Command.MOVE_UP, (Key(pygame.K_k, label="K"),), "slide a tile up", "Slide"),
            Binding(Command.HELP, (Key(pygame.K_F1, label="F1"),), "help", "Other"),
        )
        mouse_help = (("Click a tile", "slide it"),)

        def __init__(self, window: App) -> None:
            super().__init__(window)
            self.commands: list[Command | None] = []

        def key(self, command, event):  # type: ignore[no-untyped-def]
            self.commands.append(command)
            if command is Command.HELP:
                self.app.push(HelpOverlay(self.app))

    slider = Slider(app)
    app.replace(slider)
    pilot.press(pygame.K_k)
    pilot.press(pygame.K_UP)
    assert slider.commands == [Command.MOVE_UP, None]
    pilot.press(pygame.K_F1)
    help_scene = app.scene
    assert isinstance(help_scene, HelpOverlay)
    assert help_scene.rows == [
        ("Slide", "K", "slide a tile up"),
        ("Other", "F1", "help"),
        ("Mouse", "Click a tile", "slide it"),
    ]


def test_a_collection_without_levels_is_refused_before_a_window_opens() -> None:
    from starpusher.core import StarPusherError
    from starpusher.levels import Collection

    with pytest.raises(StarPusherError, match="no playable level"):
        App(Collection(source="empty.sok"))


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
    app: App, pilot: Pilot, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    updates: list[list[pygame.Rect]] = []
    real_update = pygame.display.update

    def record(rects):  # type: ignore[no-untyped-def]
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


def test_an_idle_window_sleeps_and_draws_nothing(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import time

    from starpusher.gui import app as app_module

    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 60)
    frames: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: frames.append(1))
    looks: list[int] = []
    get_events = pygame.event.get
    monkeypatch.setattr(pygame.event, "get", lambda: looks.append(1) or get_events())
    start = time.perf_counter()
    app.step(wait=True)
    assert time.perf_counter() - start >= 0.05
    assert frames == []
    # It sleeps between looks for events: no more looks than the wait has poll intervals.
    assert 1 < len(looks) <= 0.06 / app_module.IDLE_POLL_SECONDS + 2


def test_an_event_wakes_an_idle_window(app: App, pilot: Pilot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import threading

    from starpusher.gui import app as app_module

    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 5000)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    threading.Timer(0.05, pygame.event.post, (key,)).start()
    app.step(wait=True)  # returns with the key, long before the five seconds
    assert pilot.play.history.moves == "r"


def test_changed_settings_are_handed_to_the_saver(collection) -> None:  # type: ignore[no-untyped-def]
    saved: list[tuple[int, bool]] = []
    app = App(
        collection,
        show_title=False,
        save_settings=lambda settings: saved.append((settings.character, settings.instant_moves)),
    )
    pilot = Pilot(app)
    pilot.press(pygame.K_p)
    pilot.press(pygame.K_i)
    assert saved == [(1, False), (1, True)]
    app.close()
