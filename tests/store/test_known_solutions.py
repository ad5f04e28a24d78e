"""Known solutions: what the optimizer found, kept apart from the player's own bests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.store import DATABASE_NAME, SCHEMA_VERSION, NotASolutionError, Store, verified_solution


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
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


# -- rows that cannot be trusted: replayed when read -----------------------------------------------


def _tamper(data_dir: Path, assignments: str, *, metric: str | None = None) -> None:
    """Change the known-solutions rows behind the store's back (``moves = 'abc'``, say), as damage would."""
    db = sqlite3.connect(data_dir / DATABASE_NAME)
    where = "" if metric is None else f" WHERE metric = '{metric}'"
    db.execute(f"UPDATE known_solutions SET {assignments}{where}")
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("assignments", "why"),
    [
        ("lurd = lurd || 'M'", "'M' is not a move (expected LURD letters)"),
        ("lurd = 'l' || lurd", "move 1 ('l'): cannot move left: a wall is in the way"),
        ("lurd = 'rR'", "the moves do not solve the level: its goal holds no star after 2 moves"),
        ("lurd = x'525252'", "its moves are not text (bytes)"),
    ],
)
def test_a_known_solution_that_does_not_solve_its_level_is_left_out_and_said_why(
    tmp_path: Path, corridor: Level, assignments: str, why: str
) -> None:
    """A bad letter used to stop the level opening (``ValueError: not a direction letter``)."""
    with Store.open(tmp_path) as store:
        store.keep_known_solution(corridor, "rRR")
    _tamper(tmp_path, assignments)
    with Store.open(tmp_path) as store:
        known = store.known_solutions(corridor)
    assert (known.by_moves, known.by_pushes, list(known)) == (None, None, [])
    assert known.left_out == (f"the known solution kept in progress.sqlite is left out: {why}",)


def test_each_damaged_place_is_named(tmp_path: Path, trade_off: Level) -> None:
    with Store.open(tmp_path) as store:
        store.keep_known_solution(trade_off, "LulDldRR")
        store.keep_known_solution(trade_off, "dlluurDldR")
    _tamper(tmp_path, "lurd = 'LulDl'", metric="moves")
    with Store.open(tmp_path) as store:
        known = store.known_solutions(trade_off)
    assert known.by_moves is None and known.by_pushes is not None and known.by_pushes.lurd == "dlluurDldR"
    assert known.left_out == (
        "the known solution by moves kept in progress.sqlite is left out:"
        " the moves do not solve the level: its goal holds no star after 5 moves",
    )


def test_counts_and_types_come_from_the_replay_never_from_the_row(tmp_path: Path, corridor: Level) -> None:
    """``moves = 'abc'`` made export --optimize build 'abc' * 2**32; a row claiming 1 move blocked --keep."""
    with Store.open(tmp_path) as store:
        store.keep_known_solution(corridor, "rlrRR", optimal_by="pushes")
    _tamper(tmp_path, "lurd = 'rlrrr', moves = 'abc', pushes = 1, found_at = x'07'")
    with Store.open(tmp_path) as store:
        known = store.known_solutions(corridor)
        assert known.left_out == ()
        for solution in (known.by_moves, known.by_pushes):
            assert solution is not None and solution.lurd == "rlrRR"  # as the rules played it
            assert (solution.moves, solution.pushes, solution.found_at) == (5, 2, None)
            assert not solution.optimal  # proven for other counts than its own: not a proof
        assert store.keep_known_solution(corridor, "rRR") == ["moves", "pushes"]
        known = store.known_solutions(corridor)
        assert known.by_moves is not None and (known.by_moves.lurd, known.by_moves.moves) == ("rRR", 3)


def test_a_damaged_known_solution_is_replaced_by_the_next_one_kept(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        store.keep_known_solution(corridor, "rRR")
    _tamper(tmp_path, "lurd = 'rRRM'")
    with Store.open(tmp_path) as store:
        assert store.keep_known_solution(corridor, "rlrRR") == ["moves", "pushes"]
        known = store.known_solutions(corridor)
    assert known.left_out == () and [solution.lurd for solution in known] == ["rlrRR"]


def test_fewer_pushes_bought_with_more_moves_is_not_the_shortest_by_moves(
    tmp_path: Path, trade_off: Level
) -> None:
    """A push-optimized result of 868 moves was kept as the shortest by moves, made from one of 818."""
    given = verified_solution(trade_off, "LulDldRR")  # 8 moves, 4 pushes
    with Store.open(tmp_path) as store:
        assert store.keep_known_solution(trade_off, "dlluurDldR", made_from=given) == ["pushes"]
        known = store.known_solutions(trade_off)
    assert known.by_moves is None and known.by_pushes is not None and known.by_pushes.moves == 10
