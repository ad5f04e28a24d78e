"""Damaged, foreign, newer and older databases: never a crash, never silently lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from unittest.mock import ANY

import pytest

from starpusher.core import Level
from starpusher.session import rebuild
from starpusher.store import DATABASE_NAME, FULLSCREEN, SCHEMA_VERSION, Solution, Store, StoreError, level_key
from starpusher.store.schema import APPLICATION_ID

CORRIDOR = "#######\n#@ $ .#\n#######"


def _moved_aside(directory: Path) -> list[Path]:
    return sorted(directory.glob(f"{DATABASE_NAME}.damaged-*"))


def _assert_fresh_and_usable(directory: Path, corridor: Level) -> None:
    with Store.open(directory) as store:
        assert store.notice is None
        assert not store.progress(corridor).solved
        store.record_solution(corridor, "rRR")
    with Store.open(directory) as store:
        assert store.progress(corridor).solved


def test_a_file_that_is_not_a_database_is_moved_aside(tmp_path: Path, corridor: Level) -> None:
    garbage = b"these are not the bytes of a database\n" * 200
    (tmp_path / DATABASE_NAME).write_bytes(garbage)
    with Store.open(tmp_path) as store:
        assert store.notice is not None
        assert "\n" not in store.notice
        assert store.notice.startswith(f"{DATABASE_NAME} is damaged or not a database")
        assert "started a fresh one" in store.notice
        assert not [progress for progress in store.recorded() if progress.solved]
    (aside,) = _moved_aside(tmp_path)
    assert aside.name in store.notice
    assert aside.read_bytes() == garbage  # kept as it was, for the curious
    _assert_fresh_and_usable(tmp_path, corridor)


def test_a_damaged_database_is_moved_aside(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        for n in range(300):  # enough rows to fill several pages
            store.save_snapshot(corridor, f"filler {n}", "r")
    path = tmp_path / DATABASE_NAME
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    assert len(data) >= 4 * page_size
    data[page_size : 3 * page_size] = b"\xa5" * (2 * page_size)  # scribble over pages 2 and 3
    path.write_bytes(bytes(data))

    with Store.open(tmp_path) as store:
        assert store.notice is not None and "damaged" in store.notice
    assert len(_moved_aside(tmp_path)) == 1
    _assert_fresh_and_usable(tmp_path, corridor)


def _damage_an_index_page(path: Path) -> None:
    """Scribble over the cell count of an index page: SQLite's check then reports it on several lines."""
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    index_leaves = [start for start in range(page_size, len(data), page_size) if data[start] == 0x0A]
    data[index_leaves[-1] + 3 : index_leaves[-1] + 5] = b"\xff\xff"
    path.write_bytes(bytes(data))


def test_the_notice_of_a_damaged_database_is_one_line(tmp_path: Path, corridor: Level) -> None:
    with Store.open(tmp_path) as store:
        for n in range(300):
            store.save_snapshot(corridor, f"filler {n}", "r")
    _damage_an_index_page(tmp_path / DATABASE_NAME)
    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        assert "\n" in db.execute("PRAGMA quick_check").fetchone()[0]  # what the notice used to quote
    db.close()

    with Store.open(tmp_path) as store:
        assert store.notice is not None
        assert "\n" not in store.notice and "*** in database main ***" not in store.notice
        assert store.notice.startswith(f"{DATABASE_NAME} is damaged (Page ")


def test_another_programs_database_is_moved_aside_not_written_into(tmp_path: Path, corridor: Level) -> None:
    path = tmp_path / DATABASE_NAME
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('bread')")
    db.close()
    with Store.open(tmp_path) as store:
        assert store.notice is not None and "another program" in store.notice
    (aside,) = _moved_aside(tmp_path)
    with sqlite3.connect(aside) as db:
        assert db.execute("SELECT name FROM recipes").fetchall() == [("bread",)]
    db.close()
    _assert_fresh_and_usable(tmp_path, corridor)


def test_a_directory_in_place_of_the_database_is_moved_aside(tmp_path: Path, corridor: Level) -> None:
    (tmp_path / DATABASE_NAME).mkdir()
    with Store.open(tmp_path) as store:
        assert store.notice is not None and "is not a file" in store.notice
    assert _moved_aside(tmp_path)[0].is_dir()
    _assert_fresh_and_usable(tmp_path, corridor)


