"""Best-first search over pushes: the Sokoban solver.

A node is a position after a push: the stars plus the *area* the player can
walk in, named by its lowest square, since where exactly the player stands
inside it does not matter. Walking is free; only pushes are search steps.
Each node's priority mixes pushes made so far with a lower bound on the
pushes still needed, weighted towards the bound: we want many levels
solved, not the fewest pushes.

:func:`solve` runs a small portfolio side by side, each search with its
share of the time (:data:`PORTFOLIO`): this forward search, and two backward
searches (:mod:`.backward`) that pull the stars from the goals back to where
they start, which is how levels of goal rooms are solved. A search that
expands a position the other direction has expanded joins the two paths
into a solution.

Pruning, each one measured in ``bench/bench_solver.py``:

* dead squares: a star is never pushed where it could not reach a goal;
* freeze deadlocks: a push that freezes a star off its goal is dropped;
* matching bound: positions where the stars cannot all be matched to
  distinct goals are dropped, and the bound steers the search;
* tunnel macro: a star pushed along a one-wide corridor is pushed on to its
  end in one step, because stopping half-way never helps;
* goal-room macro: a star pushed into a one-wide dead end of goals goes on
  to the deepest free goal, the only place it can still be any use;
* PI-corrals (:mod:`.corrals`): when the player cannot get into an area
  whose stars must move, and every push of its stars they can make goes
  into it, only those pushes are searched;
* corral deadlocks (:mod:`.learned`): the stars of such an area, searched
  alone, that can never reach goals make the position dead; each one
  proven is remembered for the level and matched after later pushes;
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
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..core import Direction, Level, State
from .backward import BackwardSearch, Push, SearchRun
from .board import Board, board_for, flood, position_key, squares_of
from .bound import INFINITE, Assignment, NearestGoals
from .corrals import corral_regions, pi_corral_stars
from .deadlocks import cuts_off_goals, frozen_group
from .learned import memory_for

SOLVED = "solved"
UNSOLVABLE = "unsolvable"
TIMEOUT = "timeout"
MEMORY = "memory"
CANCELLED = "cancelled"


@dataclass(frozen=True)
class SearchOptions:
    """Which techniques the search uses: all of them, unless measuring what one is worth."""

    #: How strongly the bound outweighs the pushes made (1 = A*, optimal pushes).
    bound_weight: int = 10
    #: Match stars to goals (Hungarian); else each star counts its nearest goal.
    matching: bool = True
    dead_squares: bool = True
    freeze: bool = True
    corrals: bool = True
    #: Corrals whose stars alone cannot be sorted out (a small search), remembered per level.
    corral_deadlocks: bool = True
    #: Stars frozen on goals that wall other goals off from every star.
    goal_cut_off: bool = True
    tunnel_macros: bool = True
    goal_room_macros: bool = True
    #: Positions keyed by the player's whole area rather than the square they stand on.
    normalised_area: bool = True
    #: Positions met before are not searched again (off: every push leads to a new node).
    transpositions: bool = True
    #: Search pulls from the solved position back to the start (:mod:`.backward`)
    #: instead of pushes from the start; only the bound's weight, the matching and
    #: ``newest_first`` apply then.
    backward: bool = False
    #: Among positions of equal priority take the newest first:
    #: a walk down a plateau of equal bounds instead of across it.
    newest_first: bool = False

    @classmethod
    def without(cls, names: str) -> SearchOptions:
        """Default options with a comma-separated list of techniques switched off."""
        switched_off = {name.strip().replace("-", "_") for name in names.split(",") if name.strip()}
        unknown = switched_off - set(TECHNIQUES)
        if unknown:
            raise ValueError(f"unknown techniques: {', '.join(sorted(unknown))}")
        options = cls(**dict.fromkeys(switched_off, False))
        return options


#: Names of the techniques :meth:`SearchOptions.without` can switch off.
TECHNIQUES = (
    "matching",
    "dead_squares",
    "freeze",
    "corrals",
    "corral_deadlocks",
    "goal_cut_off",
    "tunnel_macros",
    "goal_room_macros",
    "normalised_area",
    "transpositions",
)


#: Memory and cancellation are checked, and a search's turn ends, once per this many
#: expanded nodes or :data:`TURN_SECONDS`, whichever comes first (time at every node).
CHECK_EVERY = 1024
#: The longest turn of a search: on levels of a hundred stars a node can take milliseconds.
TURN_SECONDS = 0.05


#: The default searches, run side by side, each with its share of the time:
#: forwards with the nearest-goal bound (each node costs little and, steering
#: greedily, it solves the most levels of the forward searches), newest first
#: among equals (a dive along a plateau of equal bounds); backwards from the
#: solved position with the matching bound; backwards with the nearest-start
#: bound, newest first among equals. Measured alone at 10 s on Sasquatch I
#: they solve 15, 25 and 20 of 50, and between them 26. Shares chosen so that
#: each level any of them solves alone is solved in the portfolio too: the
#: forward search needs the least time on the levels only it solves. Forward
#: and backward searches also join where one reaches a position the other
#: has expanded.
PORTFOLIO = (
    (SearchOptions(matching=False, newest_first=True), 0.25),
    (SearchOptions(backward=True), 0.4),
    (SearchOptions(backward=True, matching=False, newest_first=True), 0.35),
)


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found: ``moves`` is expanded LURD, replayed and checked."""

    status: str
    moves: str = ""
    pushes: int = 0
    seconds: float = 0.0
    #: Positions examined: a measure of how hard the level was.
    nodes: int = 0

    @property
    def solved(self) -> bool:
        return self.status == SOLVED

    @property
    def first_push(self) -> str:
        """The moves up to and including the solution's first push: a hint."""
        for index, letter in enumerate(self.moves):
            if letter.isupper():
                return self.moves[: index + 1]
        return self.moves


