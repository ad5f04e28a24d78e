"""Every command takes a built-in collection's name where it takes a FILE (README promises it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from starpusher.cli import main
from starpusher.cli.play import choose_levels
from starpusher.levels import load_builtin


@pytest.fixture(autouse=True)
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from a folder holding no file of those names."""
    monkeypatch.chdir(tmp_path)


def test_check_a_built_in_collection(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "starpusher"]) == 0
    assert capsys.readouterr().out == "starpusher: 356 levels OK\n"


def test_solve_and_verify_a_level_of_a_built_in_collection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "original", "--level", "1", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip()
    solution = load_builtin("original").levels[0].solutions[0]
    assert main(["verify", "original", "--level", "1", solution, "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("solved")


def test_render_a_level_of_a_built_in_collection(tmp_path: Path) -> None:
    out = tmp_path / "level.png"
    assert main(["render", "starpusher", "--level", "2", "-o", str(out)]) == 0
    assert out.stat().st_size > 0


def test_progress_of_a_built_in_collection(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["progress", "demo", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip()


def test_play_opens_a_built_in_collection_by_name(tmp_path: Path) -> None:
    collection, name, start = choose_levels(["starpusher"], None)
    assert len(collection.levels) == 356 and name == "starpusher" and start == 0


def test_a_folder_of_the_same_name_does_not_hide_a_built_in_collection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "generated").mkdir()  # the current folder: a folder is never a level file
    assert main(["check", "generated"]) == 0
    assert capsys.readouterr().out.startswith("generated: ")
    assert choose_levels(["generated"], None)[1] == "generated"


def test_a_file_of_the_same_name_wins_over_a_built_in_collection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "original").write_text("#####\n#@$.#\n#####\n")
    assert main(["check", "original"]) == 0
    assert capsys.readouterr().out == "original: 1 level OK\n"


def test_levels_lists_the_built_in_collections_counting_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "   1 level   Star Pusher demo" in lines["demo"]
    assert " 356 levels  " in lines["starpusher"]
