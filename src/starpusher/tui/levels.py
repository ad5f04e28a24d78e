"""The level list in the terminal: every level of the collection, and finding one in a long list.

A number typed goes to that level; ``/`` keeps only the levels whose titles
hold the words typed, and O only the unsolved ones: what shows is the
session's :class:`~starpusher.session.finding.LevelSearch`, the window's own.
``*`` marks a solved level, ``h`` one solved with help, ``#`` a locked one.
"""

from __future__ import annotations

import curses
from typing import Protocol

from ..core import Level
from ..core.words import plural
from ..levels import collection_name, display_title
from ..session import LevelRecord, level_records, locked_message, unlocked
from ..session.finding import LevelSearch
from . import screen
from .app import StarPusherApp
from .keys import BACKSPACE, ESC, LIST_KEY_MAP, MOUSE_LIST_HELP, action_for
from .kit import Screen

LIST_FOOTER = (
    "Up/Down choose",
    "Enter play",
    "/ find",
    "o unsolved",
    "* solved",
    "h with help",
    "# locked",
    "Esc back",
)
FINDING_FOOTER = ("type a title", "Up/Down choose", "Enter play", "Esc stop")
#: Rows above the list: the bar, and the line saying what is shown.
HEAD = 2


class LevelPlayer(Protocol):
    """The screen the list opens over, which plays the level chosen."""

    @property
    def index(self) -> int: ...

    def switch_level(self, index: int) -> None: ...


