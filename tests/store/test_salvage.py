"""A damaged database gives back every row that can still be read and makes sense."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.store import DATABASE_NAME, STEP_SECONDS, Store, level_key
from starpusher.store.database import open_database
from starpusher.store.salvage import salvage

COUNT = 150


def corridor(length: int) -> Level:
    """A corridor whose star must go ``length + 1`` squares: "r" then that many "R" solve it."""
    wall = "#" * (length + 6)
    return Level.from_text(f"{wall}\n#@ ${' ' * length}.#\n{wall}", title=f"Corridor {length}")


def solution(length: int) -> str:
    return "r" + "R" * (length + 1)


@pytest.fixture
def levels() -> list[Level]:
    return [corridor(length) for length in range(1, COUNT + 1)]


@pytest.fixture
def played(tmp_path: Path, levels: list[Level]) -> Path:
    """A data directory where every corridor is solved, every tenth has a game in progress."""
    with Store.open(tmp_path) as store:
        for length, level in enumerate(levels, 1):
            store.record_solution(level, solution(length))
            if length % 10 == 0:
                store.save_game(level, "r|R")
        store.set_setting(STEP_SECONDS, 0.05)
    return tmp_path


def _aside(directory: Path) -> list[Path]:
    return sorted(directory.glob(f"{DATABASE_NAME}.damaged-*"))


def _check_recovered(store: Store, levels: list[Level], *, with_bests: bool = False) -> int:
    """Every level the store says is solved has its own solution or, when that page was lost, none
    (``with_bests``: all have theirs); return how many are solved."""
    recovered = 0
    for length, progress in enumerate(store.progress_of(levels), 1):
        if progress.solved:
            recovered += 1
            assert progress.best_moves is not None or not with_bests
            assert progress.best_moves is None or progress.best_moves.lurd == solution(length)
    return recovered


def test_a_truncated_database_gives_back_what_can_still_be_read(played: Path, levels: list[Level]) -> None:
    path = played / DATABASE_NAME
    whole = path.read_bytes()
    truncated = whole[: len(whole) * 3 // 4]
    path.write_bytes(truncated)

    with Store.open(played) as store:
        assert store.notice is not None and "could still be read" in store.notice
        recovered = _check_recovered(store, levels)
        assert 0 < recovered < COUNT
        assert f"the {recovered} levels" in store.notice
    (aside,) = _aside(played)
    assert aside.read_bytes() == truncated  # only read, never changed
    assert not Path(f"{aside}-shm").exists() and not Path(f"{aside}-wal").exists()


def test_a_scribbled_index_loses_nothing(played: Path, levels: list[Level]) -> None:
    path = played / DATABASE_NAME
    with sqlite3.connect(path) as db:
        (root,) = db.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_levels_1'"
        ).fetchone()
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page_size : root * page_size] = b"\xa5" * page_size
    path.write_bytes(bytes(data))

    with Store.open(played) as store:
        assert store.notice is not None and f"the {COUNT} levels that could still be read" in store.notice
        assert _check_recovered(store, levels, with_bests=True) == COUNT
        assert store.get_setting(STEP_SECONDS) == 0.05
        assert store.load_game(levels[9]) == "r|R"


def test_rows_that_do_not_make_sense_are_left_behind(
    played: Path, levels: list[Level], tmp_path: Path
) -> None:
    with sqlite3.connect(played / DATABASE_NAME) as db:
        # A solution that no longer solves its level, a board that does not give its key, and a
        # saved game that is not a history: as a scribbled page could leave them.
        db.execute("UPDATE best_solutions SET lurd = 'rR' WHERE key = ?", (level_key(levels[0]),))
        db.execute("UPDATE levels SET board = '#####' WHERE key = ?", (level_key(levels[1]),))
        db.execute("UPDATE saved_games SET history = 'hello' WHERE key = ?", (level_key(levels[19]),))
    db.close()
    fresh, _ = open_database(tmp_path / "fresh.sqlite")
    try:
        assert salvage(played / DATABASE_NAME, fresh) == COUNT - 1  # the level whose board is wrong
    finally:
        fresh.close()
    (tmp_path / "fresh").mkdir()
    (tmp_path / "fresh.sqlite").rename(tmp_path / "fresh" / DATABASE_NAME)
    with Store.open(tmp_path / "fresh") as store:
        first, second, *_ = store.progress_of(levels)
        assert first.solved and first.best_moves is None  # solved, but its best is gone, not wrong
        assert not second.solved
        assert store.load_game(levels[19]) is None and store.load_game(levels[29]) == "r|R"
        for length, progress in enumerate(store.progress_of(levels)[2:], 3):
            assert progress.best_moves is not None and progress.best_moves.lurd == solution(length)


def test_a_command_that_only_reads_shows_what_can_be_read_and_changes_nothing(
    played: Path, levels: list[Level]
) -> None:
    path = played / DATABASE_NAME
    whole = path.read_bytes()
    truncated = whole[: len(whole) * 3 // 4]
    path.write_bytes(truncated)
    before = sorted(played.iterdir())

    with Store.open(played, read_only=True) as store:
        recovered = _check_recovered(store, levels)
        assert 0 < recovered < COUNT
        assert store.notice is not None and store.notice.startswith(f"{DATABASE_NAME} is damaged")
        shown = f"showing the {recovered} levels that could still be read"
        assert store.notice.endswith(f"; {shown} (playing moves it aside and keeps them)")
    assert path.read_bytes() == truncated
    after = sorted(played.iterdir())  # SQLite's index files of a WAL database aside, which any reader makes
    assert [path for path in after if not path.name.endswith(("-shm", "-wal"))] == before
    assert all(path.stat().st_size == 0 for path in after if path.name.endswith("-wal"))

    with Store.open(played) as store:  # then a command that records moves it aside, keeping as many
        assert _check_recovered(store, levels) == recovered
    assert len(_aside(played)) == 1
