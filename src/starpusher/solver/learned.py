"""Deadlocks learned during search: corrals whose stars can never be sorted out.

When the player cannot get into a corral (a region shut in by stars), the
stars of that corral alone are searched, every other star taken off the
board. Fewer stars only make pushing easier, so if even then no sequence of
pushes gets those stars onto goals, the position is dead, whatever the rest
of the board holds. The small search stops as soon as the corral is open
(the player walks in, or a star leaves it): from there on it proves nothing,
and the verdict is "not dead". It also gives up after a few hundred
positions. A closed diagonal of stars off goals is one such corral.

Each proven deadlock is remembered for the level as a pattern, the stars'
squares and the player's area around them, and later positions holding those
stars with the player in that area are dropped. Patterns are filed under
each of their squares, so after a push only the patterns of the pushed
star's new square are tried: a position that matches one without it would
have matched before the push. On some levels thousands are learned, so the
patterns of a square are not tried one by one: each square they need keeps
the set of patterns needing it, as a bitset, and every square without a star
rules out all of its patterns in one operation (:class:`PatternIndex`).
"""

from __future__ import annotations

import threading

from ..bitboard import Board, area_key, flood, position_key, pushes, squares_of
from .deadlocks import frozen_group

#: Positions the search of one corral may visit before it gives up.
CORRAL_BUDGET = 300


class DeadlockMemory:
    """Corrals proven dead on one level, and the verdicts of those tested.

    One is kept with each compiled board (``board.known(DeadlockMemory)``),
    shared by every search of the level for as long as the board lives.
    """

    def __init__(self, board: Board, budget: int = CORRAL_BUDGET) -> None:
        self.board = board
        self.budget = budget
        #: star square -> the patterns (stars, player's area) holding a star there.
        self.patterns: dict[int, PatternIndex] = {}
        #: (stars, player's area) of every corral tested, packed in one int -> dead?
        self.verdicts: dict[int, bool] = {}
        #: Positions visited by the corral searches, for measuring.
        self.nodes = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """The number of deadlock patterns learned."""
        return sum(1 for verdict in self.verdicts.values() if verdict)

    def matches(self, square: int, stars: int, reach: int) -> bool:
        """Whether a learned pattern with a star on ``square`` holds in this position."""
        patterns = self.patterns.get(square)
        return patterns is not None and patterns.match(stars, reach)

    def corral_is_dead(self, corral: int, stars: int) -> bool:
        """Whether the stars of ``corral`` (a region the player cannot enter) are dead.

        ``corral`` is one of :func:`.corrals.corral_regions`: a whole closed
        area, its stars included.
        """
        board = self.board
        inside_stars = corral & stars
        if board.spare_stars or inside_stars & board.goals == inside_stars:
            return False  # (with spare stars, a solution leaves some stars off goals)
        # The player's area with only these stars on the board: everything but
        # the corral, since every other closed area borders the player's area
        # and opens into it once its stars are gone.
        area = board.floor & ~corral
        key = position_key(inside_stars, area_key(area), board.size)
        verdict = self.verdicts.get(key)
        if verdict is None:
            verdict = self._proven_dead(inside_stars, area, corral & ~inside_stars)
            with self._lock:
                self.verdicts[key] = verdict
                if verdict:
                    for square in squares_of(inside_stars):
                        self.patterns.setdefault(square, PatternIndex()).add(inside_stars, area)
        return verdict

    def _proven_dead(self, stars: int, area: int, inside: int) -> bool:
        """Search the pushes of ``stars`` alone: dead when none gets them all onto goals.

        ``inside`` is the corral's free squares: once the player gets in, or
        a star gets out, the search stops and proves nothing.
        """
        board = self.board
        floor, width, goals = board.floor, board.width, board.goals
        pushable_to, deltas = board.pushable_to, board.deltas
        corral = inside | stars
        size = board.size
        seen = {position_key(stars, area_key(area), size)}
        stack = [(stars, area)]
        visited = 0
        while stack:
            stars_now, reach = stack.pop()
            visited += 1
            if visited > self.budget:
                self.nodes += visited
                return False
            into = floor & ~stars_now & pushable_to
            for direction, target, new_stars in pushes(stars_now, stars_now, reach, into, deltas):
                if new_stars & ~corral or new_stars & goals == new_stars:
                    self.nodes += visited
                    return False  # a star got out, or every star is on a goal
                if board.spare_stars == 0 and _frozen_off_goal(board, target, new_stars):
                    continue
                # The player ends on the square the star left.
                new_reach = flood(1 << (target - deltas[direction]), floor & ~new_stars, width)
                if new_reach & inside:
                    self.nodes += visited
                    return False  # the player got in
                key = position_key(new_stars, area_key(new_reach), size)
                if key not in seen:
                    seen.add(key)
                    stack.append((new_stars, new_reach))
        self.nodes += visited
        return True


class PatternIndex:
    """The patterns learned with a star on one square, ruled out by the squares they need.

    A pattern holds when a star stands on each of its squares and the player
    in its area. ``needing[q]`` has bit ``i`` set when pattern ``i`` needs a
    star on square ``q``: one OR per empty square drops all of those at once.
    """

    __slots__ = ("needing", "patterns", "squares")

    def __init__(self) -> None:
        #: (stars, player's area) of each pattern, in the order learned.
        self.patterns: list[tuple[int, int]] = []
        #: Every square some pattern needs a star on.
        self.squares = 0
        self.needing: dict[int, int] = {}

    def add(self, stars: int, area: int) -> None:
        # Filed before it is counted, so a search reading in another thread never
        # sees a pattern without all of its squares.
        bit = 1 << len(self.patterns)
        for square in squares_of(stars):
            self.needing[square] = self.needing.get(square, 0) | bit
        self.squares |= stars
        self.patterns.append((stars, area))

    def match(self, stars: int, reach: int) -> bool:
        """Whether some pattern holds with stars on ``stars`` and the player's area ``reach``."""
        patterns = self.patterns
        left = (1 << len(patterns)) - 1
        needing = self.needing
        empty = self.squares & ~stars
        while empty and left:
            low = empty & -empty
            empty ^= low
            left &= ~needing[low.bit_length() - 1]
        while left:
            low = left & -left
            left ^= low
            if reach & patterns[low.bit_length() - 1][1]:
                return True
        return False


def _frozen_off_goal(board: Board, square: int, stars: int) -> bool:
    return bool(frozen_group(board, square, stars) & ~board.goals)