class _Limits:
    """Time, memory and cancellation, polled by the search every few hundred nodes."""

    def __init__(self, time_limit: float, memory_limit_mb: float, cancel: threading.Event | None) -> None:
        self.deadline = time.perf_counter() + time_limit
        self.cancel = cancel
        self.memory_limit = memory_limit_mb * 1024 * 1024
        self.baseline = resident_bytes()

    def exceeded(self) -> str | None:
        if self.cancel is not None and self.cancel.is_set():
            return CANCELLED
        if time.perf_counter() > self.deadline:
            return TIMEOUT
        if resident_bytes() - self.baseline > self.memory_limit:
            return MEMORY
        return None

    def check(self) -> None:
        """Raise :class:`_LimitReached` once a limit is reached (for work without a loop of its own)."""
        status = self.exceeded()
        if status:
            raise _LimitReached(status)


class _LimitReached(Exception):
    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


#: Bytes the board's tables take per goal and square: a distance in a row and in a column.
TABLE_BYTES_PER_ENTRY = 16


def resident_bytes() -> int:
    """Memory this process holds now (Linux), else its peak so far."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def solve(
    level: Level,
    state: State | None = None,
    *,
    time_limit: float = 10.0,
    memory_limit_mb: float = 2048,
    cancel: threading.Event | None = None,
    options: SearchOptions | None = None,
) -> SolveResult:
    """Search for a solution of ``level`` from ``state`` (default: the start).

    Stops with status ``"timeout"`` after ``time_limit`` seconds, ``"memory"``
    when the search has grown by ``memory_limit_mb``, ``"cancelled"`` as soon
    as ``cancel`` is set. ``"unsolvable"`` means the whole reachable space was
    searched without pruning anything that could matter.
    """
    started = time.perf_counter()
    state = state or level.start
    limits = _Limits(time_limit, memory_limit_mb, cancel)
    # The push distances from every square to every goal must fit first.
    if len(level.goals) * level.width * level.height * TABLE_BYTES_PER_ENTRY > limits.memory_limit:
        return SolveResult(MEMORY, seconds=time.perf_counter() - started)
    try:
        board = board_for(level, limits.check)
    except _LimitReached as stop:
        return SolveResult(stop.status, seconds=time.perf_counter() - started)
    stars = board.stars(state)
    phases: tuple[tuple[SearchOptions, float], ...] = PORTFOLIO if options is None else ((options, 1.0),)
    if board.spare_stars or board.hopeless:
        # No solved position to search back from: where spare stars end up is unknown.
        phases = tuple((phase, share) for phase, share in phases if not phase.backward) or (
            (replace(phases[0][0], backward=False), 1.0),
        )
    runs = [_Run.start(board, limits, phase, share, stars, state.player) for phase, share in phases]
    # Each search watches for positions the searches of the other direction have reached.
    forwards = [run.search for run in runs if isinstance(run.search, _Search)]
    backwards = [run.search for run in runs if isinstance(run.search, BackwardSearch)]
    for forward in forwards:
        forward.partners = backwards
    for backward in backwards:
        backward.partners = forwards
    status, pushes = _share_time(runs)
    nodes = sum(run.search.nodes for run in runs)
    seconds = time.perf_counter() - started
    if status != SOLVED:
        return SolveResult(status, seconds=seconds, nodes=nodes)
    moves = expand_pushes(level, state, pushes)
    final = level.replay(moves, state)
    if not level.is_solved(final):  # pragma: no cover - would be a solver bug
        raise AssertionError(f"solver produced a non-solution: {moves}")
    return SolveResult(SOLVED, moves, len([m for m in moves if m.isupper()]), seconds, nodes)


class _Run:
    """One search of the portfolio, paused between its turns, and the time it has had."""

    def __init__(
        self,
        search: _Search | BackwardSearch,
        steps: SearchRun,
        share: float,
        without_macros: Callable[[], SearchRun] | None = None,
    ) -> None:
        self.search = search
        self.steps = steps
        self.share = share
        self.seconds = 0.0
        #: The same search again without tunnel macros: to prove a level unsolvable.
        self.without_macros = without_macros

    @classmethod
    def start(
        cls,
        board: Board,
        limits: _Limits,
        options: SearchOptions,
        share: float,
        stars: int,
        player: int,
    ) -> _Run:
        """A search ready for its first turn."""
        if options.backward:
            backward = BackwardSearch(
                board,
                stars,
                player,
                bound_weight=options.bound_weight,
                matching=options.matching,
                newest_first=options.newest_first,
            )
            steps = backward.run(limits.deadline, limits.exceeded, CHECK_EVERY, TURN_SECONDS)
            return cls(backward, steps, share)
        search = _Search(board, limits, options)
        steps = search.run(stars, player, macros=options.tunnel_macros)
        return cls(search, steps, share, lambda: search.run(stars, player, macros=False))

    def turn(self) -> tuple[str, list[Push]] | None:
        """Search on for a while; the search's outcome once it has one."""
        started = time.perf_counter()
        try:
            next(self.steps)
            return None
        except StopIteration as finished:
            status, pushes = finished.value
        finally:
            self.seconds += time.perf_counter() - started
        search = self.search
        if status == UNSOLVABLE and isinstance(search, _Search) and search.used_macros:
            assert self.without_macros is not None
            # Tunnel macros are safe in practice but not proven so: only an
            # exhaustive search without them may call a level unsolvable.
            search.used_macros = False
            self.steps = self.without_macros()
            return None
        return status, pushes


