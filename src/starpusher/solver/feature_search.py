"""Feature search: the solver for warehouses, after Shoham and Schaeffer's FESS.

Warehouse levels (many stars, much free floor, a room of goals behind a door
or two) defeat a search ranked by a lower bound: every star is drawn to its
nearest goal, the goals by the door fill first and shut the room. The
feature space search (FESS, which first solved all 90 classic levels) ranks
positions another way:

* Each position has *features*: here, how far the packing plan has come
  (:mod:`.packing`: the goals filled in the order they can be filled) and,
  optionally, into how many pieces the stars cut the free floor. Positions
  with the same features share a *cell*.
* Turns go alternately to the most advanced cell and to every cell in turn,
  so the search presses on with the plan without ever forgetting the
  positions it left behind: a plan followed into a corner is left for
  another way round, found in a cell further back.
* Within a cell the position reached by the fewest *unadvised* moves comes
  first. A move is advised, and costs nothing, when it takes a star
  straight to a goal the plan fills next (one move for all its pushes: the
  packing advisor) or brings the features forward; any other push costs one.
  So the search follows the plan for free and pays for every detour, and
  among equal costs tries first the push that leaves its star nearest the
  next goals.

The stars that take a star to its next goal in one move are worked out for
the few stars nearest those goals (:data:`ADVISED_STARS`), each pushed
alone, the others fixed (:mod:`.routes`). The rest is the forward search's:
dead squares, frozen stars, tunnels, PI-corrals, learned corral deadlocks,
and the star-to-goal matching, here only to drop positions no assignment of
stars to goals can solve.
"""

from __future__ import annotations

import heapq
import time
from bisect import insort
from collections.abc import Generator

from .board import Board, flood, squares_of
from .bound import INFINITE, Assignment
from .corrals import corral_regions, pi_corral_stars
from .deadlocks import cuts_off_goals, frozen_group
from .learned import memory_for
from .packing import PackingPlan, packing_plan
from .routes import Route, route_to

#: Advice is sought for this many stars, those nearest the next goals to fill.
ADVISED_STARS = 3

#: A push of a solution: (square the star leaves, direction index in LURD order, squares).
Push = tuple[int, int, int]
#: How a position was reached from its parent: a packed push, or a star's route to a goal.
Move = int | Route
#: A search run a turn at a time: it yields between turns and returns its status and the pushes.
SearchRun = Generator[None, None, tuple[str, list[Push]]]


