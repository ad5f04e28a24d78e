"""Where a star parts the floor: one depth-first walk finds every cut square at once.

A star on a doorway or in a corridor splits the free floor round it in
pieces, and the player walks only within the piece they are in. Those are
the floor's cut squares, found by Hopcroft and Tarjan's walk: go depth
first, note when each square is first met, and for each square the earliest
square its branch (the squares met below it) touches. A branch that touches
nothing met before its square is a piece of its own once that square is
taken. The board labels the sides of every square with it (:mod:`.board`),
and the solver asks which squares part nothing with the stars frozen on
goals taken as walls (:func:`joined_squares`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .squares import squares_of, steps


class Walk(NamedTuple):
    """A depth-first walk of the free squares, per square (indexed by square)."""

    #: When the walk first came, from 1 (0: not free).
    order: list[int]
    #: The earliest square the branch from here touches, by ``order``.
    low: list[int]
    #: The latest square of the branch from here, by ``order``.
    last: list[int]
    #: The square the walk came from (-1: where a walk started, or not free).
    parent: list[int]


def depth_first_walk(
    free: int, size: int, deltas: Sequence[int], check: Callable[[], None] | None = None
) -> Walk:
    """Walk every square of ``free`` depth first, one walk per piece, the lowest square first.

    ``size`` bounds the squares; ``free`` must not touch the map's border.
    ``check`` is called every 4,096 squares (a caller's time limit).
    """
    order = [0] * size
    low = [0] * size
    last = [0] * size
    parent = [-1] * size
    visited = 0
    for root in squares_of(free):
        if order[root]:
            continue
        visited += 1
        order[root] = low[root] = visited
        stack = [(root, 0)]
        while stack:
            square, direction = stack[-1]
            if direction == len(deltas):  # every neighbour seen: the branch is done
                stack.pop()
                last[square] = visited
                up = parent[square]
                if up >= 0 and low[square] < low[up]:
                    low[up] = low[square]
                continue
            stack[-1] = (square, direction + 1)
            near = square + deltas[direction]
            if not free >> near & 1:
                continue
            if not order[near]:
                visited += 1
                order[near] = low[near] = visited
                parent[near] = square
                stack.append((near, 0))
                if check is not None and visited % 4096 == 0:
                    check()
            elif near != parent[square] and order[near] < low[square]:
                low[square] = order[near]  # a way back above, not along the branch
    return Walk(order, low, last, parent)


def joined_squares(free: int, width: int) -> int:
    """The squares of ``free`` a star can stand on without parting the squares around it.

    With a star on such a square the player walks from any free side of it
    to any other, so the search of one star needs no walk or flood there. The
    others are the cut squares: a doorway, a corridor, a square a wall's end
    leaves narrow. ``free`` must not touch the map's border.
    """
    walk = depth_first_walk(free, free.bit_length(), steps(width))
    order, low, parent = walk.order, walk.low, walk.parent
    cut = 0
    branches: dict[int, int] = {}  # where a walk started -> its branches
    for square in squares_of(free):
        up = parent[square]
        if up < 0:
            continue
        if parent[up] < 0:
            branches[up] = branches.get(up, 0) + 1
        elif low[square] >= order[up]:
            cut |= 1 << up  # the square's branch meets the rest only through ``up``
    for root, count in branches.items():
        if count > 1:
            cut |= 1 << root
    return free & ~cut
