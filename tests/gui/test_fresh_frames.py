"""Whatever way the window gets to a picture, it draws what a fresh window would (issue 33).

The window keeps what it drew to draw less: the play scene repaints only where
pieces moved while its board stands still, the board keeps its map per tile
width, the level list its thumbnails, the editor its picture of the sketch,
Fifteen its tray. None may show what was there before. Each test reaches a
picture one way (N, B, J, the level list, undo, leaving a screen...) and compares
it, pixel for pixel, with the picture of the same thing opened afresh.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.core import Level
from starpusher.editing import EditSession, Piece, Sketch
from starpusher.gui import App, Settings, StarPusherSettings
from starpusher.gui.editor import EditorScene, open_editor
from starpusher.gui.fifteen import art as fifteen_art
from starpusher.gui.fifteen import scene as fifteen_scene
from starpusher.gui.fifteen.art import FifteenPictures, TrayPicture
from starpusher.gui.fifteen.scene import FifteenScene
from starpusher.gui.kit.layout import view_rect
from starpusher.gui.sokoban.art import CHARACTERS
from starpusher.gui.sokoban.endless import EndlessChoice, EndlessPlayScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.replay import ReplayScene
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.levels import Collection, builtin_names, load_builtin, parse_collection
from starpusher.session import MemoryProgress

WINDOW = (800, 600)


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.event.clear()  # nothing left over from an earlier test
    yield
    pygame.display.quit()


def differences(shown: pygame.Surface, fresh: pygame.Surface) -> str:
    """How many pixels differ between two pictures, and where (an empty string: none)."""
    if shown.get_size() != fresh.get_size():
        return f"sizes differ: {shown.get_size()} and {fresh.get_size()}"
    if pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB"):
        return ""
    apart = shown.copy()
    apart.blit(fresh, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = fresh.copy()
    other_way.blit(shown, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    apart.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(apart, (0, 0, 0), (1, 1, 1, 255))
    same.invert()
    count = same.count()
    where = same.get_bounding_rects()
    return f"{count} pixels differ, within {where[0].unionall(where[1:])}"


def window(
    collection: Collection,
    index: int = 0,
    *,
    size: tuple[int, int] = WINDOW,
    progress: MemoryProgress | None = None,
    flat_view: bool = False,
    show_dead_squares: bool = False,
) -> App:
    """A window opened on level ``index``, with Star Pusher's views as chosen."""
    chosen = StarPusherSettings(flat_view=flat_view, show_dead_squares=show_dead_squares)
    settings = Settings(window_size=size, games=[chosen])
    progress = progress or MemoryProgress()
    app = App(collection, show_title=False, level_index=index, settings=settings, progress=progress)
    app.run_until_idle()
    return app


def opened_at(
    collection: Collection, index: int, *, flat_view: bool = False, show_dead_squares: bool = False
) -> pygame.Surface:
    """The picture of level ``index`` in a window opened on it."""
    app = window(collection, index, flat_view=flat_view, show_dead_squares=show_dead_squares)
    picture = app.screen.copy()
    app.close()
    return picture


def press(pilot: Pilot, *keys: int) -> pygame.Surface:
    """The picture once ``keys`` are pressed and the window is idle again."""
    for key in keys:
        pilot.press(key)
    return pilot.app.screen.copy()


# -- the play scene: another level of the same size -------------------------------------------------


def same_size_neighbours() -> list[tuple[str, int]]:
    """Every level of the built-in collections followed by one of the same width and height."""
    pairs = []
    for name in builtin_names():
        levels = load_builtin(name).levels
        for index, (level, following) in enumerate(itertools.pairwise(levels)):
            if (level.width, level.height) == (following.width, following.height):
                pairs.append((name, index))
    return pairs


NEIGHBOURS = same_size_neighbours()


def test_the_built_in_collections_have_neighbours_of_the_same_size() -> None:
    assert len([name for name, _ in NEIGHBOURS if name == "starpusher"]) == 24  # as the issue counted