class LevelListScreen(Screen):
    """The levels of the open collection; Enter plays the chosen one in ``player``."""

    app: StarPusherApp
    key_map = LIST_KEY_MAP
    mouse_help = MOUSE_LIST_HELP

    def __init__(
        self,
        app: StarPusherApp,
        player: LevelPlayer,
        *,
        typed: str = "",
        finding: bool = False,
        unsolved_only: bool = False,
    ) -> None:
        """``typed``: a digit typed in play; ``finding``: typing words at once; ``unsolved_only``: O."""
        super().__init__(app)
        self.player = player
        self.chosen = player.index
        self.search = LevelSearch(unsolved_only=unsolved_only)
        #: Whether keys typed go to the search words (after ``/``) rather than to the list.
        self.finding = finding
        self._rows: list[int] = []  # the level on each screen row, as last drawn
        app.hush()
        self.refresh()
        if typed:
            self.type_digit(typed)

    @property
    def levels(self) -> list[Level]:
        return self.app.levels

    def refresh(self) -> None:
        """Ask the store once for every level's marks and scores."""
        self.records: list[LevelRecord] = level_records(self.app.progress, self.levels)
        solved = [record.solved for record in self.records]
        self.open_levels = unlocked(solved, self.app.one_by_one, self.player.index)
        self.apply_search()

    def apply_search(self) -> None:
        """Show the levels the search keeps, the chosen one among them when it still is."""
        solved = [record.solved for record in self.records]
        self.shown = self.search.shown([level.title for level in self.levels], solved)
        if self.shown and self.chosen not in self.shown:
            later = [index for index in self.shown if index > self.chosen]
            self.chosen = later[0] if later else self.shown[-1]

    # -- keys ----------------------------------------------------------------

    def key(self, key: str) -> None:
        """Digits go to the number of the level to go to; while finding, what is typed to the words."""
        if self.finding and self._edit_words(key):
            return
        action = action_for(key, self.key_map)
        if action == "type_digit":
            self.type_digit(key)
            return
        if self.search.number and action == "erase":
            self._go_to(self.search.erase_digit(len(self.levels)))
            return
        if self.search.number and action == "back":  # Esc forgets the number before it leaves
            self.search.number = ""
            return
        if action != "open":
            self.search.number = ""
        if action is not None:
            self.act(action)

    def _edit_words(self, key: str) -> bool:
        """A key for the search words: typed, erased, or Esc to stop finding; False for the others."""
        if key == ESC:
            self.finding = False
            self.search.words = ""
        elif key in BACKSPACE:
            self.search.words = self.search.words[:-1]
        elif len(key) == 1 and key.isprintable():
            self.search.words += key
        else:
            return False
        self.apply_search()
        return True

    def type_digit(self, digit: str) -> None:
        """A digit of the number of the level to go to: the list shows that level as it is typed."""
        self._go_to(self.search.type_digit(digit, len(self.levels)))

    def _go_to(self, index: int | None) -> None:
        if index is None:
            if self.search.number:
                last = len(self.levels)
                self.app.say(f"There is no level {self.search.number} here: the last is {last}.", 3)
            return
        if index not in self.shown:  # hidden by the search: show every level again
            self.search.words, self.search.unsolved_only, self.finding = "", False, False
            self.apply_search()
        self.chosen = index

    def _step(self, step: int) -> None:
        if self.shown:
            position = self.shown.index(self.chosen) if self.chosen in self.shown else 0
            self.chosen = self.shown[max(0, min(len(self.shown) - 1, position + step))]

    def _page(self) -> int:
        return max(1, self.app.window.getmaxyx()[0] - HEAD - 2)

    def action_up(self) -> None:
        self._step(-1)

    def action_down(self) -> None:
        self._step(1)

    def action_page_up(self) -> None:
        self._step(-self._page())

    def action_page_down(self) -> None:
        self._step(self._page())

    def action_first(self) -> None:
        self._step(-len(self.levels))

    def action_last(self) -> None:
        self._step(len(self.levels))

    def action_open(self) -> None:
        self.search.number = ""
        if self.shown:
            self.open(self.chosen)

    def open(self, index: int) -> None:
        if not self.open_levels[index]:
            self.app.say(locked_message(index), 4)
            return
        self.app.pop()
        if index != self.player.index:
            self.player.switch_level(index)

    def action_find(self) -> None:
        self.finding = True

    def action_unsolved_only(self) -> None:
        self.search.unsolved_only = not self.search.unsolved_only
        self.apply_search()
        if not self.shown:
            self.app.say("Every level here is solved.", 3)

    def action_next_unsolved(self) -> None:
        count = len(self.levels)
        for step in range(1, count + 1):
            index = (self.chosen + step) % count
            if self.open_levels[index] and not self.records[index].solved and index in self.shown:
                self.chosen = index
                return
        self.app.say("Every level you can play here is solved.", 3)

    def action_unlock_one_by_one(self) -> None:
        self.app.toggle_unlocking()
        self.refresh()

    def action_collections(self) -> None:
        self.app.show_collections()

    def action_back(self) -> None:
        """Esc: the search first (every level shows again), then back to the game."""
        if self.search.filtering:
            self.search.words, self.search.unsolved_only, self.finding = "", False, False
            self.apply_search()
        else:
            self.app.pop()

    def mouse(self, x: int, y: int, button: int) -> None:
        row = y - HEAD
        if 0 <= row < len(self._rows):
            self.chosen = self._rows[row]
            self.open(self.chosen)

    # -- drawing ----------------------------------------------------------------

    def footer(self) -> tuple[str, ...]:
        return FINDING_FOOTER if self.finding else LIST_FOOTER

    def describe(self) -> str:
        """What is shown, and what is being typed."""
        shown = self.search.describe(len(self.shown), len(self.levels))
        if self.finding:
            return f"Find: {self.search.words}_   ({shown})"
        if self.search.number:
            return f"Go to level {self.search.number}_   (Enter plays it)"
        return shown

    def draw(self, window: curses.window) -> None:
        columns = window.getmaxyx()[1]
        solved = sum(record.solved for record in self.records)
        title = f"Choose a level: {collection_name(self.app.collection)}"
        screen.bar(window, 0, title, f"{solved} of {len(self.records)} solved", self.app.palette)
        screen.put(window, 1, 0, screen.cut(self.describe(), columns), curses.A_BOLD)
        foot = self.draw_foot(window)
        height = max(1, foot - HEAD)
        if not self.shown:
            screen.put(window, HEAD, 0, "  No level fits: Esc shows them all.")
        position = self.shown.index(self.chosen) if self.chosen in self.shown else 0
        top = screen.top_of(position, len(self.shown), height)
        self._rows = self.shown[top : top + height]
        for row, index in enumerate(self._rows):
            look = curses.A_REVERSE if index == self.chosen else 0
            screen.put(window, HEAD + row, 0, self.line(index, columns).ljust(columns), look)

    def line(self, index: int, columns: int) -> str:
        record = self.records[index]
        locked = not self.open_levels[index]
        mark = "*" if record.solved else "h" if record.helped else "#" if locked else " "
        best = ""
        if record.best_moves is not None and record.best_pushes is not None:
            best = f"best {plural(record.best_moves, 'move')}, {plural(record.best_pushes, 'push', 'pushes')}"
        name = display_title(self.levels[index].title) or f"Level {index + 1}"  # as the window says
        prefix = f" {mark} {index + 1:>4}  "
        room = min(30, columns - len(prefix) - len(best) - 2)
        if room < 8:  # too narrow for the best as well: the title first
            best, room = "", columns - len(prefix)
        return f"{prefix}{screen.cut(name, room):<{room}}  {best}"