def test_an_empty_file_simply_becomes_the_database(tmp_path: Path, corridor: Level) -> None:
    (tmp_path / DATABASE_NAME).touch()
    _assert_fresh_and_usable(tmp_path, corridor)
    assert _moved_aside(tmp_path) == []


def test_a_second_damaged_file_gets_its_own_name(tmp_path: Path) -> None:
    for _ in range(2):
        (tmp_path / DATABASE_NAME).unlink(missing_ok=True)
        for suffix in ("-wal", "-shm"):
            Path(f"{tmp_path / DATABASE_NAME}{suffix}").unlink(missing_ok=True)
        (tmp_path / DATABASE_NAME).write_text("not a database, again")
        Store.open(tmp_path).close()
    assert len(_moved_aside(tmp_path)) == 2


def test_a_database_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE future (x)")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer Star Pusher") as caught:
        Store.open(tmp_path)
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before
    assert _moved_aside(tmp_path) == []


def _flip_the_high_bit_of_the_schema_number(path: Path) -> None:
    """Header byte 60 begins the schema number (user_version): its high bit makes the number negative."""
    data = bytearray(path.read_bytes())
    data[60] |= 0x80
    path.write_bytes(bytes(data))


def _set_schema_number(number: int) -> Callable[[Path], None]:
    def set_it(path: Path) -> None:
        with sqlite3.connect(path) as db:
            db.execute(f"PRAGMA user_version = {number}")
        db.close()

    return set_it


