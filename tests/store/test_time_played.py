"""The time played on each level: added up over visits, brought in by an upgrade, read defensively."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.store import DATABASE_NAME, SCHEMA_VERSION, Store, level_key
from starpusher.store.database import open_database
from starpusher.store.salvage import salvage


def test_the_time_played_adds_up_over_visits_and_runs(
    tmp_path: Path, corridor: Level, trade_off: Level
) -> None:
    with Store.open(tmp_path) as store:
        store.add_time_played(corridor, 12.5)
        store.add_time_played(corridor, 30)
        store.add_time_played(trade_off, 0)  # nothing played: nothing kept
    with Store.open(tmp_path) as store:
        times = store.time_played([corridor, trade_off])
        assert times.seconds == (42.5, 0.0) and times.total == 42.5 and times.left_out == ""
        assert store.progress(corridor).title == "Corridor"  # the level is known by its time alone
        with pytest.raises(ValueError, match="not a time played"):
            store.add_time_played(corridor, -1)
        assert store.time_played([corridor]).seconds == (42.5,)


def test_the_time_of_the_same_board_is_shared_by_its_files(tmp_path: Path, corridor: Level) -> None:
    elsewhere = Level.from_text(corridor.to_text(), title="Another file's name for it")
    with Store.open(tmp_path) as store:
        store.add_time_played(corridor, 5)
        assert store.time_played([elsewhere]).seconds == (5.0,)


def test_a_schema_5_database_gains_the_table_of_time_played(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        store.record_solution(corridor, "rRR")
        store.save_game(corridor, "r|RR")
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("DROP TABLE time_played")  # as schema 5 had it
    db.execute("PRAGMA user_version = 5")
    db.commit()
    db.close()

    with Store.open(tmp_path) as store:
        assert store.notice is None  # an upgrade, not a lost table
        assert store.progress(corridor).solved and store.load_game(corridor) == "r|RR"
        assert store.time_played([corridor]).seconds == (0.0,)
        store.add_time_played(corridor, 8)
    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        assert db.execute("SELECT seconds FROM time_played").fetchall() == [(8.0,)]
    db.close()
    with sqlite3.connect(tmp_path / "progress.schema5-backup.sqlite") as backup:  # the old program's copy
        assert backup.execute("PRAGMA user_version").fetchone()[0] == 5
    backup.close()


def _tamper(data_dir: Path, level: Level, seconds: str) -> None:
    """Set a level's time behind the store's back, as damage would (``'abc'``, ``-5``, ``x'00'``)."""
    db = sqlite3.connect(data_dir / DATABASE_NAME)
    db.execute(f"UPDATE time_played SET seconds = {seconds} WHERE key = ?", (level_key(level),))
    db.commit()
    db.close()


@pytest.mark.parametrize("damage", ["'abc'", "-5", "1e300", "x'0102'"])
def test_a_damaged_time_is_left_out_in_one_line_and_replaced_by_the_next(
    tmp_path: Path, corridor: Level, trade_off: Level, damage: str
) -> None:
    with Store.open(tmp_path) as store:
        store.add_time_played(corridor, 10)
        store.add_time_played(trade_off, 20)
    _tamper(tmp_path, corridor, damage)

    with Store.open(tmp_path) as store:
        times = store.time_played([corridor, trade_off])
        assert times.seconds == (0.0, 20.0)  # the sound row is still read
        assert times.left_out == (
            f"the time played on 1 level, kept in {DATABASE_NAME}, is left out: it is not a number of seconds"
        )
        store.add_time_played(corridor, 3)  # counted from nothing, not added to the damage
        assert store.time_played([corridor, trade_off]) == type(times)((3.0, 20.0))


def test_salvage_keeps_the_times_that_make_sense(tmp_path: Path, corridor: Level, trade_off: Level) -> None:
    damaged = tmp_path / "damaged"
    with Store.open(damaged) as store:
        store.add_time_played(corridor, 10)
        store.add_time_played(trade_off, 20)
    _tamper(damaged, trade_off, "'abc'")
    fresh, _ = open_database(tmp_path / DATABASE_NAME)
    try:
        assert salvage(damaged / DATABASE_NAME, fresh) == 2
    finally:
        fresh.close()
    with Store.open(tmp_path) as store:
        assert store.time_played([corridor, trade_off]).seconds == (10.0, 0.0)
