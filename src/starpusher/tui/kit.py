"""The terminal's kit, as the window has its own: the loop, a stack of screens, messages, help.

A :class:`TerminalApp` reads keys (and clicks, where the terminal reports
them), hands each to the screen on top of its stack, and draws the stack;
answers from background work (the solver, the optimizer) come back into
the same loop, so nothing is touched from another thread. A
:class:`Screen` has a key map (:mod:`.keys`) binding keys to the names of
actions, and runs its method ``action_<name>`` for each, as Textual does;
its help (?) is made from the same map. The kit knows no game.
"""

from __future__ import annotations

import contextlib
import curses
import queue
import time
from collections.abc import Callable, Sequence

from ..background import Task, TaskRunner
from ..session.turns import Turns
from . import screen
from .keys import CTRL_C, ESC, Binding, MouseHelp, action_for, help_rows

#: Seconds the loop sleeps at most between looks at the clock (a message running out).
IDLE_SECONDS = 0.5
#: How often the loop looks while work goes on in the background (its progress shown).
BUSY_SECONDS = 0.05
#: The keys that quit while the terminal is too small to draw on.
QUIT_KEYS = ("q", "Q", ESC, CTRL_C)
#: A click of the left button, and of the right (``Screen.mouse``'s ``button``).
LEFT, RIGHT = 1, 3


