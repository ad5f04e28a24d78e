"""A level compiled for search: squares as bits of one int, tables built once.

The solver keeps a set of stars as an ``int`` whose bit ``i`` stands for
square ``i`` (``y * width + x``, the numbering of :mod:`starpusher.core`).
Moving every square of a set one step is then a single shift (``<< 1`` is
one step right, ``<< width`` one step down), so flood fills and "which stars
can be pushed" become a handful of integer operations instead of loops over
squares. The walls around a level guarantee that a shift never wraps from
one row into a square that matters: inside squares never touch the border.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import lru_cache

from ..core import Level, State
from .bound import INFINITE, CostTable

#: Distance used for "can never get there".
UNREACHABLE = INFINITE


def bits_of(squares: Iterable[int]) -> int:
    """The bitset of an iterable of square indexes."""
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def squares_of(mask: int) -> list[int]:
    """The square indexes of the set bits, lowest first."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def shift(mask: int, delta: int) -> int:
    """Move every square of ``mask`` by ``delta`` (an index difference)."""
    return mask << delta if delta > 0 else mask >> -delta


def flood(seed: int, free: int, width: int) -> int:
    """Every square of ``free`` connected to the squares of ``seed``.

    Grows the region one step in all four directions per round; a round
    costs a few integer operations whatever the size of the region.
    """
    region = seed
    while True:
        grown = region | ((region << 1 | region >> 1 | region << width | region >> width) & free)
        if grown == region:
            return region
        region = grown


class Board:
    """The fixed parts of a level, as bitsets and lookup tables for the search."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.width = width = level.width
        self.size = level.width * level.height
        # Stars shut in by walls (decoration in some published levels) never
        # move: they are part of the walls, and so are the goals under them.
        inside_stars = level.start.boxes & level.interior
        inside_goals = level.goals & level.interior
        self.floor = bits_of(level.interior)
        self.goals = bits_of(inside_goals)
        self.goal_squares = sorted(inside_goals)
        #: Push directions as index differences, in LURD order.
        self.deltas = (-1, -width, 1, width)
        self.letters = "LURD"
        #: More stars than goals: a star may then stay anywhere, so the
        #: "every star must reach a goal" prunings do not hold.
        self.spare_stars = len(inside_stars) - len(inside_goals)
        #: A goal no star can ever reach: shut in by walls without a star on it.
        self.hopeless = bool(level.goals - level.interior - level.start.boxes) or self.spare_stars < 0
        #: Per goal, pushes needed to bring a star from each square to it.
        self.goal_distances = [self._pull_distances(goal) for goal in self.goal_squares]
        #: Rows of the star-to-goal matching: one per goal, plus rows of zeros
        #: that let spare stars stay anywhere.
        self.matching = CostTable(self.goal_distances + [[0] * self.size] * max(self.spare_stars, 0))
        self.nearest_goal = [min(column) for column in zip(*self.goal_distances, strict=True)] or [
            UNREACHABLE
        ] * self.size
        #: Per square, the index of its nearest goal (in ``goal_squares``).
        self.nearest_goal_index = [
            min(range(len(column)), key=column.__getitem__) if column else -1
            for column in zip(*self.goal_distances, strict=True)
        ] or [-1] * self.size
        self.alive = bits_of(s for s in level.interior if self.nearest_goal[s] < UNREACHABLE)
        #: Squares where a star may be pushed without an immediate simple deadlock.
        self.pushable_to = self.alive if self.spare_stars == 0 else self.floor
        self.tunnels = tuple(self._tunnel_squares(delta) for delta in self.deltas)
        self.goal_dead_ends = tuple(
            self._goal_dead_end(delta, tunnel)
            for delta, tunnel in zip(self.deltas, self.tunnels, strict=True)
        )

    def is_open(self, square: int) -> bool:
        return 0 <= square < self.size and bool(self.floor >> square & 1)

    def _pull_distances(self, goal: int) -> list[int]:
        """Pushes from every square to ``goal``, found by pulling a star away from it.

        A pull moves the star from ``s`` to ``s + d`` while the player steps from
        ``s + d`` to ``s + 2d``; both squares must be floor. Other stars are
        ignored and so is the player's way round, which makes the distance a
        lower bound on the real number of pushes.
        """
        distances = [UNREACHABLE] * self.size
        distances[goal] = 0
        queue = deque([goal])
        while queue:
            square = queue.popleft()
            for delta in self.deltas:
                box_to, player_to = square + delta, square + 2 * delta
                if self.is_open(box_to) and self.is_open(player_to) and distances[box_to] == UNREACHABLE:
                    distances[box_to] = distances[square] + 1
                    queue.append(box_to)
        return distances

    def _tunnel_squares(self, delta: int) -> int:
        """Squares walled in on both sides across the direction ``delta``."""
        across = self.width if abs(delta) == 1 else 1
        mask = 0
        for square in squares_of(self.floor):
            if not self.is_open(square - across) and not self.is_open(square + across):
                mask |= 1 << square
        return mask

    def _goal_dead_end(self, delta: int, tunnel: int) -> int:
        """Squares starting a one-wide dead end of goals in the direction ``delta``.

        A star pushed into such a corridor can never come back out (the player
        cannot get past it), and every goal deeper in needs a star through it,
        so pushing it as deep as it goes is forced.
        """
        mask = 0
        for square in squares_of(self.floor):
            run = square
            while tunnel >> run & 1 and self.goals >> run & 1:
                run += delta
            if run != square and not self.is_open(run):
                mask |= 1 << square
        return mask

    def reach(self, player: int, boxes: int) -> int:
        """Squares the player can walk to without pushing."""
        return flood(1 << player, self.floor & ~boxes, self.width)

    def stars(self, state: State) -> int:
        """The stars of a state that can move, as a bitset."""
        return bits_of(state.boxes) & self.floor


@lru_cache(maxsize=8)
def board_for(level: Level) -> Board:
    """The compiled board of a level, kept for the few levels in use.

    The window asks for deadlocks after every push; building the distance
    tables each time would be wasted work.
    """
    return Board(level)
