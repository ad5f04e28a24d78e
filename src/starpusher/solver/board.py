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

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from functools import cached_property

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
    """Every square of ``free`` connected to the squares of ``seed``, which lie in ``free``.

    Grows the region one step left, up and down per round, and rightwards
    to the end of each run of free squares at once: adding a square to a
    run of one-bits carries up through the run, so ``free + region`` flips
    every bit from the region's lowest square in a run to the run's end.
    A round costs a few integer operations whatever the size of the region,
    and long rows take one round instead of one per square.
    """
    region = seed
    while True:
        grown = region | ((region >> 1 | region << width | region >> width) & free)
        grown |= ((free + grown) ^ free) & free
        if grown == region:
            return region
        region = grown


def ring_distances(size: int, source: int, steps: list[tuple[int, int, int]]) -> list[int]:
    """Steps from ``source`` to every square, breadth first, one whole ring per round.

    A step ``(delta, leave, enter)`` moves a square of ``leave`` by ``delta``
    onto a square of ``enter``: every square of the ring moves at once, as
    bitsets. Squares never reached get :data:`UNREACHABLE`.
    """
    distances = [UNREACHABLE] * size
    distances[source] = 0
    ring = seen = 1 << source
    distance = 0
    while ring:
        distance += 1
        grown = 0
        for delta, leave, enter in steps:
            grown |= shift(ring & leave, delta) & enter
        ring = grown & ~seen
        seen |= ring
        for square in squares_of(ring):
            distances[square] = distance
    return distances


def area_key(reach: int) -> int:
    """A player's area named by its lowest square (counted from 1, so no area is 0)."""
    return (reach & -reach).bit_length()


def position_key(boxes: int, reach: int, size: int) -> int:
    """One int for a position: its stars and the player's area (a board of ``size`` squares)."""
    return boxes << (size.bit_length() + 1) | area_key(reach)


class Board:
    """The fixed parts of a level, as bitsets and lookup tables for the search."""

    def __init__(self, level: Level, check: Callable[[], None] | None = None) -> None:
        """Compile ``level``; ``check`` is called between goals and may raise to stop a long build."""
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
        entries = self._pull_entries()
        self.goal_distances = []
        for goal in self.goal_squares:
            if check is not None:
                check()
            self.goal_distances.append(self._pull_distances(goal, entries))
        #: Rows of the star-to-goal matching: one per goal, plus rows of zeros
        #: that let spare stars stay anywhere.
        self.matching = CostTable(self.goal_distances + [[0] * self.size] * max(self.spare_stars, 0))
        self.nearest_goal = [min(column) for column in zip(*self.goal_distances, strict=True)] or [
            UNREACHABLE
        ] * self.size
        self.alive = bits_of(s for s in level.interior if self.nearest_goal[s] < UNREACHABLE)
        #: Squares where a star may be pushed without an immediate simple deadlock.
        self.pushable_to = self.alive if self.spare_stars == 0 else self.floor
        self.tunnels = tuple(self._tunnel_squares(delta) for delta in self.deltas)
        self.goal_dead_ends = tuple(
            self._goal_dead_end(delta, tunnel)
            for delta, tunnel in zip(self.deltas, self.tunnels, strict=True)
        )

    @cached_property
    def lenient_tables(self) -> tuple[CostTable, list[int]]:
        """The matching table and nearest-goal distances with dead squares far, not lost.

        Only for measuring what dead squares are worth: a star on a dead
        square then counts one push more than the farthest live square
        instead of ending the line of search.
        """
        finite = [d for row in self.goal_distances for d in row if d < UNREACHABLE]
        far = max(finite, default=0) + 1
        rows = [[min(d, far) for d in row] for row in self.goal_distances]
        nearest = [min(d, far) for d in self.nearest_goal]
        return CostTable(rows + [[0] * self.size] * max(self.spare_stars, 0)), nearest

    def is_open(self, square: int) -> bool:
        return 0 <= square < self.size and bool(self.floor >> square & 1)

    def _pull_entries(self) -> list[tuple[int, int]]:
        """Per push direction ``delta``: (``delta``, squares a star may be pulled into).

        A pull moves the star from ``s`` to ``s + delta`` while the player steps
        from ``s + delta`` to ``s + 2 * delta``: both squares must be floor.
        """
        floor = self.floor
        return [(delta, floor & shift(floor, -delta)) for delta in self.deltas]

    def _pull_distances(self, goal: int, entries: list[tuple[int, int]]) -> list[int]:
        """Pushes from every square to ``goal``, found by pulling a star away from it.

        Other stars are ignored and so is the player's way round, which makes
        the distance a lower bound on the real number of pushes.
        """
        return ring_distances(self.size, goal, [(delta, -1, entry) for delta, entry in entries])

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


#: Compiled boards of the last few levels used, oldest first.
_BOARDS: OrderedDict[Level, Board] = OrderedDict()
_BOARDS_KEPT = 8
#: The window's thread and a search thread may both ask for boards.
_BOARDS_LOCK = threading.Lock()


def board_for(level: Level, check: Callable[[], None] | None = None) -> Board:
    """The compiled board of a level, kept for the few levels in use.

    The window asks for deadlocks after every push; building the distance
    tables each time would be wasted work. ``check`` is passed to a board
    being built (a board whose build was stopped is not kept).
    """
    with _BOARDS_LOCK:
        board = _BOARDS.get(level)
        if board is not None:
            _BOARDS.move_to_end(level)
            return board
    board = Board(level, check)  # outside the lock: a big board takes a while
    with _BOARDS_LOCK:
        _BOARDS[level] = board
        if len(_BOARDS) > _BOARDS_KEPT:
            _BOARDS.popitem(last=False)
    return board