@pytest.mark.parametrize(("name", "index"), NEIGHBOURS, ids=[f"{name}-{i + 1}" for name, i in NEIGHBOURS])
def test_every_way_to_the_next_level_of_the_same_size_draws_that_level(name: str, index: int) -> None:
    collection = load_builtin(name)
    this, following = opened_at(collection, index), opened_at(collection, index + 1)
    app = window(collection, index)
    pilot = Pilot(app)
    assert differences(press(pilot, pygame.K_n), following) == "", "after N"
    assert differences(press(pilot, pygame.K_b), this) == "", "after B"
    assert differences(press(pilot, pygame.K_j), following) == "", "after J (the next unsolved)"
    pilot.press(pygame.K_b)
    chosen = press(pilot, pygame.K_l, pygame.K_RIGHT, pygame.K_RETURN)
    assert differences(chosen, following) == "", "after choosing it in the level list"
    app.close()


#: Two levels of one size whose stars and player stand alike: only the walls and the goals differ.
TWINS = """\
Walls left
#######
#@$  .#
##  ###
#######

Walls right
#######
#@$. ##
###   #
#######
"""


@pytest.mark.parametrize(("flat_view", "show_dead_squares"), [(False, False), (True, False), (False, True)])
def test_twin_levels_are_told_apart_in_every_view(flat_view: bool, show_dead_squares: bool) -> None:
    twins = parse_collection(TWINS)
    views = {"flat_view": flat_view, "show_dead_squares": show_dead_squares}
    first, second = opened_at(twins, 0, **views), opened_at(twins, 1, **views)
    assert differences(first, second) != ""  # the walls differ, so the pictures must
    app = window(twins, 0, flat_view=flat_view, show_dead_squares=show_dead_squares)
    pilot = Pilot(app)
    assert differences(press(pilot, pygame.K_n), second) == ""
    assert differences(press(pilot, pygame.K_b), first) == ""
    app.close()


def test_the_key_after_solving_opens_the_next_level_as_itself() -> None:
    twins = parse_collection(TWINS)
    second = opened_at(twins, 1)

    def key(pilot: Pilot) -> None:
        pilot.press(pygame.K_SPACE)

    def click(pilot: Pilot) -> None:
        pilot.click((400, 300))

    for goes_on in (key, click):
        app = window(twins, 0)
        pilot = Pilot(app)
        pilot.type_moves("rrr")
        assert pilot.play.solved
        goes_on(pilot)
        assert pilot.play.index == 1
        assert differences(app.screen, second) == ""
        app.close()


def endless_window(level: Level) -> App:
    """A window playing Endless, with ``level`` the first made."""
    app = window(parse_collection(TWINS))
    app.replace(EndlessPlayScene(app, EndlessChoice(), level))
    app.run_until_idle()
    return app


def test_endless_levels_of_one_size_are_each_drawn_as_themselves() -> None:
    first_level, second_level = parse_collection(TWINS).levels
    first = endless_window(first_level)
    first_board = board_of(first)
    first.close()
    second = endless_window(second_level)
    second_board = board_of(second)
    second.close()

    app = endless_window(first_level)
    play = app.scene
    assert isinstance(play, EndlessPlayScene)
    play.add_level(second_level)  # as a level made in the background arrives
    app.run_until_idle()
    assert differences(board_of(app), second_board) == "", "a new level"
    pilot = Pilot(app)
    pilot.press(pygame.K_b)
    assert differences(board_of(app), first_board) == "", "back to the one before (B)"
    pilot.press(pygame.K_n)
    assert differences(board_of(app), second_board) == "", "forward again (N)"
    app.close()


def board_of(app: App) -> pygame.Surface:
    """The picture between the bars (the bar above counts the levels made so far)."""
    return app.screen.subsurface(view_rect(app.screen)).copy()


# -- the play scene: pieces repainted in part ------------------------------------------------------


def drawn_whole(app: App) -> pygame.Surface:
    """The same moment drawn again from nothing (the picture shown is left as it was)."""
    shown = app.screen.copy()
    app.full_redraw = app.dirty = True
    app.draw()
    redrawn = app.screen.copy()
    app.screen.blit(shown, (0, 0))
    return redrawn


#: Walls in front of the stars' rows, goals under them, room to walk: what partial repaints must get right.
TALL_ROOM = """\
#########
#  .  . #
# $#$## #
#  @    #
##  $ . #
#########
"""

