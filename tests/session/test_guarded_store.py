"""A store that fails in the middle of a game: the game goes on, and nothing is lost once it works again."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from starpusher.cli import main
from starpusher.gui import App, Settings
from starpusher.gui.launch import settings_saver
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import Collection
from starpusher.session.guarded_store import RETRY_SECONDS, GuardedStore
from starpusher.store import DATABASE_NAME, FULLSCREEN, WINDOW_SIZE, Store, database


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 0.02)  # a locked database fails at once
    with Store.open(tmp_path) as opened:
        yield opened


class Lock:
    """Another program holding the database's write lock, as long as the test wants."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


def open_window(collection: Collection, guarded: GuardedStore) -> App:
    pygame.display.init()
    pygame.event.clear()
    app = App(collection, show_title=False, progress=guarded, settings=Settings(instant_moves=True))
    guarded.connect(app.say)
    app.run_until_idle()
    return app


def test_a_locked_database_keeps_the_game_going_and_loses_nothing(
    collection, store: Store, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    clock = Clock()
    guarded = GuardedStore(store, clock)
    app = open_window(collection, guarded)
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        pilot = Pilot(app)
        pilot.type_moves("rRR")
        assert pilot.play.solved  # the window went on
        assert "kept in memory" in (app.status or "")
        assert guarded.is_solved(collection.levels[0]) and guarded.unsaved
        pilot.press(pygame.K_n)
        pilot.type_moves("rrr")
        pilot.press(pygame.K_z)
        pilot.press(pygame.K_b)  # back and forth: the unsaved game still resumes
        pilot.press(pygame.K_n)
        assert pilot.play.history.to_text() == "rr|r"
        pilot.press(pygame.K_l)  # the level select marks the unsaved solve
        assert [record.solved for record in app.scene.records] == [True, False, False]  # type: ignore[attr-defined]
        pilot.press(pygame.K_ESCAPE)
        assert store.progress(collection.levels[0]).solved is False  # nothing reached the store yet
    finally:
        lock.release()

    clock.now += RETRY_SECONDS
    pilot.press(pygame.K_z)  # the next change hands everything over
    assert guarded.unsaved == 0 and guarded.problem is None
    assert "works again" in (app.status or "")
    app.close()
    with Store.open(tmp_path) as reopened:
        best = reopened.progress(collection.levels[0]).best_moves
        assert best is not None and best.lurd == "rRR"
        assert reopened.load_game(collection.levels[1]) == "r|rr"
        assert reopened.last_played() is None  # the window was given no collection name


def test_the_store_is_left_alone_between_tries(collection: Collection, store: Store, tmp_path: Path) -> None:
    clock = Clock()
    guarded = GuardedStore(store, clock)
    app = open_window(collection, guarded)
    lock = Lock(tmp_path / DATABASE_NAME)
    pilot = Pilot(app)
    pilot.type_moves("r")
    lock.release()
    pilot.type_moves("l")  # the lock is gone, but the retry waits
    assert guarded.unsaved == 1
    assert store.load_game(collection.levels[0]) is None
    assert guarded.flush()  # closing the window tries at once
    assert store.load_game(collection.levels[0]) == "rl"
    app.close()


def test_a_failure_before_the_window_exists_is_shown_when_it_opens(
    collection, store: Store, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    guarded = GuardedStore(store, Clock())
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        guarded.set_last_played("test.sok", 2)
    finally:
        lock.release()
    app = open_window(collection, guarded)
    assert "kept in memory" in (app.status or "") and "is locked" in (app.status or "")
    app.close()
    assert guarded.flush() and store.last_played() == ("test.sok", 2)


def test_only_solutions_wait_for_the_store(collection: Collection, store: Store) -> None:
    guarded = GuardedStore(store, Clock())
    with pytest.raises(ValueError, match="do not solve"):
        guarded.record_solution(collection.levels[0], "r")
    assert guarded.unsaved == 0


def test_everything_else_goes_straight_to_the_store(store: Store) -> None:
    guarded = GuardedStore(store, Clock())
    guarded.record_fifteen(3, 3, 20, 9.5)
    assert store.fifteen_best(3, 3) == (20, 9.5)
    assert guarded.path == store.path


def test_settings_wait_for_the_store_too(store: Store, tmp_path: Path) -> None:
    guarded = GuardedStore(store, Clock())
    save = settings_saver(guarded)
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        save(Settings(window_size=(800, 600), fullscreen=True))
    finally:
        lock.release()
    assert guarded.unsaved == 1 and store.get_setting(WINDOW_SIZE) != (800, 600)
    assert guarded.flush()
    assert store.get_setting(WINDOW_SIZE) == (800, 600) and store.get_setting(FULLSCREEN) is True


def test_play_says_in_one_line_what_could_not_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    data = tmp_path / "data"
    Store.open(data).close()
    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 0.02)
    lock = Lock(data / DATABASE_NAME)  # held for the whole session: nothing can be saved
    try:
        pygame.display.init()
        pygame.event.clear()
        for _ in range(2):
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
            )
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert main(["play", str(levels), "--level", "1", "--instant", "--data-dir", str(data)]) == 1
    finally:
        lock.release()
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("starpusher: ") and "could not be saved" in line and "is locked" in line
