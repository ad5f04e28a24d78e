"""Deadlock sets worked out before the search: pairs of stars that no search of theirs breaks up.

Two stars can be dead together where neither is alone: side by side along a
wall with the player on the wrong side of both, or shutting the player out
of the only square from which one of them could move. The freeze test of
:mod:`.deadlocks` catches the pairs that cannot move at all; the rest need a
search. Each pair of live squares near each other and by a wall is searched
alone (:meth:`.proofs.DeadlockProofs.dead_subset`), once with the player in
each area the two of them leave, and a pair proven dead is kept as a
deadlock set for that area before the level's search starts.

The pairs are tried nearest first and the work stops at a deadline: the sets
save positions, and a level the search solves quickly should not wait for
them.

Why pairs and not threes: three stars touching in a chain, one by a wall,
searched the same way after the pairs, find a few dozen more sets a warehouse
(a closed diagonal round a walled square, say). The packing-order search
alone then needed 30% fewer positions on the classic levels, but the whole
solver in time solved 40 and 39 of them against 41 and 42 without (the
build takes up to 0.4 s, and the levels near the time limit went the wrong
way), and Sasquatch II the same 14. Measured again with the packing plan and
searches of later: 14 to 39 sets more a level, 0.84 times the positions for
the packing-order search alone (geometric mean over the 25 levels it solves
in 1,000 positions or more, 60,000 a level), but the whole solver in time
solved 42 and 41 against 43 and 42, and lost classic 39 in every run (its
packing-order search went 39,000 positions without a solution, where it
solves it in 8,900 without them).
"""

from __future__ import annotations

import time

from ..bitboard import Board, flood, squares_of
from .deadlocks import frozen_group
from .proofs import PAIR, DeadlockProofs

#: Pairs this far apart (steps along rows and columns) at most are tried.
PAIR_REACH = 3
#: Positions one pair's search may visit.
PAIR_BUDGET = 60


def precalculate(board: Board, proofs: DeadlockProofs, deadline: float) -> int:
    """Search the pairs of stars of ``board`` and keep those proven dead; returns how many were kept."""
    started = time.perf_counter()
    found = 0
    try:
        for first, second in _pairs(board):
            if time.perf_counter() > deadline:
                break
            found += _try_pair(board, proofs, 1 << first | 1 << second)
    finally:
        proofs.sets.build_seconds += time.perf_counter() - started
    return found


def _pairs(board: Board) -> list[tuple[int, int]]:
    """Pairs of live squares near each other, at least one beside a wall, nearest first."""
    floor, width = board.floor, board.width
    live = board.alive
    walls = ~floor
    by_wall = live & (walls << 1 | walls >> 1 | walls << width | walls >> width)
    pairs = []
    for first in squares_of(by_wall):
        x, y = first % width, first // width
        for second in squares_of(live):
            if second == first or (by_wall >> second & 1 and second < first):
                continue  # each pair once
            distance = abs(second % width - x) + abs(second // width - y)
            if distance <= PAIR_REACH:
                pairs.append((distance, first, second))
    pairs.sort()
    return [(first, second) for _, first, second in pairs]


def _try_pair(board: Board, proofs: DeadlockProofs, stars: int) -> int:
    """Keep the pair as a deadlock set for each area of the player it is dead with; how many kept."""
    goals = board.goals
    if stars & goals == stars:
        return 0
    for square in squares_of(stars):
        if frozen_group(board, square, stars) & ~goals:
            return 0  # the freeze test already rules it out
    kept = 0
    free = board.floor & ~stars
    while free:
        area = flood(free & -free, board.floor & ~stars, board.width)
        free &= ~area
        with proofs.asking(PAIR) as tally:
            if proofs.dead_subset(stars, area, board.floor, PAIR_BUDGET) == stars:
                proofs.sets.add(stars, area, learned=False)
                tally.dead += 1
                kept += 1
    return kept
