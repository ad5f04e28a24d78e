"""Positions that can never be solved, found by simple patterns.

Two patterns, both cheap enough to test after every push:

* a *dead square* is one from which a star can never reach any goal,
  whatever the player does (found by pulling stars away from every goal);
* a *frozen* star can move neither across nor along: walls, dead squares
  or other frozen stars block both axes. A frozen star off a goal stays off
  it for ever.

When a level has more stars than goals, a star may rest anywhere, so a
position is only dead when more stars are stuck off goals than are spare.
"""

from __future__ import annotations

from ..core import Level, State
from .board import Board, board_for, squares_of


def dead_squares(level: Level) -> frozenset[int]:
    """Inside squares from which a star can never be pushed onto any goal."""
    board = board_for(level)
    return frozenset(squares_of(board.floor & ~board.alive))


def frozen_group(board: Board, square: int, boxes: int) -> int:
    """The stars that keep the star on ``square`` frozen, as a bitset; 0 if it can move.

    The group includes ``square`` itself. Checking a neighbour treats the
    stars already under examination as walls: if neither of two touching
    stars can move until the other one does, neither ever moves.
    """
    return _frozen(board, square, boxes, 0)


def _frozen(board: Board, square: int, boxes: int, assumed: int) -> int:
    assumed |= 1 << square
    group = 1 << square
    for delta in (1, board.width):
        blocked = _axis_blocked(board, square, delta, boxes, assumed)
        if not blocked:
            return 0
        group |= blocked
    return group


def _axis_blocked(board: Board, square: int, delta: int, boxes: int, assumed: int) -> int:
    """Non-zero when the star cannot move along this axis: 1 plus the stars that block it."""
    before, after = square - delta, square + delta
    solid = ~board.floor | assumed
    if solid >> before & 1 or solid >> after & 1:
        return 1 << square
    dead = ~board.alive
    if board.spare_stars == 0 and dead >> before & 1 and dead >> after & 1:
        return 1 << square
    for neighbour in (before, after):
        if boxes >> neighbour & 1:
            group = _frozen(board, neighbour, boxes, assumed)
            if group:
                return group
    return 0


def cuts_off_goals(board: Board, frozen: int, boxes: int) -> bool:
    """Whether stars frozen on goals wall some other goal off from every movable star.

    Frozen stars, these and any frozen on goals before, are walls from now
    on. A goal in a dead-end corridor, say, can no longer be filled once a
    star freezes on the goal at its mouth, or where the player stands to
    push stars in.

    One flood finds every square some movable star could be pushed to (other
    stars ignored, the new walls not): a free goal outside it is lost.
    """
    # Stars frozen on goals earlier are walls too: counted as movable, a star
    # at the far end of a corridor of goals would seem able to fill it.
    for square in squares_of(boxes & board.goals & ~frozen):
        frozen |= frozen_group(board, square, boxes)
    open_squares = board.floor & ~frozen
    # A star moves one step in a direction when the square behind it (for the
    # player) and the square ahead are both open.
    movers = [
        (delta, open_squares & (open_squares << delta if delta > 0 else open_squares >> -delta))
        for delta in board.deltas
    ]
    region = boxes & ~frozen
    while True:
        grown = region
        for delta, behind_open in movers:
            if delta > 0:
                grown |= (region & behind_open) << delta
            else:
                grown |= (region & behind_open) >> -delta
        grown &= open_squares
        if grown == region:
            break
        region = grown
    return bool(board.goals & ~frozen & ~region)


def deadlocked_stars(level: Level, state: State) -> frozenset[int]:
    """Stars caught in a simple deadlock: on a dead square, or frozen with a star off its goal.

    Returns an empty set when the position is not deadlocked by these patterns.
    """
    board = board_for(level)
    boxes = board.stars(state)
    stuck = boxes & ~board.alive
    for square in squares_of(boxes & ~stuck):
        group = frozen_group(board, square, boxes)
        if group & ~board.goals:
            stuck |= group
    if board.spare_stars and (stuck & ~board.goals).bit_count() <= board.spare_stars:
        return frozenset()
    return frozenset(squares_of(stuck))
