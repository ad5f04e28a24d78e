"""Feature search: the solver for warehouses, after Shoham and Schaeffer's FESS.

Warehouse levels (many stars, much free floor, a room of goals behind a door
or two) defeat a search ranked by a lower bound: every star is drawn to its
nearest goal, the goals by the door fill first and shut the room. The
feature space search (FESS, the first program to solve all 90 classic
levels) ranks positions another way:

* Each position has *features*: here, how far the packing plan has come
  (:mod:`.packing`: the goals filled in the order they can be filled).
  Positions alike in their features share a *cell*.
* Turns go alternately to the most advanced cell and to every cell in turn,
  so the search presses on with the plan without forgetting the positions it
  left behind: a plan followed into a corner is left for another way round,
  found in a cell further back.
* Within a cell the position reached by the fewest *unadvised* moves comes
  first. A move is advised, and costs nothing, when it takes a star straight
  to a goal the plan fills next (all its pushes as one move: the packing
  advisor) or brings the plan forward; any other push costs one. So the
  search follows the plan for free and pays for each detour, and among
  equal costs tries first the push that leaves its star nearest the goals
  to fill next, the newest first.

Advice is sought for the few stars nearest the goals to fill next
(:data:`ADVISED_STARS`), each pushed alone, the others fixed
(:mod:`.routes`). The rest is the forward search's: the pushes worth
searching (:mod:`.successors`), and the star-to-goal matching, here only to
drop positions no assignment of stars to goals can solve.
"""

from __future__ import annotations

import heapq
import time
from bisect import insort

from ..bitboard import (
    INFINITE,
    Board,
    PlayerAreas,
    Push,
    Route,
    area_key,
    flood,
    pack_push,
    position_key,
    squares_of,
    unpack_push,
)
from .bound import Assignment
from .limits import Limits
from .options import SearchOptions
from .outcome import Outcome, SearchRun
from .packing import PackingPlan, plan_for
from .proofs import position_proofs
from .push_search import PushSearch
from .routes import NearestTables, route_to

#: Advice is sought for this many stars, those nearest the goals to fill next
#: (measured on the classic levels 1-50 at 10 s: 3 solves 23, 5 solves 21).
ADVISED_STARS = 3

#: States (a square and the player's side) an advisor's route search may meet: advice, not
#: proof, so a star whose way to the goals takes longer to find is left to the search. Routes
#: found on the classic levels meet at most 55; most searches that find none would meet hundreds.
ROUTE_BUDGET = 200

#: How a position was reached from its parent: a packed push, or a star's route to a goal.
Move = int | Route
#: A position's cell: the squares the plan has filled, negated so that the furthest sorts first.
Cell = int
#: An entry of a cell's queue: (unadvised moves, distance of the pushed star to the next goals,
#: a counter that puts the newest first, the position's number).
Entry = tuple[int, int, int, int]


