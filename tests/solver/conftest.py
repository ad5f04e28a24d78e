"""Fixtures of the solver tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from starpusher.core import Level

SHARED_LEVELS = Path(__file__).parents[2] / ".." / "shared" / "levels"


@pytest.fixture(scope="session")
def shared_collection_levels() -> dict[str, list[Level]]:
    """The shared level files, or a skip when ../shared is not beside the repository."""
    if not SHARED_LEVELS.is_dir():
        pytest.skip(f"shared level files not found at {SHARED_LEVELS}")
    from starpusher.levels import read_collection

    return {
        name: read_collection(str(SHARED_LEVELS / name)).levels
        for name in ("starPusherLevels.txt", "boxoban_unfiltered_test_000.txt")
    }