def _share_time(runs: list[_Run]) -> tuple[str, list[Push]]:
    """Give turns to the searches, each in proportion to its share, until one has the answer.

    Any search that finishes decides: a solution, a space searched to the
    end (no solution exists), or a limit reached (they all share one).
    """
    while True:
        run = min(runs, key=lambda run: run.seconds / run.share)
        outcome = run.turn()
        if outcome is not None:
            return outcome


#: The way to a position: (the link before, the last push packed in one int).
Link = tuple["Link", int] | None
#: An entry of the forward search's open list (see :meth:`_Search.run`).
OpenEntry = tuple[int, int, int, int, Link, int, "Assignment | NearestGoals"]


class _Search:
    def __init__(self, board: Board, limits: _Limits, options: SearchOptions) -> None:
        self.board = board
        self.limits = limits
        self.options = options
        self.nodes = 0
        self.used_macros = False
        #: Backward searches whose positions join this search's into a solution.
        self.partners: list[BackwardSearch] = []
        #: Stars -> union of the player's areas expanded (see :meth:`run`).
        self.areas: dict[int, int] = {}
        self.links: dict[int, Link] = {}

    def path_to(self, key: int) -> list[Push]:
        """The pushes from the start to the position of ``key`` (an expanded position's)."""
        return _push_path(self.links[key], self.board.size)

    def run(self, boxes: int, player: int, *, macros: bool) -> SearchRun:
        """Search from ``boxes`` and ``player``; a generator returning ``(status, pushes)``.

        It yields every :data:`CHECK_EVERY` positions or :data:`TURN_SECONDS`, so that :func:`solve`
        can share the time among several searches.
        """
        board = self.board
        width, floor, goals = board.width, board.floor, board.goals
        pushable_to = board.pushable_to
        options = self.options
        check_freeze = board.spare_stars == 0 and options.freeze
        corrals = options.corrals
        learning = options.corral_deadlocks and board.spare_stars == 0
        memory = memory_for(board) if learning else None
        cut_off = options.goal_cut_off
        blocked = ~floor
        dead = floor & ~board.alive
        # Squares whose two neighbours left and right (resp. up and down) are both dead.
        across_dead = (dead << 1) & (dead >> 1)
        along_dead = (dead << width) & (dead >> width)
        table, nearest = board.matching, board.nearest_goal
        if not options.dead_squares:
            pushable_to = floor
            table, nearest = board.lenient_tables
        tunnels = board.tunnels
        goal_ends = board.goal_dead_ends if options.goal_room_macros else (0, 0, 0, 0)
        transpositions = options.transpositions
        normalised = options.normalised_area
        deltas = board.deltas
        limits = self.limits
        weight = options.bound_weight
        size = board.size

        if boxes & goals == goals and not board.hopeless:
            return SOLVED, []
        if board.hopeless:
            return UNSOLVABLE, []
        if options.dead_squares and board.spare_stars == 0 and boxes & ~board.alive:
            return UNSOLVABLE, []
        stars = tuple(squares_of(boxes))
        # With spare stars a star may rest anywhere, which only the matching (rows
        # of zeros) allows for: the nearest-goal sum would call such levels lost.
        start_match = (
            Assignment.best(table, stars)
            if options.matching or board.spare_stars
            else NearestGoals(nearest, stars)
        )
        if start_match.cost >= INFINITE:
            return UNSOLVABLE, []
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
        partners = self.partners
        meeting = bool(partners) and transpositions and normalised
        #: Without normalised areas: stars and player square of every expanded position.
        seen: set[int] = set()
        shift_bits = size.bit_length() + 1
        # The open list holds positions generated but not yet expanded, as cheaply
        # as possible: the player's area and the bound's bookkeeping are worked out
        # only for the few that are expanded. An entry is (order, stars, player
        # square, seed, parent's link, push, parent's bound): the order packs the
        # priority, the pushes made and a counter in one int; the area is the flood
        # from the player's square and the seed (the parent's area when the push
        # left it whole, else 0); the push is packed in one int. The counter puts
        # the oldest first among equals or, counting down, the newest.
        start_order = _order(start_match.cost * weight, 0, 0)
        heap: list[OpenEntry] = [(start_order, boxes, player, 0, None, -1, start_match)]
        tick = -1 if options.newest_first else 1
        counter = COUNTER_MASK if options.newest_first else 0
        expanded = 0
        deadline = limits.deadline
        clock = time.perf_counter
        turn_ends = min(clock() + TURN_SECONDS, deadline)
        heappop, heappush = heapq.heappop, heapq.heappush
        while heap:
            order, boxes, player, seed, parent, push, match = heappop(heap)
            pushes = order >> COUNTER_BITS & PUSHES_MASK
            player_bit = 1 << player
            free = floor & ~boxes
            if not transpositions:
                reach = flood(seed | player_bit, free, width)
            elif normalised:
                known = areas.get(boxes, 0)
                if known & player_bit:
                    continue  # expanded before, reached by a path at least as short
                reach = flood(seed | player_bit, free, width)
                areas[boxes] = known | reach
            else:  # measuring: positions told apart by the player's square
                key = boxes << shift_bits | player
                if key in seen:
                    continue
                seen.add(key)
                reach = flood(seed | player_bit, free, width)
            expanded += 1
            now = clock()
            if now > turn_ends or expanded % CHECK_EVERY == 0:
                self.nodes += expanded
                expanded = 0
                status = TIMEOUT if now > deadline else limits.exceeded()
                if status:
                    return status, []
                yield
                turn_ends = min(clock() + TURN_SECONDS, deadline)
            link: Link
            if push >= 0:
                # This position's bound, from its parent's (kept in the entry instead of
                # its own: one object shared by all the children).
                steps, rest = divmod(push, 4 * size)
                origin = rest >> 2
                last_target = origin + steps * deltas[rest & 3]
                match = match.after_push(table, origin, last_target)
                link = (parent, push)
            else:
                link = None
                last_target = -1
            if meeting:
                # A position the backward search reached too: its pulls lead on to the goals.
                key = position_key(boxes, reach, size)
                for partner in partners:
                    if partner.areas.get(boxes, 0) & reach and key in partner.links:
                        self.nodes += expanded
                        return SOLVED, _push_path(link, size) + partner.pushes_on_from(key)
                links[key] = link
            chosen = boxes
            if memory is not None and last_target >= 0 and memory.matches(last_target, boxes, reach):
                continue  # holds a set of stars proven dead before
            if free & ~reach:
                regions = corral_regions(board, boxes, reach)
                if memory is not None and any(memory.corral_is_dead(r, boxes) for r in regions):
                    continue
                if corrals:
                    chosen = pi_corral_stars(board, boxes, reach, regions)
            for direction, delta in enumerate(deltas):
                if delta > 0:
                    movable = chosen & (reach << delta)
                    targets = (movable << delta) & pushable_to & free
                else:
                    movable = chosen & (reach >> -delta)
                    targets = (movable >> -delta) & pushable_to & free
                while targets:
                    target_bit = targets & -targets
                    targets ^= target_bit
                    target = target_bit.bit_length() - 1
                    origin = target - delta
                    new_boxes = boxes ^ (1 << origin) ^ target_bit
                    steps = 1
                    while True:
                        if goal_ends[direction] >> target & 1:
                            pass  # a dead end of goals: the star can only go deeper
                        elif (
                            macros
                            and tunnels[direction] >> target & 1
                            and tunnels[direction] >> (target - delta) & 1
                            and not goals >> target & 1
                        ):
                            self.used_macros = True
                        else:
                            break
                        ahead = target + delta
                        if not (pushable_to >> ahead & 1) or new_boxes >> ahead & 1:
                            break
                        new_boxes ^= (1 << target) | (1 << ahead)
                        target = ahead
                        steps += 1
                    if check_freeze:
                        # Cheap test first: a star with a free square on each side of
                        # one axis (not both dead) cannot be frozen.
                        solid = blocked | new_boxes
                        if (
                            solid >> (target - 1) & 1
                            or solid >> (target + 1) & 1
                            or across_dead >> target & 1
                        ) and (
                            solid >> (target - width) & 1
                            or solid >> (target + width) & 1
                            or along_dead >> target & 1
                        ):
                            group = frozen_group(board, target, new_boxes)
                            if group and (
                                group & ~goals or (cut_off and cuts_off_goals(board, group, new_boxes))
                            ):
                                continue
                    # The player ends behind the star, on the square it last left.
                    standing = target - delta
                    if transpositions:
                        if normalised:
                            if areas.get(new_boxes, 0) >> standing & 1:
                                continue  # expanded before
                        elif new_boxes << shift_bits | standing in seen:
                            continue
                    start = target - steps * delta
                    new_push = (steps * size + start) * 4 + direction
                    if new_boxes & goals == goals:
                        self.nodes += expanded
                        return SOLVED, _push_path((link, new_push), size)
                    left = match.after_push(table, start, target).cost
                    if left >= INFINITE:
                        continue
                    counter += tick
                    done = pushes + steps
                    # The parent's area stays whole when the star stepped out of it.
                    new_seed = reach if steps == 1 and not reach & target_bit else 0
                    order = _order(left * weight + done, done, counter)
                    heappush(heap, (order, new_boxes, standing, new_seed, link, new_push, match))
        self.nodes += expanded
        return UNSOLVABLE, []


