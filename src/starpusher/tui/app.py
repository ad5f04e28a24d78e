"""Star Pusher's terminal: the collection open, the player's settings, and where the player is.

The terminal's counterpart of the window's ``StarPusherWindow``: it keeps
the collection being played and the name the store knows it by, the
player's settings (read from the store, written back when they change),
and remembers the level played, so that ``starpusher play --terminal`` with
no file opens there next time, as the window does. Its screens are plugged
in by :func:`starpusher.tui.play_in_terminal` (``player``, ``chooser``), so
no screen imports another in a circle.
"""

from __future__ import annotations

import curses
import time
from collections.abc import Callable

from ..core import Level
from ..levels import Collection
from ..session import Progress, unlocking_said
from ..session.shelves import skipped_message
from ..store import DEAD_SQUARES, INSTANT_MOVES, STEP_SECONDS, UNLOCK_ONE_BY_ONE
from .kit import Screen, TerminalApp


class StarPusherApp(TerminalApp):
    """A collection of Star Pusher levels played in the terminal, kept in ``progress``."""

    def __init__(
        self,
        window: curses.window,
        progress: Progress,
        *,
        player: Callable[[StarPusherApp, int], Screen],
        chooser: Callable[[StarPusherApp], Screen],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``player(app, index)`` makes the screen that plays level ``index`` of the collection open;
        ``chooser(app)`` the collection chooser."""
        super().__init__(window, clock=clock)
        self.progress = progress
        self.player = player
        self.chooser = chooser
        self.collection = Collection(source="")
        #: How the store knows the collection (a built-in name or a path; None: it cannot find it again).
        self.collection_name: str | None = None
        self.one_by_one = progress.get_setting(UNLOCK_ONE_BY_ONE)
        self.dead_squares = progress.get_setting(DEAD_SQUARES)
        #: The pace of moves that play by themselves: the player's speed, the window's too.
        self.step_seconds = progress.get_setting(STEP_SECONDS)
        self.instant_moves = progress.get_setting(INSTANT_MOVES)
        #: The hint and the solution are searched in a child process, as in the window, so keys
        #: are answered at once while the solver thinks (a test standing in for it turns it off).
        self.hints_in_child = True

    @property
    def levels(self) -> list[Level]:
        return self.collection.levels

    def open_collection(self, collection: Collection, index: int = 0, *, name: str | None) -> None:
        """Play ``collection`` from level ``index``; ``name``: how the store finds it again."""
        self.collection, self.collection_name = collection, name
        self.hush()
        self.replace(self.player(self, index))
        if collection.problems or collection.notices:
            self.say(skipped_message(collection), 10)

    def remember_place(self, index: int) -> None:
        """The player is on level ``index``: next time, the game opens here."""
        if self.collection_name is not None:
            self.progress.set_last_played(self.collection_name, index + 1)

    def show_collections(self) -> None:
        self.push(self.chooser(self))

    # -- settings ----------------------------------------------------------------

    def toggle_unlocking(self) -> None:
        self.one_by_one = not self.one_by_one
        self.progress.set_settings({UNLOCK_ONE_BY_ONE: self.one_by_one})
        self.say(*unlocking_said(self.one_by_one))

    def toggle_dead_squares(self) -> None:
        self.dead_squares = not self.dead_squares
        self.progress.set_settings({DEAD_SQUARES: self.dead_squares})
        if self.dead_squares:
            self.say("Dead squares marked x: a star pushed onto one can never reach a goal.", 5)
        else:
            self.say("Dead squares are not marked (Ctrl+D shows them).", 3)