#: Keys whose pictures a frame draws in part: moves (animated), undo and redo, restart, zoom, the views.
PLAY_KEYS = [
    (pygame.K_UP, 0),
    (pygame.K_DOWN, 0),
    (pygame.K_LEFT, 0),
    (pygame.K_RIGHT, 0),
    (pygame.K_z, 0),
    (pygame.K_x, 0),
    (pygame.K_z, pygame.KMOD_SHIFT),
    (pygame.K_r, 0),
    (pygame.K_EQUALS, 0),
    (pygame.K_0, 0),
    (pygame.K_f, 0),
    (pygame.K_d, pygame.KMOD_CTRL),
    (pygame.K_p, 0),
    (pygame.K_v, 0),
    (pygame.K_t, 0),
    (pygame.K_t, pygame.KMOD_SHIFT),
    (pygame.K_y, 0),
]


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(PLAY_KEYS), max_size=16))
def test_every_frame_drawn_in_part_is_the_frame_drawn_whole(keys: list[tuple[int, int]]) -> None:
    app = window(parse_collection(TALL_ROOM))
    for key, mod in keys:
        Pilot(app).press(key, mod, settle=False)
        for _ in range(60):  # every frame of the animation, not only the last
            app.step(dt=1 / 60)
            assert differences(app.screen, drawn_whole(app)) == ""
            if not app.busy():
                break
    app.close()


def step_until_idle_drawing_whole(app: App) -> None:
    """Run the loop frame by frame, each frame checked against the same frame drawn whole."""
    for _ in range(2000):
        app.step(dt=1 / 60)
        assert differences(app.screen, drawn_whole(app)) == ""
        if not app.busy() and not pygame.event.peek():
            return
    raise AssertionError("the window never came to rest")


def test_solving_and_undoing_the_solve_draws_the_banner_and_takes_it_away_whole() -> None:
    app = window(parse_collection(TWINS))
    pilot = Pilot(app)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):
        pilot.press(key, settle=False)
    step_until_idle_drawing_whole(app)
    assert pilot.play.solved
    pilot.press(pygame.K_z, settle=False)
    step_until_idle_drawing_whole(app)
    assert not pilot.play.solved
    app.close()


def test_a_replay_draws_every_frame_as_a_whole_one_and_leaves_the_game_as_it_was() -> None:
    app = window(parse_collection(TALL_ROOM))
    pilot = Pilot(app)
    before = app.screen.copy()
    pilot.play.start_replay("lUluRRRR", "a test")
    step_until_idle_drawing_whole(app)  # played to the end
    assert isinstance(app.scene, ReplayScene) and app.scene.position == 8
    for key in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_HOME, pygame.K_RIGHT, pygame.K_END, pygame.K_SPACE):
        pilot.press(key, settle=False)
        step_until_idle_drawing_whole(app)
    pilot.press(pygame.K_ESCAPE)
    assert differences(app.screen, before) == ""
    app.close()


@pytest.mark.parametrize(
    "opens",
    [pygame.K_F1, pygame.K_l, pygame.K_m, pygame.K_c],
    ids=["help", "level list", "snapshots", "collections"],
)
def test_a_screen_opened_over_the_game_and_closed_leaves_it_as_it_was(opens: int) -> None:
    app = window(parse_collection(TALL_ROOM))
    pilot = Pilot(app)
    pilot.type_moves("lU")
    before = app.screen.copy()
    pilot.press(opens)
    assert app.scene is not pilot.app.scenes[0] and differences(app.screen, before) != ""
    pilot.press(pygame.K_ESCAPE)
    assert differences(app.screen, before) == ""
    app.close()


# -- the board's kept maps and the camera -------------------------------------------------------------


def quiet(app: App) -> pygame.Surface:
    """The picture once the message a key gave has gone."""
    app.say("", 0)
    app.run_until_idle()
    return app.screen.copy()


