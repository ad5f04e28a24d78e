"""The command line and the store under attack: each test reproduces one item of issue 14.

Every failure must be told truthfully: one line, no traceback, no hang, no
claim of success where something failed, and nothing of the player's lost.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from starpusher.cli import main

ONE_LEVEL = """\
#######
#@ $ .#
#######
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- hygiene: tests never touch the player's data ---------------------------------------------


def test_every_test_has_a_data_folder_of_its_own(private_data_dir: Path) -> None:
    home = Path(os.environ["HOME"])
    assert Path(os.environ["STARPUSHER_DATA_DIR"]) == private_data_dir
    assert private_data_dir.parent == home.parent  # both in this test's temporary folder
    assert Path(os.environ["XDG_DATA_HOME"]).is_relative_to(home)


def test_play_reads_its_files_before_it_opens_the_store(
    capsys: pytest.CaptureFixture[str], private_data_dir: Path, tmp_path: Path
) -> None:
    code, _, err = run(capsys, "play", str(tmp_path / "nonexistent.sok"))
    assert code == 1 and "nonexistent.sok" in err and "Traceback" not in err
    assert not private_data_dir.exists()  # no folder made, no database created


# -- tracebacks: a data folder that cannot be used --------------------------------------------

SOLVABLE_3X3 = ["1", "2", "3", "4", "5", "6", "0", "7", "8"]


@pytest.mark.parametrize("where", ["proc", "file", "home"])
def test_fifteen_solve_needs_no_usable_data_folder(
    where: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options: list[str] = []
    if where == "proc":
        options = ["--data-dir", "/proc/x"]
    elif where == "file":
        (tmp_path / "a-file").write_text("not a folder")
        options = ["--data-dir", str(tmp_path / "a-file")]
    else:  # no --data-dir, and a home where nothing can be made
        monkeypatch.delenv("STARPUSHER_DATA_DIR")
        monkeypatch.delenv("XDG_DATA_HOME")
        monkeypatch.setenv("HOME", "/proc/x")
    code, out, err = run(capsys, "fifteen", "solve", *SOLVABLE_3X3, *options)
    assert (code, out, err) == (0, "2 moves (optimal)\nLL\n", "")


def test_with_no_usable_data_folder_the_4x4_tables_are_built_in_memory_and_it_says_so(
    capsys: pytest.CaptureFixture[str], small_4x4_groups: None
) -> None:
    board = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "0", "15"]
    code, out, err = run(capsys, "fifteen", "solve", *board, "--data-dir", "/proc/x")
    assert code == 0 and out == "1 moves (optimal)\nL\n"
    assert "cannot use the data folder /proc/x" in err and "built in memory" in err
    assert "Traceback" not in err
