"""Best-first search over pushes, from the start to the goals.

A node is a position after a push: the stars plus the *area* the player can
walk in, named by its lowest square, since where exactly the player stands
inside it does not matter. Walking is free; only pushes are search steps.
Each node's priority mixes pushes made so far with a lower bound on the
pushes still needed, weighted towards the bound: we want many levels
solved, not the fewest pushes.

The children of a node are the pushes worth searching (:mod:`.successors`:
dead squares, freeze deadlocks, tunnel and goal-room macros, PI-corrals,
corral deadlocks). Here, each one measured in ``bench/bench_solver.py``:

* matching bound: positions where the stars cannot all be matched to
  distinct goals are dropped, and the bound steers the search;
* transposition table: a dict from the stars' bitset to the union of the
  player's areas expanded with them, so a position reached twice is
  expanded once. A Python int hashes in a few machine words, so the key is
  its own cheap hash, and no collision can ever merge two positions.

Nodes are cheap to keep: the player's area and the bound of a position
are worked out when it is expanded, not when it is generated, and an entry
of the open list shares its parent's area and bound.
"""

from __future__ import annotations

import heapq
import time

from ..bitboard import (
    INFINITE,
    Board,
    Link,
    Push,
    area_key,
    flood,
    pack_push,
    position_key,
    pushes_of,
    squares_of,
    unpack_push,
)
from .bound import Assignment, NearestGoals
from .limits import Limits
from .options import SearchOptions
from .outcome import Outcome, SearchRun
from .push_search import PushSearch

#: An entry of the forward search's open list (see :meth:`ForwardSearch._search`).
OpenEntry = tuple[int, int, int, int, Link, int, "Assignment | NearestGoals", bool]


