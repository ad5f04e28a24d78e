"""Snapshots and solutions in the terminal: keeping a position by name, the list (M), Make it shorter.

S asks for a name and keeps the position in the store; M lists the level's
snapshots, the player's own best solutions, the solutions the level file
brings and those made shorter ("known solutions"). Enter goes back to a
snapshot or replays a solution step by step; S hands a solution to the
optimizer in the background, as O sets it (the window's settings, kept in
the same store), with the window's progress line, and the shorter solution
is kept as a known one (Shift+H plays it from then on).
What the list holds and what each verb does is the session's
(:mod:`starpusher.session.positions`, :mod:`starpusher.session.shorter`).
"""

from __future__ import annotations

import curses
from collections.abc import Callable
from typing import Protocol

from ..core import StarPusherError
from ..optimize import Optimized
from ..session import PlaySession
from ..session.positions import (
    MADE_SHORTER,
    Entry,
    default_name,
    forget_snapshot,
    go_back_to,
    keep_snapshot,
    list_entries,
)
from ..session.shorter import SETTING_HINTS, Shortening, ShorterSettings
from . import screen
from .keys import (
    MOUSE_SHORTER_SETTINGS_HELP,
    NAME_KEY_MAP,
    POSITIONS_KEY_MAP,
    SHORTER_SETTINGS_KEY_MAP,
    action_for,
)
from .kit import Screen, TerminalApp

POSITIONS_FOOTER = (
    "Enter go back/replay",
    "s make it shorter",
    "o its settings",
    "Del forget",
    "? help",
    "Esc close",
)
SHORTER_SETTINGS_FOOTER = ("Left/Right change", "Up/Down choose", "? help", "Enter done")
SHORTENING_FOOTER = ("s or Esc: stop, keeping the best so far",)
#: The row of the first of Make it shorter's settings on their screen.
TOP_ROW = 2
NAME_FOOTER = ("type a name", "Enter keep", "Esc cancel")
#: The longest name a snapshot may have.
NAME_LENGTH = 60


class PlayHost(Protocol):
    """What the list needs of the play screen: its game, going back, replaying."""

    @property
    def session(self) -> PlaySession: ...

    def travel(self, change: Callable[[], object]) -> None: ...

    def replay(self, moves: str, label: str, *, helped: bool) -> None: ...


class NameScreen(Screen):
    """The snapshot's name, typed on the line above the keys; the default goes as soon as one types."""

    key_map = NAME_KEY_MAP
    opaque = False  # the board stays in sight under the prompt

    def __init__(self, app: TerminalApp, session: PlaySession) -> None:
        super().__init__(app)
        self.session = session
        self.text = default_name(session)
        self.fresh = True

    def key(self, key: str) -> None:
        action = action_for(key, self.key_map)
        if action == "erase":
            self.text = "" if self.fresh else self.text[:-1]
            self.fresh = False
        elif action is not None:
            self.act(action)
        elif len(key) == 1 and key.isprintable() and len(self.text) < NAME_LENGTH:
            self.text = ("" if self.fresh else self.text) + key
            self.fresh = False

    def action_keep(self) -> None:
        name = self.text.strip()
        if not name:
            self.app.say("A snapshot needs a name.", 3)
            return
        self.app.pop()  # first: the message belongs to the game
        keep_snapshot(self.session, name)

    def action_back(self) -> None:
        self.app.pop()

    def draw(self, window: curses.window) -> None:
        rows, columns = window.getmaxyx()
        prompt = f"Keep this position as: {self.text}{'' if self.fresh else '_'}"
        screen.put(window, rows - 2, 0, screen.cut(prompt, columns).ljust(columns), self.app.palette["bar"])
        screen.put(window, rows - 1, 0, screen.fit_keys(NAME_FOOTER, columns).ljust(columns))


