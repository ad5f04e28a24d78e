"""The stand-alone program, built by ``tools/build_app.py``, runs where there is no Python.

Both variants are built (the folder, and the one-file program) and run from an
empty folder with no Python on ``PATH`` and no ``PYTHONPATH`` or ``PYTHONHOME``:
the command line, the solver's worker processes, the window (with SDL's dummy
driver; the editor starts its verdict child through the forkserver, which the
program starts as a copy of itself) and Fifteen's tables, which must land in
the player's data folder and never beside the program.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging_helpers import ROOT, VERSION, assert_animations_written, player_environment, ran, run

pytestmark = pytest.mark.slow

BUILD_TOOL = ROOT / "tools" / "build_app.py"
#: A 4x4 board one slide from solved: solving it needs Fifteen's tables (built once, ~20 s).
FOUR_BY_FOUR = [str(tile) for tile in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)]


@dataclass(frozen=True)
class App:
    #: The folder given to players: the program, and its licence and credits beside it.
    folder: Path
    program: Path


@pytest.fixture(scope="module", params=["folder", "onefile"])
def app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """The program, built as ``python tools/build_app.py`` builds it (into a folder of the test's)."""
    onefile = request.param == "onefile"
    base = tmp_path_factory.mktemp(f"app-{request.param}")
    build: list[str | Path] = [sys.executable, BUILD_TOOL, "--dist", base / "dist", "--work", base / "build"]
    done = run([*build, *(["--onefile"] if onefile else [])], base, player_environment(), timeout=900)
    assert done.returncode == 0, ran(done)
    shutil.rmtree(base / "build")  # PyInstaller's working files, as big as the program
    folder = base / "dist" / ("onefile" if onefile else "starpusher")
    yield App(folder, folder / "starpusher")
    shutil.rmtree(base, ignore_errors=True)


def without_python(**settings: str) -> dict[str, str]:
    """A player's environment whose PATH leads to no Python at all."""
    environment = player_environment(**settings)
    folders = environment.get("PATH", "").split(os.pathsep)
    kept = [folder for folder in folders if folder and not any(Path(folder).glob("python*"))]
    environment["PATH"] = os.pathsep.join(kept)
    assert shutil.which("python3", path=environment["PATH"]) is None
    assert shutil.which("python", path=environment["PATH"]) is None
    return environment


def test_the_program_says_its_version(app: App, player_folder: Path) -> None:
    done = run([app.program, "--version"], player_folder, without_python())
    assert (done.returncode, done.stdout, done.stderr) == (0, f"starpusher {VERSION}\n", ""), ran(done)


def test_the_program_checks_solves_and_renders(app: App, player_folder: Path) -> None:
    environment = without_python()

    def starpusher(*arguments: str) -> str:
        done = run([app.program, *arguments], player_folder, environment)
        assert (done.returncode, done.stderr) == (0, ""), f"starpusher {' '.join(arguments)}: {ran(done)}"
        return done.stdout

    assert starpusher("check", "original") == "original: 22 levels OK\n"
    moves = starpusher("solve", "original", "--level", "3", "--jobs", "2").splitlines()[-1]
    assert starpusher("verify", "original", "--level", "3", moves).startswith("solved")
    # One level is solved in the program itself; three levels go to two worker processes.
    assert "solved 3 of 3" in starpusher("solve", "three.sok", "--all", "--jobs", "2")
    starpusher("render", "original", "--level", "3", "-o", "level.png")
    assert (player_folder / "level.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert_animations_written(starpusher, player_folder)


@pytest.mark.parametrize(
    "arguments",
    [[], ["play", "three.sok", "--level", "2"], ["edit", "original", "--level", "3"], ["fifteen"]],
    ids=lambda arguments: " ".join(arguments) or "(no command)",
)
def test_the_program_opens_the_window(
    app: App, player_folder: Path, private_data_dir: Path, arguments: list[str]
) -> None:
    # The editor hands the level to its verdict child at once: a copy of the program that did
    # not know it was a child would run the command line and say so on standard error.
    environment = without_python(
        SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", STARPUSHER_QUIT_AFTER_FRAMES="3"
    )
    done = run([app.program, *arguments], player_folder, environment)
    assert (done.returncode, done.stderr) == (0, ""), ran(done)
    assert (private_data_dir / "progress.sqlite").exists()


def test_fifteens_tables_are_kept_in_the_players_data_folder(app: App, player_folder: Path) -> None:
    environment = without_python()
    del environment["STARPUSHER_DATA_DIR"]  # the platform's own place, as a player has it
    data = Path(environment["XDG_DATA_HOME"]) / "starpusher"
    before = _files(app.folder)
    first = run([app.program, "fifteen", "solve", *FOUR_BY_FOUR], player_folder, environment)
    assert (first.returncode, first.stdout) == (0, "1 move (optimal)\nL\n"), ran(first)
    assert "building" in first.stderr
    assert [path.name for path in data.glob("fifteen-*")], f"no tables in {data}"
    again = run([app.program, "fifteen", "solve", *FOUR_BY_FOUR], player_folder, environment)
    assert (again.returncode, again.stderr) == (0, ""), ran(again)  # found, not built again
    assert _files(app.folder) == before  # nothing written beside the program
    assert sorted(path.name for path in player_folder.iterdir()) == ["three.sok"]


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(path): (path.stat().st_size, path.stat().st_mtime_ns) for path in folder.rglob("*")}


def test_the_licence_and_credits_are_beside_the_program(app: App) -> None:
    assert (app.folder / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    assert "David W. Skinner" in (app.folder / "CREDITS.md").read_text()
    licenses = app.folder / "licenses"
    bundled = sorted(path.name.rsplit("-", 1)[0] for path in licenses.iterdir())
    assert bundled == ["numpy", "pillow", "platformdirs", "pygame-ce", "python", "tqdm"]
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in next(licenses.glob("pygame-ce-*/**/LGPL.txt")).read_text()
