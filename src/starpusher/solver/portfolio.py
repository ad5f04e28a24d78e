"""The Sokoban solver: a small portfolio of searches run side by side.

:func:`solve` runs the searches of :data:`PORTFOLIO`, each with its share of
the time: the forward search (:mod:`.forward`), and two backward searches
(:mod:`.backward`) that pull the stars from the goals back to where they
start, which is how levels of goal rooms are solved. A search that expands
a position the other direction has expanded joins the two paths into a
solution. All of them stop at one set of :class:`.limits.Limits`.

Every search is made the same way, from the board, the start, its
:class:`.SearchOptions` and the limits, and runs a turn at a time: a new one
joins the portfolio here, with a line in :data:`PORTFOLIO` and its kind in
:func:`search_for`.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from ..core import Level, State
from .backward import BackwardSearch
from .board import board_for
from .forward import ForwardSearch
from .limits import LimitReached, Limits
from .options import SearchOptions
from .outcome import Outcome, SearchEnd, SearchRun, SolveResult, expand_pushes

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

#: Any search of the portfolio: made from (board, stars, player, options, limits),
#: :meth:`run` a turn at a time, counting the positions it expands in ``nodes``.
Search = ForwardSearch | BackwardSearch


def search_for(options: SearchOptions) -> type[Search]:
    """The kind of search a member of the portfolio runs."""
    return BackwardSearch if options.backward else ForwardSearch


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
) -> SolveResult:
    """Search for a solution of ``level`` from ``state`` (default: the start).

    Stops with :attr:`.Outcome.TIMEOUT` after ``time_limit`` seconds,
    :attr:`.Outcome.MEMORY` when the search has grown by ``memory_limit_mb``,
    :attr:`.Outcome.CANCELLED` as soon as ``cancel`` is set.
    :attr:`.Outcome.UNSOLVABLE` means the whole reachable space was searched
    without pruning anything that could matter. ``options`` runs that one
    search alone instead of the :data:`PORTFOLIO`.
    """
    started = time.perf_counter()
    state = state or level.start
    limits = Limits(time_limit, memory_limit_mb, cancel)
    # The push distances from every square to every goal must fit first.
    if len(level.goals) * level.width * level.height * TABLE_BYTES_PER_ENTRY > limits.memory_limit:
        return SolveResult(Outcome.MEMORY, seconds=time.perf_counter() - started)
    try:
        board = board_for(level, limits.check)
    except LimitReached as stop:
        return SolveResult(stop.outcome, seconds=time.perf_counter() - started)
    stars = board.stars(state)
    phases: tuple[tuple[SearchOptions, float], ...] = PORTFOLIO if options is None else ((options, 1.0),)
    if board.spare_stars or board.hopeless:
        # No solved position to search back from: where spare stars end up is unknown.
        phases = tuple((phase, share) for phase, share in phases if not phase.backward) or (
            (replace(phases[0][0], backward=False), 1.0),
        )
    runs = []
    for phase, share in phases:
        search = search_for(phase)(board, stars, state.player, phase, limits)
        runs.append(_Run(search, share))
    # Each search watches for positions the searches of the other direction have reached.
    forwards = [run.search for run in runs if isinstance(run.search, ForwardSearch)]
    backwards = [run.search for run in runs if isinstance(run.search, BackwardSearch)]
    for forward in forwards:
        forward.partners = backwards
    for backward in backwards:
        backward.partners = forwards
    outcome, pushes = _share_time(runs)
    nodes = sum(run.search.nodes for run in runs)
    seconds = time.perf_counter() - started
    if outcome is not Outcome.SOLVED:
        return SolveResult(outcome, seconds=seconds, nodes=nodes)
    moves = expand_pushes(level, state, pushes)
    final = level.replay(moves, state)
    if not level.is_solved(final):  # pragma: no cover - would be a solver bug
        raise AssertionError(f"solver produced a non-solution: {moves}")
    return SolveResult(Outcome.SOLVED, moves, len([m for m in moves if m.isupper()]), seconds, nodes)


class _Run:
    """One search of the portfolio, paused between its turns, and the time it has had."""

    def __init__(self, search: Search, share: float) -> None:
        self.search = search
        self.steps: SearchRun = search.run()
        self.share = share
        self.seconds = 0.0

    def turn(self) -> SearchEnd | None:
        """Search on for a while; how the search ended and its pushes, once it has ended."""
        started = time.perf_counter()
        try:
            next(self.steps)
            return None
        except StopIteration as finished:
            ended: SearchEnd = finished.value
            return ended
        finally:
            self.seconds += time.perf_counter() - started


def _share_time(runs: list[_Run]) -> SearchEnd:
    """Give turns to the searches, each in proportion to its share, until one has the answer.

    Any search that finishes decides: a solution, a space searched to the
    end (no solution exists), or a limit reached (they all share one).
    """
    while True:
        run = min(runs, key=lambda run: run.seconds / run.share)
        ended = run.turn()
        if ended is not None:
            return ended
