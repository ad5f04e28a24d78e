"""Known solutions: what the optimizer found, kept apart from the player's own bests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.store import DATABASE_NAME, SCHEMA_VERSION, NotASolutionError, Store


def test_a_known_solution_is_never_the_players_best(tmp_path: Path, trade_off: Level) -> None:
    with Store.open(tmp_path) as store:
        assert store.keep_known_solution(trade_off, "LulDldRR") == ["moves", "pushes"]
        progress = store.progress(trade_off)
        assert not progress.solved and progress.best_moves is None and progress.best_pushes is None
        known = store.known_solutions(trade_off)
        assert known.by_moves == known.by_pushes
        assert known.by_moves is not None and (known.by_moves.moves, known.by_moves.pushes) == (8, 4)


def test_each_place_keeps_the_shortest_by_its_count(tmp_path: Path, trade_off: Level) -> None:
    with Store.open(tmp_path) as store:
        store.keep_known_solution(trade_off, "LulDldRR")  # 8 moves, 4 pushes
        assert store.keep_known_solution(trade_off, "dlluurDldR", optimal_by="pushes") == ["pushes"]
        assert store.keep_known_solution(trade_off, "duLulDldRR") == []  # longer both ways
    with Store.open(tmp_path) as store:  # kept between runs
        known = store.known_solutions(trade_off)
        assert known.by_moves is not None and known.by_moves.lurd == "LulDldRR" and not known.by_moves.optimal
        assert (
            known.by_pushes is not None and known.by_pushes.lurd == "dlluurDldR" and known.by_pushes.optimal
        )
        assert [solution.lurd for solution in known] == ["LulDldRR", "dlluurDldR"]


def test_a_solution_as_short_and_proven_now_is_marked_optimal(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        store.keep_known_solution(corridor, "rRR")
        known = store.known_solutions(corridor).by_pushes
        assert known is not None and not known.optimal
        assert store.keep_known_solution(corridor, "rRR", optimal_by="pushes") == ["pushes"]
        known = store.known_solutions(corridor).by_pushes
        assert known is not None and known.optimal
        assert store.keep_known_solution(corridor, "rRR") == []  # as short, not proven: nothing changes
        assert store.known_solutions(corridor).by_pushes == known


def test_a_known_solution_is_replayed_first(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        with pytest.raises(NotASolutionError):
            store.keep_known_solution(corridor, "rR")
        assert list(store.known_solutions(corridor)) == []


def test_a_schema_4_database_gains_the_table_of_known_solutions(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        store.record_solution(corridor, "rRR")
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("DROP TABLE known_solutions")  # as schema 4 had it
    db.execute("PRAGMA user_version = 4")
    db.commit()
    db.close()
    with Store.open(tmp_path) as store:
        assert store.notice is None
        assert store.progress(corridor).solved
        store.keep_known_solution(corridor, "rRR")
        assert store.known_solutions(corridor).by_moves is not None
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    db.close()
