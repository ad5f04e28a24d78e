"""The file browser in the terminal: folders and level files to open, from the collection chooser (B).

The folders files were opened from before come first, then ``..``, the
folder's subfolders and its level files, in natural order. What is listed,
and in what order, is the session's
:class:`~starpusher.session.browsing.FolderBrowser` (the window's too); this
screen draws it and turns keys and clicks into its verbs. A file chosen
opens as if its path had been typed.
"""

from __future__ import annotations

import curses
from collections.abc import Callable

from ..session.browsing import Entry, FolderBrowser, Kind, shown_path
from . import screen
from .keys import BROWSER_KEY_MAP, MOUSE_BROWSER_HELP, action_for
from .kit import Screen, TerminalApp

BROWSER_FOOTER = ("Enter open", "Backspace up", "letters jump", "Ctrl+A all files", "? help", "Esc back")


class BrowserScreen(Screen):
    """Folders and level files; a file chosen goes to ``open_path``."""

    key_map = BROWSER_KEY_MAP
    mouse_help = MOUSE_BROWSER_HELP

    def __init__(self, app: TerminalApp, browser: FolderBrowser, *, open_path: Callable[[str], None]) -> None:
        super().__init__(app)
        self.browser = browser
        self.open_path = open_path
        self._rows: list[int | None] = []  # the entry on each screen row, as last drawn
        app.hush()

    def key(self, key: str) -> None:
        """A letter or digit jumps to the next name starting with it; other keys are the map's."""
        if len(key) == 1 and key.isalnum() and action_for(key, self.key_map) is None:
            if not self.browser.jump(key):
                self.app.say(f"No name here starts with {key!r}.", 2)
            return
        super().key(key)

    def _page(self) -> int:
        return max(1, self.app.window.getmaxyx()[0] - 4)

    def action_up(self) -> None:
        self.browser.move(-1)

    def action_down(self) -> None:
        self.browser.move(1)

    def action_page_up(self) -> None:
        self.browser.move(-self._page())

    def action_page_down(self) -> None:
        self.browser.move(self._page())

    def action_first(self) -> None:
        self.browser.move(-len(self.browser.entries))

    def action_last(self) -> None:
        self.browser.move(len(self.browser.entries))

    def action_open(self) -> None:
        path, problem = self.browser.open_chosen()
        if path is not None:
            self.open_path(path)  # as typed: plays it, or says in one line why it cannot
        elif problem:
            self.app.say(problem, 4)

    def action_right(self) -> None:
        chosen = self.browser.chosen
        if chosen is not None and chosen.opens_folder:
            self.action_open()

    def action_left(self) -> None:
        self.action_up_folder()

    def action_up_folder(self) -> None:
        problem = self.browser.up()
        if problem:
            self.app.say(problem, 4)

    def action_all_files(self) -> None:
        self.browser.toggle_all_files()
        self.app.say("All files shown." if self.browser.all_files else "Only level files shown.", 2)

    def action_hidden_files(self) -> None:
        self.browser.toggle_hidden()
        self.app.say("Hidden files shown." if self.browser.hidden else "Hidden files not shown.", 2)

    def action_back(self) -> None:
        self.app.pop()

    def mouse(self, x: int, y: int, button: int) -> None:
        """The first click chooses a line, a click on the chosen line opens it."""
        if 0 <= y - 1 < len(self._rows) and (index := self._rows[y - 1]) is not None:
            if index == self.browser.selected:
                self.action_open()
            else:
                self.browser.choose(index)

    # -- drawing ----------------------------------------------------------------

    def footer(self) -> tuple[str, ...]:
        return BROWSER_FOOTER

    def group(self, kind: Kind) -> str:
        """The heading over the lines of ``kind``."""
        if kind is Kind.PLACE:
            return "Recent folders"
        shown = "all files" if self.browser.all_files else "level files"
        return f"In this folder: folders and {shown}" + (", hidden ones too" if self.browser.hidden else "")

    def draw(self, window: curses.window) -> None:
        columns = window.getmaxyx()[1]
        browser = self.browser
        screen.bar(window, 0, f"Open a file: {shown_path(browser.folder)}", "", self.app.palette)
        lines: list[tuple[str, int, int | None]] = []
        heading = None
        for index, entry in enumerate(browser.entries):
            if self.group(entry.kind) != heading:
                heading = self.group(entry.kind)
                lines.append((heading, self.app.palette["heading"], None))
            look = curses.A_REVERSE if index == browser.selected else 0
            lines.append((line(entry, columns).ljust(columns), look, index))
        if browser.listing.problem:
            lines.append((browser.listing.problem, curses.A_BOLD, None))
        elif not any(entry.kind in (Kind.FOLDER, Kind.FILE) for entry in browser.entries):
            shown = "files" if browser.all_files else "level files (Ctrl+A shows all files)"
            lines.append((f"  No folders or {shown} here.", 0, None))
        foot = self.draw_foot(window)
        height = max(1, foot - 1)
        chosen_line = next((row for row, shown in enumerate(lines) if shown[2] == browser.selected), 0)
        top = screen.top_of(chosen_line, len(lines), height)
        shown_lines = lines[top : top + height]
        self._rows = [index for _, _, index in shown_lines]
        screen.draw_lines(window, 1, [(text, look) for text, look, _ in shown_lines])


def line(entry: Entry, columns: int) -> str:
    """An entry as a line: a folder ends in ``/``, a file shows its size at the right."""
    name = entry.name + ("/" if entry.kind is Kind.FOLDER else "")
    detail = entry.detail
    room = max(1, columns - len(detail) - 6)
    return f"  {screen.cut(name, room):<{room}}  {detail}"
