"""Where the store lives: --data-dir, then $STARPUSHER_DATA_DIR, then the platform's data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from starpusher.store import DATABASE_NAME, Store, data_dir
from starpusher.store.paths import ENVIRONMENT_VARIABLE


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of our own, so the platform's data folder lands in tmp_path."""
    monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "home" / "appdata"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "home" / "appdata"))
    return tmp_path / "home"


@pytest.mark.skipif(sys.platform == "win32", reason="Windows asks the shell, not the environment")
def test_the_default_is_the_platforms_data_folder(home: Path) -> None:
    expected = Path(platformdirs.user_data_dir("starpusher", appauthor=False))
    assert home in expected.parents  # the fixture really moved it
    assert data_dir() == expected and expected.is_dir()
    with Store.open() as store:
        assert store.path == expected / DATABASE_NAME


def test_the_environment_overrides_the_default(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(home / "from-env"))
    assert data_dir() == home / "from-env"
    assert data_dir(home / "given") == home / "given"  # and --data-dir overrides both
    assert (home / "given").is_dir()


def test_an_empty_environment_variable_means_the_default(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, "")
    assert data_dir() == Path(platformdirs.user_data_dir("starpusher", appauthor=False))