class Screen:
    """One screen of a terminal front end: its keys, what it draws, what it does with time."""

    key_map: tuple[Binding, ...] = ()
    mouse_help: MouseHelp = ()
    #: False for a screen drawn over the one below it (a prompt): that one is drawn first.
    opaque = True

    def __init__(self, app: TerminalApp) -> None:
        self.app = app

    def key(self, key: str) -> None:
        """A key (as curses names it): its action in the key map, if any."""
        action = action_for(key, self.key_map)
        if action is not None:
            self.act(action)

    def act(self, action: str) -> None:
        """Run ``action_<name>``; an action the screen has no method for does nothing."""
        method = getattr(self, f"action_{action}", None)
        if method is not None:
            method()

    def mouse(self, x: int, y: int, button: int) -> None:
        """A click at column ``x``, row ``y`` (``button``: :data:`LEFT` or :data:`RIGHT`)."""

    def update(self) -> None:
        """Time went by: moves that play by themselves take their next step."""

    def wake_in(self) -> float | None:
        """Seconds until :meth:`update` has something to do (None: nothing until a key)."""
        return None

    def draw(self, window: curses.window) -> None:
        """Draw the whole screen."""

    def leave(self) -> None:
        """The screen goes (or the program ends): searches stop, games are kept."""

    def active_changed(self, active: bool) -> None:
        """The player's turn came to this screen (True: it is on top), or went (another over it, or
        it closed): a game's clock runs only while its screen is active."""

    def action_help(self) -> None:
        self.app.push(HelpScreen(self.app, self.key_map, self.mouse_help))

    def action_quit(self) -> None:
        self.app.quit()

    # -- what most screens draw ----------------------------------------------------------------

    def footer(self) -> Sequence[str]:
        """What the key line offers, most used first, help and leaving last."""
        return ()

    def draw_foot(self, window: curses.window) -> int:
        """The message (wrapped whole) above the key line at the bottom; the row the message starts on."""
        rows, columns = window.getmaxyx()
        said = self.app.said()
        lines = screen.wrap(said, columns, most=max(1, (rows - screen.BARS) // 2)) if said else []
        top = rows - 1 - len(lines)
        screen.draw_lines(window, top, [(line, curses.A_BOLD) for line in lines])
        screen.put(window, rows - 1, 0, screen.fit_keys(self.footer(), columns))
        return top


class TerminalApp:
    """The loop of a terminal front end, and its stack of screens."""

    #: The game's name, said when the terminal is too small for it.
    name = "Star Pusher"

    def __init__(self, window: curses.window, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.palette = screen.Palette()
        self.clock = clock
        self._finished: queue.Queue[Task] = queue.Queue()
        self.tasks = TaskRunner(self._finished.put)
        self.screens: list[Screen] = []
        #: The screen the player is at: the one on top.
        self.turns = Turns()
        self.running = True
        self.message = ""
        self._message_until = 0.0
        with contextlib.suppress(curses.error):  # a terminal that reports no mouse: keys only
            curses.mousemask(curses.BUTTON1_PRESSED | curses.BUTTON1_CLICKED | curses.BUTTON3_PRESSED)
            curses.mouseinterval(0)  # a press is a click at once, not after waiting for its release

    # -- the stack ----------------------------------------------------------------

    @property
    def screen(self) -> Screen:
        return self.screens[-1]

    def push(self, shown: Screen) -> None:
        self.screens.append(shown)
        self.turns.note(self.screens)

    def pop(self) -> None:
        closed = self.screens.pop()
        self.turns.note(self.screens)
        closed.leave()

    def replace(self, shown: Screen) -> None:
        """``shown`` in place of every screen: a new game, or another collection."""
        while self.screens:
            self.pop()
        self.push(shown)

    def quit(self) -> None:
        self.running = False

    # -- messages ----------------------------------------------------------------

    def say(self, message: str, seconds: float = 4) -> None:
        """Tell the player something, for ``seconds``."""
        self.message = message[:1].upper() + message[1:]
        self._message_until = self.clock() + seconds

    def said(self) -> str:
        """What was said and still matters ("" when nothing)."""
        return self.message if self.clock() < self._message_until else ""

    def hush(self) -> None:
        """What was said belongs to what is left: a new level, another list."""
        self.message = ""

    def working(self) -> str:
        """What runs in the background, in words ("" when nothing)."""
        return ", ".join(self.tasks.running_names())

    # -- the loop ----------------------------------------------------------------

    def run(self) -> None:
        """Read keys and draw until the player quits; background answers and paced moves wake it."""
        try:
            while self.running and self.screens:
                self._deliver()
                self.screen.update()
                self.draw()
                self.window.timeout(round(self._wait() * 1000))
                key = self._read_key()
                if key is not None:
                    self.handle(key)
        finally:
            while self.screens:
                self.pop()
            self.tasks.shutdown()

    def _wait(self) -> float:
        wait = IDLE_SECONDS
        if self.tasks.running_names():
            wait = BUSY_SECONDS
        woken = self.screen.wake_in()
        return max(0.0, min(wait, woken)) if woken is not None else wait

    def _read_key(self) -> str | None:
        try:
            key = self.window.get_wch()
        except curses.error:  # no key before the timeout
            return None
        if isinstance(key, int):
            return curses.keyname(key).decode("ascii", "replace")
        return key

    def _deliver(self) -> None:
        """Hand finished work its answer, here in the loop's thread."""
        while True:
            try:
                task = self._finished.get_nowait()
            except queue.Empty:
                return
            self.tasks.deliver_task(task)

    def handle(self, key: str) -> None:
        """One key, or a click (``KEY_MOUSE``), for the screen on top."""
        if key == "KEY_RESIZE":
            return
        if self.too_small():
            if key in QUIT_KEYS:
                self.quit()
            return
        if key == "KEY_MOUSE":
            self._click()
            return
        self.screen.key(key)

    def _click(self) -> None:
        try:
            _, x, y, _, state = curses.getmouse()
        except curses.error:  # a mouse event curses could not read
            return
        if state & (curses.BUTTON1_PRESSED | curses.BUTTON1_CLICKED):
            self.screen.mouse(x, y, LEFT)
        elif state & curses.BUTTON3_PRESSED:
            self.screen.mouse(x, y, RIGHT)

    # -- drawing ----------------------------------------------------------------

    def too_small(self) -> bool:
        rows, columns = self.window.getmaxyx()
        return columns < screen.MIN_SIZE[0] or rows < screen.MIN_SIZE[1]

    def draw(self) -> None:
        self.window.erase()
        if self.too_small():
            screen.too_small(self.window, self.name)
        else:
            bottom = len(self.screens) - 1
            while bottom > 0 and not self.screens[bottom].opaque:
                bottom -= 1
            for shown in self.screens[bottom:]:
                shown.draw(self.window)
        self.window.refresh()


class HelpScreen(Screen):
    """The keys of the screen below, made from its key map: Up and Down scroll, any other key goes back."""

    def __init__(self, app: TerminalApp, key_map: tuple[Binding, ...], mouse_help: MouseHelp) -> None:
        super().__init__(app)
        self.rows = help_rows(key_map, mouse_help)
        self.top = 0

    def key(self, key: str) -> None:
        steps = {"KEY_UP": -1, "KEY_DOWN": 1, "KEY_PPAGE": -10, "KEY_NPAGE": 10}
        if key in steps:
            self.top = max(0, self.top + steps[key])
        else:
            self.app.pop()

    def mouse(self, x: int, y: int, button: int) -> None:
        self.app.pop()

    def draw(self, window: curses.window) -> None:
        rows, columns = window.getmaxyx()
        width = min(max(len(keys) for keys, _ in self.rows) + 2, columns // 2)
        room = max(10, columns - width - 2)
        lines: list[tuple[str, int]] = []
        for keys, what in self.rows:
            wrapped = screen.wrap(what, room, most=4)
            lines += [(f"  {keys if i == 0 else '':<{width}}{part}", 0) for i, part in enumerate(wrapped)]
        height = rows - 1
        self.top = min(self.top, max(0, len(lines) - height))
        more = len(lines) > height
        title = "Keys (Up/Down: more, any other key goes back)" if more else "Keys (any key goes back)"
        screen.put(window, 0, 0, screen.cut(title, columns), curses.A_BOLD)
        screen.draw_lines(window, 1, lines[self.top : self.top + height])
