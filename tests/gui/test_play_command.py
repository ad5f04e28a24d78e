"""``starpusher play``: files, --level, and one-line errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest
from session_helpers import Lock

from starpusher.cli import main
from starpusher.cli.play import open_levels
from starpusher.gui import App
from starpusher.store import DATABASE_NAME, Store, database
from starpusher.store.schema import APPLICATION_ID


def test_play_opens_the_window_and_returns_when_it_closes(tmp_path: Path) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    data = tmp_path / "data"
    assert main(["play", str(levels), "--level", "1", "--instant", "--data-dir", str(data)]) == 0
    assert any(data.iterdir())  # the store keeps progress there


def test_play_goes_on_without_a_usable_store(tmp_path: Path) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert main(["play", str(levels), "--level", "1", "--data-dir", str(levels)]) == 0  # a file, not a folder


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


def test_the_window_opens_on_a_database_with_an_impossible_schema_number(tmp_path: Path) -> None:
    """It stopped with ``KeyError: -1`` before the window opened, at every start."""
    data = tmp_path / "data"
    data.mkdir()
    with sqlite3.connect(data / DATABASE_NAME) as db:
        db.execute("CREATE TABLE levels (key TEXT)")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = -1")
    db.close()
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert main(["play", "original", "--level", "1", "--data-dir", str(data)]) == 0
    assert len(list(data.glob(f"{DATABASE_NAME}.damaged-*"))) == 1


def test_several_files_play_as_one_collection(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n")
    second.write_text("#######\n#@ $ .#\n#######\n")
    collection = open_levels([str(first), str(second)])
    assert [level.width for level in collection.levels] == [5, 6, 7]


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["--level", "3"], "there is no level 3"),
        (["--level", "0"], "there is no level 0"),
    ],
)
def test_bad_level_numbers_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], expected: str
) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    assert main(["play", str(levels), *arguments]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and expected in error


def test_a_missing_file_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(tmp_path / "nothing.sok")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("starpusher: ") and error.count("\n") == 1


def test_with_no_command_the_window_opens_with_the_given_data_folder(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    data = tmp_path / "data"
    assert main(["--data-dir", str(data)]) == 0
    assert any(data.iterdir())  # progress is kept there, not in the default folder


def test_no_screen_is_a_one_line_error_not_an_invisible_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # What SDL picks when there is no display at all: it would draw a window nobody sees.
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert main(["play", "--data-dir", str(tmp_path / "data")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("starpusher: ") and "no screen" in error and error.count("\n") == 1


def test_a_bad_level_number_names_the_file_played_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    data = str(tmp_path / "data")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert main(["play", str(levels), "--level", "1", "--data-dir", data]) == 0
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # should a window open after all
    assert main(["play", "--level", "6", "--data-dir", data]) == 1  # no file: the one played last
    pygame.event.clear()
    error = capsys.readouterr().err
    assert f"{levels} (the file played last)" in error and "there is no level 6; there are 1" in error


def test_play_with_a_file_opens_its_level_not_the_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.gui import launch
    from starpusher.gui.sokoban.play import PlayScene

    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    shown: list[object] = []

    def show_and_close(app: App, problem: str | None = None) -> int:
        shown.append(app.scene)
        app.close()
        return 0

    monkeypatch.setattr(launch, "run_and_save", show_and_close)
    pygame.display.init()
    assert main(["play", str(levels), "--data-dir", str(tmp_path / "data")]) == 0
    assert len(shown) == 1 and isinstance(shown[0], PlayScene)
