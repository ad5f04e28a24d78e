"""Fifteen in the window, driven headless through the real loop: keys, clicks, history, solving, help."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from fifteen_helpers import FakeClock

from starpusher.cli.fifteen import play_fifteen as run
from starpusher.core.fifteen import Board
from starpusher.gui import App, Settings
from starpusher.gui.fifteen.scene import FifteenScene, format_time
from starpusher.gui.fifteen.size import SizeChooser
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.kit.text import WRITER
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.title import TitleScene
from starpusher.levels import Collection
from starpusher.session import fifteen_assist
from starpusher.solver.fifteen import solve_fifteen
from starpusher.store import FIFTEEN_SIZE, Store

SHIFT = pygame.KMOD_SHIFT
ARROWS = {"U": pygame.K_UP, "D": pygame.K_DOWN, "L": pygame.K_LEFT, "R": pygame.K_RIGHT}


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("STARPUSHER_DATA_DIR", str(tmp_path))
    with Store.open(tmp_path) as opened:
        yield opened


@pytest.fixture
def window(collection: Collection, store: Store) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        collection,
        progress=store,
        show_title=False,
        settings=Settings(window_size=(800, 600), instant_moves=True),
    )
    yield app
    app.close()
    pygame.display.quit()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def game(window: App, clock: FakeClock) -> FifteenScene:
    scene = FifteenScene(window, (3, 3), rng=random.Random(7), clock=clock)
    window.replace(scene)
    window.run_until_idle()
    return scene


def slide(pilot: Pilot, moves: str) -> None:
    for letter in moves:
        pilot.press(ARROWS[letter], settle=False)
    pilot.settle()


def wait_for(app: App, condition: Callable[[], bool], seconds: float = 60) -> None:
    """Run the loop until a background search has answered."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"no answer in time: {app.status}"
        app.step(dt=1 / 60)
        time.sleep(0.002)
    app.run_until_idle()


def test_a_new_game_is_a_shuffle_with_the_gap_bottom_right(game: FifteenScene) -> None:
    board = game.board
    assert board.gap == 8 and not board.is_solved()
    assert board.can_reach(Board.solved(3, 3))
    assert game.history.moves == "" and game.session.elapsed() == 0


def test_arrows_slide_the_tile_next_to_the_gap_in_their_direction(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    start = game.board
    pilot.press(pygame.K_UP)  # no tile below the gap: nothing happens
    pilot.press(pygame.K_LEFT)  # nor right of it
    assert game.board == start and game.history.moves == ""
    pilot.press(pygame.K_DOWN)  # the tile above the gap comes down into it
    assert game.board.tiles[8] == start.tiles[5] and game.board.gap == 5
    pilot.press(pygame.K_RIGHT)  # the tile left of the gap goes right
    assert game.board == start.apply("DR")
    assert game.history.moves == "DR"


def test_keys_pressed_during_an_animation_wait_their_turn(window: App, game: FifteenScene) -> None:
    window.settings.instant_moves = False
    pilot = Pilot(window)
    start = game.board
    for key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
        pilot.press(key, settle=False)
    window.step(dt=1 / 60)
    assert game.animation is not None and game.history.moves == "D"  # one slides, three wait
    pilot.settle()
    assert game.history.moves == "DRUL" and game.board == start.apply("DRUL")
    assert game.animation is None


def test_a_click_slides_every_tile_between_it_and_the_gap_and_undoes_at_once(
    window: App, game: FifteenScene
) -> None:
    pilot = Pilot(window)
    start = game.board
    pilot.click(game.cell_center(6))  # bottom-left: two tiles slide right
    assert game.board == start.apply("RR")
    assert game.history.moves == "RR"
    pilot.click(game.cell_center(0))  # top of the gap's column: two tiles slide down
    assert game.board == start.apply("RRDD")
    pilot.click(game.cell_center(8))  # not in line with the gap: nothing
    assert game.board == start.apply("RRDD")
    pilot.press(pygame.K_z)
    assert game.board == start.apply("RR")
    pilot.press(pygame.K_z)
    assert game.board == start


def test_undo_redo_and_restart(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    start = game.board
    slide(pilot, "DRD")
    pilot.press(pygame.K_z)
    assert game.history.moves == "DR"
    pilot.press(pygame.K_x)
    assert game.history.moves == "DRD"
    pilot.press(pygame.K_z, pygame.KMOD_LCTRL)
    pilot.press(pygame.K_y, pygame.KMOD_LCTRL)
    pilot.press(pygame.K_z, pygame.KMOD_LCTRL | SHIFT)  # nothing left to redo
    assert game.history.moves == "DRD"
    pilot.press(pygame.K_BACKSPACE)  # back to this shuffle's start...
    assert game.board == start and game.history.moves == ""
    pilot.press(pygame.K_z)  # ...which undo takes back
    assert game.board == start.apply("DRD")


def test_r_starts_a_new_shuffle(window: App, game: FifteenScene, clock: FakeClock) -> None:
    pilot = Pilot(window)
    slide(pilot, "DR")
    clock.now += 5
    first = game.history.start
    pilot.press(pygame.K_r)
    assert game.history.start != first and game.board == game.history.start
    assert game.history.moves == "" and game.session.elapsed() == 0
    assert game.board.gap == 8 and not game.board.is_solved()


def test_solving_through_the_keys_shows_solved_and_keeps_the_best(
    window: App, game: FifteenScene, store: Store, clock: FakeClock
) -> None:
    pilot = Pilot(window)
    moves = solve_fifteen(game.board).moves
    slide(pilot, moves[:1])
    clock.now += 42.25  # the timer runs from the first slide
    slide(pilot, moves[1:])
    assert game.session.solved and game.showing_solved
    assert game.session.elapsed() == 42.2 or game.session.elapsed() == 42.3
    assert store.fifteen_best(3, 3).moves == len(moves)
    assert f"New best: {len(moves)} moves!" in game.session.notes
    clock.now += 100
    assert game.session.elapsed() in (42.2, 42.3)  # stopped
    pilot.press(pygame.K_z)  # undo takes the last slide back, and the clock runs on from where it stopped
    assert not game.session.solved
    clock.now += 2
    assert game.session.elapsed() == pytest.approx(44.2, abs=0.11)
    pilot.press(pygame.K_x)
    assert game.showing_solved


def test_any_key_after_solved_starts_a_new_shuffle(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    slide(pilot, solve_fifteen(game.board).moves)
    assert game.showing_solved
    solved_board = game.board
    pilot.press(pygame.K_SPACE)
    assert not game.session.solved and game.board != solved_board and game.history.moves == ""


def test_a_held_key_or_a_modifier_after_solved_starts_no_new_shuffle(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    moves = solve_fifteen(game.board).moves
    slide(pilot, moves[:-1])
    last = ARROWS[moves[-1]]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=last, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=last, mod=0, unicode=""))  # its repeat
    pilot.settle()
    assert game.showing_solved and game.history.moves
    pilot.press(pygame.K_LSHIFT, pygame.KMOD_LSHIFT)
    assert game.showing_solved
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=last, mod=0, unicode=""))
    pilot.press(last)  # pressed afresh: a new shuffle
    assert not game.session.solved and game.history.moves == ""


