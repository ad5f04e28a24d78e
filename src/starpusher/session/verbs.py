"""The games' verbs, named once for every front end, and the pace at which moves play by themselves.

As Textual names an action once ("undo") and each screen binds its own keys
to it, the games' verbs are named here, once, and each front end's key map
binds keys to these names: the window's (``starpusher.gui``) and the
terminal's (``starpusher.tui``). A front end runs a verb the session owns
by calling the session's method of that name (``session.undo()`` for
"undo"); the verbs that are only drawing (zoom, full screen) are the front
end's own, and simply absent from the other front end's map.

What follows a solve is said here too: the verbs that keep their meaning
while a level (or a Fifteen board) shows solved, so that any other key goes
on to the next level (a new shuffle) the same way in every front end.

The pace: how long a move takes on screen, from the player's step time (a
setting the store keeps, so the window's speed is the terminal's), is
:class:`Pace`, one formula with each game's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..store import STEP_SECONDS

# -- Star Pusher ---------------------------------------------------------------------------

#: The move verbs, as the LURD letters the session walks.
MOVES = {"up": "u", "down": "d", "left": "l", "right": "r"}
#: Going back or forth in the game: the play session's methods of these names.
TRAVELS = frozenset({"undo", "redo", "undo_push", "redo_push", "undo_all", "redo_all", "restart"})
#: The solver's help: the session's methods of these names (Shift+H plays a known shorter solution first).
SOLVER_VERBS = frozenset({"hint", "play_solution"})

#: Verbs that keep their meaning while a level shows solved; any other goes to the next level.
#: (A front end that has no such verb, the terminal's zoom, simply never asks.)
KEYS_AFTER_SOLVED = frozenset(
    {
        # going back, and the solve's own moves kept
        "undo",
        "undo_push",
        "undo_all",
        "restart",
        "reverse",
        "save_snapshot",
        "snapshots",
        # elsewhere than the next level
        "level_select",
        "go_to_level",
        "find",
        "collections",
        "statistics",
        "previous_level",
        "next_unsolved",
        "edit_level",
        # settings, the view, and the front end itself
        "unlock_one_by_one",
        "dead_squares",
        "flat_view",
        "turn_right",
        "turn_left",
        "mirror",
        "character",
        "instant_moves",
        "slower",
        "faster",
        "pan_up",
        "pan_down",
        "pan_left",
        "pan_right",
        "zoom_in",
        "zoom_out",
        "zoom_fit",
        "copy",
        "paste",
        "help",
        "fullscreen",
        "back",
        "quit",
    }
)

# -- Fifteen --------------------------------------------------------------------------------

#: The arrow verbs as Fifteen's move letters: the way the tile slides into the gap.
SLIDES = {"up": "U", "down": "D", "left": "L", "right": "R"}
#: Going back or forth on the board: the Fifteen session's methods of these names.
FIFTEEN_TRAVELS = frozenset({"undo", "redo", "restart"})
#: Verbs that keep their meaning while a board shows solved; any other starts a new shuffle.
FIFTEEN_KEYS_AFTER_SOLVED = frozenset(
    {
        "undo",
        "redo",
        "restart",
        "bigger",
        "smaller",
        "choose_size",
        "instant_moves",
        "slower",
        "faster",
        "help",
        "fullscreen",
        "back",
        "quit",
    }
)

# -- the pace ---------------------------------------------------------------------------------

#: Seconds one step takes until the player sets another speed (the store's setting's default).
DEFAULT_STEP_SECONDS: float = STEP_SECONDS.default


@dataclass(frozen=True)
class Pace:
    """How long a move takes on screen: moves playing by themselves (a solution) show whole in a few
    seconds, and a long queue of the player's own (a mouse path) plays faster, so nobody waits."""

    #: How much longer this game's move takes than the step time (a tile is bigger than a step).
    time_factor: float = 1.0
    #: The shortest and longest a move playing by itself takes, in step times.
    autoplay_range: tuple[float, float] = (0.35, 1.0)
    #: Moves playing by themselves that take one step time each; more go faster.
    autoplay_moves: int = 40

    def seconds(self, step_seconds: float, *, autoplay: int | None, waiting: int) -> float:
        """Seconds one move takes: ``autoplay`` moves handed over to play by themselves (None: the
        player's own), ``waiting`` more of the player's queued behind it."""
        step = step_seconds * self.time_factor
        if autoplay is not None:
            low, high = self.autoplay_range
            return step * max(low, min(high, self.autoplay_moves / max(1, autoplay)))
        return step / (1 + waiting / 4)


#: Star Pusher's pace: a solution of 40 moves or fewer at the step time, a long one at a third of it.
STAR_PUSHER_PACE = Pace()
#: Fifteen's: a slide takes a quarter longer than a step; a short solution slides slower still.
FIFTEEN_PACE = Pace(time_factor=1.25, autoplay_range=(0.4, 1.5))