class FeatureSearch(PushSearch):
    """Search of pushes from a position to the goals, ranked by the features of positions.

    Made and run as every :class:`.PushSearch` of the portfolio (:mod:`.portfolio`).
    """

    def __init__(self, board: Board, stars: int, player: int, options: SearchOptions, limits: Limits) -> None:
        super().__init__(board, stars, player, options, limits)
        #: Made now, with the whole time: the portfolio's first turns end early (its quick
        #: start), and a plan cut short by them would steer the whole search.
        self.plan: PackingPlan | None = (
            None if board.hopeless else plan_for(board, stars, player, limits.deadline)
        )
        # The positions generated, by number: stars, player's square, parent, move there, matching.
        self._stars: list[int] = []
        self._players: list[int] = []
        self._parents: list[int] = []
        self._moves: list[Move] = []
        self._matches: list[Assignment] = []
        #: Distances to each set of squares to fill next met so far.
        self.nearest = NearestTables(board)
        #: The player's areas the route searches flooded, for the next positions' routes.
        self.flooded = PlayerAreas()
        #: (stars, lowest square of the player's area) -> the number of the position expanded
        #: there, for the backward searches to join.
        self.links: dict[int, int] = {}

    def path_to(self, key: int) -> list[Push]:
        return self._pushes(self.links[key])

    def _search(self) -> SearchRun:
        board = self.board
        stars, player = self.start_stars, self.start_player
        if board.hopeless:
            return Outcome.UNSOLVABLE, []
        if stars & board.goals == board.goals:
            return Outcome.SOLVED, []
        match = Assignment.best(board.matching, tuple(squares_of(stars)))
        if match.cost >= INFINITE:
            return Outcome.UNSOLVABLE, []
        plan = self.plan
        assert plan is not None  # made with the search on any board not hopeless
        self._stars, self._players, self._parents, self._moves, self._matches = [], [], [], [], []
        cells: dict[Cell, list[Entry]] = {}
        keys: list[Cell] = []  # the cells holding positions, furthest first
        counter = 0

        def file(node: int, cell: Cell, cost: int, tie: int) -> None:
            nonlocal counter
            queue = cells.get(cell)
            if queue is None:
                queue = cells[cell] = []
                insort(keys, cell)
            counter -= 1
            heapq.heappush(queue, (cost, tie, counter, node))

        file(self._add(stars, player, -1, 0, match), -plan.standing(stars)[0], 0, 0)
        areas = self.areas = {}
        links = self.links = {}
        meeting = bool(self.partners)
        floor, width, goals, size = board.floor, board.width, board.goals, board.size
        planned = plan.squares
        successors = self.successors
        # Stuck positions are proven dead, and their stars kept as a deadlock set.
        proofs = position_proofs(board, self.options)
        limits = self.limits
        clock = time.perf_counter
        turn_ends = limits.turn_end()
        expanded = turn = rover = 0
        while keys:
            turn += 1
            if turn % 2:
                cell = keys[0]
            else:
                rover = (rover + 1) % len(keys)
                cell = keys[rover]
            queue = cells[cell]
            cost, _, _, node = heapq.heappop(queue)
            if not queue:
                del cells[cell]
                keys.remove(cell)
            stars, player = self._stars[node], self._players[node]
            known = areas.get(stars, 0)
            if known >> player & 1:
                continue  # expanded before, by a way no dearer
            reach = flood(1 << player, floor & ~stars, width)
            areas[stars] = known | reach
            expanded += 1
            now = clock()
            if now > turn_ends or expanded % limits.check_every == 0:
                self.nodes += expanded
                expanded = 0
                yield  # the portfolio looks at the limits between turns
                turn_ends = limits.turn_end()
            movable = successors.movable(stars, reach, self._last_target(node))
            if not movable:
                continue
            if meeting:
                key = position_key(stars, area_key(reach), size)
                joined = self._joined(stars, reach, key)
                if joined is not None:
                    self.nodes += expanded
                    return Outcome.SOLVED, self._pushes(node) + joined
                links[key] = node
            pushes = list(successors.pushes(stars, reach, movable))
            if not pushes:  # no push worth searching: dead
                if proofs is not None:
                    proofs.stuck_is_dead(stars, reach)
                continue
            done, placed, targets = plan.standing(stars)
            table = self.nearest.to(targets)
            for child in self._advised(node, stars, reach, movable & ~placed, targets, table):
                child_stars = self._stars[child]
                if child_stars & goals == goals:
                    self.nodes += expanded
                    return Outcome.SOLVED, self._pushes(child)
                file(child, -plan.standing(child_stars)[0], cost, 0)
            match = self._matches[node]
            for start, direction, steps, target, new_stars in pushes:
                standing = target - board.deltas[direction]
                if areas.get(new_stars, 0) >> standing & 1:
                    continue  # expanded before
                new_match = match.after_push(board.matching, start, target)
                if new_match.cost >= INFINITE:
                    continue
                child = self._add(
                    new_stars, standing, node, pack_push(start, direction, steps, size), new_match
                )
                if new_stars & goals == goals:
                    self.nodes += expanded
                    return Outcome.SOLVED, self._pushes(child)
                child_done = done
                if planned >> start & 1 or planned >> target & 1:  # only then can the plan move
                    child_done = plan.standing(new_stars)[0]
                advised = child_done > done
                file(child, -child_done, cost if advised else cost + 1, min(table[target], size))
        self.nodes += expanded
        return Outcome.UNSOLVABLE, []

    def _advised(
        self, node: int, stars: int, reach: int, candidates: int, targets: int, table: list[int]
    ) -> list[int]:
        """Children that take one of the stars nearest the next goals straight to one of them."""
        if not targets:
            return []
        nearest = sorted((table[star], star) for star in squares_of(candidates) if table[star] < INFINITE)
        children = []
        for _, star in nearest[:ADVISED_STARS]:
            others = stars & ~(1 << star)
            found = route_to(self.board, star, reach, others, targets, table, ROUTE_BUDGET, self.flooded)
            if found is None:
                continue
            goal, route = found
            match = self._matches[node].after_push(self.board.matching, star, goal)
            if match.cost < INFINITE:
                # The player ends on the square the star left last.
                children.append(self._add(stars & ~(1 << star) | 1 << goal, route[-1][0], node, route, match))
        return children

    def _add(self, stars: int, player: int, parent: int, move: Move, match: Assignment) -> int:
        """Keep a position; returns its number."""
        self._stars.append(stars)
        self._players.append(player)
        self._parents.append(parent)
        self._moves.append(move)
        self._matches.append(match)
        return len(self._stars) - 1

    def _last_target(self, node: int) -> int:
        """Where the move to position ``node`` left its star (-1 for the start)."""
        move = self._moves[node]
        if self._parents[node] < 0:
            return -1
        if isinstance(move, int):
            origin, direction, steps = unpack_push(move, self.board.size)
            return origin + steps * self.board.deltas[direction]
        square, direction = move[-1]
        return square + self.board.deltas[direction]

    def _pushes(self, node: int) -> list[Push]:
        """The pushes from the start to position ``node``, first first."""
        pushes: list[Push] = []
        size = self.board.size
        while self._parents[node] >= 0:
            move = self._moves[node]
            if isinstance(move, int):
                pushes.append(unpack_push(move, size))
            else:
                pushes.extend((square, direction, 1) for square, direction in reversed(move))
            node = self._parents[node]
        pushes.reverse()
        return pushes
