"""The clock of a game being played, the same for Star Pusher and Fifteen.

A :class:`PlayClock` counts the seconds a game is played. It runs unless
something holds it, and each hold has its reason: the front end holds it
while the game is not being played (:data:`AWAY`: the title, a list, the
help, another window in front), the session while the game shows solved
(:data:`SOLVED`) and while the player waits for the solver
(:data:`WAITING`); Fifteen's waits for the first slide (:data:`UNSTARTED`).
Several holds may be on at once: the clock runs again once the last is
released. It starts from the seconds played before (a game resumed, the
time a level was played on other days).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

#: Why a clock is held.
AWAY = "away"
SOLVED = "solved"
WAITING = "waiting"
UNSTARTED = "unstarted"


class PlayClock:
    """Seconds played: counted only while nothing holds the clock."""

    def __init__(
        self,
        seconds: float = 0.0,
        *,
        now: Callable[[], float] = time.monotonic,
        held_by: Iterable[str] = (),
    ) -> None:
        """Start from ``seconds`` played before; ``held_by``: the reasons it waits from the start."""
        self._now = now
        self._holds = set(held_by)
        #: The seconds counted up to the moment the clock last started running (all of them while held).
        self._counted = seconds
        self._since = now()
        #: The seconds counted when the store was last handed the new ones (:meth:`take_new_seconds`).
        self._handed_over = seconds

    @property
    def running(self) -> bool:
        return not self._holds

    def held_by(self, reason: str) -> bool:
        return reason in self._holds

    def seconds(self) -> float:
        """The seconds played, those from before included."""
        if self._holds:
            return self._counted
        return self._counted + self._now() - self._since

    def hold(self, reason: str) -> None:
        """Stop the clock for ``reason`` (until :meth:`release`); it stops on a tenth of a second,
        as a stopwatch does, so what is shown is what is recorded."""
        if self.running:
            self._counted = round(self.seconds(), 1)
        self._holds.add(reason)

    def release(self, reason: str) -> None:
        """``reason`` no longer holds the clock: it runs on once nothing else does."""
        if reason in self._holds:
            self._holds.discard(reason)
            if self.running:
                self._since = self._now()

    def hold_if(self, reason: str, holding: bool) -> None:
        """Hold for ``reason`` or release it, as ``holding`` says."""
        if holding:
            self.hold(reason)
        else:
            self.release(reason)

    def take_new_seconds(self, at_least: float = 0.0) -> float:
        """The seconds counted since this was last asked, for the store to add (0 below ``at_least``)."""
        new = self.seconds() - self._handed_over
        if new <= 0 or new < at_least:
            return 0.0
        self._handed_over += new
        return new


def format_time(seconds: float, *, tenths: bool = False) -> str:
    """``1:05`` (or ``1:05.3``); hours when it comes to that."""
    if tenths:
        seconds = round(seconds, 1)
    minutes, rest = divmod(seconds if tenths else int(seconds), 60)
    hours, minutes = divmod(int(minutes), 60)
    second_text = f"{rest:04.1f}" if tenths else f"{int(rest):02d}"
    return f"{hours}:{minutes:02d}:{second_text}" if hours else f"{minutes}:{second_text}"


def clock_text(clock: PlayClock, *, tenths: bool = False) -> str:
    """What a game's bar shows of its clock: ``Time 1:05``, ``(paused)`` while the solver is waited for."""
    paused = " (paused)" if clock.held_by(WAITING) else ""
    return f"Time {format_time(clock.seconds(), tenths=tenths)}{paused}"
