"""The clock of a level: the time played on it, shown in the bar, running only while it is played."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from fifteen_helpers import FakeClock

from starpusher.gui import App, Settings
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.gui.title import TitleScene
from starpusher.levels import Collection
from starpusher.session.guarded_store import GuardedStore
from starpusher.store import DATABASE_NAME, Store, level_key


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def window(collection: Collection, store: Store, clock: FakeClock) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        collection,
        progress=GuardedStore(store),
        show_title=False,
        settings=Settings(window_size=(800, 600), instant_moves=True),
        clock=clock,
    )
    app.run_until_idle()
    yield app
    app.close()
    pygame.display.quit()


def shown_time(pilot: Pilot) -> str:
    """The clock as the top bar shows it (after the counters), once the window has caught up."""
    pilot.settle()
    counts = pilot.play.bar_texts()[2]
    assert counts.startswith("Moves ")
    return counts.rpartition("   ")[2]


def test_the_clock_counts_the_time_on_the_level_and_turns_every_second(window: App, clock: FakeClock) -> None:
    pilot = Pilot(window)
    assert shown_time(pilot) == "Time 0:00"
    clock.now += 65.4  # thinking counts: Sokoban is mostly thinking
    pilot.settle()
    assert shown_time(pilot) == "Time 1:05"
    wake = pilot.play.wake_in()
    assert wake is not None and 0 < wake <= 1.01  # the window wakes for the next second, and no sooner


def test_the_clock_waits_under_the_level_list_the_help_and_behind_other_windows(
    window: App, clock: FakeClock
) -> None:
    pilot = Pilot(window)
    clock.now += 10
    pilot.press(pygame.K_l)  # the level list
    assert isinstance(window.scene, LevelSelectScene)
    clock.now += 600
    pilot.press(pygame.K_ESCAPE)
    assert shown_time(pilot) == "Time 0:10"
    pilot.press(pygame.K_F1)  # the help, over the board
    assert isinstance(window.scene, HelpOverlay)
    clock.now += 300
    pilot.press(pygame.K_ESCAPE)
    assert shown_time(pilot) == "Time 0:10"
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))  # the player went to another window
    pilot.settle()
    clock.now += 900
    assert pilot.play.wake_in() is None  # nothing to redraw while the clock waits
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    pilot.settle()
    clock.now += 5
    assert shown_time(pilot) == "Time 0:15"


def test_the_clock_stops_when_solved_and_its_time_is_kept_for_the_next_visit(
    window: App, store: Store, clock: FakeClock
) -> None:
    pilot = Pilot(window)
    level = pilot.play.level
    clock.now += 7
    pilot.type_moves("rRR")  # the star pushed onto its goal
    assert pilot.play.solved
    clock.now += 100  # the banner shows: not playing
    assert shown_time(pilot) == "Time 0:07"
    assert store.time_played([level]).seconds == (7.0,)  # kept as soon as the level is solved
    pilot.press(pygame.K_n)  # the next level: its own clock
    assert shown_time(pilot) == "Time 0:00"
    clock.now += 3
    pilot.press(pygame.K_b)  # back: the clock goes on from the time kept
    assert shown_time(pilot) == "Time 0:07"
    pilot.press(pygame.K_z)  # undone, the level is played again: the clock runs on
    clock.now += 2
    assert shown_time(pilot) == "Time 0:09"
    window.replace(TitleScene(window))  # the title: the level is left, its time kept
    clock.now += 50
    assert store.time_played([level]).seconds == (9.0,)
    assert store.time_played([window.collection.levels[1]]).seconds == (3.0,)


def test_the_time_is_kept_every_few_seconds_of_play(window: App, store: Store, clock: FakeClock) -> None:
    """A crash costs a few seconds at most: the store is handed the time as it is played."""
    pilot = Pilot(window)
    level = pilot.play.level
    clock.now += 2
    pilot.settle()
    assert store.time_played([level]).seconds == (0.0,)  # not every second: a write every few
    clock.now += 4
    pilot.settle()
    assert store.time_played([level]).seconds == (6.0,)


def test_a_damaged_time_is_said_in_one_line_and_the_level_plays(
    collection: Collection, tmp_path: Path, clock: FakeClock
) -> None:
    level = collection.levels[0]
    with Store.open(tmp_path) as store:
        store.add_time_played(level, 30)
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("UPDATE time_played SET seconds = 'half an hour' WHERE key = ?", (level_key(level),))
    db.commit()
    db.close()
    pygame.display.init()
    pygame.event.clear()
    with Store.open(tmp_path) as store:
        app = App(collection, progress=GuardedStore(store), show_title=False, clock=clock)
        try:
            pilot = Pilot(app)
            pilot.settle()
            said = app.status or ""
            assert said.startswith("The time played on 1 level, kept in progress.sqlite, is left out")
            assert "\n" not in said
            assert shown_time(pilot) == "Time 0:00"
            clock.now += 4
            pilot.type_moves("rRR")
            assert pilot.play.solved and store.time_played([level]).seconds == (4.0,)  # replaced
        finally:
            app.close()
            pygame.display.quit()


def test_a_frame_drawn_again_shows_the_second_of_the_last_update(window: App, clock: FakeClock) -> None:
    """A frame drawn in part must be the frame drawn whole: the bar shows the update's second."""
    Pilot(window).settle()
    shown = pygame.image.tobytes(window.screen, "RGB")
    clock.now += 1.5  # a second turns between the frame and its drawing again
    window.full_redraw = True
    window.draw()
    assert pygame.image.tobytes(window.screen, "RGB") == shown
