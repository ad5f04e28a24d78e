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

from ..bitboard import Board, spread, squares_of, star_steps
from ..core import Level, State


def dead_squares(level: Level) -> frozenset[int]:
    """Inside squares from which a star can never be pushed onto any goal."""
    board = level.compiled()
    return frozenset(squares_of(board.floor & ~board.alive))


def frozen_group(board: Board, square: int, stars: int) -> int:
    """The stars that keep the star on ``square`` frozen, as a bitset; 0 if it can move.

    The group includes ``square`` itself. Checking a neighbour treats the
    stars already under examination as walls: if neither of two touching
    stars can move until the other one does, neither ever moves.
    """
    return _frozen(board, square, stars, 0)


def _frozen(board: Board, square: int, stars: int, assumed: int) -> int:
    assumed |= 1 << square
    group = 1 << square
    for delta in (1, board.width):
        blocked = _axis_blocked(board, square, delta, stars, assumed)
        if not blocked:
            return 0
        group |= blocked
    return group


def _axis_blocked(board: Board, square: int, delta: int, stars: int, assumed: int) -> int:
    """Non-zero when the star cannot move along this axis: 1 plus the stars that block it."""
    before, after = square - delta, square + delta
    solid = ~board.floor | assumed
    if solid >> before & 1 or solid >> after & 1:
        return 1 << square
    dead = ~board.alive
    if board.spare_stars == 0 and dead >> before & 1 and dead >> after & 1:
        return 1 << square
    for neighbour in (before, after):
        if stars >> neighbour & 1:
            group = _frozen(board, neighbour, stars, assumed)
            if group:
                return group
    return 0


def cuts_off_goals(board: Board, frozen: int, stars: int) -> bool:
    """Whether stars frozen on goals wall some other goal off from every movable star.

    Frozen stars, these and any frozen on goals before, are walls from now
    on. A goal in a dead-end corridor, say, can no longer be filled once a
    star freezes on the goal at its mouth, or where the player stands to
    push stars in.

    One spread finds every square some movable star could be pushed to (other
    stars ignored, the new walls not): a free goal outside it is lost.
    """
    # Stars frozen on goals earlier are walls too: counted as movable, a star
    # at the far end of a corridor of goals would seem able to fill it.
    for square in squares_of(stars & board.goals & ~frozen):
        frozen |= frozen_group(board, square, stars)
    open_squares = board.floor & ~frozen
    region = spread(stars & ~frozen, star_steps(open_squares, open_squares, board.width))
    return bool(board.goals & ~frozen & ~region)


def deadlocked_stars(level: Level, state: State) -> frozenset[int]:
    """Stars caught in a simple deadlock: on a dead square, or frozen with a star off its goal.

    Returns an empty set when the position is not deadlocked by these patterns.
    """
    board = level.compiled()
    stars = board.stars(state)
    stuck = stars & ~board.alive
    for square in squares_of(stars & ~stuck):
        group = frozen_group(board, square, stars)
        if group & ~board.goals:
            stuck |= group
    if board.spare_stars and (stuck & ~board.goals).bit_count() <= board.spare_stars:
        return frozenset()
    return frozenset(squares_of(stuck))
