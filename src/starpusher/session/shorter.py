"""Make it shorter: a solution of the level being played, made shorter by the optimizer in the background.

A front end offers it on any solution it lists (the player's or a known
one): the optimizer (:mod:`starpusher.optimize`) runs in the background for
up to :data:`SHORTEN_SECONDS`, the front end shows how far it has come
(:meth:`Shortening.progress`) and may stop it at any time, keeping the best
found so far. A shorter solution is kept as a *known* solution of the level
(``keep_known_solution`` of the store), never as the player's own best.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..background import CancelToken
from ..optimize import Metric, Optimized, Optimizing
from ..store import Solution
from .play import PlaySession

#: How long the optimizer searches before it stops by itself (asked again, it goes on from the best).
SHORTEN_SECONDS = 30.0
SHORTEN_MEMORY_MB = 512


class Shortening:
    """One solution being made shorter in the background.

    ``finished`` is called (in the front end's thread) once it is over: ended
    by itself, or stopped by :meth:`stop`, with the shorter solution kept.
    """

    def __init__(
        self, session: PlaySession, moves: str, metric: Metric, finished: Callable[[Optimized], None]
    ) -> None:
        """Raises a :class:`.StarPusherError` when ``moves`` do not solve the level."""
        self.session = session
        self.metric = metric
        self.finished = finished
        self.optimizing = Optimizing(session.level, moves, metric, memory_limit_mb=SHORTEN_MEMORY_MB)
        self.result: Optimized | None = None
        self._started = time.monotonic()

        def work(token: CancelToken) -> Optimized:
            return self.optimizing.run(SHORTEN_SECONDS, cancel=token.event)

        self._task = session.assistant.tasks.submit(
            "Making it shorter", work, self._finish, self._failed, describe=self.progress
        )

    @property
    def running(self) -> bool:
        return self.result is None and not self._task.token.cancelled

    def progress(self) -> str:
        """How far it has come: the best counts so far, and for how long it has looked."""
        optimizing = self.optimizing
        seconds = time.monotonic() - self._started
        return (
            f"Making it shorter: {_counts(optimizing.moves, optimizing.pushes, self.metric)}, {seconds:.0f} s"
        )

    def stop(self) -> None:
        """Stop now, keeping the best solution found so far."""
        if self.running:
            self._task.cancel()
            self._finish(self.optimizing.result())

    def cancel(self) -> None:
        """Stop now and forget it (the level is left, the window closes)."""
        self._task.cancel()

    def _finish(self, result: Optimized) -> None:
        if self.result is not None:
            return
        self.result = result
        session = self.session
        metric = result.metric
        kept = False
        if result.improved:
            optimal_by = metric.value if result.optimal else None
            made_from = Solution.of_played(self.optimizing.given)
            kept = bool(
                session.progress.keep_known_solution(
                    session.level, result.moves, optimal_by=optimal_by, made_from=made_from
                )
            )
        session.say(_summary(result, kept), 8)
        self.finished(result)

    def _failed(self, error: BaseException) -> None:
        self.session.say(f"The optimizer failed: {error}", 5)


def _counts(moves: int, pushes: int, metric: Metric) -> str:
    """'153 pushes, 512 moves': both counts, the metric's first."""
    pushes_text = f"{pushes} push{'' if pushes == 1 else 'es'}"
    moves_text = f"{moves} move{'' if moves == 1 else 's'}"
    return f"{pushes_text}, {moves_text}" if metric is Metric.PUSHES else f"{moves_text}, {pushes_text}"


def _summary(result: Optimized, kept: bool) -> str:
    """What the player is told when it is over."""
    metric = result.metric
    now = _counts(len(result.moves), result.pushes, metric)
    proven = f"; no solution has fewer {metric.value}" if result.optimal else ""
    if result.improved:
        was = _counts(result.given_moves, result.given_pushes, metric)
        where = " Kept among the known solutions (M)." if kept else ""
        return f"Shorter: {now} (was {was}){proven}.{where}"
    if result.optimal:
        return f"Already the fewest {metric.value}: {now}, proven."
    return f"No shorter solution found in {result.seconds:.0f} s ({now})."