def test_a_hint_is_the_first_move_of_a_shortest_solution(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    board = game.board
    shortest = solve_fifteen(board).length
    pilot.press(pygame.K_h, settle=False)
    wait_for(window, lambda: game.session.assistant.hint is not None)
    hinted = game.session.assistant.hinted()
    assert hinted is not None
    cell, letter = hinted
    assert board.source_of(letter) == cell
    assert solve_fifteen(board.slide(letter)).length == shortest - 1
    assert (window.status or "").startswith("Hint: slide")
    pilot.press(ARROWS[letter])  # following the hint clears it
    assert game.session.assistant.hinted() is None


def test_a_second_press_or_a_move_cancels_the_search(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_h, settle=False)
    pilot.press(pygame.K_h, settle=False)
    pilot.settle()
    assert game.session.assistant.hint is None and window.status == "Hint cancelled."
    pilot.press(pygame.K_h, settle=False)
    pilot.press(pygame.K_DOWN, settle=False)
    pilot.settle()
    assert not game.session.assistant.searching and game.session.assistant.hinted() is None
    assert game.history.moves == "D"


def test_playing_the_solution_solves_it_undoably_and_keeps_no_best(
    window: App, game: FifteenScene, store: Store
) -> None:
    pilot = Pilot(window)
    start = game.board
    pilot.press(pygame.K_h, SHIFT, settle=False)
    wait_for(window, lambda: game.session.solved)
    assert game.board.is_solved()
    assert len(game.history.moves) == solve_fifteen(start).length
    assert store.fifteen_best(3, 3).moves is None  # the solver's solve is no record
    assert any("help" in note for note in game.session.notes)
    assert store.fifteen_helped(3, 3) == 1 and game.session.helped_count == 1  # kept as solved with help
    pilot.press(pygame.K_BACKSPACE)
    assert game.board == start


def test_size_keys_and_the_chooser_change_the_board_and_are_remembered(
    window: App, game: FifteenScene, store: Store
) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_EQUALS)
    assert game.session.size == (4, 4) and game.board.width == 4 and game.board.height == 4
    assert store.get_setting(FIFTEEN_SIZE) == (4, 4)
    pilot.press(pygame.K_MINUS, unicode="-")
    assert game.session.size == (3, 3)
    pilot.press(pygame.K_MINUS, unicode="-")  # already the smallest
    assert game.session.size == (3, 3)
    pilot.press(pygame.K_s)
    chooser = window.scene
    assert isinstance(chooser, SizeChooser)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)  # wider: 5x3
    pilot.press(pygame.K_RETURN)
    assert window.scene is game
    assert game.session.size == (5, 3) and game.board.width == 5 and game.board.gap == 14
    assert store.get_setting(FIFTEEN_SIZE) == (5, 3)
    pilot.press(pygame.K_TAB)  # the mouse chooses too
    chooser = window.scene
    assert isinstance(chooser, SizeChooser)
    pilot.click(chooser.cell_rects(window.screen)[(8, 8)].center)
    assert game.session.size == (8, 8)
    again = FifteenScene(window)  # the next game opens at the size played last
    assert again.session.size == (8, 8)


