"""Every command that opens a window, run as a player runs it: the installed program, a few frames.

The commands run in a child process with SDL's dummy video driver and
``STARPUSHER_QUIT_AFTER_FRAMES``, so the window opens, draws and closes by
itself. A command that cannot even start (an import that fails, a name that
moved) fails here, where a test calling the functions inside would not notice.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from starpusher.gui.launch import QUIT_AFTER_ENVIRONMENT_VARIABLE

PROGRAM = Path(sys.executable).with_name("starpusher")
LEVELS = "#######\n#@ $ .#\n#######\nTitle: Short\n\n########\n#@ $  .#\n########\n"


def run_window(arguments: list[str], data: Path, frames: int = 3) -> subprocess.CompletedProcess[str]:
    environment = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        STARPUSHER_DATA_DIR=str(data),
        **{QUIT_AFTER_ENVIRONMENT_VARIABLE: str(frames)},
    )
    # As a player's shell has it: the GUI tests' conftest hides pygame's greeting in this process.
    environment.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    return subprocess.run(
        [str(PROGRAM), *arguments], env=environment, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "arguments",
    [
        [],
        ["play"],
        ["play", "{file}"],
        ["play", "{file}", "--level", "2", "--instant"],
        ["play", "original", "--level", "3"],
        ["edit"],
        ["edit", "{file}"],
        ["edit", "{file}", "--level", "2"],
        ["edit", "original", "--level", "3"],
        ["edit", "{tmp}/new-levels.sok"],
        ["fifteen"],
    ],
    ids=lambda arguments: " ".join(arguments) or "(no command)",
)
def test_the_installed_program_opens_the_window_and_closes_cleanly(
    tmp_path: Path, arguments: list[str]
) -> None:
    assert PROGRAM.exists(), f"the project is not installed: no {PROGRAM}"
    levels = tmp_path / "two.sok"
    levels.write_text(LEVELS)
    filled = [argument.format(file=levels, tmp=tmp_path) for argument in arguments]
    done = run_window(filled, tmp_path / "data")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")  # pygame's greeting included
    assert (tmp_path / "data" / "progress.sqlite").exists()  # the window kept its store there


def test_the_frame_budget_must_be_a_number(tmp_path: Path) -> None:
    done = run_window(["play"], tmp_path / "data", frames=-1)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and QUIT_AFTER_ENVIRONMENT_VARIABLE in done.stderr
