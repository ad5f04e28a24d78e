"""Fixtures for every test: no test ever touches the player's own data.

Each test gets a fresh, empty data folder of its own (``$STARPUSHER_DATA_DIR``),
a pictures folder of its own (``$STARPUSHER_PICTURES_DIR``, where the window saves
screenshots and animations), and ``HOME`` and the XDG folders point into it as well, so even code that
ignored the variable and asked the platform for its data folder would land
in the temporary folder, never in the real ``~/.local/share/starpusher``.
Subprocesses started by a test inherit the same environment.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.levels import load_builtin, read_collection

#: The shared level files beside the repository (the benchmarks' sets).
SHARED_LEVELS = Path(__file__).parents[1] / ".." / "shared" / "levels"


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder this test's store and caches use (empty at the start of each test)."""
    root = tmp_path_factory.mktemp("user")
    home = root / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for variable, folder in (
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_CACHE_HOME", ".cache"),
        ("XDG_STATE_HOME", ".local/state"),
        ("APPDATA", "AppData/Roaming"),
        ("LOCALAPPDATA", "AppData/Local"),
    ):
        monkeypatch.setenv(variable, str(home / folder))
    data = root / "data"
    monkeypatch.setenv("STARPUSHER_DATA_DIR", str(data))
    monkeypatch.setenv("STARPUSHER_PICTURES_DIR", str(root / "pictures"))
    return data


@pytest.fixture
def pictures_dir(private_data_dir: Path) -> Path:
    """The folder this test's window saves the player's pictures in (made when first used)."""
    return private_data_dir.parent / "pictures"


@pytest.fixture
def small_4x4_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """4x4 move tables of five 3-tile groups (built in a second) instead of the game's 6-6-3 split."""
    from starpusher.solver.fifteen import tables

    groups = ((1, 4, 5), (2, 3, 6), (7, 10, 11), (8, 9, 12), (13, 14, 15))
    monkeypatch.setitem(tables.PATTERNS, (4, 4), groups)
    monkeypatch.setattr(tables, "MIRRORED", {})
    monkeypatch.setattr(tables, "_loaded", {})


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a 64 KB file system of its own (a tmpfs; needs root, else the test is skipped)."""
    folder = tmp_path / "small"
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)]
    mounted = subprocess.run(mount, capture_output=True)
    if mounted.returncode:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


@pytest.fixture(scope="session")
def star_pusher_levels() -> list[Level]:
    """The original game's levels: 1 the demo, 2-156 Microban, 157-356 Sasquatch I-IV (index 0-355).

    They ship with the game, so the checks on them always run.
    """
    return load_builtin("starpusher").levels


def shared_levels(name: str) -> list[Level]:
    """The levels of the file ``name`` in ../shared/levels, or a skip when it is absent."""
    path = SHARED_LEVELS / name
    if not path.is_file():
        pytest.skip(f"{path} not found: the shared level files live in ../shared beside the project")
    return read_collection(path).levels


@pytest.fixture(scope="session")
def boxoban_levels() -> list[Level]:
    """1,000 Boxoban levels from ../shared, or a skip when it is absent."""
    return shared_levels("boxoban_unfiltered_test_000.txt")


@pytest.fixture(scope="session")
def classic_levels() -> list[Level]:
    """The classic levels 1-50 (XSokoban's) from ../shared, or a skip when they are absent."""
    return shared_levels("xsokoban_original_50.txt")
