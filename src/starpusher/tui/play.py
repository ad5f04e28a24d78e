"""Playing a level in the terminal: the play session's verbs on keys and clicks, the board in characters.

The game is the level's :class:`~starpusher.session.PlaySession`, as in the
window: it applies the moves, keeps the history, knows when the level is
solved and talks to the store and the solver. This screen turns keys into
the verbs named in :mod:`starpusher.session.verbs` and clicks into the
mouse's walks and pushes (:class:`~starpusher.session.choice.StarChoice`,
the window's own), and draws what the session holds. What undo never
touches is the screen's own: where the board is scrolled, the chosen star.
"""

from __future__ import annotations

import curses
from collections.abc import Callable

from ..core import Level
from ..levels import collection_name, display_title
from ..session import (
    KEEP_TIME_EVERY,
    CollectionEnd,
    PlaySession,
    Step,
    collection_end,
    level_after,
    level_before,
    unsolved_after,
)
from ..session.choice import StarChoice
from ..session.replay import Replay
from ..session.verbs import KEYS_AFTER_SOLVED, MOVES, SOLVER_VERBS, STAR_PUSHER_PACE, TRAVELS
from . import screen
from .app import StarPusherApp
from .board import BoardView
from .keys import KEY_MAP, MOUSE_HELP, action_for
from .kit import RIGHT, Screen
from .levels import LevelListScreen
from .positions import NameScreen, PositionsScreen
from .replay import ReplayScreen

#: The columns the top bar keeps for the place and the title before it shows the clock too.
TITLE_ROOM = 34
#: Keys pressed this soon after a solve are still the winning push's, not "go on".
SOLVED_GRACE_SECONDS = 0.4
#: What the key line under the board offers (in a narrow terminal, the keys in the middle give way).
FOOTER = (
    "arrows move",
    "z undo",
    "r restart",
    "n/b next/prev",
    "l levels",
    "c collections",
    "m snapshots",
    "v backwards",
    "h hint",
    "? help",
    "q quit",
)
SOLVED_FOOTER = ("any key: next level", "z undo", "r play again", "m replay", "l levels", "q quit")
LAST_SOLVED_FOOTER = ("n: level 1", "j unsolved", "c collections", "z undo", "m replay", "q quit")
BACKWARDS_FOOTER = ("step away: pull", "v forward", "z undo", "r restart", "? help", "q quit")


