"""Levels and helpers shared by the store tests (levels inline, databases in tmp_path)."""

from __future__ import annotations

import pytest

from starpusher.core import Level

#: A corridor: "rRR" solves it; any number of "rl" before it makes a longer solution.
CORRIDOR = """
#######
#@ $ .#
#######
"""

#: The best solution by moves ("LulDldRR": 8 moves, 4 pushes) is not the best
#: by pushes ("dlluurDldR": 10 moves, 2 pushes).
TRADE_OFF = """
######
#   ##
#  $@#
#   .#
######
"""


@pytest.fixture
def corridor() -> Level:
    return Level.from_text(CORRIDOR, title="Corridor")


@pytest.fixture
def trade_off() -> Level:
    return Level.from_text(TRADE_OFF, title="Trade-off")
