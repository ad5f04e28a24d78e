"""Saving drawn levels in "My levels", in named .sok and plain files, over a level; read back."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from starpusher.core import Level, LevelError
from starpusher.editing import MY_LEVELS_TITLE, add_level, replace_level
from starpusher.levels import read_collection

FIRST = Level.from_text("#######\n#@ $ .#\n#######", title="First", author="Ann")
SECOND = replace(FIRST, title="Second", author="", solutions=("rRR",))


def test_my_levels_is_made_with_a_header_and_takes_each_level_at_its_end(tmp_path: Path) -> None:
    path = tmp_path / "my-levels.sok"
    assert add_level(path, FIRST, collection_title=MY_LEVELS_TITLE) == 1
    assert add_level(path, SECOND, collection_title=MY_LEVELS_TITLE) == 2
    collection = read_collection(path)
    assert collection.title == MY_LEVELS_TITLE
    assert [level.title for level in collection.levels] == ["First", "Second"]
    assert collection.levels[0].author == "Ann"
    assert collection.levels[1].solutions == ("rRR",)


def test_adding_keeps_every_byte_already_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.sok"
    original = "; my notes, kept as they are\n#####\n#@$.#\n#####\nTitle: Old one\n"
    path.write_text(original)
    assert add_level(path, FIRST) == 2
    assert path.read_text().startswith(original.rstrip())
    assert [level.title for level in read_collection(path).levels] == ["Old one", "First"]


def test_a_txt_file_gets_plain_text_with_the_title_as_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "plain.txt"
    add_level(path, FIRST)
    assert path.read_text() == "; First\n#######\n#@ $ .#\n#######\n"
    assert read_collection(path).levels[0].title == "First"


def test_saving_over_a_level_changes_that_level_only(tmp_path: Path) -> None:
    path = tmp_path / "two.sok"
    add_level(path, FIRST)
    add_level(path, SECOND)
    changed = Level.from_text("########\n#@ $  .#\n########", title="First, longer")
    replace_level(path, 1, changed)
    levels = read_collection(path).levels
    assert levels[0].to_text() == changed.to_text() and levels[0].title == "First, longer"
    assert levels[1].title == "Second" and levels[1].solutions == ("rRR",)


def test_saving_over_a_missing_level_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "one.sok"
    add_level(path, FIRST)
    with pytest.raises(LevelError, match=r"one\.sok.*no level 5"):
        replace_level(path, 5, FIRST)


def test_a_file_that_cannot_be_written_is_a_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(LevelError, match="cannot write"):
        add_level(blocker / "levels.sok", FIRST)


def test_saving_over_a_level_keeps_the_files_mode_and_writes_through_a_link(tmp_path: Path) -> None:
    real = tmp_path / "shared" / "levels.sok"
    real.parent.mkdir()
    add_level(real, FIRST)
    real.chmod(0o664)
    link = tmp_path / "levels.sok"
    link.symlink_to(real)
    replace_level(link, 1, SECOND)
    assert link.is_symlink() and read_collection(real).levels[0].title == "Second"
    assert real.stat().st_mode & 0o777 == 0o664  # it was 0600
    assert [path.name for path in real.parent.iterdir()] == ["levels.sok"]


def test_saving_into_a_file_with_hard_links_changes_every_name(tmp_path: Path) -> None:
    first, second = tmp_path / "first.sok", tmp_path / "second.sok"
    add_level(first, FIRST)
    os.link(first, second)
    add_level(first, SECOND)
    assert [level.title for level in read_collection(second).levels] == ["First", "Second"]
