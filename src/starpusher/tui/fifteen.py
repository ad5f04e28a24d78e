"""Fifteen in the terminal: ``starpusher fifteen --terminal``, on the same session as the window's.

The game is a :class:`~starpusher.session.fifteen.FifteenSession`: the
board's history (undo, redo, restart), the clock (it waits while the player
waits for the solver), the records of each size kept in the same store as
the window's, and the solver's help. This screen binds keys to the verbs
named in :mod:`starpusher.session.verbs` and draws the board in characters:
each tile its number, in colour where the terminal has colours, in brackets
where it has not.
"""

from __future__ import annotations

import curses
import time
from collections.abc import Callable

from ..core.fifteen import Board
from ..core.words import plural
from ..session.fifteen import FifteenSession, SlideStep, format_time
from ..session.fifteen_assist import PREPARED_SIZE
from ..session.verbs import FIFTEEN_KEYS_AFTER_SOLVED, FIFTEEN_PACE, FIFTEEN_TRAVELS, SLIDES, SOLVER_VERBS
from ..store import INSTANT_MOVES, STEP_SECONDS, SettingsKeeper
from . import screen
from .keys import FIFTEEN_KEY_MAP, MOUSE_FIFTEEN_HELP, action_for
from .kit import Screen, TerminalApp

#: Keys pressed this soon after a solve are still the winning slide's, not "a new shuffle".
SOLVED_GRACE_SECONDS = 0.4
FOOTER = ("arrows slide", "z undo", "r new shuffle", "+/- size", "h hint", "H solve", "? help", "q quit")
SOLVED_FOOTER = ("any key: new shuffle", "Backspace: play it again", "z undo", "q quit")


