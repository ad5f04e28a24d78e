"""The window as Star Pusher uses it: the kit's window, the open collection and the player's place in it.

Every Star Pusher scene (play, the level list, Endless) works on
``app.collection`` and ``app.level_index``; the store learns where the player
is through :meth:`StarPusherWindow.remember_place`, so the game opens there
next time. Star Pusher's own settings (:class:`StarPusherSettings`) ride in
the window's settings, which the store keeps.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...core import Level, StarPusherError
from ...levels import Collection, collection_name, load_builtin
from ...session import MemoryProgress, Progress, unlocking_said
from ...session.shorter import ShorterSettings
from ..kit.clipboard import Clipboard
from ..kit.window import Scene, Settings, Window
from .art import CHARACTERS
from .pictures import save_screenshot


@dataclass
class StarPusherSettings:
    """What the player chose for Star Pusher (the window's own settings are the kit's)."""

    character: int = 0
    #: Levels open one by one, each when the one before it is solved.
    unlock_one_by_one: bool = False
    #: Crosses on the squares no star can be pushed onto without losing it.
    show_dead_squares: bool = False
    #: The board drawn flat, from straight above, instead of in pseudo-3D.
    flat_view: bool = False
    #: The goals numbered in the order the packing plan fills them (in play and in the editor).
    show_packing_plan: bool = False
    #: The size (by name; "" for the game's default) and difficulty of Endless levels chosen last.
    endless_size: str = ""
    endless_difficulty: str = "medium"
    #: How Make it shorter searches (the M list's optimizer settings).
    shorter: ShorterSettings = field(default_factory=ShorterSettings)


#: What K says when it shows the packing plan.
PLAN_SHOWN = (
    "Packing plan: fill the goals by their numbers, 1 first (one number: any order among them);"
    " P1: park a star there in step 1, for a while; grey: later steps."
)


class StarPusherWindow(Window):
    """A window with a collection of levels open in it (the built-in one unless told otherwise)."""

    progress: Progress

    def __init__(
        self,
        collection: Collection | None = None,
        *,
        level_index: int = 0,
        collection_name: str | None = None,
        progress: Progress | None = None,
        settings: Settings | None = None,
        save_settings: Callable[[Settings], object] | None = None,
        clipboard: Clipboard | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        collection = collection if collection is not None else load_builtin()
        if not collection.levels:
            raise StarPusherError("there is no playable level to open")
        super().__init__(
            settings=settings,
            progress=progress or MemoryProgress(),
            save_settings=save_settings,
            clipboard=clipboard,
            clock=clock,
            caption="Star Pusher",
        )
        self.collection = collection
        #: Hints and solutions are searched in a child process, so the window keeps its frames
        #: (tests that stand in for the solver in this process turn it off).
        self.hints_in_child = True
        #: How the store names the open collection (a built-in name or a file path), so the
        #: game reopens there next time; None for levels that cannot be found again (pasted).
        self.collection_name = collection_name
        self.level_index = level_index
        #: Makes the collection chooser; whoever builds the window sets it (``starpusher.gui.app``),
        #: since the chooser opens the game scenes that open it.
        self.collection_chooser: Callable[[StarPusherWindow], Scene] | None = None
        #: Opens the level editor on a copy of a level: (level, what it is called, its file,
        #: its number there). The app plugs the editor in; None: this window has none.
        self.level_editor: Callable[[StarPusherWindow, Level, str, str | None, int | None], None] | None = (
            None
        )

    @property
    def star_settings(self) -> StarPusherSettings:
        """Star Pusher's settings (change one, then hand ``settings`` to ``save_settings``)."""
        return self.settings.of(StarPusherSettings)

    # -- Star Pusher's settings, changed by a key: said, and handed to the store ---------------------

    def toggle_dead_squares(self) -> None:
        settings = self.star_settings
        settings.show_dead_squares = not settings.show_dead_squares
        if settings.show_dead_squares:
            self.say("Crosses mark dead squares: a star pushed onto one can never reach a goal.", 5)
        else:
            self.say("Dead squares are not marked (Ctrl+D shows them).", 3)
        self.save_settings(self.settings)

    def toggle_packing_plan(self) -> None:
        """The packing plan on the board, or not (K in play and in the editor); the scenes draw it."""
        settings = self.star_settings
        settings.show_packing_plan = not settings.show_packing_plan
        if settings.show_packing_plan:
            self.say(PLAN_SHOWN, 8)
        else:
            self.say("The packing plan is hidden (K shows it).", 3)
        self.save_settings(self.settings)

    def toggle_flat_view(self) -> None:
        settings = self.star_settings
        settings.flat_view = not settings.flat_view
        self.say("Flat view, from above (F: pseudo-3D)." if settings.flat_view else "Pseudo-3D view.", 2)
        self.save_settings(self.settings)

    def toggle_unlocking(self) -> None:
        settings = self.star_settings
        settings.unlock_one_by_one = not settings.unlock_one_by_one
        self.say(*unlocking_said(settings.unlock_one_by_one))
        self.save_settings(self.settings)

    def next_character(self) -> None:
        settings = self.star_settings
        settings.character = (settings.character + 1) % len(CHARACTERS)
        self.save_settings(self.settings)

    def action_screenshot(self) -> None:
        """F12 (in play): the window as it is, saved in the player's pictures folder."""
        save_screenshot(self)

    def show_collections(self) -> None:
        """C: the collection chooser over the scene shown."""
        if self.collection_chooser is not None:
            self.push(self.collection_chooser(self))

    def edit_level(self, level: Level, name: str, path: str | None = None, number: int | None = None) -> None:
        """Open the editor on a copy of ``level`` (key E); the level and its file stay as they are."""
        if self.level_editor is None:
            self.say("This window has no level editor.", 3)
        else:
            self.level_editor(self, level, name, path, number)

    def edit_collection_level(self, index: int) -> None:
        """Edit a copy of level ``index`` of the open collection, which can be saved over it."""
        collection = self.collection
        number = collection.numbers[index] if index < len(collection.numbers) else index + 1
        name = self.collection_name or ""
        path = name if os.path.isabs(name) and os.path.isfile(name) else None
        called = collection_name(collection)
        self.edit_level(collection.levels[index], f"level {number} of {called}", path, number)

    def remember_place(self) -> None:
        """Tell the store where the player is, so the game opens here next time."""
        if self.collection_name is not None:
            self.progress.set_last_played(self.collection_name, self.level_index + 1)


def star_pusher_window(window: Window) -> StarPusherWindow:
    """``window`` as Star Pusher's scenes need it, with a collection open.

    The title screen offers its games through the kit's plain :class:`Window`;
    Star Pusher's entries are only ever put in a :class:`StarPusherWindow`.
    """
    if not isinstance(window, StarPusherWindow):
        raise TypeError(f"Star Pusher needs a window with a collection open, not a {type(window).__name__}")
    return window
