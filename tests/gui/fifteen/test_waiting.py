"""Fifteen never makes the player pay for the solver's time: the clock waits while the player
waits for help, and the 4x4 tables start building as soon as Fifteen opens."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from fifteen_helpers import FakeClock

from starpusher.core.fifteen import Board
from starpusher.gui import App, Settings
from starpusher.gui.fifteen.scene import FifteenScene, open_fifteen
from starpusher.gui.fifteen.size import SizeChooser
from starpusher.gui.kit import text as text_module
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import Collection
from starpusher.session import fifteen_assist
from starpusher.solver.fifteen import FifteenSolution, SearchCancelled, solve_fifteen
from starpusher.store import Store


@pytest.fixture
def window(collection: Collection, tmp_path: Path) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    with Store.open(tmp_path) as store:
        app = App(
            collection,
            progress=store,
            show_title=False,
            settings=Settings(window_size=(800, 600), instant_moves=True),
        )
        yield app
        app.close()
    pygame.display.quit()


def steps_until(app: App, condition: Any, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, app.status
        app.step(dt=1 / 60)
        time.sleep(0.002)


def test_the_clock_waits_while_the_player_waits_for_a_hint(
    window: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()

    def slow_solve(board: Board, **options: Any) -> FifteenSolution:  # the solver taking its time
        release.wait(30)
        return solve_fifteen(board, **options)

    monkeypatch.setattr(fifteen_assist, "solve_fifteen", slow_solve)
    clock = FakeClock()
    game = FifteenScene(window, (3, 3), rng=random.Random(5), clock=clock, data_dir=tmp_path)
    window.replace(game)
    pilot = Pilot(window)
    pilot.settle()
    letter = next(letter for letter in "UDLR" if game.board.try_slide(letter) is not None)
    pilot.press({"U": pygame.K_UP, "D": pygame.K_DOWN, "L": pygame.K_LEFT, "R": pygame.K_RIGHT}[letter])
    clock.now += 10
    assert game.session.elapsed() == pytest.approx(10)
    pilot.press(pygame.K_h, settle=False)
    window.step(dt=1 / 60)
    assert game.session.assistant.searching
    clock.now += 90  # a long wait for the answer
    window.step(dt=1 / 60)
    assert game.session.elapsed() == pytest.approx(10)
    release.set()
    steps_until(window, lambda: game.session.assistant.hint is not None)
    assert game.session.elapsed() == pytest.approx(10)
    clock.now += 5  # playing again: the clock goes on from where it waited
    assert game.session.elapsed() == pytest.approx(15)


def test_opening_fifteen_starts_building_the_4x4_tables_and_leaving_stops_it(
    window: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, int]] = []
    stopped = threading.Event()

    def slow_build(width: int, height: int, data_dir: Any, progress: Any, notice: Any) -> None:
        calls.append((width, height))
        try:
            for step in range(3000):
                progress("building", step / 3000)
                time.sleep(0.01)
        except SearchCancelled:
            stopped.set()
            raise

    monkeypatch.setattr(fifteen_assist, "load_tables", slow_build)
    game = open_fifteen(window, (3, 3), data_dir=tmp_path)
    window.replace(game)
    steps_until(window, lambda: any("%" in name for name in window.tasks.running_names()))
    assert calls == [(4, 4)] and game.session.assistant.preparing
    assert any(name.startswith("Building tables") for name in window.tasks.running_names())
    game.session.assistant.prepare_tables()  # opening again while it builds starts no second build
    assert calls == [(4, 4)]
    window.show_title()  # Fifteen closes: nobody waits for the tables any more
    assert stopped.wait(5)
    assert not game.session.assistant.preparing


def test_a_4x4_hint_while_the_tables_build_waits_for_that_build(
    window: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = threading.Event()
    monkeypatch.setattr(fifteen_assist, "load_tables", lambda *args: done.wait(30))
    monkeypatch.setattr(fifteen_assist, "solve_fifteen", lambda board, **options: done.wait(30))
    game = open_fifteen(window, (4, 4), data_dir=tmp_path)
    window.replace(game)
    Pilot(window).press(pygame.K_h, settle=False)
    window.step(dt=1 / 60)
    assert (window.status or "").startswith("The solver's tables are still being built")
    game.session.assistant.cancel()
    game.session.assistant.stop_preparing()
    done.set()


def test_the_size_chooser_names_the_heights_as_it_names_the_widths(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = FifteenScene(window, (3, 3), rng=random.Random(1))
    window.replace(game)
    pilot = Pilot(window)
    pilot.press(pygame.K_s)
    assert isinstance(window.scene, SizeChooser)
    rendered: list[str] = []
    original = text_module.WRITER.render

    def record(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        rendered.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(text_module.WRITER, "render", record)
    window.draw()
    assert "width" in rendered and "height" in rendered


def test_the_tables_progress_goes_once_the_build_is_done(
    window: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint that had to build the tables first: at 100% the spinner stops saying "Building"."""
    built, release = threading.Event(), threading.Event()

    def build_then_search(board: Any, *, progress: Any, **options: Any) -> Any:
        progress("building move tables", 0.5)
        progress("building move tables", 1.0)
        built.set()
        release.wait(30)  # the search itself, after the build, takes its time
        raise SearchCancelled

    monkeypatch.setattr(fifteen_assist, "pdb_ready", lambda *size: False)
    monkeypatch.setattr(fifteen_assist, "load_tables", lambda *args: None)  # no 4x4 build meanwhile
    monkeypatch.setattr(fifteen_assist, "solve_fifteen", build_then_search)
    game = FifteenScene(window, (3, 3), rng=random.Random(5), data_dir=tmp_path)
    window.replace(game)
    steps_until(window, lambda: not game.session.assistant.preparing)
    Pilot(window).press(pygame.K_h, settle=False)
    steps_until(window, built.is_set)
    window.step(dt=1 / 60)
    names = window.tasks.running_names()
    release.set()
    assert names and not any("Building" in name for name in names), names
    game.session.assistant.cancel()
