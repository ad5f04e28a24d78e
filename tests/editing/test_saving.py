"""Saving drawn levels in "My levels", in named .sok and plain files, over a level; read back."""

from __future__ import annotations

import codecs
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


# -- saving over a level keeps the rest of the file as it was ------------------------------------

NOTED = """\
; My collection, drawn in 2024
; (keep these notes)

; Corridor
#######
#@ $ .#
#######
; too easy? ask Ann
Solution: rRR

; Room
######
#@ $.#
#    #
######
"""
ROOM = Level.from_text("######\n#@$ .#\n#    #\n######", title="Room")


def test_saving_over_a_level_keeps_the_files_comment_lines(tmp_path: Path) -> None:
    path = tmp_path / "noted.sok"
    path.write_text(NOTED)
    replace_level(path, 2, ROOM)
    assert path.read_text() == NOTED.replace("#@ $.#", "#@$ .#")  # that row alone changed


def test_a_new_title_goes_where_the_old_one_was(tmp_path: Path) -> None:
    path = tmp_path / "noted.sok"
    path.write_text(NOTED)
    replace_level(path, 1, replace(FIRST, title="Long corridor", author="Ann"))
    text = path.read_text()
    assert "; Long corridor\n#######\n#@ $ .#\n#######\nAuthor: Ann\n" in text
    assert "; Corridor" not in text and "; too easy? ask Ann" in text and "(keep these notes)" in text
    assert [level.title for level in read_collection(path).levels] == ["Long corridor", "Room"]


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE), ("utf-8", codecs.BOM_UTF8)],
)
@pytest.mark.parametrize("ending", ["\r\n", "\n"])
def test_saving_keeps_the_files_encoding_and_line_ends(
    encoding: str, bom: bytes, ending: str, tmp_path: Path
) -> None:
    path = tmp_path / "levels.txt"
    text = NOTED.replace("Corridor", "Corridor à café").replace("\n", ending)
    path.write_bytes(bom + text.encode(encoding))  # it was rewritten as UTF-8
    replace_level(path, 2, ROOM)
    assert path.read_bytes() == bom + text.replace("#@ $.#", "#@$ .#").encode(encoding)
    add_level(path, FIRST)
    added = path.read_bytes()
    assert added.startswith(bom + text.replace("#@ $.#", "#@$ .#").rstrip().encode(encoding))
    assert added.endswith(ending.join(["", "; First", "#######", "#@ $ .#", "#######", ""]).encode(encoding))


def test_a_title_a_latin_1_file_cannot_hold_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes(NOTED.replace("Corridor", "Corridor à café").encode("latin-1"))
    with pytest.raises(LevelError, match=r"old\.txt: the file is Latin-1 text, which cannot hold '→'"):
        replace_level(path, 2, replace(ROOM, title="Room → hall"))
    assert path.read_bytes() == NOTED.replace("Corridor", "Corridor à café").encode("latin-1")


def test_a_title_a_comment_line_cannot_hold_goes_in_a_title_entry(tmp_path: Path) -> None:
    path = tmp_path / "noted.sok"
    path.write_text(NOTED)
    replace_level(path, 2, replace(ROOM, title="Room:"))  # "; Room:" would read as "Room"
    assert [level.title for level in read_collection(path).levels] == ["Corridor", "Room:"]
    assert "Title: Room:" in path.read_text() and "(keep these notes)" in path.read_text()


def test_a_layout_the_splice_cannot_keep_is_written_anew_and_reads_back_right(tmp_path: Path) -> None:
    # Without its solution the level would leave the remark right above the next board: its title.
    path = tmp_path / "tight.sok"
    path.write_text("#######\n#@ $ .#\n#######\n; remark\nSolution: rRR\n#####\n#@$.#\n#####\n")
    replace_level(path, 1, replace(FIRST, title="", author=""))
    levels = read_collection(path).levels
    assert [level.title for level in levels] == ["", ""] and not levels[0].solutions
