"""Fixtures of the packaging tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from packaging_helpers import LEVELS


@pytest.fixture
def player_folder(tmp_path: Path) -> Path:
    """An empty folder to run the program from, far from any clone; it holds a small level file."""
    folder = tmp_path / "player"
    folder.mkdir()
    (folder / "three.sok").write_text(LEVELS)
    return folder
