"""Star Pusher in a terminal: the play session's verbs on curses keys, the board in characters.

The terminal front end is the proof that the middle end is really in the
middle: it plays through the same :class:`~starpusher.session.PlaySession` as
the window, keeps progress in the same store, and asks the solver through the
same session, so a level solved here shows solved in the window. What it
adds is only input and drawing: keys to actions (:mod:`.keys`), and the board,
bars, level list and help drawn in characters (:mod:`.screen`).
"""

from __future__ import annotations

import curses
import queue
import textwrap
import time
from collections.abc import Callable

from ..background import Task, TaskRunner
from ..core.words import plural
from ..levels import Collection, collection_name, display_title
from ..session import (
    KEEP_TIME_EVERY,
    PlaySession,
    Progress,
    is_unlocked,
    level_after,
    level_before,
    level_records,
    locked_message,
    unlocking_said,
    unsolved_after,
)
from . import screen
from .keys import KEY_MAP, KEYS_AFTER_SOLVED, LIST_KEY_MAP, action_for, help_rows

#: Seconds a move takes while moves play by themselves (a solution): the window's step time.
STEP_SECONDS = 0.085
#: Keys pressed this soon after a solve are still the winning push's, not "go on".
SOLVED_GRACE_SECONDS = 0.4
#: Move keys as LURD letters.
MOVES = {"up": "u", "down": "d", "left": "l", "right": "r"}
#: The game's verbs: a key bound to one runs the session's method of that name.
SESSION_ACTIONS = frozenset({"undo", "redo", "undo_push", "redo_push", "restart", "hint", "play_solution"})
#: What the line under the board offers (in a narrow terminal, the keys in the middle give way).
FOOTER = ("arrows move", "z undo", "r restart", "n/b next/prev", "l levels", "h hint", "? help", "q quit")
SOLVED_FOOTER = ("any key: next level", "z undo", "r play again", "l levels", "q quit")
#: The columns the top bar keeps for the place and the title before it shows the clock too.
TITLE_ROOM = 34
#: What the line under the level list offers, and what its marks mean.
LIST_FOOTER = ("Up/Down choose", "Enter play", "* solved", "h with help", "# locked", "Esc back")


