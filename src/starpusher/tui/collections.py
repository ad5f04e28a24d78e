"""The collection chooser in the terminal: every collection within reach, with how much of each is solved.

It lists what the window's chooser lists (the session's
:func:`~starpusher.session.shelves.shelves`): the built-in collections, the
player's own levels, the files opened before (most recent first; a file
moved or deleted shows as missing and can be taken off the list), and a line
that browses folders for any other file (:mod:`.browser`, B). A collection
opens where the player left it, as in the window.
"""

from __future__ import annotations

import curses
import os

from ..core import StarPusherError
from ..levels import open_playable, store_name
from ..session.browsing import FolderBrowser, recent_folders
from ..session.shelves import BROWSE, OPENED_BEFORE, Shelf, refusal, shelves
from . import screen
from .app import StarPusherApp
from .browser import BrowserScreen
from .keys import COLLECTION_KEY_MAP, MOUSE_COLLECTION_HELP
from .kit import Screen

COLLECTION_FOOTER = ("Up/Down choose", "Enter play", "b browse", "Del take off", "? help", "Esc back")


class CollectionsScreen(Screen):
    """The chooser; Esc goes back to the game, a choice plays the collection."""

    app: StarPusherApp
    key_map = COLLECTION_KEY_MAP
    mouse_help = MOUSE_COLLECTION_HELP

    def __init__(self, app: StarPusherApp) -> None:
        super().__init__(app)
        app.hush()
        self.refresh()
        current = [i for i, shelf in enumerate(self.shelves) if shelf.name == app.collection_name]
        self.selected = current[0] if current else 0
        self._rows: list[int | None] = []  # the shelf on each screen row, as last drawn

    def refresh(self) -> None:
        self.shelves: list[Shelf] = shelves(self.app.progress, typing=False)

    def choose(self, index: int) -> None:
        self.selected = max(0, min(len(self.shelves) - 1, index))

    def _page(self) -> int:
        return max(1, self.app.window.getmaxyx()[0] - 5)

    def action_up(self) -> None:
        self.choose(self.selected - 1)

    def action_down(self) -> None:
        self.choose(self.selected + 1)

    def action_page_up(self) -> None:
        self.choose(self.selected - self._page())

    def action_page_down(self) -> None:
        self.choose(self.selected + self._page())

    def action_first(self) -> None:
        self.choose(0)

    def action_last(self) -> None:
        self.choose(len(self.shelves) - 1)

    def action_open(self) -> None:
        """Play the chosen collection from where the player left it (or browse for a file)."""
        shelf = self.shelves[self.selected]
        if shelf.opens == BROWSE:
            self.action_browse()
        elif shelf.collection is None:
            self.app.say(refusal(shelf), 5)
        else:
            self.app.open_collection(shelf.collection, shelf.start, name=shelf.name)

    def action_browse(self) -> None:
        """The file browser, in the folder of the file opened last; a file chosen opens as if typed."""
        recent = [place.collection for place in self.app.progress.recent_collections()]
        browser = FolderBrowser(self.start_folder(), recent_folders(recent))
        self.app.push(BrowserScreen(self.app, browser, open_path=self.open_path))

    def start_folder(self) -> str:
        """The folder of the file opened last (or the current folder)."""
        recent = next((shelf.name for shelf in self.shelves if shelf.group == OPENED_BEFORE), None)
        return os.path.dirname(recent) if recent else os.getcwd()

    def open_path(self, path: str) -> None:
        """Play a level file (where the player left it, if played before); a bad one is said in one line."""
        try:
            collection = open_playable(path)
        except StarPusherError as error:
            self.app.say(f"Cannot open {os.path.basename(path)}: {error}", 6)
            return
        name = store_name(path)
        left_at = dict(reversed(self.app.progress.recent_collections())).get(name, 1)
        start = min(max(left_at, 1), len(collection.levels)) - 1
        self.app.open_collection(collection, start, name=name)

    def action_forget(self) -> None:
        shelf = self.shelves[self.selected]
        if not shelf.removable:
            self.app.say("Only files opened before can be taken off the list.", 3)
            return
        self.app.progress.forget_collection(shelf.name)
        self.refresh()
        self.choose(self.selected)
        self.app.say(f"{shelf.title} is off the list; its progress is kept.", 3)

    def action_back(self) -> None:
        self.app.pop()

    def mouse(self, x: int, y: int, button: int) -> None:
        if 0 <= y - 1 < len(self._rows) and (index := self._rows[y - 1]) is not None:
            self.selected = index
            self.action_open()

    # -- drawing ----------------------------------------------------------------

    def footer(self) -> tuple[str, ...]:
        return COLLECTION_FOOTER

    def draw(self, window: curses.window) -> None:
        rows, columns = window.getmaxyx()
        screen.bar(window, 0, "Choose a collection", "where you left it", self.app.palette)
        lines: list[tuple[str, int, int | None]] = []
        group = None
        for index, shelf in enumerate(self.shelves):
            if shelf.group != group:
                group = shelf.group
                lines.append((group, self.app.palette["heading"], None))
            look = curses.A_REVERSE if index == self.selected else 0
            playing = shelf.name != "" and shelf.name == self.app.collection_name
            lines.append((self.line(shelf, columns, playing).ljust(columns), look, index))
        if not self.app.said():  # what the chosen one is, where nothing else is said
            chosen = self.shelves[self.selected]
            screen.put(window, rows - 2, 0, screen.cut(f"  {chosen.detail}", columns), curses.A_DIM)
            foot = rows - 2
        else:
            foot = self.draw_foot(window)
        screen.put(window, rows - 1, 0, screen.fit_keys(self.footer(), columns))
        height = max(1, foot - 1)
        chosen_line = next((row for row, line in enumerate(lines) if line[2] == self.selected), 0)
        top = screen.top_of(chosen_line, len(lines), height)
        shown = lines[top : top + height]
        self._rows = [index for _, _, index in shown]
        screen.draw_lines(window, 1, [(text, look) for text, look, _ in shown])

    @staticmethod
    def line(shelf: Shelf, columns: int, playing: bool) -> str:
        """A shelf as a line: its title, and how much is solved (or why it cannot be opened)."""
        if shelf.problem:
            count = shelf.problem
        elif shelf.collection is not None:
            count = f"{shelf.solved} of {shelf.total} solved"
        else:
            count = ""
        room = max(1, columns - len(count) - 6)
        return f"{'>' if playing else ' '} {screen.cut(shelf.title, room):<{room}}  {count}"
