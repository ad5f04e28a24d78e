"""Make it shorter: a solution of the level being played, made shorter by the optimizer in the background.

A front end offers it on any solution it lists (the player's or a known
one): the optimizer (:mod:`starpusher.optimize`) runs in the background as
the player's :class:`ShorterSettings` say (for how long, fewest pushes or
fewest moves, how wide it looks), the front end shows how far it has come
(:meth:`Shortening.progress`) and may stop it at any time, keeping the best
found so far. A shorter solution is kept as a *known* solution of the level
(``keep_known_solution`` of the store), never as the player's own best.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..background import CancelToken
from ..optimize import Metric, Optimized, Optimizing
from ..optimize.vicinity import MOST_STARS_OFF
from ..store import SHORTER_METRIC, SHORTER_SECONDS, SHORTER_STARS_OFF, Setting, Solution
from .play import PlaySession

SHORTEN_MEMORY_MB = 512

#: What the settings offer: seconds the optimizer searches before it stops by itself (asked
#: again, it goes on from the best), and how many stars the vicinity search lets off the
#: solution's squares at a time (wider finds more, and each search takes longer).
SECONDS_CHOICES = (10, 30, 60, 120, 300, 600)
STARS_OFF_CHOICES = (1, 2, 3, 4, 5)
#: What each setting does, in the order :meth:`ShorterSettings.describe` lists them (every front end's).
SETTING_HINTS = (
    "It stops by itself then; S or Esc stops it sooner, keeping the best found.",
    "Fewest pushes, or fewest moves; the other count breaks ties.",
    "How far from the solution it looks: wider finds more, and slower.",
)


@dataclass(frozen=True)
class ShorterSettings:
    """How Make it shorter searches, as the player set it (YASC's optimizer settings)."""

    seconds: int = 30
    metric: Metric = Metric.PUSHES
    #: How wide the vicinity search looks: the most stars off the best solution's squares.
    stars_off: int = MOST_STARS_OFF

    def describe(self) -> list[tuple[str, str]]:
        """Each setting's name and value, in words, in the order they are set."""
        return [
            ("Time", _duration(self.seconds)),
            ("Fewest", f"{self.metric.value}, then {self.metric.other.value}"),
            ("Vicinity", f"up to {self.stars_off} star{'' if self.stars_off == 1 else 's'} off the solution"),
        ]

    @classmethod
    def stored(cls, get_setting: Callable[[Setting[Any]], Any]) -> ShorterSettings:
        """The settings as the store keeps them (``get_setting``: the store's), for either front end."""
        metric = Metric(get_setting(SHORTER_METRIC))
        return cls(get_setting(SHORTER_SECONDS), metric, get_setting(SHORTER_STARS_OFF))

    def to_store(self) -> dict[Setting[Any], Any]:
        """The store's settings that keep these."""
        return {
            SHORTER_SECONDS: self.seconds,
            SHORTER_METRIC: self.metric.value,
            SHORTER_STARS_OFF: self.stars_off,
        }

    def changed(self, row: int, step: int) -> ShorterSettings:
        """The settings with the ``row``-th of :meth:`describe` one choice further (``step`` +1 or -1)."""
        if row == 0:
            return ShorterSettings(stepped(SECONDS_CHOICES, self.seconds, step), self.metric, self.stars_off)
        if row == 1:
            return ShorterSettings(self.seconds, self.metric.other, self.stars_off)
        return ShorterSettings(self.seconds, self.metric, stepped(STARS_OFF_CHOICES, self.stars_off, step))


def stepped(choices: Sequence[int], value: int, step: int) -> int:
    """The choice after ``value`` (``step`` 1) or before it (-1), staying at the ends.

    ``value`` may be none of the choices (a setting written by hand): the
    nearest choice that way is next.
    """
    if step > 0:
        return next((choice for choice in choices if choice > value), choices[-1])
    return next((choice for choice in reversed(choices) if choice < value), choices[0])


def _duration(seconds: int) -> str:
    """'30 s', '2 min', '1 min 30 s'."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{seconds} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


class Shortening:
    """One solution being made shorter in the background.

    ``finished`` is called (in the front end's thread) once it is over: ended
    by itself, or stopped by :meth:`stop`, with the shorter solution kept.
    """

    def __init__(
        self,
        session: PlaySession,
        moves: str,
        settings: ShorterSettings,
        finished: Callable[[Optimized], None],
    ) -> None:
        """Raises a :class:`.StarPusherError` when ``moves`` do not solve the level."""
        self.session = session
        self.metric = settings.metric
        self.finished = finished
        self.optimizing = Optimizing(
            session.level,
            moves,
            settings.metric,
            memory_limit_mb=SHORTEN_MEMORY_MB,
            stars_off=settings.stars_off,
        )
        self.result: Optimized | None = None
        self.seconds = settings.seconds
        self._started = time.monotonic()

        def work(token: CancelToken) -> Optimized:
            return self.optimizing.run(settings.seconds, cancel=token.event)

        self._task = session.assistant.tasks.submit(
            "Making it shorter", work, self._finish, self._failed, describe=self.progress
        )

    @property
    def running(self) -> bool:
        return self.result is None and not self._task.token.cancelled

    def progress(self) -> str:
        """How far it has come: the best counts so far, for how long it has looked and may look."""
        optimizing = self.optimizing
        seconds = time.monotonic() - self._started
        counts = _counts(optimizing.moves, optimizing.pushes, self.metric)
        return f"Making it shorter: {counts}, {seconds:.0f} of {_duration(self.seconds)}"

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