class FifteenApp(TerminalApp):
    """Fifteen's terminal: the loop, with the pace the player chose (the window's too)."""

    name = "Fifteen"

    def __init__(
        self, window: curses.window, settings: SettingsKeeper, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(window, clock=clock)
        self.step_seconds = settings.get_setting(STEP_SECONDS)
        self.instant_moves = settings.get_setting(INSTANT_MOVES)


class FifteenScreen(Screen):
    """A Fifteen board played by keys and clicks."""

    app: FifteenApp
    key_map = FIFTEEN_KEY_MAP
    mouse_help = MOUSE_FIFTEEN_HELP

    def __init__(self, app: FifteenApp, session: FifteenSession) -> None:
        super().__init__(app)
        self.session = session
        self._solved_at = 0.0
        self._next_step = 0.0
        #: Where the board was drawn: its first row and column, and each cell's width and height.
        self._layout = (0, 0, 1, 1)
        self.prepare()

    def prepare(self) -> None:
        """The solver's tables are built in the background as soon as a board needs them (4x4), so
        that the first hint is quick; a 3x3 board needs none, and builds nothing."""
        if self.session.size == PREPARED_SIZE:
            self.session.assistant.prepare_tables()

    @property
    def board(self) -> Board:
        return self.session.board

    @property
    def showing_solved(self) -> bool:
        return self.session.solved and not self.session.queue

    # -- keys and clicks ----------------------------------------------------------------

    def key(self, key: str) -> None:
        action = action_for(key, self.key_map)
        if self.showing_solved and action not in FIFTEEN_KEYS_AFTER_SOLVED:
            # Any key starts a new shuffle (not a key still held from the winning slide).
            if action == "new_game" or self.app.clock() - self._solved_at >= SOLVED_GRACE_SECONDS:
                self.action_new_game()
            return
        if action is not None:
            self.act(action)

    def act(self, action: str) -> None:
        """Slides and the game's verbs go to the session (``session.undo`` for "undo")."""
        session = self.session
        if action in SLIDES:
            session.slide(SLIDES[action])
            self._played(session.play_queued(all_of_them=True))
        elif action in FIFTEEN_TRAVELS | SOLVER_VERBS:
            getattr(session, action)()
        else:
            super().act(action)

    def action_new_game(self) -> None:
        self.session.new_game()
        self.prepare()

    def action_bigger(self) -> None:
        if self.session.change_size(1):
            self.prepare()

    def action_smaller(self) -> None:
        self.session.change_size(-1)

    def mouse(self, x: int, y: int, button: int) -> None:
        if self.showing_solved:
            self.action_new_game()
        elif self.session.queue.autoplay is not None:
            self.session.stop_playing()
        else:
            cell = self.cell_at(x, y)
            if cell is not None:
                self.session.slide_to(cell)

    def leave(self) -> None:
        """Keep an unfinished board, so it is there next time."""
        self.session.leave()

    def active_changed(self, active: bool) -> None:
        """The clock runs only while the board is played: not under the help, as in the window."""
        self.session.being_played(active)

    # -- time ----------------------------------------------------------------

    def update(self) -> None:
        session, app = self.session, self.app
        session.pause_while_waiting()
        if not session.queue:
            return
        if session.queue.autoplay is None or app.instant_moves:
            self._played(session.play_queued(all_of_them=True))
        elif app.clock() >= self._next_step:
            step = session.play_queued(all_of_them=False)
            autoplay = step.autoplay if step is not None else None
            waiting = len(session.queue)
            pace = FIFTEEN_PACE.seconds(app.step_seconds, autoplay=autoplay, waiting=waiting)
            self._next_step = app.clock() + pace
            self._played(step)

    def wake_in(self) -> float | None:
        session = self.session
        if session.queue:
            return max(0.0, self._next_step - self.app.clock())
        if session.timer_running:  # the clock on screen turns once a second
            return 1.0 - session.elapsed() % 1.0 + 0.01
        return None

    def _played(self, step: SlideStep | None) -> None:
        if step is not None and self.session.solved:
            self._solved_at = self.app.clock()

    # -- drawing ----------------------------------------------------------------

    def footer(self) -> tuple[str, ...]:
        return SOLVED_FOOTER if self.showing_solved else FOOTER

    def status(self) -> str:
        """Under the board: the solve's notes, what was just said, what the solver does."""
        if self.showing_solved:
            notes = (note if note.endswith(("!", ".")) else note + "." for note in self.session.notes)
            return "Solved! " + " ".join(notes)
        said = self.app.said()
        if said:
            return said
        working = self.app.working()
        return working + "..." if working else ""

    def record(self) -> str:
        session = self.session
        best = session.best
        if best.moves is not None and best.seconds is not None:
            record = f"Best {plural(best.moves, 'move')}, {format_time(best.seconds, tenths=True)}"
        else:
            record = "No best yet at this size"
        if session.helped_count:
            record += f", with help {session.helped_count}x"
        return record

    def draw(self, window: curses.window) -> None:
        session = self.session
        rows, columns = window.getmaxyx()
        width, height = session.size
        shown = format_time(session.elapsed(), tenths=session.timer_stopped)
        paused = " (paused)" if session.paused else ""
        counts = f"Fifteen {width}x{height}   Moves {len(session.history.moves)}   Time {shown}{paused}"
        record = self.record()
        if len(counts) + 2 + len(record) > columns:  # a narrow pane: the moves and the clock come first
            record = ""
        screen.bar(window, 0, counts, record, self.app.palette)
        status = screen.wrap(self.status(), columns, most=3)
        screen.draw_lines(window, rows - 1 - len(status), [(line, curses.A_BOLD) for line in status])
        screen.put(window, rows - 1, 0, screen.fit_keys(self.footer(), columns))
        self.draw_board(window, room=rows - 2 - len(status))

    def draw_board(self, window: curses.window, *, room: int) -> None:
        """The tiles in the ``room`` rows under the bar, centred: two rows a tile where they fit."""
        columns = window.getmaxyx()[1]
        width, height = self.session.size
        cell_w = 5 if width * 5 <= columns else 4
        cell_h = 2 if height * 2 <= room else 1
        top = 1 + max(0, (room - height * cell_h) // 2)
        left = max(0, (columns - width * cell_w) // 2)
        self._layout = (top, left, cell_w, cell_h)
        palette, board = self.app.palette, self.board
        hinted = self.session.assistant.hinted()
        for cell, number in enumerate(board.tiles):
            if not number:
                continue
            x, y = board.xy(cell)
            home = number == cell + 1
            if hinted is not None and hinted[0] == cell:
                look = palette["hint"]
            else:
                look = palette["home" if home else "tile"]
            text = f"{number:^{cell_w - 1}}" if palette.colour else f"[{number:>{cell_w - 3}}]"
            screen.put(window, top + y * cell_h, left + x * cell_w, text, look)

    def cell_at(self, x: int, y: int) -> int | None:
        """The board cell drawn under screen column ``x`` and row ``y``, or None."""
        top, left, cell_w, cell_h = self._layout
        column, row = (x - left) // cell_w, (y - top) // cell_h
        width, height = self.session.size
        if x >= left and y >= top and 0 <= column < width and 0 <= row < height:
            return row * width + column
        return None
