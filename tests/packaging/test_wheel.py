"""The package as a player of the Python world gets it: ``python -m build``, then a fresh venv or pipx.

The sdist and the wheel are built from a copy of the checkout (so the tests write
nothing into it) whose version carries a label of its own: ``--version`` of the
installed program must print that label, which it can only take from the
package's metadata. The wheel is installed in a virtual environment of its own,
with nothing of the checkout beside it, and every command runs from an empty
folder. Its dependencies are pinned to the versions the rest of the suite runs
on, so pip takes them from its cache where it can.
"""

from __future__ import annotations

import re
import shutil
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from email import message_from_string
from importlib import metadata
from pathlib import Path

import pytest
from packaging_helpers import (
    ANIMATIONS,
    LEVELS,
    ROOT,
    VERSION,
    assert_animations_written,
    player_environment,
    ran,
    run,
)

pytestmark = pytest.mark.slow

#: The version the test build carries: the checkout's, with a local label.
TEST_VERSION = f"{VERSION}+packaging.test"
#: What the copy of the checkout leaves out: what git ignores, and the history.
NOT_COPIED = shutil.ignore_patterns(
    ".git", "dist", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", ".venv", "out"
)
LEVEL_FILES = sorted(path.name for path in (ROOT / "src" / "starpusher" / "levels" / "data").iterdir())


@dataclass(frozen=True)
class Built:
    sdist: Path
    wheel: Path
    constraints: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """``python -m build`` of a copy of the checkout: the sdist, and the wheel built from it."""
    folder = tmp_path_factory.mktemp("build")
    source = folder / "starpusher"
    shutil.copytree(ROOT, source, ignore=NOT_COPIED)
    pyproject = source / "pyproject.toml"
    text, found = re.subn(r'(?m)^version = ".*"$', f'version = "{TEST_VERSION}"', pyproject.read_text())
    assert found == 1, "pyproject.toml names no version"
    pyproject.write_text(text)
    build: list[str | Path] = [sys.executable, "-m", "build", "--outdir", folder / "dist", source]
    done = run(build, folder, player_environment())
    assert done.returncode == 0, ran(done)
    (sdist,) = (folder / "dist").glob("*.tar.gz")
    (wheel,) = (folder / "dist").glob("*.whl")
    constraints = folder / "constraints.txt"
    constraints.write_text("".join(f"{name}=={metadata.version(name)}\n" for name in _dependencies()))
    return Built(sdist, wheel, constraints)


def _dependencies() -> list[str]:
    """The names of the game's own dependencies (not the tests')."""
    requirements = metadata.requires("starpusher") or []
    return [re.split(r"[ <>=!~;\[]", line, maxsplit=1)[0] for line in requirements if "extra ==" not in line]