class PositionsScreen(Screen):
    """The level's snapshots, the player's own solutions and the known ones."""

    key_map = POSITIONS_KEY_MAP

    def __init__(self, app: TerminalApp, play: PlayHost) -> None:
        super().__init__(app)
        self.play = play
        app.hush()
        self.entries: list[Entry] = list_entries(play.session)
        self.chosen = 0
        #: The chosen solution being made shorter, while it is.
        self.shortening: Shortening | None = None
        self._rows: list[int | None] = []  # the entry on each screen row, as last drawn

    def choose(self, index: int) -> None:
        if self.entries:
            self.chosen = max(0, min(len(self.entries) - 1, index))

    def action_up(self) -> None:
        self.choose(self.chosen - 1)

    def action_down(self) -> None:
        self.choose(self.chosen + 1)

    def action_open(self) -> None:
        if self.shortening is None and self.entries:
            self.open(self.entries[self.chosen])

    def open(self, entry: Entry) -> None:
        play = self.play
        self.app.pop()
        if entry.snapshot:
            play.travel(lambda: go_back_to(play.session, entry))
        else:
            play.replay(entry.text, entry.label, helped=not entry.own)

    def action_forget(self) -> None:
        if self.shortening is not None or not self.entries or not self.entries[self.chosen].snapshot:
            return
        if forget_snapshot(self.play.session, self.entries[self.chosen]):
            self.entries = list_entries(self.play.session)
            self.choose(self.chosen)

    def action_shorter_settings(self) -> None:
        """O: the optimizer's settings (not while it runs: it goes on as it was started)."""
        if self.shortening is None:
            self.app.push(ShorterSettingsScreen(self.app, self.play.session))

    def action_shorter(self) -> None:
        """S: the optimizer on the chosen solution, in the background, as the player set it (O);
        S again (or Esc) stops it."""
        if self.shortening is not None:
            self.shortening.stop()
            return
        if not self.entries or self.entries[self.chosen].snapshot:
            self.app.say("Choose a solution to make shorter (snapshots are not solutions).", 4)
            return
        session = self.play.session
        try:
            settings = ShorterSettings.stored(session.progress.get_setting)
            self.shortening = Shortening(session, self.entries[self.chosen].text, settings, self._shorter)
        except StarPusherError as error:
            self.app.say(f"That solution cannot be made shorter: {error}", 5)

    def _shorter(self, result: Optimized) -> None:
        """The optimizer is done: the list again, with the shorter solution chosen."""
        self.shortening = None
        session = self.play.session
        self.entries = list_entries(session)
        if result.improved:
            session.assistant.learn(result.moves)  # Shift+H plays it from now on
        for index, entry in enumerate(self.entries):
            if entry.section == MADE_SHORTER and entry.text == result.moves:
                self.choose(index)

    def action_back(self) -> None:
        """Esc or M: a solution being made shorter is stopped first (its best so far kept)."""
        if self.shortening is not None:
            self.shortening.stop()
        else:
            self.app.pop()

    def leave(self) -> None:
        if self.shortening is not None:
            self.shortening.cancel()

    def mouse(self, x: int, y: int, button: int) -> None:
        if 0 <= y - 1 < len(self._rows) and (index := self._rows[y - 1]) is not None:
            if index == self.chosen:
                self.action_open()
            else:
                self.choose(index)

    # -- drawing ----------------------------------------------------------------

    def footer(self) -> tuple[str, ...]:
        return SHORTENING_FOOTER if self.shortening is not None else POSITIONS_FOOTER

    def wake_in(self) -> float | None:
        return 1.0 if self.shortening is not None else None  # its progress line counts the seconds

    def draw(self, window: curses.window) -> None:
        rows, columns = window.getmaxyx()
        title = f"Snapshots and solutions: {self.play.session.level.title or 'this level'}"
        screen.bar(window, 0, title, "", self.app.palette)
        lines: list[tuple[str, int, int | None]] = []
        section = None
        for index, entry in enumerate(self.entries):
            if entry.section != section:
                section = entry.section
                lines.append((section, self.app.palette["heading"], None))
            detail = screen.cut(entry.detail, max(1, columns - 20))  # a narrow pane keeps the label
            room = max(1, columns - len(detail) - 6)
            text = f"  {screen.cut(entry.label, room):<{room}}  {detail}"
            lines.append((text.ljust(columns), curses.A_REVERSE if index == self.chosen else 0, index))
        if not lines:
            lines.append(("  Nothing yet: S in play keeps a snapshot.", 0, None))
        if self.shortening is not None:  # the window's progress line, above the keys
            screen.put(window, rows - 2, 0, screen.cut(self.shortening.progress(), columns), curses.A_BOLD)
            foot = rows - 2
        else:
            foot = self.draw_foot(window)
        screen.put(window, rows - 1, 0, screen.fit_keys(self.footer(), columns))
        height = max(1, foot - 1)
        chosen_line = next((row for row, line in enumerate(lines) if line[2] == self.chosen), 0)
        top = screen.top_of(chosen_line, len(lines), height)
        shown = lines[top : top + height]
        self._rows = [index for _, _, index in shown]
        screen.draw_lines(window, 1, [(text, look) for text, look, _ in shown])


class ShorterSettingsScreen(Screen):
    """Make it shorter's settings over the list: a line each, Left and Right change the chosen one.

    Each change is kept in the store at once, where the window's O finds it too.
    """

    key_map = SHORTER_SETTINGS_KEY_MAP
    mouse_help = MOUSE_SHORTER_SETTINGS_HELP

    def __init__(self, app: TerminalApp, session: PlaySession) -> None:
        super().__init__(app)
        self.progress = session.progress
        self.chosen = 0

    @property
    def settings(self) -> ShorterSettings:
        return ShorterSettings.stored(self.progress.get_setting)

    def action_up(self) -> None:
        self.chosen = max(0, self.chosen - 1)

    def action_down(self) -> None:
        self.chosen = min(len(SETTING_HINTS) - 1, self.chosen + 1)

    def action_left(self) -> None:
        self.change(-1)

    def action_right(self) -> None:
        self.change(1)

    def action_back(self) -> None:
        self.app.pop()

    def change(self, step: int) -> None:
        self.progress.set_settings(self.settings.changed(self.chosen, step).to_store())

    def mouse(self, x: int, y: int, button: int) -> None:
        row = y - TOP_ROW
        if 0 <= row < len(SETTING_HINTS):
            self.chosen = row
            self.change(-1 if x < self.app.window.getmaxyx()[1] // 2 else 1)

    def footer(self) -> tuple[str, ...]:
        return SHORTER_SETTINGS_FOOTER

    def draw(self, window: curses.window) -> None:
        columns = window.getmaxyx()[1]
        screen.bar(window, 0, "Make it shorter: settings", "", self.app.palette)
        for row, (name, value) in enumerate(self.settings.describe()):
            look = curses.A_REVERSE if row == self.chosen else 0
            screen.put(
                window,
                TOP_ROW + row,
                0,
                screen.cut(f"  {name:<10}<  {value}  >", columns).ljust(columns),
                look,
            )
        hint = screen.wrap(SETTING_HINTS[self.chosen], columns - 2, most=3)
        screen.draw_lines(
            window, TOP_ROW + len(SETTING_HINTS) + 1, [(f"  {line}", curses.A_DIM) for line in hint]
        )
        self.draw_foot(window)
