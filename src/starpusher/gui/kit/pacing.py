"""Moves that play by themselves, and the speed they play at: shared by both games.

A scene queues moves (keys pressed faster than the animation, a solution, a
pasted LURD line) and plays them one animation after another. The player
switches between animated and instant moves (I) and sets the animation's speed
([ and ]); both are settings the store keeps.
"""

from __future__ import annotations

from collections import deque

from .window import Scene, Window

#: Each [ or ] press changes the seconds a step takes by this factor, within these bounds.
SPEED_STEP = 1.25
STEP_SECONDS_RANGE = (0.02, 0.5)


class Timed:
    """An animation's clock: subclasses (dataclasses) have ``duration`` and ``elapsed`` seconds."""

    duration: float
    elapsed: float

    @property
    def fraction(self) -> float:
        """How far along, from 0 to 1 (1 at once for an instant move)."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class PacedScene(Scene):
    """A scene with a queue of moves to play, animated or instant."""

    #: What the messages call one move: "move" in Star Pusher, "slide" in Fifteen.
    move_word = "move"
    #: How much longer this game's move takes than the step_seconds setting.
    time_factor = 1.0

    def __init__(self, app: Window) -> None:
        super().__init__(app)
        #: Moves waiting to be played, as LURD letters.
        self.queue: deque[str] = deque()
        #: Seconds per move while moves play by themselves (a solution); None otherwise.
        self.pace: float | None = None

    def stop_playing(self) -> None:
        """Forget the moves still queued (the player took over)."""
        if self.pace is not None and self.queue:
            self.app.say("Stopped.", 2)
        self.queue.clear()
        self.pace = None

    def toggle_instant(self) -> None:
        settings = self.app.settings
        settings.instant_moves = not settings.instant_moves
        how = "instant" if settings.instant_moves else "animated"
        self.app.say(f"{self.move_word.capitalize()}s are {how}.", 2)
        self.app.save_settings(settings)

    def change_speed(self, factor: float) -> None:
        """Make each animated move take ``factor`` times as long (animation switched on)."""
        settings = self.app.settings
        low, high = STEP_SECONDS_RANGE
        settings.step_seconds = round(max(low, min(high, settings.step_seconds * factor)), 3)
        settings.instant_moves = False
        seconds = settings.step_seconds * self.time_factor
        self.app.say(f"Animated {self.move_word}s, {seconds:.2f} s each.", 2)
        self.app.save_settings(settings)
