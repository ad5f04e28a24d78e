"""The speed moves play at, shared by every game: animated or instant, and how fast.

The player switches between animated and instant moves (I) and sets the
animation's speed ([ and ]); both are settings the store keeps. A game's
session keeps the moves waiting to be played; its scene animates them at this speed.
"""

from __future__ import annotations

from .window import Scene

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
    """A scene whose moves are animated or instant, at the speed the player chose."""

    #: What the messages call one move ("move", "slide").
    move_word = "move"
    #: How much longer this game's move takes than the step_seconds setting.
    time_factor = 1.0

    def action_instant_moves(self) -> None:
        settings = self.app.settings
        settings.instant_moves = not settings.instant_moves
        how = "instant" if settings.instant_moves else "animated"
        self.app.say(f"{self.move_word.capitalize()}s are {how}.", 2)
        self.app.save_settings(settings)

    def action_slower(self) -> None:
        self.change_speed(SPEED_STEP)

    def action_faster(self) -> None:
        self.change_speed(1 / SPEED_STEP)

    def change_speed(self, factor: float) -> None:
        """Make each animated move take ``factor`` times as long (animation switched on)."""
        settings = self.app.settings
        low, high = STEP_SECONDS_RANGE
        settings.step_seconds = round(max(low, min(high, settings.step_seconds * factor)), 3)
        settings.instant_moves = False
        seconds = settings.step_seconds * self.time_factor
        self.app.say(f"Animated {self.move_word}s, {seconds:.2f} s each.", 2)
        self.app.save_settings(settings)