@pytest.fixture(scope="module")
def venv(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment (no system packages) with the wheel installed: its bin folder."""
    folder = tmp_path_factory.mktemp("venv")
    environment = player_environment()
    done = run([sys.executable, "-m", "venv", folder], folder, environment)
    assert done.returncode == 0, ran(done)
    bin_folder = folder / ("Scripts" if sys.platform == "win32" else "bin")
    install: list[str | Path] = [
        bin_folder / "python",
        "-m",
        "pip",
        "install",
        "--constraint",
        built.constraints,
        built.wheel,
    ]
    done = run(install, folder, environment)
    assert done.returncode == 0, ran(done)
    yield bin_folder
    shutil.rmtree(folder, ignore_errors=True)  # a quarter of a gigabyte


def test_the_wheel_carries_the_levels_the_licence_and_the_credits(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as wheel:
        names = set(wheel.namelist())
        info = f"starpusher-{TEST_VERSION}.dist-info"
        licence = wheel.read(f"{info}/licenses/LICENSE").decode()
        credits = wheel.read(f"{info}/licenses/CREDITS.md").decode()
        fields = message_from_string(wheel.read(f"{info}/METADATA").decode())
    assert {f"starpusher/levels/data/{name}" for name in LEVEL_FILES} <= names
    assert "starpusher/py.typed" in names
    assert not [name for name in names if name.startswith(("tests/", "tools/", "bench/"))]
    assert licence == (ROOT / "LICENSE").read_text() and "BSD 2-Clause License" in licence
    assert "David W. Skinner" in credits and "Al Sweigart" in credits
    assert fields["License-Expression"] == "BSD-2-Clause"
    assert sorted(fields.get_all("License-File") or []) == ["CREDITS.md", "LICENSE"]


def test_the_metadata_is_complete(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as wheel:
        fields = message_from_string(wheel.read(f"starpusher-{TEST_VERSION}.dist-info/METADATA").decode())
    classifiers = fields.get_all("Classifier") or []
    assert fields["Requires-Python"] == ">=3.11"
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "Topic :: Games/Entertainment :: Puzzle Games" in classifiers
    assert "sokoban" in (fields["Keywords"] or "").split(",")
    assert any("David W. Skinner" in url for url in fields.get_all("Project-URL") or [])
    assert fields["Author"] == "the Star Pusher developers"
    assert "David W. Skinner" in (fields.get_payload() or "")  # the README, with its credits


def test_the_sdist_holds_the_project_with_its_tests(built: Built) -> None:
    with tarfile.open(built.sdist) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    expected = {"LICENSE", "CREDITS.md", "README.md", "pyproject.toml", ".ci/run", "tools/build_app.py"}
    expected |= {f"src/starpusher/levels/data/{name}" for name in LEVEL_FILES}
    expected |= {str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("test_*.py")}
    assert expected <= names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_the_installed_wheel_says_its_version_from_the_metadata(venv: Path, player_folder: Path) -> None:
    environment = player_environment()
    for command in ([venv / "starpusher"], [venv / "python", "-m", "starpusher"]):
        done = run([*command, "--version"], player_folder, environment)
        assert (done.returncode, done.stdout) == (0, f"starpusher {TEST_VERSION}\n"), ran(done)


def test_the_installed_package_is_the_wheels_not_the_checkouts(venv: Path, player_folder: Path) -> None:
    where: list[str | Path] = [venv / "python", "-c", "import starpusher; print(starpusher.__file__)"]
    done = run(where, player_folder, player_environment())
    assert done.returncode == 0, ran(done)
    assert Path(done.stdout.strip()).is_relative_to(venv.parent)


def test_the_installed_wheel_plays_checks_solves_and_renders(venv: Path, player_folder: Path) -> None:
    environment = player_environment()

    def starpusher(*arguments: str) -> str:
        done = run([venv / "starpusher", *arguments], player_folder, environment)
        assert done.returncode == 0, f"starpusher {' '.join(arguments)}: {ran(done)}"
        return done.stdout

    assert "original" in starpusher("levels") and "David W. Skinner" in starpusher("levels")
    assert starpusher("check", "original") == "original: 22 levels OK\n"
    assert starpusher("check", "starpusher") == "starpusher: 356 levels OK\n"
    moves = starpusher("solve", "original", "--level", "3", "--jobs", "2").splitlines()[-1]
    assert starpusher("verify", "original", "--level", "3", moves).startswith("solved")
    assert "solved 3 of 3" in starpusher("solve", "three.sok", "--all", "--jobs", "2")  # worker processes
    starpusher("render", "original", "--level", "3", "-o", "level.png")
    assert (player_folder / "level.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert_animations_written(starpusher, player_folder)
    assert starpusher("fifteen", "solve", "1", "2", "3", "4", "5", "6", "7", "0", "8").startswith("1 move")
    assert (player_folder / "three.sok").read_text() == LEVELS  # nothing written over
    written = ["level.png", *ANIMATIONS, "three.sok"]
    assert sorted(path.name for path in player_folder.iterdir()) == sorted(written)


@pytest.mark.parametrize(
    "arguments",
    [[], ["play", "original", "--level", "3"], ["edit", "original", "--level", "3"], ["fifteen"]],
    ids=lambda arguments: " ".join(arguments) or "(no command)",
)
def test_the_installed_wheel_opens_the_window(
    venv: Path, player_folder: Path, private_data_dir: Path, arguments: list[str]
) -> None:
    environment = player_environment(
        SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", STARPUSHER_QUIT_AFTER_FRAMES="3"
    )
    done = run([venv / "starpusher", *arguments], player_folder, environment)
    assert (done.returncode, done.stderr) == (0, ""), ran(done)
    assert (private_data_dir / "progress.sqlite").exists()


@pytest.fixture
def pipx_home(tmp_path: Path) -> Iterator[Path]:
    """Where pipx keeps its environments for this test (removed after it)."""
    yield tmp_path / "pipx"
    shutil.rmtree(tmp_path / "pipx", ignore_errors=True)


def test_pipx_installs_the_wheel(built: Built, pipx_home: Path, player_folder: Path) -> None:
    bin_folder = pipx_home / "bin"
    environment = player_environment(PIPX_HOME=str(pipx_home), PIPX_BIN_DIR=str(bin_folder))
    install = [sys.executable, "-m", "pipx", "install", f"--pip-args=--constraint={built.constraints}"]
    done = run([*install, built.wheel], player_folder, environment)
    assert done.returncode == 0, ran(done)
    done = run([bin_folder / "starpusher", "--version"], player_folder, environment)
    assert (done.returncode, done.stdout) == (0, f"starpusher {TEST_VERSION}\n"), ran(done)
    done = run([bin_folder / "starpusher", "check", "starpusher"], player_folder, environment)
    assert (done.returncode, done.stdout) == (0, "starpusher: 356 levels OK\n"), ran(done)