def test_zooming_and_changing_views_there_and_back_draws_the_level_as_opened() -> None:
    room = parse_collection(TALL_ROOM)
    opened = opened_at(room, 0)
    app = window(room)
    pilot = Pilot(app)
    for _ in range(3):  # three tile widths: the board keeps two maps, so the first is made again
        pilot.press(pygame.K_EQUALS)
    assert differences(app.screen, opened) != ""
    assert differences(press(pilot, pygame.K_0), opened) == "", "zoomed in, then fitted"
    pilot.wheel(1)
    pilot.wheel(-1)
    assert differences(app.screen, opened) == "", "the wheel in and out"
    views = [pygame.K_f, pygame.K_f], [pygame.K_p] * len(CHARACTERS), [pygame.K_t] * 4, [pygame.K_y] * 2
    for keys in views:
        for key in keys:
            pilot.press(key)
        assert differences(quiet(app), opened) == "", f"keys {keys}"
    pilot.press(pygame.K_t)
    pilot.press(pygame.K_t, pygame.KMOD_SHIFT)
    assert differences(quiet(app), opened) == "", "turned right, then left"
    pilot.press(pygame.K_d, pygame.KMOD_CTRL)
    pilot.press(pygame.K_d, pygame.KMOD_CTRL)
    assert differences(quiet(app), opened) == "", "dead squares shown and hidden"
    app.close()


@pytest.mark.parametrize("size", [(640, 480), (1200, 500)])
def test_a_resized_window_draws_the_level_as_a_window_of_that_size_would(size: tuple[int, int]) -> None:
    room = parse_collection(TALL_ROOM)
    progress = MemoryProgress()  # the game played is resumed in the windows opened afresh
    app = window(room, progress=progress)
    pilot = Pilot(app)
    pilot.type_moves("lU")
    pilot.resize(size)
    resized = app.screen.copy()
    pilot.resize(WINDOW)
    back = app.screen.copy()
    app.close()

    for window_size, picture in ((size, resized), (WINDOW, back)):
        fresh = window(room, size=window_size, progress=progress)
        assert differences(picture, fresh.screen) == "", f"at {window_size}"
        fresh.close()


# -- the level list's thumbnails ----------------------------------------------------------------------


def test_the_level_list_after_scrolling_finding_and_unlocking_draws_as_opened() -> None:
    collection = load_builtin("starpusher")
    fresh = window(collection)
    Pilot(fresh).press(pygame.K_l)
    opened = fresh.screen.copy()
    fresh.close()

    app = window(collection)
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    assert isinstance(app.scene, LevelSelectScene)
    pilot.press(pygame.K_END)  # the last cards' pictures, then the first ones' again
    pilot.press(pygame.K_HOME)
    assert differences(app.screen, opened) == "", "scrolled to the end and back"
    pilot.press(pygame.K_SLASH, unicode="/")
    pilot.press(pygame.K_s, unicode="s")  # cards move to other places: each keeps its own picture
    assert differences(app.screen, opened) != ""
    pilot.press(pygame.K_ESCAPE)
    assert differences(app.screen, opened) == "", "found, then every level again"
    pilot.press(pygame.K_u)
    pilot.press(pygame.K_u)
    assert differences(quiet(app), opened) == "", "unlocking one by one, on and off"
    app.close()


def test_the_level_list_marks_the_level_just_solved_as_one_opened_afresh_does() -> None:
    twins = parse_collection(TWINS)
    progress = MemoryProgress()
    app = window(twins, progress=progress)
    pilot = Pilot(app)
    pilot.press(pygame.K_l)
    pilot.press(pygame.K_ESCAPE)  # a list seen before the solve
    pilot.type_moves("rrr")
    pilot.press(pygame.K_l)
    seen = app.screen.copy()
    app.close()
    fresh = window(twins, progress=progress)
    Pilot(fresh).press(pygame.K_l)
    assert differences(seen, fresh.screen) == ""
    fresh.close()


# -- the editor's picture of the sketch ------------------------------------------------------------------


def editor_window(sketch: Sketch, *, size: tuple[int, int] = WINDOW) -> tuple[App, EditorScene]:
    """A window with the editor open on ``sketch`` (a room without a player: no solver needed)."""
    app = window(parse_collection(TWINS), size=size)
    editor = open_editor(app, EditSession(sketch), over=True)
    return app, editor


def editor_board(app: App, editor: EditorScene) -> pygame.Surface:
    """The board as drawn once the sketch is checked and no message shows (the bar above says
    whether the level is saved, which a fresh editor's does not)."""
    app.say("", 0)
    for _ in range(100):  # the sketch is checked after a pause
        app.step(dt=1 / 30)
        if editor.checked == editor.sketch:
            break
    app.run_until_idle()
    return app.screen.subsurface(editor.board_area()).copy()


