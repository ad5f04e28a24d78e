"""The optimizer: a solution made shorter by two searches sharing the time.

* The *proof* (:mod:`.search`): an A* over the whole level for a solution
  cheaper than the best known. On small levels it finishes, with either
  the optimal solution or the proof that the best known is optimal.
* The *vicinity search* (:mod:`.vicinity`): cheaper ways through the
  positions near the best solution. It finds most of what there is to
  find on levels far too big for the proof, and brings the moves down too.

They take turns, as the solver's searches do (:mod:`.solver.portfolio`),
and a better solution found by one bounds the other at once. The result is
never worse than the solution given: that one, walked the shortest way
between its pushes, is the first best.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator
from dataclasses import dataclass

from ..bitboard import Board
from ..core import Level, count_pushes
from ..solver.collector import collector_paused
from ..solver.limits import LimitReached, Limits
from ..solver.outcome import Outcome
from ..solver.sharing import TimeShare
from .metric import Metric
from .search import CheapestSolution, Target
from .trail import Trail
from .vicinity import MOST_STARS_OFF, VicinitySearch

#: The proof's share of the time while both searches run.
PROOF_SHARE = 0.3


@dataclass(frozen=True)
class Optimized:
    """What the optimizer made of a solution: ``moves`` replayed and checked."""

    moves: str
    pushes: int
    metric: Metric
    #: Proven: no solution has fewer pushes (or moves, by the metric).
    optimal: bool
    seconds: float
    #: The counts of the solution given (moves after the solve left out).
    given_moves: int
    given_pushes: int
    #: How it ended: ``FINISHED`` when both searches ran to their end, else the limit that stopped them.
    status: Outcome = Outcome.FINISHED
    #: Positions examined.
    nodes: int = 0

    @property
    def improved(self) -> bool:
        """Shorter than the solution given, by the metric (the other count breaking ties)."""
        metric = self.metric
        return metric.cost(len(self.moves), self.pushes) < metric.cost(self.given_moves, self.given_pushes)


def optimize(
    level: Level,
    moves: str,
    metric: Metric = Metric.PUSHES,
    *,
    time_limit: float = 10.0,
    memory_limit_mb: float = 1024,
    cancel: threading.Event | None = None,
    max_nodes: int | None = None,
    stars_off: int = MOST_STARS_OFF,
) -> Optimized:
    """A solution of ``level`` at least as short as ``moves`` by ``metric``, found within the limits.

    ``moves`` must solve the level, else a :class:`.StarPusherError` says why.
    ``max_nodes`` stops after that many positions, and shares the time by
    positions: the same run on any machine. ``stars_off``: how wide the
    vicinity search looks (:class:`.VicinitySearch`).
    """
    optimizing = Optimizing(
        level,
        moves,
        metric,
        memory_limit_mb=memory_limit_mb,
        cancel=cancel,
        max_nodes=max_nodes,
        stars_off=stars_off,
    )
    return optimizing.run(time_limit)


class Optimizing:
    """An optimization that can be watched while it runs and stopped.

    The window runs one as a background task: it shows :attr:`pushes` and
    :attr:`moves` of the best solution so far, and a cancel stops it with
    that solution.
    """

    def __init__(
        self,
        level: Level,
        moves: str,
        metric: Metric = Metric.PUSHES,
        *,
        memory_limit_mb: float = 1024,
        cancel: threading.Event | None = None,
        max_nodes: int | None = None,
        stars_off: int = MOST_STARS_OFF,
    ) -> None:
        """Raises a :class:`.StarPusherError` when ``moves`` do not solve ``level``."""
        self.level = level
        self.metric = metric
        #: How wide the vicinity search looks: the most stars off the best solution's squares at a time.
        self.stars_off = stars_off
        self.limits = Limits(0.0, memory_limit_mb, cancel, max_nodes=max_nodes)
        #: The moves given, as the rules played them, up to the solve.
        self.given = level.played_solution(moves)
        self._best: Trail | None = None
        #: Proven: no solution is cheaper than the best, by the metric's first count.
        self.optimal = False
        self._searches: list[CheapestSolution | VicinitySearch] = []
        self._started = time.perf_counter()

    @property
    def pushes(self) -> int:
        """Pushes of the best solution so far (read by the window while this runs)."""
        return count_pushes(self.given) if self._best is None else len(self._best)

    @property
    def moves(self) -> int:
        """Moves of the best solution so far."""
        return len(self.given) if self._best is None else self._best.moves

    @property
    def nodes(self) -> int:
        """Positions examined so far."""
        return sum(search.nodes for search in self._searches)

    def run(self, time_limit: float, cancel: threading.Event | None = None) -> Optimized:
        """Optimize for at most ``time_limit`` seconds; the best solution found by then.

        ``cancel``, when given, stops it instead of the one it was made with.
        """
        if cancel is not None:
            self.limits.cancel = cancel
        self._started = time.perf_counter()
        self.limits.deadline = self._started + time_limit
        level = self.level
        try:
            with collector_paused():
                board = level.compiled(self.limits.check)
                self._best = Trail.of_solution(level, board, self.given, self.limits.check)
                status = self._search(board)
        except LimitReached as stop:
            status = stop.outcome
        return self.result(status)

    def result(self, status: Outcome = Outcome.CANCELLED) -> Optimized:
        """The best solution so far, as the result of a run that ended with ``status``.

        The command line asks for it when Ctrl+C stops a run, the window when
        the player stops one (while it still runs, in another thread).
        """
        given, trail = self.given, self._best  # read once: the search may still run in another thread
        return self._result(given if trail is None else trail.lurd(self.level), status, self.optimal)

    def unchanged(self, status: Outcome) -> Optimized:
        """The solution given as the result, not said to be optimal: for a run stopped before its
        best could be written out."""
        return self._result(self.given, status, optimal=False)

    def _result(self, best: str, status: Outcome, optimal: bool) -> Optimized:
        given = self.given
        return Optimized(
            best,
            count_pushes(best),
            self.metric,
            optimal,
            time.perf_counter() - self._started,
            len(given),
            count_pushes(given),
            status,
            self.nodes,
        )

    def offer(self, trail: Trail) -> bool:
        """Keep ``trail`` if it is better than the best so far; whether it was."""
        if self._best is not None and trail.cost(self.metric) >= self._best.cost(self.metric):
            return False
        self._best = trail
        return True

    def best(self) -> Trail:
        """The best solution so far (once :meth:`run` has begun)."""
        assert self._best is not None
        return self._best

    def _search(self, board: Board) -> Outcome:
        """The proof and the vicinity search in turns, each by its share, until both end or a limit."""
        vicinity = VicinitySearch(
            self.level, board, self.metric, self.limits, self.best, self.offer, stars_off=self.stars_off
        )
        proof = self._proof_search(board)
        self._searches = [vicinity, proof]
        searches = TimeShare[None](self.limits)
        searches.add(self._proof(board, proof), PROOF_SHARE, proof)
        searches.add(vicinity.run(), 1 - PROOF_SHARE, vicinity)
        for _ in searches.ended():
            pass  # each runs to its end: the other goes on
        return searches.stopped or Outcome.FINISHED

    def _proof_search(self, board: Board) -> CheapestSolution:
        """An A* over the whole level for a solution cheaper than the best.

        For the fewest pushes walking is free, so the positions are far
        fewer; the vicinity search sees to the moves.
        """
        metric = self.metric
        if metric is Metric.PUSHES:
            return CheapestSolution(board, self.limits, self._best_pushes, push_unit=1, move_unit=0)
        push_unit, move_unit = metric.push_unit, metric.move_unit
        return CheapestSolution(board, self.limits, self._best_cost, push_unit=push_unit, move_unit=move_unit)

    def _proof(self, board: Board, search: CheapestSolution) -> Generator[None, None, None]:
        """Search the whole level for a cheaper solution: the optimum, or none in time."""
        start = self.best()
        outcome, pushes = yield from search.run(start.stars[0], start.players[0], Target.goals(board))
        if outcome is Outcome.SOLVED:
            self.offer(Trail.of_pushes(board, self.level, pushes))
        self.optimal = True

    def _best_pushes(self) -> int:
        return len(self.best())

    def _best_cost(self) -> int:
        return self.best().cost(self.metric)
