"""A* over pushes: the cheapest way to a target under a bound, or the proof that there is none.

The search looks for a way from a position to a :class:`Target` (every
goal filled, or one later position of a solution) that costs less than a
*bound*, the cost of the best way known. It ranks each position by the
cost so far plus a lower bound on the cost still to come: the cheapest
matching of the stars to the target's squares by pushes (:mod:`.solver.bound`),
each push still needed being one push and one move. So the first way to
the target it takes off its open list is the cheapest there is, and a
search that runs out of positions has proven that none costs less than the
bound. A position whose cost so far plus the lower bound reaches the bound
is never kept: it can only lead to ways no cheaper.

Only prunings that lose no solution are used: dead squares, frozen stars,
goals cut off and corral deadlocks (:mod:`.solver.successors`, with its
macros and PI-corrals off, since those may skip the cheapest solution).

A position is told apart by its stars and:

* the player's whole area, when only pushes count: walking is free, so
  every square of the area is as good as another (far fewer positions);
* the player's square, when moves count too: each push costs the walk to
  the square behind the star, measured by :func:`starpusher.bitboard.walk_lengths`.

A :class:`.Nearby` keeps the search to the positions near a solution.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..bitboard import (
    INFINITE,
    Board,
    CostTable,
    Link,
    flood,
    pack_push,
    position_key,
    pushes_of,
    squares_of,
    unpack_push,
    walk_lengths,
)
from ..solver.bound import Assignment
from ..solver.limits import Limits
from ..solver.options import SearchOptions
from ..solver.outcome import Outcome, SearchRun
from ..solver.successors import Successors
from .nearby import Nearby

#: The prunings that never lose a solution (see the module's docstring).
SOUND_PRUNINGS = SearchOptions(corrals=False, tunnel_macros=False, goal_room_macros=False)
#: More than any cost.
_NEVER = 1 << 80


@dataclass(frozen=True)
class Target:
    """Where a search goes: every goal filled, or one position exactly.

    ``table`` holds the pushes from each square to each square of the target
    (the lower bound's matching); ``stars`` is None for "every goal filled".
    ``player`` is the player's square there, -1 for anywhere: when moves
    count the player must stand on it, else anywhere in the same area.
    The ``fixed`` stars are never pushed: they stand where they are in the
    target too, so the matching leaves them out.
    """

    table: CostTable
    stars: int | None = None
    player: int = -1
    fixed: int = 0

    @classmethod
    def goals(cls, board: Board) -> Target:
        return cls(board.matching)

    @classmethod
    def position(cls, board: Board, stars: int, player: int, fixed: int = 0) -> Target:
        """Stars on ``stars`` and the player on ``player``, reached without pushing the ``fixed`` stars."""
        rows = [board.distances_to(square) for square in squares_of(stars & ~fixed)]
        return cls(CostTable(rows), stars, player, fixed)

    def reached(self, board: Board, stars: int, player: int, reach: int, walking_counts: bool) -> bool:
        """Whether the position (stars, player's square, player's area) is this target."""
        if self.stars is None:
            return stars & board.goals == board.goals
        if stars != self.stars or self.player < 0:
            return stars == self.stars
        return player == self.player if walking_counts else bool(reach >> self.player & 1)


class CheapestSolution:
    """An A* search for a way cheaper than a bound, run a turn at a time by :meth:`run`.

    ``push_unit`` and ``move_unit`` weigh the pushes and moves of a cost
    (:class:`.Metric`); with ``move_unit`` 0 walking is free and positions
    are told apart by the player's area. ``bound`` is asked for the bound
    once per position expanded, so a search running beside another that
    finds better solutions prunes harder as it goes. ``budget`` is the most
    positions it expands before it gives up; ``nearby`` keeps it to the
    positions near a solution.
    """

    def __init__(
        self,
        board: Board,
        limits: Limits,
        bound: Callable[[], int],
        *,
        push_unit: int,
        move_unit: int,
        budget: int | None = None,
        nearby: Nearby | None = None,
    ) -> None:
        self.board = board
        self.limits = limits
        self.bound = bound
        self.push_unit = push_unit
        self.move_unit = move_unit
        self.budget = budget
        self.nearby = nearby
        #: Positions expanded so far.
        self.nodes = 0
        self.successors = Successors(board, SOUND_PRUNINGS, macros=False)

    def run(self, start_stars: int, player: int, target: Target) -> SearchRun:
        """Search from stars on ``start_stars``, the player on ``player``, to ``target``; yields at times."""
        board = self.board
        floor, width, deltas, size = board.floor, board.width, board.deltas, board.size
        table, fixed = target.table, target.fixed
        successors = self.successors
        push_unit, move_unit = self.push_unit, self.move_unit
        walking_counts = move_unit > 0
        # A push still needed is one push and one move at least.
        bound_unit = push_unit + move_unit
        budget = _NEVER if self.budget is None else self.budget
        limits = self.limits
        clock = time.perf_counter
        heappush, heappop = heapq.heappush, heapq.heappop

        match = Assignment.best(table, tuple(squares_of(start_stars & ~fixed)))
        if match.cost >= INFINITE or board.hopeless:
            return Outcome.UNSOLVABLE, []
        # The cheapest cost known to each position (when walking counts). A position
        # reached again more cheaply is searched again: the matching can drop by more
        # than a push where a corridor decides the player's side, so this happens.
        best_costs: dict[int, int] = {position_key(start_stars, player, size): 0}
        # When walking is free: stars -> [player's area, cost] of each position expanded.
        areas: dict[int, list[list[int]]] = {}
        # Open list entries: (estimate, -cost, counter, stars, player, link, push, the parent's
        # matching). Among equal estimates the costlier (the nearer the target) comes first.
        # A child's matching is worked out from its parent's when it is expanded: most
        # entries never are, and one matching is shared by all the children.
        heap: list[tuple[int, int, int, int, int, Link, int, Assignment]] = [
            (match.cost * bound_unit, 0, 0, start_stars, player, None, -1, match)
        ]
        counter = 0
        expanded = 0
        turn_ends = limits.turn_end()
        while heap:
            _, minus_cost, _, stars, player, parent, push, match = heappop(heap)
            cost = -minus_cost
            free = floor & ~stars
            if walking_counts:
                if best_costs[position_key(stars, player, size)] < cost:
                    continue  # reached more cheaply since
                reach = flood(1 << player, free, width)
            else:
                reach = flood(1 << player, free, width)
                known = _known_area(areas, stars, player)
                if known is None:
                    areas.setdefault(stars, []).append([reach, cost])
                elif known[1] <= cost:
                    continue
                else:
                    known[1] = cost
            link: Link = (parent, push) if push >= 0 else None
            if target.reached(board, stars, player, reach, walking_counts):
                self.nodes += expanded
                return Outcome.SOLVED, pushes_of(link, size)
            expanded += 1
            if expanded > budget:
                self.nodes += expanded
                return Outcome.GAVE_UP, []
            if expanded & 255 == 0 or clock() > turn_ends:
                self.nodes += expanded
                budget -= expanded
                expanded = 0
                yield
                turn_ends = limits.turn_end()
            last_target = -1
            if push >= 0:
                origin, direction, _ = unpack_push(push, size)
                last_target = origin + deltas[direction]
                match = match.after_push(table, origin, last_target)
            bound = self.bound()
            near = self.nearby.near(stars) if self.nearby is not None else None
            movable = successors.movable(stars, reach, last_target) & ~fixed
            children = list(successors.pushes(stars, reach, movable)) if movable else []
            if walking_counts:
                behind = 0
                for origin, direction, _, _, _ in children:
                    behind |= 1 << (origin - deltas[direction])
                walks = walk_lengths(1 << player, free, width, behind)
            for origin, direction, _, target_square, new_stars in children:
                if near is not None and not near.admits(origin, target_square):
                    continue
                if walking_counts:
                    new_cost = cost + push_unit + (walks[origin - deltas[direction]] + 1) * move_unit
                    key = position_key(new_stars, origin, size)
                    if best_costs.get(key, _NEVER) <= new_cost:
                        continue
                else:
                    new_cost = cost + push_unit
                    known = _known_area(areas, new_stars, origin)
                    if known is not None and known[1] <= new_cost:
                        continue
                left = match.after_push(table, origin, target_square).cost
                estimate = new_cost + left * bound_unit
                if estimate >= bound or left >= INFINITE:
                    continue
                if walking_counts:
                    best_costs[key] = new_cost
                counter += 1
                packed = pack_push(origin, direction, 1, size)
                heappush(heap, (estimate, -new_cost, counter, new_stars, origin, link, packed, match))
        self.nodes += expanded
        return Outcome.UNSOLVABLE, []


def _known_area(areas: dict[int, list[list[int]]], stars: int, square: int) -> list[int] | None:
    """The [area, cost] expanded with these stars whose area holds ``square``, if any."""
    for known in areas.get(stars, ()):
        if known[0] >> square & 1:
            return known
    return None