def _set_schema_number_3_with_other_columns(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE saved_games DROP COLUMN saved_at")
        db.execute("PRAGMA user_version = 3")
    db.close()


IMPOSSIBLE_SCHEMA_NUMBERS = {
    "-1": (_set_schema_number(-1), "its schema number is -1, which no Star Pusher writes"),
    "high bit": (
        _flip_the_high_bit_of_the_schema_number,
        f"its schema number is {SCHEMA_VERSION - 2**31}, which",
    ),
    "0 with tables": (_set_schema_number(0), "its schema number is 0, that of a new file, yet it holds"),
    "1 with later tables": (_set_schema_number(1), "its schema number is 1, yet its levels table is not"),
    "3 with other columns": (
        _set_schema_number_3_with_other_columns,
        "its saved_games table has the columns key, history instead of",
    ),
}


@pytest.mark.parametrize("how", IMPOSSIBLE_SCHEMA_NUMBERS)
def test_an_impossible_schema_number_is_damage_moved_aside_and_salvaged(
    how: str, tmp_path: Path, corridor: Level, trade_off: Level
) -> None:
    """The old way: KeyError in the upgrade, or "table levels already exists", at every start, for ever."""
    damage, reason = IMPOSSIBLE_SCHEMA_NUMBERS[how]
    _progress_everywhere(tmp_path, corridor, trade_off)
    damage(tmp_path / DATABASE_NAME)

    with Store.open(tmp_path, read_only=True) as store:  # progress, export: shown, left where it is
        assert store.notice is not None and "\n" not in store.notice
        assert store.notice.startswith(f"{DATABASE_NAME} is damaged ({reason}")
        assert store.progress(trade_off).best_moves == Solution("LulDldRR", 8, 4, ANY)
    assert _moved_aside(tmp_path) == []

    with Store.open(tmp_path) as store:
        assert store.notice is not None and "\n" not in store.notice
        assert store.notice.startswith(f"{DATABASE_NAME} is damaged ({reason}")
        assert store.notice.endswith("with the 2 levels that could still be read")
        assert store.progress(trade_off).best_moves == Solution("LulDldRR", 8, 4, ANY)
        assert store.get_setting(FULLSCREEN) is True
    assert len(_moved_aside(tmp_path)) == 1
    with Store.open(tmp_path) as store:
        assert store.notice is None  # a fresh store, once and for all
        assert store.progress(trade_off).solved


# -- upgrading ---------------------------------------------------------------------------------

#: Schema 1, written out by hand as that version laid it out.
SCHEMA_1 = """
CREATE TABLE levels (
    key TEXT PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    board TEXT NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    best_moves TEXT,
    best_pushes TEXT,
    saved_game TEXT
);
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

TRADE_OFF = "######\n#   ##\n#  $@#\n#   .#\n######"


def _make_schema_1(path: Path) -> tuple[Level, Level]:
    corridor = Level.from_text(CORRIDOR, title="Corridor")
    trade_off = Level.from_text(TRADE_OFF, title="Trade-off")
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_1)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO levels VALUES (?, 'Trade-off', ?, 1, 'LulDldRR', 'dlluurDldR', NULL)",
        (level_key(trade_off), TRADE_OFF),
    )
    db.execute(
        "INSERT INTO levels VALUES (?, 'Corridor', ?, 0, NULL, NULL, 'rlr|R')",
        (level_key(corridor), CORRIDOR),
    )
    db.execute("INSERT INTO settings VALUES ('fullscreen', 'true'), ('last_played', '[\"original\", 4]')")
    db.commit()
    db.close()
    return corridor, trade_off


def test_a_schema_1_database_is_upgraded_in_place_with_its_data(tmp_path: Path) -> None:
    corridor, trade_off = _make_schema_1(tmp_path / DATABASE_NAME)

    with Store.open(tmp_path) as store:
        assert store.notice is None
        solved = store.progress(trade_off)
        assert solved.solved and solved.title == "Trade-off"
        assert solved.best_moves == Solution("LulDldRR", 8, 4, None)
        assert solved.best_pushes == Solution("dlluurDldR", 10, 2, None)
        started = store.progress(corridor)
        assert not started.solved and started.has_saved_game
        assert rebuild(corridor, store.load_game(corridor) or "").to_text() == "rlr|R"
        assert store.get_setting(FULLSCREEN) is True
        assert store.last_played() == ("original", 4)
        assert store.record_solution(trade_off, "LulDldRR").improved is False

    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    backup = tmp_path / "progress.schema1-backup.sqlite"
    with sqlite3.connect(backup) as db:  # the old layout is kept, untouched, for the old program
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        assert db.execute("SELECT count(*) FROM levels").fetchone()[0] == 2
    db.close()


def _layout(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
    db.close()
    return rows


def test_an_upgraded_database_has_the_same_layout_as_a_new_one(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    _make_schema_1(old / DATABASE_NAME)
    Store.open(old).close()
    Store.open(new).close()
    assert _layout(old / DATABASE_NAME) == _layout(new / DATABASE_NAME)


@pytest.mark.parametrize(
    ("inside", "expected"), [("", "is a file, not a folder"), ("sub/deeper", "a part of its path is a file")]
)
def test_an_unusable_data_directory_is_a_one_line_store_error(
    tmp_path: Path, inside: str, expected: str
) -> None:
    not_a_directory = tmp_path / "a-file"
    not_a_directory.write_text("I am a file")
    with pytest.raises(StoreError, match=expected) as caught:
        Store.open(not_a_directory / inside)
    assert "\n" not in str(caught.value) and "a-file" in str(caught.value)
    assert not_a_directory.read_text() == "I am a file"


def test_a_locked_database_is_a_clear_store_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program holding the write lock past the busy timeout: said in words, not SQLite's code."""
    from starpusher.store import database

    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 0.05)
    with Store.open(tmp_path) as store:
        other = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreError, match="is locked") as caught:
                store.set_last_played("original", 3)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert "\n" not in str(caught.value) and DATABASE_NAME in str(caught.value)
        store.set_last_played("original", 3)  # the lock is gone: it works again
        assert store.last_played() == ("original", 3)


