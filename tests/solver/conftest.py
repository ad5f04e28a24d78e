"""Fixtures of the solver tests: published levels to check the solver's soundness on.

The original game's 356 levels (Microban, Sasquatch I-IV) ship with the game, so the
checks on them always run; Boxoban's levels live in ../shared, and their checks skip
when it is not beside the repository.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.levels import load_builtin, read_collection

SHARED_LEVELS = Path(__file__).parents[2] / ".." / "shared" / "levels"


@pytest.fixture(scope="session")
def star_pusher_levels() -> list[Level]:
    """The original game's levels: 1 the demo, 2-156 Microban, 157-356 Sasquatch I-IV (index 0-355)."""
    return load_builtin("starpusher").levels


@pytest.fixture(scope="session")
def boxoban_levels() -> list[Level]:
    """1,000 Boxoban levels from ../shared, or a skip when it is absent."""
    path = SHARED_LEVELS / "boxoban_unfiltered_test_000.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found: the shared level files live in ../shared beside the project")
    return read_collection(path).levels
