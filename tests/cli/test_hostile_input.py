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
    code, out, err = run(capsys, "play", str(tmp_path / "nonexistent.sok"))
    assert code == 1 and "nonexistent.sok" in err and "Traceback" not in err
    assert not private_data_dir.exists()  # no folder made, no database created
