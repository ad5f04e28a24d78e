"""Deadlock sets: groups of stars proven dead on one level, matched a push at a time.

A *deadlock set* is a few squares and an area of the floor: with a star on
every one of those squares and the player anywhere in the area, no sequence
of pushes can ever get those stars onto goals, whatever the other stars do
(more stars only ever get in the way). A set comes from a proof
(:mod:`.proofs`): a search of its stars alone that ran out of positions.

Sets come from two places, kept in one :class:`DeadlockSets` per level:

* *precalculated* before the search starts (:mod:`.precalculated`): small
  groups of stars by the walls that no search of theirs can break up;
* *learned* while the search runs: a corral (:mod:`.corrals`) or a position
  whose stars, searched alone, proved dead, cut down to the fewest stars that
  still are.

Every search of the portfolio, forwards or backwards, and every later search
of the level (the hint that keeps looking) shares them.

Matching: a set is filed under each of its squares. After a push only the
sets of the square the star came to can have started to hold: a position
that held one without it would have held it before the push. Sets learned
after a position was queued are caught when it comes out of the queue
(:meth:`DeadlockSets.hold_since`). On some levels thousands are kept, so the
sets of a square are not tried one by one: each square keeps, as one int,
which of them need a star there, and every square without a star rules out
all of those in one operation (:class:`SquareSets`).
"""

from __future__ import annotations

import threading
from typing import NamedTuple

from ..bitboard import squares_of


class DeadlockSet(NamedTuple):
    """Stars on every square of ``stars`` with the player anywhere in ``area``: dead."""

    stars: int
    area: int

    def holds(self, stars: int, reach: int) -> bool:
        """Whether this set holds with stars on ``stars`` and the player's area ``reach``."""
        return stars & self.stars == self.stars and bool(reach & self.area)


class DeadlockSets:
    """The deadlock sets of one level, precalculated and learned, matched a push at a time."""

    def __init__(self) -> None:
        #: Every set, in the order it was added.
        self.sets: list[DeadlockSet] = []
        #: Square -> the sets with a star there.
        self._by_square: dict[int, SquareSets] = {}
        self._known: set[DeadlockSet] = set()
        #: How many came from each source, for the statistics.
        self.precalculated = 0
        self.learned = 0
        #: Seconds spent building the precalculated sets (0 until they are built).
        self.build_seconds = 0.0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.sets)

    def add(self, stars: int, area: int, *, learned: bool) -> None:
        """Keep a set proven dead (a set already kept is not kept twice)."""
        found = DeadlockSet(stars, area)
        with self._lock:
            if found in self._known:
                return
            self._known.add(found)
            for square in squares_of(stars):
                self._by_square.setdefault(square, SquareSets()).add(found)
            # Appended last: a search in another thread that sees the set counted sees it filed.
            self.sets.append(found)
            if learned:
                self.learned += 1
            else:
                self.precalculated += 1

    def hold_after_push(self, square: int, stars: int, reach: int) -> bool:
        """Whether a set with a star on ``square`` (where a star was just pushed) holds."""
        sets = self._by_square.get(square)
        return sets is not None and sets.hold(stars, reach)

    def hold_since(self, count: int, stars: int, reach: int) -> bool:
        """Whether a set added after the first ``count`` holds (for positions queued before it)."""
        return any(found.holds(stars, reach) for found in self.sets[count:])

    def hold_anywhere(self, stars: int, reach: int) -> bool:
        """Whether any set holds: for a position met for the first time, with no push to go by."""
        return self.hold_since(0, stars, reach)


class SquareSets:
    """The sets with a star on one square, ruled out by the squares they need.

    ``needing[q]`` has bit ``i`` set when set ``i`` needs a star on square
    ``q``: one OR per empty square drops all of those at once.
    """

    __slots__ = ("needing", "sets", "squares")

    def __init__(self) -> None:
        self.sets: list[DeadlockSet] = []
        #: Every square some set needs a star on.
        self.squares = 0
        self.needing: dict[int, int] = {}

    def add(self, found: DeadlockSet) -> None:
        # Filed before it is counted, so a search reading in another thread never
        # sees a set without all of its squares.
        bit = 1 << len(self.sets)
        for square in squares_of(found.stars):
            self.needing[square] = self.needing.get(square, 0) | bit
        self.squares |= found.stars
        self.sets.append(found)

    def hold(self, stars: int, reach: int) -> bool:
        """Whether some set holds with stars on ``stars`` and the player's area ``reach``."""
        sets = self.sets
        left = (1 << len(sets)) - 1
        needing = self.needing
        empty = self.squares & ~stars
        while empty and left:
            low = empty & -empty
            empty ^= low
            left &= ~needing[low.bit_length() - 1]
        while left:
            low = left & -left
            left ^= low
            if reach & sets[low.bit_length() - 1].area:
                return True
        return False
