"""A level compiled for search: its floor and goals as bitsets, and tables built once.

Everything a search asks of the level again and again is worked out here,
once: the floor as a bitset, the squares where a lone star cuts the floor in
pieces, the pushes from every square to every goal (which give the lower
bound on the pushes and the dead squares), the tunnels and the dead ends of
goals. What the searches above learn about the level while they run (the
deadlocks proven, the packing plan) is kept with the board too
(:meth:`Board.known`), so it lives exactly as long as the board, and the
level keeps its board (:meth:`starpusher.core.Level.compiled`).

The board reads a level through :class:`Layout`, so that the kernel needs
nothing of the rules above it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Set
from functools import cached_property
from typing import Protocol, TypeVar, cast

from .cuts import depth_first_walk
from .squares import bits_of, shift, squares_of, steps
from .tables import UNREACHABLE, CostTable


class Stars(Protocol):
    """A position as the board reads it: the squares of its stars."""

    @property
    def boxes(self) -> Set[int]: ...


class Layout(Protocol):
    """What a board is compiled from: a level's size, inside floor, goals and stars at the start."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def interior(self) -> Set[int]: ...
    @property
    def goals(self) -> Set[int]: ...
    @property
    def start(self) -> Stars: ...


#: Something learned about a board by a search above the kernel, made from the board.
Known = TypeVar("Known")


