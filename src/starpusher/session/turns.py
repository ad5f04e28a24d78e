"""Whose turn it is in a front end: the screen on top, while the front end has the keyboard.

A game's clock runs only while the player is at the game, so both front
ends (the window's scene stack, the terminal's screens) tell a screen when
the player's turn comes to it and when it goes (``active_changed``):
another screen opened over it or it closed, the window lost the keyboard or
was minimised. A key or a click in the window gives it the keyboard back,
whatever the desktop said.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class TakesTurns(Protocol):
    def active_changed(self, active: bool) -> None: ...


class Turns:
    """The scene whose turn it is, told when it changes."""

    def __init__(self) -> None:
        self.active: TakesTurns | None = None
        #: Whether the window has the keyboard.
        self.focused = True

    def note(self, scenes: Sequence[TakesTurns]) -> None:
        """The scenes changed: tell the one the player leaves, then the one the player comes to."""
        active = scenes[-1] if scenes and self.focused else None
        if active is self.active:
            return
        left, self.active = self.active, active
        if left is not None:
            left.active_changed(False)
        if active is not None:
            active.active_changed(True)

    def focus(self, focused: bool, scenes: Sequence[TakesTurns]) -> None:
        """The window got the keyboard (True) or lost it."""
        self.focused = focused
        self.note(scenes)