def editor_opened_on(sketch: Sketch) -> pygame.Surface:
    app, editor = editor_window(sketch)
    picture = editor_board(app, editor)
    app.close()
    return picture


def test_the_editor_after_painting_undoing_and_changing_views_draws_as_opened() -> None:
    room = Sketch.empty(7, 5)
    painted = room.paint([(3, 2)], Piece.WALL)[0]
    opened, opened_painted = editor_opened_on(room), editor_opened_on(painted)
    app, editor = editor_window(room)
    pilot = Pilot(app)
    pilot.click(editor.square_center((3, 2)))
    assert editor.sketch == painted
    assert differences(editor_board(app, editor), opened_painted) == "", "painted"
    pilot.press(pygame.K_z)
    assert differences(editor_board(app, editor), opened) == "", "undone"
    pilot.press(pygame.K_x)
    assert differences(editor_board(app, editor), opened_painted) == "", "redone"
    for keys, mods in (([pygame.K_f] * 2, 0), ([pygame.K_d] * 2, pygame.KMOD_CTRL)):
        for key in keys:
            pilot.press(key, mods)
        assert differences(editor_board(app, editor), opened_painted) == "", f"keys {keys} there and back"
    app.close()


def test_a_drag_under_way_when_the_window_changes_size_is_laid_out_for_the_new_size() -> None:
    room = Sketch.empty(7, 5)
    app, editor = editor_window(room)
    point = editor.square_center((3, 2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    app.run_until_idle()
    assert editor.stroke is not None
    Pilot(app).resize((640, 480))  # as F11 does mid-drag: the window's own keys never wait
    during = app.screen.subsurface(editor.board_area()).copy()
    layout = editor.geometry()
    app.close()

    fresh, fresh_editor = editor_window(room.paint([(3, 2)], Piece.WALL)[0], size=(640, 480))
    assert layout == fresh_editor.geometry()
    assert differences(during, editor_board(fresh, fresh_editor)) == ""
    fresh.close()


# -- Fifteen's tray and tiles ----------------------------------------------------------------------------


def drawn_by_a_fifteen_keeping_nothing(app: App, game: FifteenScene, monkeypatch: pytest.MonkeyPatch) -> str:
    """How the picture shown differs from the same moment drawn with a new tray and new tile pictures."""
    shown = app.screen.copy()
    kept = game.tray
    with monkeypatch.context() as patch:
        nothing_kept = FifteenPictures()
        patch.setattr(fifteen_art, "PICTURES", nothing_kept)
        patch.setattr(fifteen_scene, "PICTURES", nothing_kept)
        game.tray = TrayPicture(*game.session.size)
        app.full_redraw = app.dirty = True
        app.draw()
        game.tray = kept
    return differences(shown, app.screen)


def test_fifteen_after_every_change_of_size_draws_what_a_fifteen_keeping_nothing_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = window(parse_collection(TWINS))
    game = FifteenScene(app, (3, 3), rng=random.Random(7), clock=lambda: 1000.0)
    app.replace(game)
    pilot = Pilot(app)
    pilot.press(pygame.K_RIGHT)
    steps = [
        ("bigger", [(pygame.K_EQUALS, "=")]),
        ("smaller", [(pygame.K_MINUS, "-")]),
        ("chosen", [(pygame.K_s, "s"), (pygame.K_RIGHT, ""), (pygame.K_RETURN, "")]),
        ("a new shuffle", [(pygame.K_r, "r")]),
        ("undone", [(pygame.K_LEFT, ""), (pygame.K_z, "z")]),
        ("the chooser left", [(pygame.K_s, "s"), (pygame.K_ESCAPE, "")]),
        ("the help left", [(pygame.K_F1, ""), (pygame.K_ESCAPE, "")]),
    ]
    for name, keys in steps:
        for key, char in keys:
            pilot.press(key, unicode=char)
        app.say("", 0)
        app.run_until_idle()
        assert app.scene is game
        assert drawn_by_a_fifteen_keeping_nothing(app, game, monkeypatch) == "", name
    assert game.session.size == (4, 3)
    app.close()
