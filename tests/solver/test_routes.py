"""Distances for the packing-order search that go round the stars frozen on goals filled before."""

from __future__ import annotations

from starpusher.bitboard import INFINITE
from starpusher.core import Level
from starpusher.solver.routes import NearestTables, WalledTables

#: A block of four goals in the way along the bottom rows; above it, a star cannot be pushed
#: back down (the top wall leaves the player no room).
BLOCK_IN_THE_WAY = Level.from_text(
    """
###########
#       $ #
#  #####  #
#$   ..  .#
# @$$..$  #
###########
"""
)


def _tables() -> tuple[WalledTables, int]:
    board = BLOCK_IN_THE_WAY.compiled()
    return WalledTables(board, NearestTables(board)), board.width


def test_stars_frozen_on_the_squares_filled_are_the_walls_and_a_lone_star_that_can_move_is_not() -> None:
    walled, width = _tables()
    block = sum(1 << (y * width + x) for x in (5, 6) for y in (3, 4))
    assert walled.walls(block) == block  # a block of four: none can move
    assert walled.walls(1 << (3 * width + 9)) == 0  # by the wall, but free to move up and down


def test_the_way_past_a_frozen_block_is_shut_and_without_walls_the_table_is_the_plain_one() -> None:
    walled, width = _tables()
    block = sum(1 << (y * width + x) for x in (5, 6) for y in (3, 4))
    goal, star = 1 << (3 * width + 9), 3 * width + 2
    plain = walled.to(goal, 0)
    assert plain == walled.nearest.to(goal)
    assert plain[star] == 7  # straight along the row, over the empty block
    assert walled.to(goal, block)[star] == INFINITE  # round by the top row, it never comes down
    # Never nearer than on the empty board, anywhere.
    assert all(round_it >= straight for round_it, straight in zip(walled.to(goal, block), plain, strict=True))