class Board:
    """The fixed parts of a level, as bitsets and lookup tables for the search."""

    def __init__(self, level: Layout, check: Callable[[], None] | None = None) -> None:
        """Compile ``level``; ``check`` is called between goals and may raise to stop a long build."""
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
        self.deltas = steps(width)
        #: More stars than goals: a star may then stay anywhere, so the
        #: "every star must reach a goal" prunings do not hold.
        self.spare_stars = len(inside_stars) - len(inside_goals)
        #: A goal no star can ever reach: shut in by walls without a star on it.
        self.hopeless = bool(level.goals - level.interior - level.start.boxes) or self.spare_stars < 0
        sides = self._sides(check)
        cuts = bits_of(square for square, labels in enumerate(sides) if len(set(labels) - {0}) > 1)
        self._sides_and_cuts = sides, cuts
        #: Squares where a lone star cuts the floor in pieces: doorways, corridors.
        self.cuts = cuts
        self._distances_to: dict[int, list[int]] = {}
        #: Per goal, pushes needed to bring a star from each square to it.
        self.goal_distances = []
        for goal in self.goal_squares:
            if check is not None:
                check()
            self.goal_distances.append(self._pull_distances(goal, sides, cuts))
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
        self._known: dict[Callable[[Board], object], object] = {}
        self._known_lock = threading.Lock()

    def known(self, kind: Callable[[Board], Known]) -> Known:
        """What the searches learn about this board of one ``kind``, made by ``kind(board)`` when first asked.

        The solver keeps its deadlock proofs and sets and its packing plans here: they
        hold for this level only, are shared by every search of it (the
        window's thread and a search thread may both ask), and go with the board.
        """
        with self._known_lock:
            found = self._known.get(kind)
            if found is None:
                found = self._known[kind] = kind(self)
            return cast(Known, found)

    @cached_property
    def stuck_axes(self) -> tuple[int, int]:
        """Squares where a star can never move across (left or right), and along (up or down).

        A wall on either side stops a star on that axis; so do dead squares on
        both sides when there are no spare stars (either push would kill it).
        The freeze test (:func:`.solver.deadlocks.frozen_group`) asks at every push.
        """
        walls, dead = ~self.floor, ~self.alive if self.spare_stars == 0 else 0
        stuck = []
        for delta in (1, self.width):
            before, after = walls << delta, walls >> delta  # a wall before (after) the square
            stuck.append((before | after | (dead << delta) & (dead >> delta)) & self.floor)
        return stuck[0], stuck[1]

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

    def distances_to(self, square: int) -> list[int]:
        """Pushes from every square to ``square`` for a star alone on the board (a goal's are at hand)."""
        table = self._distances_to.get(square)
        if table is None:
            if self.goals >> square & 1:
                table = self.goal_distances[self.goal_squares.index(square)]
            else:
                table = self._pull_distances(square, *self._sides_and_cuts)
            self._distances_to[square] = table
        return table

    def is_open(self, square: int) -> bool:
        return 0 <= square < self.size and bool(self.floor >> square & 1)

    def _sides(self, check: Callable[[], None] | None = None) -> list[tuple[int, ...]]:
        """Per floor square, which side of a star standing there each neighbour is on.

        A star in a doorway or a corridor cuts the free floor in pieces, and the
        player walks only within the piece they are in. Neighbours in the same
        piece get the same label, walls 0; indexed like :attr:`deltas`.

        One depth-first walk over the floor (:func:`.depth_first_walk`) finds
        every cut: a neighbour further down the walk lies in a branch of the
        square, and that branch is a piece of its own unless some square of it
        touches a square visited before the square itself. Everything else,
        the way the walk came in included, is one piece.
        """
        deltas, floor = self.deltas, self.floor
        order, low, last, parent = depth_first_walk(floor, self.size, deltas, check)
        sides: list[tuple[int, ...]] = [()] * self.size
        for square in squares_of(floor):
            labels = []
            for delta in deltas:
                near = square + delta
                if not floor >> near & 1:
                    labels.append(0)
                elif order[square] < order[near] <= last[square]:
                    # In the branch of one of the square's children.
                    branch = next(
                        child
                        for child in (square + step for step in deltas)
                        if parent[child] == square and order[child] <= order[near] <= last[child]
                    )
                    labels.append(1 if low[branch] < order[square] else 2 + branch)
                else:
                    labels.append(1)  # the way the walk came in
            sides[square] = tuple(labels)
        return sides

    def _pull_distances(self, goal: int, sides: list[tuple[int, ...]], cuts: int) -> list[int]:
        """Pushes from every square to ``goal`` for a star alone on the board.

        Found by pulling the star away from the goal, one ring of squares per
        push: the player has to walk round the star to the side a push needs,
        which a corridor or a doorway can forbid. Other stars are ignored, so
        the distance is a lower bound on the real number of pushes.

        Where a star leaves the floor in one piece the side never matters, and
        those squares move a whole ring at a time as a bitset. On the ``cuts``
        (squares whose ``sides`` differ) each side the player may be on is a
        state of its own.
        """
        deltas, floor = self.deltas, self.floor
        plain = floor & ~cuts
        entries = [floor & shift(floor, -delta) for delta in deltas]
        distances = [UNREACHABLE] * self.size
        ring = 1 << goal if plain >> goal & 1 else 0
        states = set() if ring else {(goal, side) for side in sides[goal] if side}
        seen_plain, seen_cuts = ring, set(states)
        distance = 0
        while ring or states:
            for square in squares_of(ring):
                distances[square] = distance
            for square, _ in states:
                distances[square] = min(distances[square], distance)
            distance += 1
            pulled = 0  # plain squares and cuts the star reaches by this pull, any side
            arrivals: list[tuple[int, int]] = []  # (cut square, direction of the pull)
            for direction, delta in enumerate(deltas):
                moved = shift(ring, delta) & entries[direction]
                pulled |= moved & plain
                arrivals.extend((square, direction) for square in squares_of(moved & cuts))
            for square, side in states:
                around = sides[square]
                for direction, delta in enumerate(deltas):
                    # The player, on that side, steps back and draws the star along.
                    if around[direction] == side and entries[direction] >> (square + delta) & 1:
                        if plain >> (square + delta) & 1:
                            pulled |= 1 << (square + delta)
                        else:
                            arrivals.append((square + delta, direction))
            ring = pulled & ~seen_plain
            seen_plain |= ring
            states = {(square, sides[square][direction]) for square, direction in arrivals} - seen_cuts
            seen_cuts |= states
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

    def stars(self, state: Stars) -> int:
        """The stars of a position that can move, as a bitset."""
        return bits_of(state.boxes) & self.floor
