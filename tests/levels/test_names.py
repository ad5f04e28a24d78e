"""One resolver for every command: a built-in collection's short name or a file's path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from starpusher.core import LevelError
from starpusher.levels import builtin_names, load_builtin, open_named, open_playable, store_name


def test_built_in_names_open_their_collections_from_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in builtin_names():
        assert open_named(name) is load_builtin(name)
        assert store_name(name) == name


def test_a_file_of_a_built_in_name_wins_and_is_kept_by_its_full_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "original").write_text("#####\n#@$.#\n#####\n")
    assert len(open_named("original").levels) == 1
    assert store_name("original") == os.path.join(str(tmp_path), "original")


def test_a_name_that_is_neither_says_the_file_cannot_be_read(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere.sok")
    with pytest.raises(LevelError, match="cannot read the file") as error:
        open_named(missing)
    assert missing in str(error.value)


def test_a_file_without_a_playable_level_is_refused_with_its_reason(tmp_path: Path) -> None:
    path = tmp_path / "broken.sok"
    path.write_text("#####\n#@$ #\n#####\n")
    assert open_named(str(path)).levels == []
    with pytest.raises(LevelError, match="goal"):
        open_playable(str(path))