class ForwardSearch(PushSearch):
    """Best-first search of pushes from a position to the goals (run as every :class:`.PushSearch`)."""

    def __init__(self, board: Board, stars: int, player: int, options: SearchOptions, limits: Limits) -> None:
        super().__init__(board, stars, player, options, limits)
        #: (stars, lowest square of the player's area) -> the link of the pushes there.
        self.links: dict[int, Link] = {}

    def path_to(self, key: int) -> list[Push]:
        """The pushes from the start to the position of ``key`` (an expanded position's)."""
        return pushes_of(self.links[key], self.board.size)

    def _search(self) -> SearchRun:
        """One search from the start, with :attr:`successors` as they are; yields between turns."""
        board = self.board
        floor, goals = board.floor, board.goals
        width = board.width
        options = self.options
        successors = self.successors
        table, nearest = board.matching, board.nearest_goal
        if not options.dead_squares:
            table, nearest = board.lenient_tables
        transpositions = options.transpositions
        normalised = options.normalised_area
        deltas = board.deltas
        limits = self.limits
        weight = options.bound_weight
        size = board.size
        stars, player = self.start_stars, self.start_player

        if stars & goals == goals and not board.hopeless:
            return Outcome.SOLVED, []
        if board.hopeless:
            return Outcome.UNSOLVABLE, []
        if options.dead_squares and board.spare_stars == 0 and stars & ~board.alive:
            return Outcome.UNSOLVABLE, []
        star_squares = tuple(squares_of(stars))
        # With spare stars a star may rest anywhere, which only the matching (rows
        # of zeros) allows for: the nearest-goal sum would call such levels lost.
        start_match = (
            Assignment.best(table, star_squares)
            if options.matching or board.spare_stars
            else NearestGoals(nearest, star_squares)
        )
        if start_match.cost >= INFINITE:
            return Outcome.UNSOLVABLE, []
        #: stars -> union of the player areas expanded with them. A position is a
        #: duplicate when its player stands in that union: the areas of one set of
        #: stars are components of the same free squares, so a square in the union
        #: lies in exactly one known area, the one the flood fill would find.
        areas: dict[int, int] = {}
        self.areas = areas
        #: (stars, the lowest square of the player's area) -> the link of the path there,
        #: for the backward searches to join (only with them).
        links: dict[int, Link] = {}
        self.links = links
        meeting = bool(self.partners) and transpositions and normalised
        #: Without normalised areas: stars and player square of every expanded position.
        seen: set[int] = set()
        # The open list holds positions generated but not yet expanded, as cheaply
        # as possible: the player's area and the bound's bookkeeping are worked out
        # only for the few that are expanded. An entry is (order, stars, player
        # square, seed, parent's link, push, bound, own): the order packs the
        # priority, the pushes made and a counter in one int; the area is the flood
        # from the player's square and the seed (the parent's area when the push
        # left it whole, else 0); the push is packed in one int. The counter puts
        # the oldest first among equals or, counting down, the newest. The bound is
        # the parent's until ``own``: a child is queued by a lower bound on its own
        # (:meth:`.Assignment.least_cost_after_push`), made only when it is taken out.
        start_order = _order(start_match.cost * weight, 0, 0)
        heap: list[OpenEntry] = [(start_order, stars, player, 0, None, -1, start_match, True)]
        tick = -1 if options.newest_first else 1
        counter = COUNTER_MASK if options.newest_first else 0
        expanded = 0
        check_every = limits.check_every
        clock = time.perf_counter
        turn_ends = limits.turn_end()
        heappop, heappush = heapq.heappop, heapq.heappush
        while heap:
            order, stars, player, seed, parent, push, match, own = heappop(heap)
            pushes = order >> COUNTER_BITS & PUSHES_MASK
            player_bit = 1 << player
            if not own:
                if normalised and transpositions and areas.get(stars, 0) & player_bit:
                    continue  # expanded before
                # Its own bound, from its parent's and the push that made it.
                origin, direction, steps = unpack_push(push, size)
                match = match.after_push(table, origin, origin + steps * deltas[direction])
                if match.cost >= INFINITE:
                    continue
                exact = _order(match.cost * weight + pushes, pushes, order & COUNTER_MASK)
                if exact > order:
                    # Queued by a lower bound: back in its place, as if queued by the bound itself.
                    heappush(heap, (exact, stars, player, seed, parent, push, match, True))
                    continue
            free = floor & ~stars
            if not transpositions:
                reach = flood(seed | player_bit, free, width)
            elif normalised:
                known = areas.get(stars, 0)
                if known & player_bit:
                    continue  # expanded before, reached by a path at least as short
                reach = flood(seed | player_bit, free, width)
                areas[stars] = known | reach
            else:  # measuring: positions told apart by the player's square
                key = position_key(stars, player, size)
                if key in seen:
                    continue
                seen.add(key)
                reach = flood(seed | player_bit, free, width)
            expanded += 1
            now = clock()
            if now > turn_ends or expanded % check_every == 0:
                self.nodes += expanded
                expanded = 0
                yield  # the portfolio looks at the limits between turns
                turn_ends = limits.turn_end()
            link: Link
            if push >= 0:
                origin, direction, steps = unpack_push(push, size)
                last_target = origin + steps * deltas[direction]
                link = (parent, push)
            else:
                link = None
                last_target = -1
            if meeting:
                # A position the backward search reached too: its pulls lead on to the goals.
                key = position_key(stars, area_key(reach), size)
                joined = self._joined(stars, reach, key)
                if joined is not None:
                    self.nodes += expanded
                    return Outcome.SOLVED, pushes_of(link, size) + joined
                links[key] = link
            for start, direction, steps, target, new_stars in successors.of(stars, reach, last_target):
                # The player ends behind the star, on the square it last left.
                standing = target - deltas[direction]
                if transpositions:
                    if normalised:
                        if areas.get(new_stars, 0) >> standing & 1:
                            continue  # expanded before
                    elif position_key(new_stars, standing, size) in seen:
                        continue
                new_push = pack_push(start, direction, steps, size)
                if new_stars & goals == goals:
                    self.nodes += expanded
                    return Outcome.SOLVED, pushes_of((link, new_push), size)
                left = match.least_cost_after_push(table, start, target)
                if left >= INFINITE:
                    continue
                counter += tick
                done = pushes + steps
                # The parent's area stays whole when the star stepped out of it.
                new_seed = reach if steps == 1 and not reach >> target & 1 else 0
                order = _order(left * weight + done, done, counter)
                heappush(heap, (order, new_stars, standing, new_seed, link, new_push, match, False))
        self.nodes += expanded
        return Outcome.UNSOLVABLE, []


#: Bits of an open-list order given to the counter and to the pushes made.
COUNTER_BITS = 32
COUNTER_MASK = (1 << COUNTER_BITS) - 1
PUSHES_BITS = 24
PUSHES_MASK = (1 << PUSHES_BITS) - 1


def _order(priority: int, pushes: int, counter: int) -> int:
    """One int that sorts like (priority, pushes, counter): three ints cost more memory."""
    return (priority << PUSHES_BITS | pushes) << COUNTER_BITS | counter