class PlayScreen(Screen):
    """One level of the open collection, played by keys and clicks."""

    app: StarPusherApp
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP

    def __init__(self, app: StarPusherApp, index: int) -> None:
        super().__init__(app)
        self._solved_at = 0.0
        self._next_step = 0.0
        #: The digit of the last "go to level" key: the start of the number the level list goes to.
        self._typed = ""
        #: What is left of the collection once its last level is solved (worked out once per solve).
        self._end: tuple[PlaySession, CollectionEnd] | None = None
        #: The player's turn is here (the app says so): the level's clock runs only then.
        self.active = False
        self._open(index)

    # -- levels ----------------------------------------------------------------

    @property
    def levels(self) -> list[Level]:
        return self.app.levels

    def _open(self, index: int) -> None:
        self.index = index % len(self.levels)
        app = self.app
        app.hush()
        level, child = self.levels[self.index], app.hints_in_child
        self.session = PlaySession(
            level, app.progress, say=app.say, tasks=app.tasks, search_in_child=child, clock=app.clock
        )
        self.session.being_played(self.active)
        self.view = BoardView(self.session.level)
        self.chosen = StarChoice(self.session)
        app.remember_place(self.index)
        if self.session.saved_game_unfit:
            app.say("The saved game of this level did not fit it; starting afresh.", 5)
        if self.session.known_left_out:
            app.say(self.session.known_left_out, 8)
        if self.session.time_left_out:
            app.say(self.session.time_left_out, 8)

    def switch_level(self, index: int) -> None:
        self.session.leave()
        self._open(index)

    def leave(self) -> None:
        self.session.leave()

    def active_changed(self, active: bool) -> None:
        """The level's clock runs only while it is played: not under a list, the help or a replay."""
        self.active = active
        self.session.being_played(active)

    @property
    def on_last_level(self) -> bool:
        return self.index == len(self.levels) - 1

    def collection_end(self) -> CollectionEnd:
        """What is left of the collection (asked of the store once per solve of the last level)."""
        if self._end is None or self._end[0] is not self.session:
            self._end = (self.session, collection_end(self.app.progress, self.levels, self.app.one_by_one))
        return self._end[1]

    # -- keys and clicks ----------------------------------------------------------------

    def key(self, key: str) -> None:
        action = action_for(key, self.key_map)
        if action == "go_to_level":
            self._typed = key
        if self.session.solved and action not in KEYS_AFTER_SOLVED:
            # "The next key goes to the next level" (not a key still held from the winning push).
            if action == "next_level" or self.app.clock() - self._solved_at >= SOLVED_GRACE_SECONDS:
                self.go_on(action)
            return
        if action is not None:
            self.act(action)

    def act(self, action: str) -> None:
        """Moves and the game's verbs go to the session (``session.undo`` for "undo"); the rest are
        this screen's ``action_<name>``."""
        session = self.session
        if action in MOVES:
            if session.walk(MOVES[action]):
                self.chosen.star = None
                self._played(session.play_queued(all_of_them=True))
        elif action in TRAVELS:
            self.travel(getattr(session, action))
        elif action in SOLVER_VERBS:
            getattr(session, action)()
        else:
            super().act(action)

    def go_on(self, action: str | None = None) -> None:
        """The key (``action``) or click after a solve: the next level; any but N on the last level
        says what is left, rather than going round again."""
        if self.on_last_level and action != "next_level":
            self.app.say(self.collection_end().after_the_last(), 6)
        else:
            self.action_next_level()

    def mouse(self, x: int, y: int, button: int) -> None:
        """A click walks there, chooses a star or pushes the chosen one there, as in the window."""
        if button == RIGHT:
            self.chosen.star = None
        elif self.session.solved:
            self.go_on()
        elif self.session.queue.autoplay is not None:
            self.session.stop_playing()  # a click stops moves playing by themselves
        else:
            self.chosen.click(self.view.square_at(x, y))

    def travel(self, change: Callable[[], object]) -> None:
        """Undo, redo, restart...: the chosen star is forgotten."""
        self.chosen.star = None
        change()

    def take_over(self, moves: str, *, helped: bool) -> None:
        """Go on from a replay's position as the player's own game (undo takes it back)."""
        self.travel(lambda: self.session.take_over(moves, helped=helped))

    def replay(self, moves: str, label: str, *, helped: bool) -> None:
        """Show ``moves`` (a solution) step by step over the game, which waits untouched."""
        self.session.stop_playing()
        self.session.assistant.cancel()
        self.chosen.star = None
        replay = Replay(self.session.level, moves, label, helped=helped)
        self.app.push(ReplayScreen(self.app, replay, take_over=self.take_over))

    # -- the screen's own actions ----------------------------------------------------------------

    def action_next_level(self) -> None:
        app = self.app
        index = level_after(app.progress, self.levels, self.index, app.one_by_one, app.say)
        if index is not None:
            self.switch_level(index)

    def action_previous_level(self) -> None:
        app = self.app
        self.switch_level(level_before(app.progress, self.levels, self.index, app.one_by_one))

    def action_next_unsolved(self) -> None:
        app = self.app
        index = unsolved_after(app.progress, self.levels, self.index, app.one_by_one, app.say)
        if index is not None:
            self.switch_level(index)

    def action_reverse(self) -> None:
        """V: play backwards from the solved position, or forward again."""
        self.travel(self.session.toggle_reverse)

    def action_save_snapshot(self) -> None:
        self.app.push(NameScreen(self.app, self.session))

    def action_snapshots(self) -> None:
        self.app.push(PositionsScreen(self.app, self))

    def action_level_select(self) -> None:
        self.app.push(LevelListScreen(self.app, self))

    def action_go_to_level(self) -> None:
        """A digit: the level list, with the number of the level to go to begun."""
        self.app.push(LevelListScreen(self.app, self, typed=self._typed))

    def action_find(self) -> None:
        self.app.push(LevelListScreen(self.app, self, finding=True))

    def action_unsolved_only(self) -> None:
        self.app.push(LevelListScreen(self.app, self, unsolved_only=True))

    def action_collections(self) -> None:
        self.app.show_collections()

    def action_unlock_one_by_one(self) -> None:
        self.app.toggle_unlocking()

    def action_dead_squares(self) -> None:
        self.app.toggle_dead_squares()

    # -- time ----------------------------------------------------------------

    def update(self) -> None:
        """The player's own moves (a click's path) play at once; a solution plays one move at a time,
        at the pace every front end shares, so the player sees it."""
        session, app = self.session, self.app
        session.pause_while_waiting()
        session.keep_time(at_least=KEEP_TIME_EVERY)
        if not session.queue:
            return
        if session.queue.autoplay is None or app.instant_moves:
            self._played(session.play_queued(all_of_them=True))
        elif app.clock() >= self._next_step:
            step = session.play_queued(all_of_them=False)
            waiting = len(session.queue)
            autoplay = step.autoplay if step is not None else None
            self._next_step = app.clock() + STAR_PUSHER_PACE.seconds(
                app.step_seconds, autoplay=autoplay, waiting=waiting
            )
            self._played(step)

    def wake_in(self) -> float | None:
        return max(0.0, self._next_step - self.app.clock()) if self.session.queue else None

    def _played(self, step: Step | None) -> None:
        if step is not None and step.solved:
            self._solved_at = self.app.clock()

    # -- drawing ----------------------------------------------------------------

    def status(self) -> str:
        """The line under the board: what was just said, what the solver is doing, or how the level stands."""
        session, said = self.session, self.app.said()
        if session.solved and (not said or said.rstrip(".") in session.note):
            solved = f"Solved! {session.note}"  # the solve's own words, said once
            return f"{solved} {self.collection_end().left}." if self.on_last_level else solved
        if said:
            return said  # what a key just did (a setting switched while the level shows solved)
        working = self.app.working()
        if working:
            return working + "..."
        return session.standing()

    def counts(self, columns: int) -> str:
        """The counters and the clock; in a narrow terminal the clock gives way to the level's title."""
        counts = self.session.counters()
        with_clock = f"{counts}   {self.session.clock_text()}"
        return with_clock if columns - len(with_clock) >= TITLE_ROOM else counts

    def footer(self) -> tuple[str, ...]:
        if self.session.solved:
            return LAST_SOLVED_FOOTER if self.on_last_level else SOLVED_FOOTER
        return BACKWARDS_FOOTER if self.session.reverse is not None else FOOTER

    def draw(self, window: curses.window) -> None:
        session, app = self.session, self.app
        rows, columns = window.getmaxyx()
        # Whatever is said is read whole: a long message takes more lines, and the board fewer.
        status = screen.wrap(self.status(), columns, most=max(1, (rows - screen.BARS) // 2))
        height = rows - screen.BARS - (len(status) - 1)
        self.view.follow(session.state.player, columns, height)
        backwards = session.reverse is not None
        place = ("BACKWARDS  " if backwards else "") + f"Level {self.index + 1} of {len(self.levels)}"
        title = display_title(session.level.title) or collection_name(app.collection)
        look = "backwards" if backwards else "bar"
        screen.bar(window, 0, f"{place}  {title}", self.counts(columns), app.palette, look)
        assistant = session.assistant
        forward = not backwards  # hints, dead squares and deadlocks are forward play's
        self.view.draw(
            window,
            session.state,
            app.palette,
            dead=assistant.dead if forward and app.dead_squares else frozenset(),
            stuck=assistant.stuck if forward else frozenset(),
            hint=assistant.hinted_push() if forward and assistant.hint is not None else None,
            marks=screen.Marks(self.chosen.star, self.chosen.targets),
        )
        screen.draw_lines(window, 1 + height, [(line, curses.A_BOLD) for line in status])
        screen.put(window, rows - 1, 0, screen.fit_keys(self.footer(), columns))
