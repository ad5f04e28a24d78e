"""The Sokoban solver: a small portfolio of searches run side by side.

:func:`solve` runs the searches of :data:`PORTFOLIO`, each with its share of
the time (:mod:`.sharing`): the forward search (:mod:`.forward`), and three backward searches
(:mod:`.backward`) that pull the stars from the goals back to where they
start, which is how levels of goal rooms are solved; on warehouses,
:data:`WAREHOUSE_PORTFOLIO` adds the packing-order search
(:mod:`.packing_search`) and the feature search (:mod:`.feature_search`); on
other levels of many goals to be filled in an order, the packing-order search
opens alone for a little of the time (:func:`opens_with_packing`). A
search that expands a position the other direction has expanded joins the
two paths into a solution. All of them stop at one set of
:class:`.limits.Limits`.

Every search is made the same way, from the board, the start, its
:class:`.SearchOptions` and the limits, and runs a turn at a time: a new one
joins the portfolio here, with a line in :data:`PORTFOLIO` (or
:data:`WAREHOUSE_PORTFOLIO`) and its kind in
:func:`search_for`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace

from ..bitboard import Board, bits_of, expand_pushes
from ..core import Level, State
from .backward import BackwardSearch
from .collector import collector_paused
from .feature_search import FeatureSearch
from .forward import ForwardSearch
from .limits import LimitReached, Limits
from .options import SearchOptions
from .outcome import DeadlockStatistics, Outcome, SearchEnd, SolveResult
from .packing import largest_goal_room, plan_for
from .packing_search import PackingSearch
from .precalculated import precalculate
from .proofs import DeadlockProofs
from .sharing import TimeShare

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
#:
#: A fourth, the backward search with the matching bound taking the newest
#: first among equals (:data:`BACKWARD_DIVE`), dives where the other backward
#: search spreads: alone it solves Sasquatch II 254 in 1.5 s, which none of
#: the three solves in 10 s. It cannot replace the other (Sasquatch I 175 and
#: 184, solved in a fraction of a second, were lost), so it takes a fifth of
#: the time beside it, the others a little less each (forward 0.25 -> 0.2,
#: backward 0.4 -> 0.3, nearest-start 0.35 -> 0.3). The whole solver, side by
#: side with the three alone, 10 s a level: Sasquatch II 16 against 15 (254 in
#: 7.5 s), Sasquatch I 29, III 13, IV 30 and Microban 155 both, no other level
#: gained or lost in any of them.
FORWARD_SEARCH = SearchOptions(matching=False, newest_first=True)
BACKWARD_SEARCH = SearchOptions(backward=True)
BACKWARD_DIVE = SearchOptions(backward=True, newest_first=True)
NEAREST_START_SEARCH = SearchOptions(backward=True, matching=False, newest_first=True)
PORTFOLIO = (
    (FORWARD_SEARCH, 0.2),
    (BACKWARD_SEARCH, 0.3),
    (BACKWARD_DIVE, 0.2),
    (NEAREST_START_SEARCH, 0.3),
)

#: The packing-order search and the feature search, the searches for warehouses.
PACKING_SEARCH = SearchOptions(packing_order=True)
FEATURE_SEARCH = SearchOptions(features=True)

#: On warehouses (:func:`is_warehouse`) the packing-order search takes most of the
#: time, the feature search a fifth, beside a little of the ordinary portfolio. Each
#: search alone for 10 s on the classic levels 1-50 (two at a time): packing-order
#: 34, feature 32, forward 8, backward 7, nearest-start 11 (all of these within the
#: first two's 37; packing-order alone 37 once its rover took the oldest position);
#: packing-order and feature solve many a level only after 3-9 s. The
#: shares before (packing-order 0.35, feature 0.25, forward 0.2, backward and
#: nearest-start 0.1 each) solved 33; these 34, and 37 with packing-order 0.7 and
#: backward 0.05 (runs vary by two or three: levels near 10 s go either way). The
#: backward search keeps a tenth for Sasquatch III 304 (0.5 s alone; packing-order
#: 0.8 with no backward search lost Sasquatch I 180 and 184 too), the forward search
#: a twentieth (Microban 154 in 2.6 s): on the 62 warehouses of Microban and
#: Sasquatch I-IV these shares solve the 15 the shares before did. One level at a
#: time on a quiet machine, with the packing search's rover taking the oldest: 35.
WAREHOUSE_PORTFOLIO = (
    (PACKING_SEARCH, 0.65),
    (FEATURE_SEARCH, 0.2),
    (FORWARD_SEARCH, 0.05),
    (BACKWARD_SEARCH, 0.1),
)

#: A level with at least this many goals side by side, and a packing plan that orders
#: its goals, is a warehouse, where the feature search is worth its time (YASS's
#: threshold for its packing order, which it counts the same way).
WAREHOUSE_GOALS = 9

#: Any search of the portfolio: made from (board, stars, player, options, limits),
#: :meth:`run` a turn at a time, counting the positions it expands in ``nodes``.
Search = ForwardSearch | BackwardSearch | FeatureSearch | PackingSearch


def search_for(options: SearchOptions) -> type[Search]:
    """The kind of search a member of the portfolio runs."""
    if options.packing_order:
        return PackingSearch
    if options.features:
        return FeatureSearch
    return BackwardSearch if options.backward else ForwardSearch


def portfolio_for(
    board: Board, stars: int, player: int, deadline: float
) -> tuple[tuple[SearchOptions, float], ...]:
    """The searches for a level and their shares: :data:`WAREHOUSE_PORTFOLIO` on warehouses."""
    return WAREHOUSE_PORTFOLIO if is_warehouse(board, stars, player, deadline) else PORTFOLIO


def opens_with_packing(board: Board, stars: int, player: int, deadline: float) -> bool:
    """Whether the packing-order search opens the search (:data:`OPENING_SHARE`).

    On levels of many goals with an order to fill them in, spread over
    smaller rooms than a warehouse's (a warehouse has the packing-order
    search in its portfolio throughout).
    """
    if len(board.goal_squares) < WAREHOUSE_GOALS or board.hopeless:
        return False
    return largest_goal_room(board) < WAREHOUSE_GOALS and _packed_in_order(board, stars, player, deadline)


def is_warehouse(board: Board, stars: int, player: int, deadline: float) -> bool:
    """A room of many goals, which must be filled in some order."""
    return largest_goal_room(board) >= WAREHOUSE_GOALS and _packed_in_order(board, stars, player, deadline)


def _packed_in_order(board: Board, stars: int, player: int, deadline: float) -> bool:
    """Whether the goals must be filled in some order: no spare stars, and a packing plan of steps."""
    return not board.spare_stars and plan_for(board, stars, player, deadline).ordered


#: Bytes the board's tables take per goal and square: a distance in a row and in a column.
TABLE_BYTES_PER_ENTRY = 16


def solve(
    level: Level,
    state: State | None = None,
    *,
    time_limit: float = 10.0,
    memory_limit_mb: float = 2048,
    cancel: threading.Event | None = None,
    options: SearchOptions | None = None,
    max_nodes: int | None = None,
) -> SolveResult:
    """Search for a solution of ``level`` from ``state`` (default: the start).

    Stops with :attr:`.Outcome.TIMEOUT` after ``time_limit`` seconds,
    :attr:`.Outcome.MEMORY` when the search has grown by ``memory_limit_mb``,
    :attr:`.Outcome.CANCELLED` as soon as ``cancel`` is set.
    :attr:`.Outcome.UNSOLVABLE` means the whole reachable space was searched
    without pruning anything that could matter. ``options`` runs that one
    search alone instead of the :data:`PORTFOLIO`. ``max_nodes`` stops the
    searches with :attr:`.Outcome.GAVE_UP` after that many positions, and
    shares their time by positions: the same run on any machine.
    """
    solving = Solving(
        level, state, memory_limit_mb=memory_limit_mb, cancel=cancel, options=options, max_nodes=max_nodes
    )
    return solving.run(time_limit)


class Solving:
    """A search for a solution that can be watched while it runs, and continued after a timeout.

    :func:`solve` is one :meth:`run`. The window keeps a ``Solving`` instead:
    it shows :attr:`nodes` and :attr:`seconds` while a hint is looked for,
    and when the time runs out, another :meth:`run` carries on where the
    searches stopped instead of starting again.
    """

    def __init__(
        self,
        level: Level,
        state: State | None = None,
        *,
        memory_limit_mb: float = 2048,
        cancel: threading.Event | None = None,
        options: SearchOptions | None = None,
        max_nodes: int | None = None,
    ) -> None:
        self.level = level
        self.state = state or level.start
        self.options = options
        self.limits = Limits(0.0, memory_limit_mb, cancel, max_nodes=max_nodes)
        self._searches: TimeShare[SearchEnd] | None = None
        #: The packing-order search that runs alone before the others (None once it has had its turns).
        self._opening: PackingSearch | None = None
        self._board: Board | None = None
        self._result: SolveResult | None = None
        self._seconds_before = 0.0  # the runs that ended
        self._run_started: float | None = None
        # One run at a time: a run cancelled by a key press may still be ending its turn
        # in one thread when the next press starts another in a second thread.
        self._running = threading.Lock()

    @property
    def nodes(self) -> int:
        """Positions expanded so far, over every run (read by the window while the search runs)."""
        return 0 if self._searches is None else self._searches.nodes

    @property
    def seconds(self) -> float:
        """Seconds searched so far, over every run, the one under way included."""
        started = self._run_started
        return self._seconds_before + (0.0 if started is None else time.perf_counter() - started)

    @property
    def finished(self) -> bool:
        """Whether a run has given the final answer (a solution, a proof, the memory limit)."""
        return self._result is not None

    def run(self, time_limit: float, cancel: threading.Event | None = None) -> SolveResult:
        """Search on for at most ``time_limit`` seconds; a result other than a timeout is final.

        ``cancel``, if given, replaces the event that cancels the search (each
        run the window starts has one of its own). A cancelled run, like one
        that timed out, can be continued by the next.
        """
        with self._running:
            if self._result is not None:
                return self._result
            if cancel is not None:
                self.limits.cancel = cancel
            started = self._run_started = time.perf_counter()
            self.limits.deadline = started + time_limit
            try:
                with collector_paused():
                    result = self._search()
            finally:
                self._seconds_before += time.perf_counter() - started
                self._run_started = None
            if result.status not in (Outcome.TIMEOUT, Outcome.CANCELLED):
                self._result = result
            return result

    def _search(self) -> SolveResult:
        limits, level, state = self.limits, self.level, self.state
        if self._searches is None:
            # The push distances from every square to every goal must fit first.
            if len(level.goals) * level.width * level.height * TABLE_BYTES_PER_ENTRY > limits.memory_limit:
                return self._ended(Outcome.MEMORY)
            try:
                self._board = level.compiled(limits.check)
            except LimitReached as stop:
                return self._ended(stop.outcome)
            self._searches = self._start(self._board)
        board = self._board
        assert board is not None  # made with the runs
        # Whichever search ends first decides: a solution, or a space searched to the end.
        ended = self._first_to_end(self._searches, board)
        if ended is None:
            assert self._searches.stopped is not None  # only a limit stops them all
            return self._ended(self._searches.stopped)
        outcome, pushes = ended
        if outcome is not Outcome.SOLVED:
            return self._ended(outcome)
        moves = expand_pushes(board.floor, board.width, state.player, bits_of(state.boxes), pushes)
        final = level.replay(moves, state)
        if not level.is_solved(final):  # pragma: no cover - would be a solver bug
            raise AssertionError(f"solver produced a non-solution: {moves}")
        pushed = len([m for m in moves if m.isupper()])
        return SolveResult(Outcome.SOLVED, moves, pushed, self.seconds, self.nodes, self._deadlocks())

    def _first_to_end(self, searches: TimeShare[SearchEnd], board: Board) -> SearchEnd | None:
        """What the first search to end found; None when a limit stopped them all first.

        The precalculated deadlock sets are built once the searches have had
        :data:`QUICK_SECONDS`: most small levels are solved sooner and never
        pay for them (the hint's first answer comes as fast as without them).
        On a budget of positions they are built first, so that a run is the
        same on any machine.

        Built first in time as well whenever a packing-order search runs (its
        course depends on the sets it knows from the start): classic 33 was
        then solved in all 12 runs (3.3-7.0 s, most at 6.3-7.0 s) against 8 of
        11, but classic 32 lost in all 5 against solved in 3 of 4 (that search
        went 79,000 positions on it instead of 38,000); 43 classic levels
        either way in one run each. Not kept: it moves which levels near the
        time limit are lost, not how many.

        Between the quick start and the precalculated sets, on a level that
        has one, the opening search (:func:`opens_with_packing`) has its turns
        alone for :data:`OPENING_SHARE` of the time, once per :class:`Solving`.
        """
        limits = self.limits
        wanted = self.options is None or self.options.deadlock_sets
        precalculate = wanted and not board.known(DeadlockProofs).precalculation_started
        if precalculate and limits.max_nodes is None:
            ended = self._for_a_while(searches, searches.ended(), QUICK_SECONDS - self.seconds, 0)
            if ended is not None or searches.stopped is not None:
                return ended
        opening, self._opening = self._opening, None
        if opening is not None:
            searches.add(opening.run(), 1.0, opening)
            seconds = OPENING_SHARE * (limits.deadline - time.perf_counter())
            positions = int(OPENING_SHARE * (limits.max_nodes or 0))
            try:
                ended = self._for_a_while(searches, searches.alone(opening), seconds, positions)
            finally:
                searches.retire(opening)
            if ended is not None or searches.stopped is not None:
                return ended
        if precalculate:
            _precalculate_once(board, limits)
        return next(searches.ended(), None)

    def _for_a_while(
        self, searches: TimeShare[SearchEnd], turns: Iterator[SearchEnd], seconds: float, positions: int
    ) -> SearchEnd | None:
        """The first of ``turns`` to end within ``seconds`` more (on a budget of positions: ``positions``).

        None with :attr:`TimeShare.stopped` set when a limit of the whole run
        was reached first; None with it unset when only the while is over.
        """
        limits = self.limits
        deadline, max_nodes = limits.deadline, limits.max_nodes
        if max_nodes is None:
            limits.deadline = min(deadline, time.perf_counter() + max(0.0, seconds))
        else:
            limits.max_nodes = min(max_nodes, searches.nodes + positions)
        try:
            ended = next(turns, None)
        finally:
            limits.deadline, limits.max_nodes = deadline, max_nodes
        if ended is None:
            searches.stopped = limits.reached(time.perf_counter(), searches.nodes)
        return ended

    def _start(self, board: Board) -> TimeShare[SearchEnd]:
        """The searches of the portfolio (or the one of :attr:`options`), made ready to run.

        The opening search, where the level has one, is made too, and kept
        aside (:attr:`_opening`) until its turn.
        """
        stars, player = board.stars(self.state), self.state.player
        phases = (
            portfolio_for(board, stars, player, self.limits.deadline)
            if self.options is None
            else ((self.options, 1.0),)
        )
        if board.spare_stars or board.hopeless:
            # No solved position to search back from: where spare stars end up is unknown.
            phases = tuple((phase, share) for phase, share in phases if not phase.backward) or (
                (replace(phases[0][0], backward=False), 1.0),
            )
        limits = self.limits
        searches = TimeShare[SearchEnd](limits)
        forwards: list[ForwardSearch | FeatureSearch | PackingSearch] = []
        backwards: list[BackwardSearch] = []
        for kind, share in phases:
            search = search_for(kind)(board, stars, player, kind, limits)
            searches.add(search.run(), share, search)
            if isinstance(search, BackwardSearch):
                backwards.append(search)
            else:
                forwards.append(search)
        # Each search watches for positions the searches of the other direction have reached.
        for forward in forwards:
            forward.partners = backwards
        for backward in backwards:
            backward.partners = forwards
        if self.options is None and opens_with_packing(board, stars, player, limits.deadline):
            self._opening = PackingSearch(board, stars, player, PACKING_SEARCH, limits)
            self._opening.partners = backwards
        return searches

    def _ended(self, outcome: Outcome) -> SolveResult:
        return SolveResult(outcome, seconds=self.seconds, nodes=self.nodes, deadlocks=self._deadlocks())

    def _deadlocks(self) -> DeadlockStatistics | None:
        if self._board is None:
            return None
        proofs = self._board.known(DeadlockProofs)
        sets = proofs.sets
        return DeadlockStatistics(
            sets.precalculated,
            sets.learned,
            sets.build_seconds,
            proofs.searched,
            proofs.nodes,
            proofs.seconds,
            # Copies: the tallies go on growing if the search is continued.
            {question: replace(tally) for question, tally in proofs.tallies.items()},
        )


#: Seconds the searches have before the precalculated deadlock sets are built.
QUICK_SECONDS = 0.1
#: The share of the time left (or of the budget of positions) the packing-order
#: search has alone, where it opens the search (:func:`opens_with_packing`), after
#: the quick start and before the precalculated sets. It solves such a level
#: quickly or not at all: alone, Sasquatch II 232 in 0.72 s, 250 in 1.28 s,
#: Sasquatch I 162 in 0.13 s, none of which the portfolio solved in 10 s. Quiet,
#: beside YASS, 10 s a level: Sasquatch II 19 against 18 (17 before), I 30
#: against 26 (29), III and IV the same levels as before; its cost is the tenth
#: spent where it fails (Sasquatch II 246, 52 stars, 9.34 s against 7.97 s). After
#: the precalculated sets it lost 232 (8,371 positions in 0.78 s without a
#: solution, against 7,891 to solve it without them).
OPENING_SHARE = 0.1
#: The share of the time left that the precalculated deadlock sets may take, and its most.
PRECALCULATION_SHARE = 0.1
PRECALCULATION_SECONDS = 1.0


def _precalculate_once(board: Board, limits: Limits) -> None:
    """Build the level's precalculated deadlock sets, once per board, in a little of the time.

    On a budget of positions a run must not depend on the machine's speed:
    the precalculation is then bounded by the budgets of its proofs alone.
    """
    proofs = board.known(DeadlockProofs)
    if proofs.precalculation_started or board.spare_stars or board.hopeless:
        return
    proofs.precalculation_started = True
    now = time.perf_counter()
    share = min(PRECALCULATION_SHARE * (limits.deadline - now), PRECALCULATION_SECONDS)
    precalculate(board, proofs, now + share if limits.max_nodes is None else float("inf"))
