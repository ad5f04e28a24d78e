"""Snapshots: positions of a level kept under a name, and the schema upgrade that made room for them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from starpusher.core import Level, StarPusherError
from starpusher.store import DATABASE_NAME, SCHEMA_VERSION, Store

LEVEL = Level.from_text("#######\n#@ $ .#\n#######")
OTHER = Level.from_text("#####\n#@$.#\n#####")


def test_snapshots_are_kept_by_name_newest_first_and_replaced_or_deleted(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.save_snapshot(LEVEL, "first step", "r")
        store.save_snapshot(LEVEL, "  one push  ", "rR|R")
        assert {s.name: s.history for s in store.snapshots(LEVEL)} == {"first step": "r", "one push": "rR|R"}
        assert store.snapshots(OTHER) == []
        store.save_snapshot(LEVEL, "first step", "rr!r")  # same name: replaced
        kept = {s.name: s for s in store.snapshots(LEVEL)}
        assert kept["first step"].history == "rr!r" and kept["first step"].moves == "r"
        assert kept["one push"].moves == "rR"
    with Store.open(tmp_path) as store:  # kept between runs
        assert len(store.snapshots(LEVEL)) == 2
        store.delete_snapshot(LEVEL, "one push")
        assert [s.name for s in store.snapshots(LEVEL)] == ["first step"]


@pytest.mark.parametrize(("name", "history"), [("", "r"), ("x" * 101, "r"), ("ok", "r|r|r"), ("ok", "rq")])
def test_a_snapshot_needs_a_name_and_a_history(tmp_path: Path, name: str, history: str) -> None:
    with Store.open(tmp_path) as store, pytest.raises(StarPusherError):
        store.save_snapshot(LEVEL, name, history)


def test_a_schema_3_database_gains_the_snapshots_table(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.save_game(LEVEL, "rR")
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("DROP TABLE snapshots")  # as schema 3 had it
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    with Store.open(tmp_path) as store:
        assert store.load_game(LEVEL) == "rR"
        store.save_snapshot(LEVEL, "here", "rR")
        assert [s.name for s in store.snapshots(LEVEL)] == ["here"]
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
