"""Deadlock sets worked out before the search: pairs and threes of stars that no search of theirs breaks up.

Two stars can be dead together where neither is alone: side by side along a
wall with the player on the wrong side of both, or shutting the player out
of the only square from which one of them could move. The freeze test of
:mod:`.deadlocks` catches the pairs that cannot move at all; the rest need a
search. Each pair of live squares near each other and by a wall is searched
alone (:meth:`.proofs.DeadlockProofs.dead_subset`), once with the player in
each area the two of them leave, and a pair proven dead is kept as a
deadlock set for that area before the level's search starts.

Then threes: three live squares in a chain, each touching the next (a
diagonal counts), one of them by a wall, and no dead pair among them (a
closed diagonal round a walled square, a column the player cannot get
behind). They are searched the same way. On the classic levels they add 14
to 39 sets a level to the pairs' 14 to 150, the build takes 0.07-0.46 s in
all, and the packing-order search alone on 60,000 positions a level needs
0.84 times the positions (geometric mean over the 25 levels both builds
solve in 1,000 positions or more; 34, 40, 45 and 49 a third, 25, 36 and 47
two or three times). The whole solver in time, one run each: 42 against 43
(32 and 33 solved sooner, 39 lost at the limit; levels near the limit go
either way from run to run).

The pairs are tried nearest first, the threes most compact first, and the
work stops at a deadline: the sets save positions, and a level the search
solves quickly should not wait for them.
"""

from __future__ import annotations

import time

from ..bitboard import Board, flood, squares_of
from .deadlocks import frozen_group
from .proofs import PAIR, THREE, DeadlockProofs

#: Pairs this far apart (steps along rows and columns) at most are tried.
PAIR_REACH = 3
#: Positions one pair's search may visit.
PAIR_BUDGET = 60
#: Positions one three's search may visit.
THREE_BUDGET = 120


def precalculate(board: Board, proofs: DeadlockProofs, deadline: float) -> int:
    """Search the pairs of stars of ``board``, then the threes, and keep those proven dead; how many kept."""
    started = time.perf_counter()
    found = 0
    dead_pairs: set[int] = set()
    try:
        for first, second in _pairs(board):
            if time.perf_counter() > deadline:
                return found
            pair = 1 << first | 1 << second
            if kept := _try_group(board, proofs, pair, PAIR, PAIR_BUDGET):
                found += kept
                dead_pairs.add(pair)
        for three in _threes(board) if board.goals.bit_count() >= 3 else ():
            if time.perf_counter() > deadline:
                return found
            # A three holding a dead pair is ruled out by the pair already.
            if not any(three & ~(1 << square) in dead_pairs for square in squares_of(three)):
                found += _try_group(board, proofs, three, THREE, THREE_BUDGET)
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


def _threes(board: Board) -> list[int]:
    """Chains of three live squares, each touching the next (diagonals too), one beside a wall."""
    floor, width = board.floor, board.width
    live = board.alive
    walls = ~floor
    by_wall = live & (walls << 1 | walls >> 1 | walls << width | walls >> width)
    around = [d + width * e for e in (-1, 0, 1) for d in (-1, 0, 1) if d or e]
    threes = set()
    for middle in squares_of(live):
        ends = [middle + step for step in around if live >> (middle + step) & 1]
        for i, first in enumerate(ends):
            for last in ends[i + 1 :]:
                three = 1 << first | 1 << middle | 1 << last
                if three & by_wall:
                    threes.add(three)
    # The most compact first (a row of three last), then by square, for a run the same every time.
    return sorted(threes, key=lambda three: (_spread_of(three, width), three))


def _spread_of(stars: int, width: int) -> int:
    """The rows and columns ``stars`` cover, together."""
    squares = squares_of(stars)
    columns = {square % width for square in squares}
    rows = {square // width for square in squares}
    return len(columns) + len(rows)


def _try_group(board: Board, proofs: DeadlockProofs, stars: int, question: str, budget: int) -> int:
    """Keep the stars as a deadlock set for each area of the player they are dead with; how many kept."""
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
        with proofs.asking(question) as tally:
            if proofs.dead_subset(stars, area, board.floor, budget) == stars:
                proofs.sets.add(stars, area, learned=False)
                tally.dead += 1
                kept += 1
    return kept
