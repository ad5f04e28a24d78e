"""Fixtures for every test: no test ever touches the player's own data.

Each test gets a fresh, empty data folder of its own (``$STARPUSHER_DATA_DIR``),
and ``HOME`` and the XDG folders point into it as well, so even code that
ignored the variable and asked the platform for its data folder would land
in the temporary folder, never in the real ``~/.local/share/starpusher``.
Subprocesses started by a test inherit the same environment.
"""

from __future__ import annotations

from pathlib import Path

import pytest


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
    return data