def test_an_upgrade_that_fails_halfway_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The upgrade runs in one transaction: a failure (a full disk, say) leaves schema 1 whole."""
    from starpusher.store import schema

    _make_schema_1(tmp_path / DATABASE_NAME)
    real_upgrade = schema.MIGRATIONS[1]

    def upgrade_then_fail(db: sqlite3.Connection, now: str) -> None:
        real_upgrade(db, now)
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setitem(schema.MIGRATIONS, 1, upgrade_then_fail)
    with pytest.raises(StoreError, match="disk is full"):
        Store.open(tmp_path)
    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        assert db.execute("SELECT count(*) FROM levels WHERE best_moves = 'LulDldRR'").fetchone()[0] == 1
    db.close()

    monkeypatch.setitem(schema.MIGRATIONS, 1, real_upgrade)
    with Store.open(tmp_path) as store:  # the next try succeeds
        solved = {progress.key for progress in store.recorded() if progress.solved}
        assert solved == {level_key(Level.from_text(TRADE_OFF))}


def test_a_schema_2_database_gains_the_table_of_solves_made_with_help(tmp_path: Path) -> None:
    level = Level.from_text("#####\n#@$.#\n#####")
    with Store.open(tmp_path) as store:
        store.record_solution(level, "R")
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("DROP TABLE helped_solves")  # as schema 2 had it
    db.execute("DROP TABLE snapshots")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()

    with Store.open(tmp_path) as store:
        assert store.progress(level).solved and not store.progress(level).helped
        store.record_helped_solution(level, "R")
        assert store.progress(level).helped
    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def _drop(path: Path, *tables: str) -> None:
    db = sqlite3.connect(path)
    for table in tables:
        db.execute(f"DROP TABLE {table}")
    db.commit()
    db.close()


def _progress_everywhere(directory: Path, corridor: Level, trade_off: Level) -> None:
    """A solved level with its bests, a game in progress, a setting and a Fifteen score."""
    with Store.open(directory) as store:
        store.record_solution(trade_off, "LulDldRR")
        store.save_game(corridor, "rl|r")
        store.set_setting(FULLSCREEN, True)
        store.record_fifteen(4, 4, 80, 60.0)


def test_a_lost_table_is_made_again_and_the_rest_of_the_progress_is_kept(
    tmp_path: Path, corridor: Level, trade_off: Level
) -> None:
    _progress_everywhere(tmp_path, corridor, trade_off)
    _drop(tmp_path / DATABASE_NAME, "best_solutions")

    with Store.open(tmp_path) as store:
        assert store.notice == (
            f"{DATABASE_NAME} had lost its best_solutions table (the best solutions);"
            " made it again, empty, and kept the rest of your progress"
        )
        assert _moved_aside(tmp_path) == []
        solved = store.progress(trade_off)
        assert solved.solved and solved.best_moves is None  # only what the table held is gone
        assert store.progress(corridor).has_saved_game
        assert store.get_setting(FULLSCREEN) is True and store.fifteen_best(4, 4).moves == 80
        assert store.record_solution(trade_off, "dlluurDldR").new_best_pushes
    with Store.open(tmp_path) as store:
        assert store.notice is None
        assert store.progress(trade_off).best_pushes == Solution("dlluurDldR", 10, 2, ANY)


def test_several_lost_tables_are_named_in_one_line(tmp_path: Path, corridor: Level, trade_off: Level) -> None:
    _progress_everywhere(tmp_path, corridor, trade_off)
    _drop(tmp_path / DATABASE_NAME, "saved_games", "snapshots", "settings")

    with Store.open(tmp_path) as store:
        assert store.notice == (
            f"{DATABASE_NAME} had lost its saved_games, settings and snapshots tables"
            " (the games in progress, the settings, the snapshots);"
            " made them again, empty, and kept the rest of your progress"
        )
        assert store.progress(trade_off).best_moves == Solution("LulDldRR", 8, 4, ANY)


def test_a_table_with_other_columns_is_damage_the_rest_is_salvaged(
    tmp_path: Path, corridor: Level, trade_off: Level
) -> None:
    _progress_everywhere(tmp_path, corridor, trade_off)
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute("ALTER TABLE saved_games DROP COLUMN saved_at")
    db.commit()
    db.close()

    with Store.open(tmp_path) as store:
        assert store.notice is not None and "\n" not in store.notice
        assert store.notice.startswith(
            f"{DATABASE_NAME} is damaged (its saved_games table has the columns key, history"
            " instead of key, history, saved_at); moved it to"
        )
        assert store.notice.endswith("with the 2 levels that could still be read")
        assert store.progress(trade_off).best_moves == Solution("LulDldRR", 8, 4, ANY)
        assert store.get_setting(FULLSCREEN) is True
    assert len(_moved_aside(tmp_path)) == 1


def test_every_table_is_described_for_the_player() -> None:
    from starpusher.store.schema import TABLE_CONTENTS, TABLE_STATEMENTS

    assert list(TABLE_CONTENTS) == list(TABLE_STATEMENTS)
