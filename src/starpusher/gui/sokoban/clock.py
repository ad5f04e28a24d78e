"""The play scene's clock: the time played on the level, shown in the bar beside the counters.

The clock is the session's (:class:`~starpusher.session.timing.PlayClock`);
the scene tells it when the player is at the level (the window says when
the scene's turn comes and goes: a list or the help over it, the title, the
window in the background), pauses it while the solver is waited for, hands
its seconds to the store every few seconds, and wakes the window once a
second to show it turn. :class:`LevelClock` is a part of
:class:`~.play.PlayScene` kept apart so that the scene stays one screen of reading.
"""

from __future__ import annotations

from ...session import KEEP_TIME_EVERY, PlaySession


class LevelClock:
    """The clock's part of the play scene."""

    session: PlaySession
    #: The player's turn is here (the window says so): the level's clock runs only then.
    active = False
    #: What the bar shows of the clock: read at the window's last update, so that a frame drawn
    #: again before the next shows the same second.
    clock_shown = ""

    def active_changed(self, active: bool) -> None:
        """The level's clock runs only while it is played: not under a list, the help, nor when the
        window is in the background."""
        self.active = active
        self.session.being_played(active)

    def clock_wake(self) -> float | None:
        """Seconds until the clock on screen turns (None while it waits)."""
        timer = self.session.timer
        return 1.0 - timer.seconds() % 1.0 + 0.01 if timer.running else None

    def tick(self) -> bool:
        """Paused while the solver is waited for, kept every few seconds; whether the clock shown changed."""
        self.session.pause_while_waiting()
        self.session.keep_time(at_least=KEEP_TIME_EVERY)
        shown, before = self.session.clock_text(), self.clock_shown
        self.clock_shown = shown
        return shown != before