class FeatureSearch:
    """One feature search of a level, from one position."""

    def __init__(
        self,
        board: Board,
        deadline: float,
        exceeded: object,
        *,
        connectivity: bool = False,
        plan: PackingPlan | None = None,
    ) -> None:
        self.board = board
        self.deadline = deadline
        self.exceeded = exceeded
        #: Count the pieces of free floor as a feature too.
        self.connectivity = connectivity
        self.plan = plan
        self.nodes = 0
        # The positions generated, by number: stars, player's square, parent, move there, matching.
        self._stars: list[int] = []
        self._players: list[int] = []
        self._parents: list[int] = []
        self._moves: list[Move] = []
        self._matches: list[Assignment] = []
        #: Distances to each set of next goals met, worked out once.
        self._distances: dict[int, list[int]] = {}
        #: Cells by features (a key: smaller is further), each a heap of (cost, tie, counter, position).
        self._cells: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        self._keys: list[tuple[int, int]] = []
        self._counter = 0

    # -- the search ---------------------------------------------------------------

    def run(self, stars: int, player: int) -> SearchRun:
        """Search from ``stars`` and ``player``; a generator returning ``(status, pushes)``."""
        board = self.board
        if self.plan is None:
            self.plan = packing_plan(board, stars, player, self.deadline)
        plan = self.plan
        match = Assignment.best(board.matching, tuple(squares_of(stars)))
        if match.cost >= INFINITE or board.hopeless:
            return "unsolvable", []
        if stars & board.goals == board.goals:
            return "solved", []
        root = self._add(stars, player, -1, 0, match)
        self._file(root, self._key(plan.standing(stars)[0], stars), 0, 0)
        areas: dict[int, int] = {}
        memory = memory_for(board) if board.spare_stars == 0 else None
        floor, width, deltas = board.floor, board.width, board.deltas
        clock = time.perf_counter
        turn_ends = clock() + TURN_SECONDS
        expanded = 0
        turn = 0
        rover = -1
        while self._keys:
            turn += 1
            key, rover = self._choose(turn, rover)
            cost, _, _, node = heapq.heappop(self._cells[key])
            if not self._cells[key]:
                del self._cells[key]
                self._keys.remove(key)
            stars, player = self._stars[node], self._players[node]
            known = areas.get(stars, 0)
            if known >> player & 1:
                continue  # expanded before, by a way no dearer
            free = floor & ~stars
            reach = flood(1 << player, free, width)
            areas[stars] = known | reach
            expanded += 1
            now = clock()
            if now > turn_ends or expanded % CHECK_EVERY == 0:
                self.nodes += expanded
                expanded = 0
                status = "timeout" if now > self.deadline else self.exceeded()  # type: ignore[operator]
                if status:
                    return status, []
                yield
                turn_ends = clock() + TURN_SECONDS
            move = self._moves[node]
            if memory is not None and isinstance(move, int) and node:
                last = _target_of(move, board)
                if memory.matches(last, stars, reach):
                    continue  # holds a set of stars proven dead before
            chosen = stars
            if free & ~reach:
                regions = corral_regions(board, stars, reach)
                if memory is not None and any(memory.corral_is_dead(r, stars) for r in regions):
                    continue
                chosen = pi_corral_stars(board, stars, reach, regions)
            done, placed, targets = plan.standing(stars)
            table = self._distances_to(targets)
            for child in self._advised(node, stars, reach, chosen & ~placed, targets, table):
                child_stars = self._stars[child]
                if child_stars & board.goals == board.goals:
                    self.nodes += expanded
                    return "solved", self._pushes(child)
                self._file(child, self._key(plan.standing(child_stars)[0], child_stars), cost, 0)
            solved = self._pushes_from(node, stars, reach, chosen, cost, done, placed, table, deltas)
            if solved >= 0:
                self.nodes += expanded
                return "solved", self._pushes(solved)
        self.nodes += expanded
        return "unsolvable", []

    def _choose(self, turn: int, rover: int) -> tuple[tuple[int, int], int]:
        """The cell to take a position from: the most advanced one, or each in turn."""
        keys = self._keys
        if turn % 2:
            return keys[0], rover
        rover = (rover + 1) % len(keys)
        return keys[rover], rover

    def _advised(
        self, node: int, stars: int, reach: int, candidates: int, targets: int, table: list[int]
    ) -> list[int]:
        """Children that take one of the stars nearest the next goals straight to one of them."""
        if not targets:
            return []
        nearest = sorted((table[s], s) for s in squares_of(candidates) if table[s] < INFINITE)
        children = []
        for _, star in nearest[:ADVISED_STARS]:
            found = route_to(self.board, star, reach, stars & ~(1 << star), targets)
            if found is None:
                continue
            goal, route = found
            new_stars = stars & ~(1 << star) | 1 << goal
            match = self._matches[node].after_push(self.board.matching, star, goal)
            if match.cost >= INFINITE:
                continue
            # The player ends on the square the star left last.
            children.append(self._add(new_stars, route[-1][0], node, route, match))
        return children

    def _pushes_from(
        self,
        node: int,
        stars: int,
        reach: int,
        chosen: int,
        cost: int,
        done: int,
        placed: int,
        table: list[int],
        deltas: tuple[int, ...],
    ) -> int:
        """File every push worth searching from a position; a solved child's number, else -1."""
        board = self.board
        width, floor, goals, size = board.width, board.floor, board.goals, board.size
        pushable_to, tunnels, goal_ends = board.pushable_to, board.tunnels, board.goal_dead_ends
        free = floor & ~stars
        blocked = ~floor
        dead = floor & ~board.alive
        across_dead = (dead << 1) & (dead >> 1)
        along_dead = (dead << width) & (dead >> width)
        plan = self.plan
        assert plan is not None
        match = self._matches[node]
        key = self._key(done, stars)
        planned = plan.squares
        for direction, delta in enumerate(deltas):
            if delta > 0:
                targets = ((chosen & (reach << delta)) << delta) & pushable_to & free
            else:
                targets = ((chosen & (reach >> -delta)) >> -delta) & pushable_to & free
            while targets:
                target_bit = targets & -targets
                targets ^= target_bit
                target = target_bit.bit_length() - 1
                new_stars = stars ^ (1 << (target - delta)) ^ target_bit
                steps = 1
                while True:
                    if goal_ends[direction] >> target & 1:
                        pass  # a dead end of goals: the star can only go deeper
                    elif (
                        tunnels[direction] >> target & 1
                        and tunnels[direction] >> (target - delta) & 1
                        and not goals >> target & 1
                    ):
                        pass  # along a tunnel: stopping half-way never helps
                    else:
                        break
                    ahead = target + delta
                    if not (pushable_to >> ahead & 1) or new_stars >> ahead & 1:
                        break
                    new_stars ^= (1 << target) | (1 << ahead)
                    target = ahead
                    steps += 1
                solid = blocked | new_stars
                if (solid >> (target - 1) & 1 or solid >> (target + 1) & 1 or across_dead >> target & 1) and (
                    solid >> (target - width) & 1 or solid >> (target + width) & 1 or along_dead >> target & 1
                ):
                    group = frozen_group(board, target, new_stars)
                    if group and (group & ~goals or cuts_off_goals(board, group, new_stars)):
                        continue
                start = target - steps * delta
                new_match = match.after_push(board.matching, start, target)
                if new_match.cost >= INFINITE:
                    continue
                child = self._add(
                    new_stars, target - delta, node, (steps * size + start) * 4 + direction, new_match
                )
                if new_stars & goals == goals:
                    return child
                child_done = done
                if planned >> start & 1 or planned >> target & 1:  # only then can the plan move on or back
                    child_done = plan.standing(new_stars)[0]
                child_key = self._key(child_done, new_stars)
                advised = child_key < key
                self._file(child, child_key, cost + (0 if advised else 1), min(table[target], size))
        return -1

    # -- positions and cells ----------------------------------------------------------

    def _add(self, stars: int, player: int, parent: int, move: Move, match: Assignment) -> int:
        """Keep a position; returns its number."""
        self._stars.append(stars)
        self._players.append(player)
        self._parents.append(parent)
        self._moves.append(move)
        self._matches.append(match)
        return len(self._stars) - 1

    def _file(self, node: int, key: tuple[int, int], cost: int, tie: int) -> None:
        """Put a position in the queue of its cell, ``key``."""
        cell = self._cells.get(key)
        if cell is None:
            cell = self._cells[key] = []
            insort(self._keys, key)
        self._counter += 1
        # Among equals the newest first: a dive along a line of advised moves.
        heapq.heappush(cell, (cost, tie, -self._counter, node))

    def _key(self, done: int, stars: int) -> tuple[int, int]:
        """A position's cell: goals filled in plan order first (more is further), then pieces of floor."""
        pieces = _pieces(self.board.floor & ~stars, self.board.width) if self.connectivity else 0
        return -done, pieces

    def _distances_to(self, targets: int) -> list[int]:
        """Pushes from every square to the nearest square of ``targets`` (0 everywhere when none)."""
        table = self._distances.get(targets)
        if table is None:
            rows = [self.board.distances_to(square) for square in squares_of(targets)]
            table = [min(column) for column in zip(*rows, strict=True)] if rows else [0] * self.board.size
            self._distances[targets] = table
        return table

    def _pushes(self, node: int) -> list[Push]:
        """The pushes from the start to position ``node``, first first."""
        pushes: list[Push] = []
        size = self.board.size
        while node > 0:
            move = self._moves[node]
            if isinstance(move, int):
                steps, rest = divmod(move, 4 * size)
                pushes.append((rest >> 2, rest & 3, steps))
            else:
                pushes.extend((square, direction, 1) for square, direction in reversed(move))
            node = self._parents[node]
        pushes.reverse()
        return pushes


#: The search yields to the others every this many positions, or this many seconds.
CHECK_EVERY = 1024
TURN_SECONDS = 0.05


def _target_of(move: int, board: Board) -> int:
    """The square a packed push left its star on."""
    steps, rest = divmod(move, 4 * board.size)
    return (rest >> 2) + steps * board.deltas[rest & 3]


def _pieces(free: int, width: int) -> int:
    """Into how many pieces the free floor falls."""
    pieces = 0
    while free:
        free &= ~flood(free & -free, free, width)
        pieces += 1
    return pieces