def test_the_title_screen_opens_fifteen_and_esc_comes_back(
    collection: Collection, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[tuple[int, int]] = []  # the 4x4 tables' build starts at once (test_waiting.py tests it)
    monkeypatch.setattr(
        fifteen_assist, "load_tables", lambda width, height, *rest: built.append((width, height))
    )
    pygame.display.init()
    pygame.event.clear()
    app = App(collection, progress=store, settings=Settings(window_size=(800, 600)))
    try:
        pilot = Pilot(app)
        assert isinstance(app.scene, TitleScene)
        pilot.press(pygame.K_UP)  # from the first game up to the last: Fifteen
        pilot.press(pygame.K_RETURN)
        assert isinstance(app.scene, FifteenScene)
        assert app.scene.session.size == (4, 4)
        assert built == [(4, 4)]
        pilot.press(pygame.K_ESCAPE)
        title = app.scene
        assert isinstance(title, TitleScene)
        assert app.games[title.choice].name == "Fifteen"
    finally:
        app.close()
        pygame.display.quit()


def test_the_help_overlay_lists_fifteens_own_keys(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_F1)
    overlay = window.scene
    assert isinstance(overlay, HelpOverlay)
    assert ("Slide", "R", "a new shuffle") in overlay.rows
    assert ("Slide", "Backspace", "back to this shuffle's start (undo takes it back)") in overlay.rows
    assert any(section == "Mouse" and "gap's row or column" in what for section, _, what in overlay.rows)
    pilot.press(pygame.K_SPACE)
    assert window.scene is game


def test_the_timer_counts_from_the_first_slide(window: App, game: FifteenScene, clock: FakeClock) -> None:
    pilot = Pilot(window)
    clock.now += 30  # thinking before the first slide is free
    assert game.session.elapsed() == 0 and game.wake_in() is None
    slide(pilot, "D")
    clock.now += 61.5
    assert game.session.elapsed() == pytest.approx(61.5)
    assert 0 < (game.wake_in() or 0) <= 1.01  # the clock on screen is redrawn every second
    assert format_time(61.5) == "1:01" and format_time(61.54, tenths=True) == "1:01.5"
    assert format_time(3725) == "1:02:05"


def test_run_opens_the_window_on_fifteen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    pygame.event.clear()
    seen: list[object] = []

    def run_once(app: App, *, max_steps: int | None = None) -> int:  # look instead of waiting for a player
        seen.append(app.scene)
        app.close()
        return 0

    monkeypatch.setattr(App, "run", run_once)
    try:
        assert run(size=(5, 3), data_dir=tmp_path) == 0
    finally:
        pygame.display.quit()
    scene = seen[0]
    assert isinstance(scene, FifteenScene) and scene.session.size == (5, 3)
    with Store.open(tmp_path) as store:
        assert store.get_setting(FIFTEEN_SIZE) == (5, 3)


def test_the_mouse_rings_the_tiles_a_click_would_slide(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=game.cell_center(2), rel=(0, 0), buttons=(0, 0, 0))
    )
    pilot.settle()
    assert game.hover == 2
    assert game._rings(None) == {5: "hover", 2: "hover"}  # the gap is cell 8, below them
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=game.cell_center(0), rel=(0, 0), buttons=(0, 0, 0))
    )
    pilot.settle()
    assert game._rings(None) == {}  # not in line with the gap
    assert game._rings((7, "R")) == {7: "hint"}


def test_a_cancelled_table_build_stops_at_its_next_progress_report() -> None:
    from starpusher.gui.kit.tasks import CancelToken
    from starpusher.session.fifteen_assist import BUILDING, BuildProgress
    from starpusher.solver.fifteen import SearchCancelled

    token = CancelToken()
    report = BuildProgress(BUILDING, after="Thinking").reporter(token)
    report("building", 0.5)  # goes on while wanted
    token.cancel()  # the hint was cancelled, or the window closed
    with pytest.raises(SearchCancelled):
        report("building", 0.6)


