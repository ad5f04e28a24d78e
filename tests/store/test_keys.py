"""A level's key depends on its board only."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from starpusher.core import Level
from starpusher.store import level_key, normalised_board

CORRIDOR = """
#######
#@ $ .#
#######
"""

TRADE_OFF = """
######
#   ##
#  $@#
#   .#
######
"""


def test_key_ignores_title_author_comment_and_solutions() -> None:
    plain = Level.from_text(CORRIDOR)
    dressed = replace(Level.from_text(CORRIDOR, title="A", author="B", comment="C"), solutions=("rRR",))
    assert level_key(plain) == level_key(dressed)


def test_key_ignores_alternate_characters_and_trailing_space() -> None:
    standard = Level.from_text(CORRIDOR)
    alternate = Level.from_text("#######   \n#p_b-.#\n#######")
    assert level_key(standard) == level_key(alternate)


def test_different_boards_have_different_keys() -> None:
    corridor = Level.from_text(CORRIDOR)
    moved_goal = Level.from_text("#######\n#@ $. #\n#######")
    assert level_key(corridor) != level_key(moved_goal)
    assert level_key(corridor) != level_key(Level.from_text(TRADE_OFF))


def test_normalised_board_is_the_board_in_standard_characters() -> None:
    level = Level.from_text("\n   #######  \n   #p_b-.#\n   #######\n")
    assert normalised_board(level) == "#######\n#@ $ .#\n#######"


def test_key_is_hex_of_fixed_length() -> None:
    key = level_key(Level.from_text(CORRIDOR))
    assert len(key) == 32
    int(key, 16)


@given(left=st.integers(0, 5), top=st.integers(0, 3), bottom=st.integers(0, 3), right=st.integers(0, 5))
def test_key_ignores_where_the_board_sits(left: int, top: int, bottom: int, right: int) -> None:
    """Blank rows and columns around a board shift its squares, not its identity (LURD is relative)."""
    rows = CORRIDOR.strip("\n").splitlines()
    padded = [""] * top + [" " * left + row + " " * right for row in rows] + [""] * bottom
    assert level_key(Level.from_rows(padded)) == level_key(Level.from_text(CORRIDOR))
