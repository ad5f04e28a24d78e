"""Backward search: pull the stars from the goals back to where they started.

Played backwards, a push becomes a pull: the player stands next to a star,
steps away from it and drags it along. A solution read backwards starts
with every star on a goal and ends at the level's start, so a search of
pulls from the solved position that reaches the start has found one.

Why search backwards too: many big levels pack their goals into rooms with
one or two doors, where forwards the stars must go in in the right order
and the search drowns in orders that jam. Backwards the room only has to be
emptied, and stars leaving a room through its door cannot jam it. The
stars must instead gather on their starting squares, which are usually
spread out in the open, where any order works.

The search mirrors the forward one (:mod:`.forward`): a node is the stars
plus the player's area, walking is free, a pull is a step, and the bound
is the cheapest matching of stars to starting squares by pull distance. A
pull distance from square ``s`` to a start square ``t`` is the forward
push distance from ``t`` to ``s``.

It cannot start from one position: where the player stands once the last
star is home is unknown. Every area of free squares of the solved position
is a start, each its own node.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property
from heapq import heapify, heappop, heappush
from typing import Protocol

from ..bitboard import (
    INFINITE,
    UNREACHABLE,
    Board,
    CostTable,
    Link,
    Push,
    area_key,
    areas,
    bits_of,
    flood,
    lowest_square,
    pack_push,
    position_key,
    pulls,
    pushes_of,
    ring_distances,
    squares_of,
    star_steps,
    unpack_push,
)
from .bound import Assignment, NearestGoals
from .limits import Limits
from .options import SearchOptions
from .outcome import Outcome, SearchRun

#: An entry of the backward search's open list: (order, pulls, counter, stars, player, link,
#: bound, own). The link's pushes are the pushes that undo the pulls, the last pull first. The
#: bound is the position's own if ``own``, else its parent's: a child's is made only if it is
#: taken out of the list, from the parent's and the last pull, and until then it waits in
#: order of a lower bound (:meth:`.Assignment.least_cost_after_push`), in the same place.
PullEntry = tuple[int, int, int, int, int, Link, "Assignment | NearestGoals", bool]


class ForwardPartner(Protocol):
    """What the backward search needs of a search from the start to join it: see :mod:`.push_search`."""

    #: Stars -> union of the player's areas expanded with them.
    areas: dict[int, int]

    @property
    def links(self) -> Mapping[int, object]:
        """(stars, lowest square of the player's area) -> the way there, for each expanded position."""
        ...

    def path_to(self, key: int) -> list[Push]:
        """The pushes from the start to the expanded position of ``key``."""
        ...


class PullTables:
    """Pull distances from every square back to each starting square of a star."""

    def __init__(self, board: Board, start_stars: int) -> None:
        self.board = board
        self.start_stars = start_stars
        self.start_squares = squares_of(start_stars)
        rows = [self._push_distances(square) for square in self.start_squares]
        self.matching = CostTable(rows)
        #: Per square, the pulls to the nearest starting square.
        self.nearest = [min(column) for column in zip(*rows, strict=True)] or [UNREACHABLE] * board.size
        #: Squares a star can still be pulled home from.
        self.alive = bits_of(s for s in squares_of(board.floor) if any(row[s] < UNREACHABLE for row in rows))

    def _push_distances(self, start: int) -> list[int]:
        """Pushes from ``start`` to every square, other stars ignored.

        A star moves from ``s`` to ``s + delta`` when the player can stand on
        ``s - delta``: both that square and the one ahead must be floor.
        """
        board = self.board
        return ring_distances(board.size, 1 << start, star_steps(board.floor, board.floor, board.width))


class BackwardSearch:
    """Best-first search of pulls from the solved position back to the start.

    :meth:`run` is a generator: it yields now and then so that a caller can
    share the time among several searches, and returns how it ended and the
    pushes of the forward solution, first push first, as
    :func:`starpusher.bitboard.expand_pushes` takes them.

    Of the ``options`` only the bound's weight, the matching (else each star
    counts its nearest start square) and ``newest_first`` (among positions of
    equal priority take the deepest, newest first) apply.
    """

    def __init__(
        self, board: Board, start_stars: int, start_player: int, options: SearchOptions, limits: Limits
    ) -> None:
        self.board = board
        self.start_stars = start_stars
        self.start_player = start_player
        self.options = options
        self.limits = limits
        self.nodes = 0
        #: Forward searches whose positions join this search's into a solution.
        self.partners: Sequence[ForwardPartner] = ()
        #: Stars -> union of the player's areas expanded with them.
        self.areas: dict[int, int] = {}
        #: (stars, lowest square of the player's area) -> the link of the pulls there.
        self.links: dict[int, Link] = {}

    def pushes_on_from(self, key: int) -> list[Push]:
        """The pushes from the position of ``key`` (an expanded one) on to the solved position."""
        return pushes_of(self.links[key], self.board.size, newest_first=True)

    @cached_property
    def tables(self) -> PullTables:
        return PullTables(self.board, self.start_stars)

    def starts(self) -> Iterator[tuple[int, int]]:
        """The solved positions: every star on a goal, the player in each free area in turn."""
        board = self.board
        free = board.floor & ~board.goals
        for area in areas(free, free, board.width):
            yield board.goals, lowest_square(area)

    def run(self) -> SearchRun:
        """Search until the start is reached, the space is exhausted or a limit is reached.

        Ends solved with the pushes, unsolvable when every position reachable
        by pulls was searched, or at a limit; yields between turns (:mod:`.limits`).
        """
        board = self.board
        tables = self.tables
        table = tables.matching
        alive = tables.alive
        width, floor = board.width, board.floor
        deltas = board.deltas
        options = self.options
        weight = options.bound_weight
        limits = self.limits
        start_stars, start_player_bit = self.start_stars, 1 << self.start_player
        heap: list[PullEntry] = []
        counter = 0
        goal_squares = tuple(squares_of(board.goals))
        first_match = (
            Assignment.best(table, goal_squares)
            if options.matching
            else NearestGoals(tables.nearest, goal_squares)
        )
        if first_match.cost >= INFINITE or start_stars.bit_count() != len(goal_squares):
            return Outcome.UNSOLVABLE, []
        for stars, player in self.starts():
            counter += 1
            heap.append((first_match.cost * weight, 0, counter, stars, player, None, first_match, True))
        heapify(heap)
        expanded_areas = self.areas
        links = self.links
        partners = self.partners
        size = board.size
        expanded = 0
        # Ties in priority go to fewer pulls, then the oldest; or, newest first, the other way
        # round: a depth-first walk along a plateau of equal bounds.
        order = -1 if options.newest_first else 1
        check_every = limits.check_every
        clock = time.perf_counter
        turn_ends = limits.turn_end()
        while heap:
            priority, made, counter_at, stars, player, link, match, own = heappop(heap)
            player_bit = 1 << player
            known = expanded_areas.get(stars, 0)
            if known & player_bit:
                continue
            if not own:
                # Its own bound, from its parent's and the pull that made it (undone by link[1]).
                assert link is not None  # only the solved positions have no parent
                pulled_to, back, _ = unpack_push(link[1], size)
                match = match.after_push(table, pulled_to + deltas[back], pulled_to)
                if match.cost >= INFINITE:
                    continue
                exact = match.cost * weight + abs(made)
                if exact > priority:
                    # Queued by a lower bound: back in its place, as if queued by the bound itself.
                    heappush(heap, (exact, made, counter_at, stars, player, link, match, True))
                    continue
            made = abs(made)
            free = floor & ~stars
            reach = flood(player_bit, free, width)
            expanded_areas[stars] = known | reach
            expanded += 1
            if stars == start_stars and reach & start_player_bit:
                self.nodes += expanded
                return Outcome.SOLVED, pushes_of(link, size, newest_first=True)
            key = position_key(stars, area_key(reach), size)
            for partner in partners:
                # A position a forward search reached: its pushes lead here from the start.
                if partner.areas.get(stars, 0) & reach and key in partner.links:
                    self.nodes += expanded
                    return Outcome.SOLVED, partner.path_to(key) + pushes_of(link, size, newest_first=True)
            links[key] = link
            now = clock()
            if now > turn_ends or expanded % check_every == 0:
                self.nodes += expanded
                expanded = 0
                yield  # the portfolio looks at the limits between turns
                turn_ends = limits.turn_end()
            for direction, target, new_stars in pulls(stars, reach, alive, deltas):
                delta = deltas[direction]
                standing = target + delta
                if expanded_areas.get(new_stars, 0) >> standing & 1:
                    continue
                cost = match.least_cost_after_push(table, target - delta, target)
                if cost >= INFINITE:
                    continue
                counter += 1
                # Kept as the push that undoes the pull: from the target back onto the origin.
                undo = pack_push(target, (direction + 2) % 4, 1, size)
                heappush(
                    heap,
                    (
                        cost * weight + made + 1,
                        order * (made + 1),
                        order * counter,
                        new_stars,
                        standing,
                        (link, undo),
                        match,
                        False,
                    ),
                )
        self.nodes += expanded
        return Outcome.UNSOLVABLE, []