def test_a_solve_after_a_hint_keeps_no_best(window: App, game: FifteenScene, store: Store) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_h, settle=False)
    wait_for(window, lambda: game.session.assistant.hint is not None)
    slide(pilot, solve_fifteen(game.board).moves)
    assert game.session.solved and store.fifteen_best(3, 3).moves is None
    pilot.press(pygame.K_r)  # a new shuffle is a fresh start
    assert not game.session.helped


def test_an_unfinished_game_is_there_next_time(
    window: App, game: FifteenScene, store: Store, clock: FakeClock
) -> None:
    pilot = Pilot(window)
    start = game.board
    slide(pilot, "D")
    pilot.click(game.cell_center(3))  # one click, two tiles
    clock.now += 12.5
    pilot.press(pygame.K_z)
    window.replace(TitleScene(window))  # leaving keeps the game in the store
    again = FifteenScene(window, clock=clock)
    assert again.session.size == (3, 3)
    assert again.history.start == start and again.board == start.apply("D")
    assert again.session.elapsed() == pytest.approx(12.5)  # the clock waits for the next slide
    window.replace(again)
    pilot.press(pygame.K_x)  # what was undone can still be redone (tile by tile: the text
    pilot.press(pygame.K_x)  # of a history does not say which slides were one click)
    assert again.board == start.apply("DRR")
    clock.now += 1
    assert again.session.elapsed() == pytest.approx(13.5)
    slide(pilot, solve_fifteen(again.board).moves)
    window.replace(TitleScene(window))  # a solved game is not kept
    assert FifteenScene(window, clock=clock).history.start != start


def test_a_saved_game_of_another_size_waits_for_that_size(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    slide(pilot, "D")
    start = game.history.start
    window.replace(TitleScene(window))
    assert FifteenScene(window, (4, 4)).session.size == (4, 4)  # asked for 4x4: a fresh 4x4
    assert FifteenScene(window).history.start == start  # still there for 3x3


def test_a_look_at_another_size_keeps_the_unfinished_game(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    slide(pilot, "D")
    start = game.history.start
    window.replace(TitleScene(window))
    window.replace(FifteenScene(window, (4, 4)))  # opened at 4x4 and left untouched
    window.replace(TitleScene(window))
    resumed = FifteenScene(window)
    assert resumed.session.size == (3, 3) and resumed.history.start == start and resumed.history.moves == "D"
    window.replace(resumed)
    pilot.press(pygame.K_r)  # the resumed game thrown away for a new shuffle...
    window.replace(TitleScene(window))
    assert FifteenScene(window).history.moves == ""  # ...is not kept


def test_speed_keys_pace_the_slides_within_bounds(window: App, game: FifteenScene) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_i)
    assert window.settings.instant_moves is False and window.status == "Slides are animated."
    for _ in range(30):
        pilot.press(pygame.K_RIGHTBRACKET)  # faster, down to the shortest step
    fastest = window.settings.step_seconds
    assert fastest == 0.02 and window.status == "Animated slides, 0.03 s each."  # 1.25 x a step
    pilot.press(pygame.K_LEFTBRACKET)
    assert window.settings.step_seconds == round(fastest * 1.25, 3)
    pilot.press(pygame.K_i)
    assert window.settings.instant_moves is True and window.status == "Slides are instant."


def test_every_tile_of_a_board_has_its_number_in_one_size(
    window: App, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 4x4, 7 is written as large as 12 (single digits were drawn larger)."""
    from starpusher.gui.fifteen import art

    sizes: dict[str, int] = {}
    render = WRITER.render

    def recording(text: str, size: int, *args: Any, **options: Any) -> pygame.Surface:
        if text.isdigit():
            sizes[text] = size
        return render(text, size, *args, **options)

    monkeypatch.setattr(WRITER, "render", recording)
    monkeypatch.setattr(art.PICTURES, "_tiles", {})
    scene = FifteenScene(window, (4, 4), rng=random.Random(7), clock=clock)
    window.replace(scene)
    Pilot(window).settle()
    window.draw()
    assert set(sizes) == {str(number) for number in range(1, 16)}
    assert len(set(sizes.values())) == 1, sizes


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_solved_banner_never_covers_the_tiles(
    window: App, game: FifteenScene, size: tuple[int, int]
) -> None:
    """Issue 36: the starburst covered the tiles; as in Star Pusher, the board fits below the banner."""
    pilot = Pilot(window)
    pilot.resize(size)
    slide(pilot, solve_fifteen(game.board).moves)
    assert game.showing_solved
    window.draw()
    width = game.tile_width()
    banner = game.banner().rect
    for cell in range(8):
        face = pygame.Rect(0, 0, width, width)
        face.center = game.cell_center(cell)
        assert not banner.colliderect(face)
    assert window.screen.get_rect().contains(banner)
