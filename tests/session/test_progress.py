"""Every keeper of progress plays every role, and they agree on what each role means.

The store on disk, the window's guard around it and the memory of a window
without a store are handed to the same sessions: the type checker sees that
each is a :class:`Progress` (the annotations below), and these tests that each
answers the same questions the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from starpusher.core import Level, StarPusherError
from starpusher.session import GuardedStore, MemoryProgress, Progress
from starpusher.store import EDITOR_DRAFT, WINDOW_SIZE, LastPlayed, SettingError, Store

ROOM = Level.from_text("#######\n#@ $ .#\n#######\n")
OTHER = Level.from_text("######\n#@$ .#\n######\n")


@pytest.fixture(params=["store", "guarded", "memory"])
def keeper(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Progress]:
    if request.param == "memory":
        yield MemoryProgress()
        return
    with Store.open(tmp_path) as store:
        kept: Progress = store if request.param == "store" else GuardedStore(store)
        yield kept


def test_a_solve_marks_the_level_solved_and_the_game_in_progress_comes_back(keeper: Progress) -> None:
    assert not keeper.is_solved(ROOM)
    keeper.save_game(ROOM, "r")
    keeper.record_solution(ROOM, "rRR")
    assert keeper.is_solved(ROOM) and not keeper.is_solved(OTHER)
    assert keeper.load_game(ROOM) == "r" and keeper.load_game(OTHER) is None
    room, other = keeper.progress_of([ROOM, OTHER])
    assert (room.solved, room.has_saved_game, other.solved) == (True, True, False)


def test_a_solve_with_help_is_kept_apart(keeper: Progress) -> None:
    keeper.record_helped_solution(ROOM, "rRR")
    (room,) = keeper.progress_of([ROOM])
    assert room.helped and not room.solved and not keeper.is_solved(ROOM)


def test_known_solutions_keep_the_shortest(keeper: Progress) -> None:
    assert keeper.keep_known_solution(ROOM, "rlrRR") == ["moves", "pushes"]
    assert keeper.keep_known_solution(ROOM, "rRR", optimal_by="pushes") == ["moves", "pushes"]
    known = keeper.known_solutions(ROOM)
    assert known.by_pushes is not None and known.by_pushes.lurd == "rRR" and known.by_pushes.optimal
    assert keeper.known_solutions(OTHER).by_moves is None


def test_snapshots_newest_first_replaced_by_name_and_forgotten(keeper: Progress) -> None:
    keeper.save_snapshot(ROOM, "first", "r")
    keeper.save_snapshot(ROOM, " second ", "rR")
    keeper.save_snapshot(ROOM, "first", "rRR")  # the same name: replaced, now the newest
    newest = keeper.snapshots(ROOM)[0]
    assert (newest.name, newest.moves) == ("first", "rRR")
    assert {snapshot.name for snapshot in keeper.snapshots(ROOM)} == {"first", "second"}
    assert keeper.snapshots(OTHER) == []
    with pytest.raises(StarPusherError, match="a snapshot needs a name"):
        keeper.save_snapshot(ROOM, "  ", "r")
    keeper.delete_snapshot(ROOM, "second")
    assert [snapshot.name for snapshot in keeper.snapshots(ROOM)] == ["first"]


def test_the_collections_played_most_recent_first(keeper: Progress) -> None:
    keeper.set_last_played("a.sok", 3)
    keeper.set_last_played("b.sok", 1)
    keeper.set_last_played("a.sok", 4)
    assert keeper.recent_collections() == [LastPlayed("a.sok", 4), LastPlayed("b.sok", 1)]
    keeper.forget_collection("a.sok")
    assert keeper.recent_collections() == [LastPlayed("b.sok", 1)]


def test_settings_are_checked_and_read_back(keeper: Progress) -> None:
    assert keeper.get_setting(WINDOW_SIZE) == WINDOW_SIZE.default
    keeper.set_settings({WINDOW_SIZE: (800, 600), EDITOR_DRAFT: ("#@$.#", "Hall", "", "")})
    assert keeper.get_setting(WINDOW_SIZE) == (800, 600)
    assert keeper.get_setting(EDITOR_DRAFT)[1] == "Hall"
    with pytest.raises(SettingError):
        keeper.set_settings({WINDOW_SIZE: "big"})


def test_only_a_store_has_a_folder_for_my_levels(keeper: Progress, tmp_path: Path) -> None:
    expected = None if isinstance(keeper, MemoryProgress) else tmp_path / "my-levels.sok"
    assert keeper.my_levels_path == expected
