"""A store that fails in the middle of a game: the game goes on, and nothing is lost once it works again.

The games are played through their sessions, as any front end plays them: no window.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from session_helpers import Lock, Tasks, Voice

from starpusher.core import Level
from starpusher.levels import parse_collection
from starpusher.session import PlaySession, level_records
from starpusher.session.guarded_store import RETRY_SECONDS, GuardedStore
from starpusher.store import DATABASE_NAME, FULLSCREEN, WINDOW_SIZE, Store, database

LEVELS = parse_collection(
    """\
One push
#######
#@ $ .#
#######

A walk first
#########
#@   $ .#
#########

Two stars
#######
#.@$  #
# $   #
#.    #
#######
""",
    "test.sok",
).levels
ONE_PUSH, WALK_FIRST, _ = LEVELS


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


def play(level: Level, guarded: GuardedStore, voice: Voice, tasks: Tasks, moves: str = "") -> PlaySession:
    """Open a level on the guarded store and play ``moves`` (a front end with instant moves)."""
    game = PlaySession(level, guarded, say=voice, tasks=tasks)
    for letter in moves:
        game.walk(letter.lower())
    game.play_queued(all_of_them=True)
    return game


def test_a_locked_database_keeps_the_game_going_and_loses_nothing(
    store: Store, tmp_path: Path, voice: Voice, tasks: Tasks
) -> None:
    clock = Clock()
    guarded = GuardedStore(store, clock)
    guarded.connect(voice)
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        first = play(ONE_PUSH, guarded, voice, tasks, "rRR")
        assert first.solved  # the game went on
        assert any("kept in memory" in message for message in voice.said)
        assert guarded.is_solved(ONE_PUSH) and guarded.unsaved
        first.leave()
        second = play(WALK_FIRST, guarded, voice, tasks, "rrr")
        second.undo()
        second.leave()
        # Back and forth: the unsaved game still resumes.
        play(ONE_PUSH, guarded, voice, tasks).leave()
        second = play(WALK_FIRST, guarded, voice, tasks)
        assert second.history.to_text() == "rr|r"
        # The level list marks the unsaved solve.
        assert [record.solved for record in level_records(guarded, LEVELS)] == [True, False, False]
        assert store.progress(ONE_PUSH).solved is False  # nothing reached the store yet
    finally:
        lock.release()

    clock.now += RETRY_SECONDS
    second.undo()  # the next change hands everything over
    assert guarded.unsaved == 0 and guarded.problem is None
    assert "works again" in voice.last
    with Store.open(tmp_path) as reopened:
        best = reopened.progress(ONE_PUSH).best_moves
        assert best is not None and best.lurd == "rRR"
        assert reopened.load_game(WALK_FIRST) == "r|rr"
        assert reopened.last_played() is None  # no front end said which collection was played


def test_the_store_is_left_alone_between_tries(
    store: Store, tmp_path: Path, voice: Voice, tasks: Tasks
) -> None:
    guarded = GuardedStore(store, Clock())
    guarded.connect(voice)
    lock = Lock(tmp_path / DATABASE_NAME)
    game = play(ONE_PUSH, guarded, voice, tasks, "r")
    lock.release()
    game.walk("l")  # the lock is gone, but the retry waits
    game.play_queued(all_of_them=True)
    assert guarded.unsaved == 1
    assert store.load_game(ONE_PUSH) is None
    assert guarded.flush()  # closing the front end tries at once
    assert store.load_game(ONE_PUSH) == "rl"


def test_a_failure_before_the_front_end_listens_is_told_when_it_does(
    store: Store, tmp_path: Path, voice: Voice
) -> None:
    guarded = GuardedStore(store, Clock())
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        guarded.set_last_played("test.sok", 2)
    finally:
        lock.release()
    assert voice.said == []
    guarded.connect(voice)
    (message,) = voice.said
    assert "kept in memory" in message and "is locked" in message
    assert guarded.flush() and store.last_played() == ("test.sok", 2)


def test_only_solutions_wait_for_the_store(store: Store) -> None:
    guarded = GuardedStore(store, Clock())
    with pytest.raises(ValueError, match="do not solve"):
        guarded.record_solution(ONE_PUSH, "r")
    assert guarded.unsaved == 0


def test_everything_else_goes_straight_to_the_store(store: Store) -> None:
    guarded = GuardedStore(store, Clock())
    guarded.record_fifteen(3, 3, 20, 9.5)
    assert store.fifteen_best(3, 3) == (20, 9.5)
    guarded.save_snapshot(ONE_PUSH, "first", "r")
    assert [snapshot.name for snapshot in store.snapshots(ONE_PUSH)] == ["first"]
    assert guarded.data_dir == store.data_dir and guarded.my_levels_path == store.my_levels_path


def test_settings_wait_for_the_store_too(store: Store, tmp_path: Path) -> None:
    guarded = GuardedStore(store, Clock())
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        guarded.set_settings({WINDOW_SIZE: (800, 600), FULLSCREEN: True})
    finally:
        lock.release()
    assert guarded.unsaved == 1 and store.get_setting(WINDOW_SIZE) != (800, 600)
    assert guarded.get_setting(WINDOW_SIZE) == (800, 600)  # read back as it waits
    assert guarded.flush()
    assert store.get_setting(WINDOW_SIZE) == (800, 600) and store.get_setting(FULLSCREEN) is True


def test_time_played_while_the_database_is_locked_waits_in_memory_and_is_kept_later(
    store: Store, tmp_path: Path, voice: Voice, tasks: Tasks
) -> None:
    clock = Clock()
    guarded = GuardedStore(store, clock)
    guarded.connect(voice)
    store.add_time_played(ONE_PUSH, 60)
    lock = Lock(tmp_path / DATABASE_NAME)
    try:
        game = PlaySession(ONE_PUSH, guarded, say=voice, tasks=tasks, clock=clock)
        assert game.clock_text() == "Time 1:00"  # what the store kept before it was locked
        clock.now += 12
        game.leave()
        assert guarded.unsaved and store.time_played([ONE_PUSH]).seconds == (60.0,)
        again = PlaySession(ONE_PUSH, guarded, say=voice, tasks=tasks, clock=clock)
        assert again.clock_text() == "Time 1:12"  # the seconds waiting count too
    finally:
        lock.release()
    assert guarded.flush()
    assert store.time_played([ONE_PUSH]).seconds == (72.0,)
