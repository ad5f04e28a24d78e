"""Typing a path: Tab completes it as a shell does."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from starpusher.gui.kit.line_input import LineInput, complete_path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "microban.sok").write_text("")
    (tmp_path / "levels" / "microcosmos.sok").write_text("")
    (tmp_path / "levels" / ".hidden.sok").write_text("")
    (tmp_path / "lonely.txt").write_text("")
    return tmp_path


def test_one_match_is_completed_whole_a_folder_with_a_slash(folder: Path) -> None:
    assert complete_path(f"{folder}/lo") == (f"{folder}/lonely.txt", ["lonely.txt"])
    assert complete_path(f"{folder}/le")[0] == f"{folder}/levels/"


def test_several_matches_complete_to_what_they_share_and_are_listed(folder: Path) -> None:
    text, names = complete_path(f"{folder}/levels/m")
    assert text == f"{folder}/levels/micro"
    assert names == ["microban.sok", "microcosmos.sok"]


def test_hidden_names_only_when_asked_for_and_nothing_for_a_missing_folder(folder: Path) -> None:
    assert ".hidden.sok" not in complete_path(f"{folder}/levels/")[1]
    assert complete_path(f"{folder}/levels/.")[1] == [".hidden.sok"]
    assert complete_path(f"{folder}/nowhere/x") == (f"{folder}/nowhere/x", [])


def test_home_is_written_as_a_tilde_and_stays_one(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(folder))
    assert complete_path("~/lev") == ("~/levels/", ["levels/"])


def test_the_line_takes_characters_backspace_and_ctrl_w() -> None:
    line = LineInput()
    for char in "a/bc":
        assert line.key(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=char))
    line.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    assert line.text == "a/b"
    line.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=pygame.KMOD_CTRL, unicode="\x17"))
    assert line.text == "a/"
    assert not line.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
