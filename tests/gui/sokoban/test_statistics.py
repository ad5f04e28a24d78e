"""The statistics screen: Shift+S from the level list, the game or the collection chooser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from fifteen_helpers import FakeClock

from starpusher.gui import App, Settings
from starpusher.gui.kit.text import WRITER
from starpusher.gui.sokoban.collections import CollectionScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.gui.sokoban.statistics import StatisticsScene
from starpusher.levels import Collection, load_builtin
from starpusher.session.guarded_store import GuardedStore
from starpusher.store import Store

SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def store(tmp_path: Path, collection: Collection) -> Iterator[Store]:
    """Level 1 solved (3 moves, 2 pushes), level 2 solved with help; time played on levels 1 and 3."""
    one, two, three = collection.levels
    with Store.open(tmp_path) as opened:
        opened.record_solution(one, "rRR")
        opened.record_helped_solution(two, "rDldR")
        opened.add_time_played(one, 61)
        opened.add_time_played(three, 3600)
        yield opened


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def open_window(collection: Collection, store: Store, clock: FakeClock, size: tuple[int, int]) -> App:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        collection,
        progress=GuardedStore(store),
        show_title=False,
        settings=Settings(window_size=size, instant_moves=True),
        clock=clock,
    )
    app.run_until_idle()
    return app


@pytest.fixture
def window(collection: Collection, store: Store, clock: FakeClock) -> Iterator[App]:
    app = open_window(collection, store, clock, (800, 600))
    yield app
    app.close()
    pygame.display.quit()


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn in a whole frame."""
    texts: list[str] = []
    draw = WRITER.draw

    def record(surface: pygame.Surface, text: str, *rest: Any, **where: Any) -> pygame.Rect:
        texts.append(text)
        return draw(surface, text, *rest, **where)

    monkeypatch.setattr(WRITER, "draw", record)
    app.full_redraw = True
    app.draw()
    monkeypatch.undo()
    return texts


def test_shift_s_in_the_level_list_shows_the_collections_statistics(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_l)
    pilot.press(pygame.K_s, SHIFT, "S")
    scene = window.scene
    assert isinstance(scene, StatisticsScene)
    stats = scene.statistics
    assert (stats.solved, stats.helped_only, stats.unsolved) == (1, 1, 1)
    assert (stats.total_moves, stats.total_pushes, stats.seconds) == (3, 2, 3661)
    texts = drawn_texts(window, monkeypatch)
    for shown in ("Statistics: test.sok", "1 of 3", "solved only with help", "1:01:01", "time played"):
        assert shown in texts, shown
    first = texts.index("One push")
    assert texts[first + 1 : first + 4] == ["1:01", "2", "3"]  # its time, best pushes, best moves
    helped = texts.index("Around the corner")
    assert texts[helped + 1 : helped + 4] == ["–", "–", "–"]  # a solve with help sets no best
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(window.scene, LevelSelectScene)


def test_in_play_shift_s_shows_them_and_the_clock_waits_meanwhile(window: App, clock: FakeClock) -> None:
    pilot = Pilot(window)
    play = pilot.play
    clock.now += 5
    pilot.press(pygame.K_s, SHIFT, "S")
    assert isinstance(window.scene, StatisticsScene)
    assert window.scene.statistics.levels[0].seconds == 66  # the visit's 5 seconds were kept
    clock.now += 100
    pilot.press(pygame.K_s, SHIFT, "S")  # Shift+S again closes it
    assert window.scene is play and play.session.clock_text() == "Time 1:06"


def test_the_chooser_shows_the_statistics_of_the_collection_chosen(window: App) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_c)
    chooser = window.scene
    assert isinstance(chooser, CollectionScene)
    chooser.choose(0)  # the first built-in collection, not the one open
    pilot.press(pygame.K_s, SHIFT, "S")
    scene = window.scene
    assert isinstance(scene, StatisticsScene)
    builtin = chooser.shelves[0].collection
    assert builtin is not None and scene.statistics.count == len(builtin.levels)
    assert scene.name == chooser.shelves[0].title
    pilot.press(pygame.K_ESCAPE)
    assert window.scene is chooser
    browse = next(i for i, shelf in enumerate(chooser.shelves) if shelf.opens)
    chooser.choose(browse)
    pilot.press(pygame.K_s, SHIFT, "S")  # a line that opens a file has no statistics: said, not shown
    assert window.scene is chooser and "Statistics are of a collection" in (window.status or "")


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_a_long_collection_scrolls_and_everything_fits_the_window(
    store: Store, clock: FakeClock, size: tuple[int, int]
) -> None:
    collection = load_builtin()
    app = open_window(collection, store, clock, size)
    try:
        pilot = Pilot(app)
        pilot.press(pygame.K_s, SHIFT, "S")
        scene = app.scene
        assert isinstance(scene, StatisticsScene)
        window = app.screen.get_rect()
        tiles = scene.tile_rects()
        assert all(window.contains(tile) for tile in tiles)
        assert all(not a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1 :])
        assert scene.table_top() > max(tile.bottom for tile in tiles)
        shown = scene.rows_shown()
        assert shown >= 4 and scene.table_top() + 34 + shown * 38 <= window.height
        pilot.press(pygame.K_DOWN)
        assert scene.top == 1
        pilot.press(pygame.K_END)
        assert scene.top == len(collection.levels) - shown  # the last line at the bottom, no further
        pilot.press(pygame.K_PAGEUP)
        assert scene.top == max(0, len(collection.levels) - 2 * shown)
        pilot.wheel(5)
        pilot.press(pygame.K_HOME)
        assert scene.top == 0
    finally:
        app.close()
        pygame.display.quit()