#: Bits of an open-list order given to the counter and to the pushes made.
COUNTER_BITS = 32
COUNTER_MASK = (1 << COUNTER_BITS) - 1
PUSHES_BITS = 24
PUSHES_MASK = (1 << PUSHES_BITS) - 1


def _order(priority: int, pushes: int, counter: int) -> int:
    """One int that sorts like (priority, pushes, counter): three ints cost more memory."""
    return (priority << PUSHES_BITS | pushes) << COUNTER_BITS | counter


def _push_path(link: Link, size: int) -> list[Push]:
    """The pushes of a chain of links (parent's link, packed push), first push first."""
    path: list[Push] = []
    while link is not None:
        link, packed = link
        steps, rest = divmod(packed, 4 * size)
        path.append((rest >> 2, rest & 3, steps))
    path.reverse()
    return path


def expand_pushes(level: Level, state: State, pushes: list[Push]) -> str:
    """The LURD moves of a list of pushes, walking the player between them."""
    directions = list(Direction)
    moves: list[str] = []
    player, boxes = state.player, set(state.boxes)
    for origin, direction_index, steps in pushes:
        direction = directions[direction_index]
        behind = origin - (direction.dx + direction.dy * level.width)
        moves.append(_walk(level, player, behind, boxes))
        moves.append(direction.letter.upper() * steps)
        delta = direction.dx + direction.dy * level.width
        boxes.remove(origin)
        boxes.add(origin + steps * delta)
        player = origin + (steps - 1) * delta
    return "".join(moves)


def _walk(level: Level, start: int, goal: int, boxes: set[int]) -> str:
    """Shortest walk (lower-case LURD) from ``start`` to ``goal`` around the stars."""
    if start == goal:
        return ""
    came_from: dict[int, tuple[int, str]] = {start: (start, "")}
    frontier = [start]
    while frontier:
        next_frontier = []
        for square in frontier:
            for direction in Direction:
                step = level.neighbour(square, direction)
                if step is None or step in boxes or step in came_from:
                    continue
                came_from[step] = (square, direction.letter)
                if step == goal:
                    letters = []
                    while step != start:
                        step, letter = came_from[step]
                        letters.append(letter)
                    return "".join(reversed(letters))
                next_frontier.append(step)
        frontier = next_frontier
    raise AssertionError("the search recorded a push the player cannot reach")