class TerminalGame:
    """The levels of a collection, one at a time, in a curses window."""

    def __init__(
        self,
        window: curses.window,
        collection: Collection,
        progress: Progress,
        *,
        index: int = 0,
        one_by_one: bool = False,
        dead_squares: bool = False,
        on_place: Callable[[int], object] = lambda index: None,
        on_settings: Callable[[bool, bool], object] = lambda one_by_one, dead: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``on_place(index)``: the player moved to another level; ``on_settings``: a setting changed."""
        self.window, self.palette = window, screen.Palette()
        self.collection, self.levels, self.progress = collection, collection.levels, progress
        self.one_by_one, self.dead_squares = one_by_one, dead_squares  # the player's settings
        self.on_place, self.on_settings, self.clock = on_place, on_settings, clock
        self._finished: queue.Queue[Task] = queue.Queue()
        self.tasks = TaskRunner(self._finished.put)
        self.running = True
        #: What the screen shows over the level: nothing, the level list, or the help.
        self.mode = "play"
        self.chosen = 0  # in the level list
        self.message = ""
        self._message_until = 0.0
        self._solved_at = 0.0
        self._next_step = 0.0
        self._open(index)

    # -- levels ----------------------------------------------------------------

    def _open(self, index: int) -> None:
        self.index = index % len(self.levels)
        level = self.levels[self.index]
        self.session = PlaySession(level, self.progress, say=self.say, tasks=self.tasks, clock=self.clock)
        self.session.being_played(self.mode == "play")
        self.origin = (0, 0)
        self.message = ""
        self.on_place(self.index)
        if self.session.saved_game_unfit:
            self.say("The saved game of this level did not fit it; starting afresh.", 5)
        if self.session.known_left_out:
            self.say(self.session.known_left_out, 8)
        if self.session.time_left_out:
            self.say(self.session.time_left_out, 8)

    def switch_level(self, index: int) -> None:
        self.session.leave()
        self._open(index)

    def _locked(self, index: int) -> bool:
        index %= len(self.levels)
        if index == self.index:
            return False  # the level on screen is open, as in the window's list
        return not is_unlocked(self.progress, self.levels, index, self.one_by_one)

    def say(self, message: str, seconds: float) -> None:
        self.message = message[:1].upper() + message[1:]
        self._message_until = self.clock() + seconds

    # -- the loop ----------------------------------------------------------------

    def run(self) -> None:
        """Read keys and draw until the player quits; a background answer or a paced move wakes it."""
        try:
            while self.running:
                self._deliver()
                self._step_by_itself()
                self.session.pause_while_waiting()
                self.session.keep_time(at_least=KEEP_TIME_EVERY)
                self.draw()
                busy = self.tasks.running_names() or self.session.queue.autoplay is not None
                self.window.timeout(50 if busy else 500)
                key = self._read_key()
                if key is not None:
                    self.key(key)
        finally:
            self.session.leave()
            self.tasks.shutdown()

    def _read_key(self) -> str | None:
        try:
            key = self.window.get_wch()
        except curses.error:  # no key before the timeout
            return None
        if isinstance(key, int):
            return curses.keyname(key).decode("ascii", "replace")
        return key

    def _deliver(self) -> None:
        """Hand finished searches their answers, here in the loop's thread."""
        while True:
            try:
                task = self._finished.get_nowait()
            except queue.Empty:
                return
            self.tasks.deliver_task(task)

    def _step_by_itself(self) -> None:
        """Moves playing by themselves (a solution) play one at a time, so the player sees them."""
        autoplay = self.session.queue.autoplay
        if autoplay is None or self.clock() < self._next_step:
            return
        self._next_step = self.clock() + STEP_SECONDS * max(0.35, min(1.0, 40 / max(1, autoplay)))
        self._played(self.session.play_queued(all_of_them=False) is not None)

    def _played(self, moved: bool) -> None:
        if moved and self.session.solved:
            self._solved_at = self.clock()

    # -- keys ----------------------------------------------------------------

    def key(self, key: str) -> None:
        self._key(key)
        self.session.being_played(self.mode == "play")  # the clock waits under the list and the help

    def _key(self, key: str) -> None:
        if key == "KEY_RESIZE":
            return
        if self.mode == "help":
            self.mode = "play"  # any key closes the help
            return
        if self.mode == "list":
            self._act(action_for(key, LIST_KEY_MAP), "list_")
            return
        action = action_for(key, KEY_MAP)
        if self._too_small():
            if action == "quit":
                self.running = False
            return
        if self.session.solved and action not in KEYS_AFTER_SOLVED:
            # "The next key goes to the next level" (not a key still held from the winning push).
            if action == "next_level" or self.clock() - self._solved_at >= SOLVED_GRACE_SECONDS:
                self.action_next_level()
            return
        self._act(action, "")

    def _act(self, action: str | None, prefix: str) -> None:
        """Moves and the game's verbs go to the session (``session.undo`` for "undo"); the rest run
        the method ``action_<name>`` here (``action_list_<name>`` in the level list)."""
        if not prefix and action in MOVES:
            if self.session.walk(MOVES[action]):
                self._played(self.session.play_queued(all_of_them=True) is not None)
        elif not prefix and action in SESSION_ACTIONS:
            getattr(self.session, action)()
        else:
            method = getattr(self, f"action_{prefix}{action}", None) if action is not None else None
            if method is not None:
                method()

    def action_next_level(self) -> None:
        index = level_after(self.progress, self.levels, self.index, self.one_by_one, self.say)
        if index is not None:
            self.switch_level(index)

    def action_previous_level(self) -> None:
        self.switch_level(level_before(self.progress, self.levels, self.index, self.one_by_one))

    def action_next_unsolved(self) -> None:
        index = unsolved_after(self.progress, self.levels, self.index, self.one_by_one, self.say)
        if index is not None:
            self.switch_level(index)

    def action_unlock_one_by_one(self) -> None:
        self.one_by_one = not self.one_by_one
        self.on_settings(self.one_by_one, self.dead_squares)
        self.say(*unlocking_said(self.one_by_one))

    def action_dead_squares(self) -> None:
        self.dead_squares = not self.dead_squares
        self.on_settings(self.one_by_one, self.dead_squares)
        if self.dead_squares:
            self.say("Dead squares marked x: a star pushed onto one can never reach a goal.", 5)
        else:
            self.say("Dead squares are not marked (Ctrl+D shows them).", 3)

    def action_level_select(self) -> None:
        self.mode, self.chosen = "list", self.index
        self.message = ""  # what was said of the board is not the list's

    def action_help(self) -> None:
        self.mode = "help"

    def action_quit(self) -> None:
        self.running = False

    # The level list's actions.

    def _choose(self, index: int) -> None:
        self.chosen = max(0, min(len(self.levels) - 1, index))

    def action_list_up(self) -> None:
        self._choose(self.chosen - 1)

    def action_list_down(self) -> None:
        self._choose(self.chosen + 1)

    def action_list_page_up(self) -> None:
        self._choose(self.chosen - self._list_rows())

    def action_list_page_down(self) -> None:
        self._choose(self.chosen + self._list_rows())

    def action_list_first(self) -> None:
        self._choose(0)

    def action_list_last(self) -> None:
        self._choose(len(self.levels) - 1)

    def action_list_open(self) -> None:
        if self._locked(self.chosen):
            self.say(locked_message(self.chosen), 4)
            return
        self.mode = "play"
        if self.chosen != self.index:
            self.switch_level(self.chosen)

    def action_list_close(self) -> None:
        self.mode = "play"

    def action_list_quit(self) -> None:
        self.running = False

    # -- drawing ----------------------------------------------------------------

    def _too_small(self) -> bool:
        rows, columns = self.window.getmaxyx()
        return columns < screen.MIN_SIZE[0] or rows < screen.MIN_SIZE[1]

    def draw(self) -> None:
        self.window.erase()
        if self._too_small():
            screen.too_small(self.window)
        elif self.mode == "list":
            self._draw_list()
        elif self.mode == "help":
            self._draw_help()
        else:
            self._draw_play()
        self.window.refresh()

    def _draw_play(self) -> None:
        session, level = self.session, self.session.level
        rows, columns = self.window.getmaxyx()
        # Whatever is said is read whole: a long message takes more lines, and the board fewer.
        status = screen.wrap(self._status(), columns, most=max(1, (rows - screen.BARS) // 2))
        height = rows - screen.BARS - (len(status) - 1)
        x, y = level.xy(session.state.player)
        self.origin = (
            screen.follow(self.origin[0], x, level.width, columns // 2),
            screen.follow(self.origin[1], y, level.height, height),
        )
        title = display_title(level.title) or collection_name(self.collection)
        screen.bar(
            self.window,
            0,
            f"Level {self.index + 1} of {len(self.levels)}  {title}",
            self._counts(columns),
            self.palette,
        )
        assistant = session.assistant
        hint = assistant.hinted_push() if assistant.hint is not None else None
        dead = assistant.dead if self.dead_squares else frozenset()
        screen.draw_board(
            self.window,
            level,
            session.state,
            self.origin,
            self.palette,
            height=height,
            dead=dead,
            stuck=assistant.stuck,
            hint=hint,
        )
        screen.draw_lines(self.window, 1 + height, [(line, curses.A_BOLD) for line in status])
        footer = SOLVED_FOOTER if session.solved else FOOTER
        screen.put(self.window, rows - 1, 0, screen.fit_keys(footer, columns))

    def _counts(self, columns: int) -> str:
        """The counters and the clock; in a narrow terminal the clock gives way to the level's title."""
        counts = self.session.counters()
        with_clock = f"{counts}   {self.session.clock_text()}"
        return with_clock if columns - len(with_clock) >= TITLE_ROOM else counts

    def _status(self) -> str:
        """The line under the board: what was just said, what the solver is doing, or how the level stands."""
        fresh = self.message if self.clock() < self._message_until else ""
        if self.session.solved and (not fresh or fresh.rstrip(".") in self.session.note):
            return f"Solved! {self.session.note}"  # the solve's own words, said once
        if fresh:
            return fresh  # what a key just did (a setting switched while the level shows solved)
        working = self.tasks.running_names()
        if working:
            return ", ".join(working) + "..."
        return self.session.standing()

    def _list_rows(self) -> int:
        return max(1, self.window.getmaxyx()[0] - 2 - max(1, len(self._list_message())))

    def _list_message(self) -> list[str]:
        """What was just said in the list (a level is locked), in as many lines as it takes."""
        rows, columns = self.window.getmaxyx()
        said = self.message if self.clock() < self._message_until else ""
        return screen.wrap(said, columns, most=max(1, (rows - screen.BARS) // 2)) if said else []

    def _draw_list(self) -> None:
        rows, columns = self.window.getmaxyx()
        records = level_records(self.progress, self.levels)
        solved = sum(record.solved for record in records)
        title = collection_name(self.collection)
        screen.bar(
            self.window, 0, f"Choose a level: {title}", f"{solved} of {len(records)} solved", self.palette
        )
        height = self._list_rows()
        top = max(0, min(self.chosen - height // 2, len(records) - height))
        for row, index in enumerate(range(top, min(len(records), top + height))):
            record = records[index]
            mark = "*" if record.solved else "h" if record.helped else "#" if self._locked(index) else " "
            best = ""
            if record.best_moves is not None and record.best_pushes is not None:
                pushes = plural(record.best_pushes, "push", "pushes")
                best = f"best {plural(record.best_moves, 'move')}, {pushes}"
            name = display_title(self.levels[index].title) or f"Level {index + 1}"  # as the window says
            prefix = f" {mark} {index + 1:>4}  "
            room = min(30, columns - len(prefix) - len(best) - 2)
            if room < 8:  # too narrow for the best as well: the title first
                best, room = "", columns - len(prefix)
            text = f"{prefix}{screen.cut_at_word(name, room):<{room}}  {best}"
            screen.put(
                self.window, 1 + row, 0, text.ljust(columns), curses.A_REVERSE if index == self.chosen else 0
            )
        said = self._list_message()
        screen.draw_lines(self.window, rows - 1 - len(said), [(line, curses.A_BOLD) for line in said])
        screen.put(self.window, rows - 1, 0, screen.fit_keys(LIST_FOOTER, columns))

    def _draw_help(self) -> None:
        rows = help_rows()
        width = max(len(keys) for keys, _ in rows) + 2
        room = max(10, self.window.getmaxyx()[1] - width - 3)
        lines = [("Keys (any key goes back)", curses.A_BOLD), ("", 0)]
        for keys, what in rows:
            wrapped = textwrap.wrap(what, room) or [""]
            lines += [(f"  {keys if i == 0 else '':<{width}}{part}", 0) for i, part in enumerate(wrapped)]
        screen.draw_lines(self.window, 0, lines)
