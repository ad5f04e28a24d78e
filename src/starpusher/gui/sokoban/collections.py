"""The collection chooser: every collection of levels within reach, with how much of each is solved.

It lists the built-in collections, the player's own levels (the file the
level editor saves into, once it exists), the files played before (most
recent first; a file since moved or deleted is shown as missing and can be
taken off the list), and two lines to open any other file: by browsing
folders for it (:mod:`.browser`, B) or by typing its path (Tab completes it,
O). A file can also be dropped onto the window. C opens the chooser from the
title, the game and the level list. What it lists is the session's
(:mod:`starpusher.session.shelves`, which the terminal's chooser lists too).
"""

from __future__ import annotations

import os

import pygame

from ...core import StarPusherError
from ...levels import open_playable, store_name
from ...session.browsing import FolderBrowser, recent_folders
from ...session.shelves import BROWSE, OPENED_BEFORE, TYPE, Shelf, refusal, shelves
from ..kit.help import HelpOverlay
from ..kit.keys import ENTER_KEYS, SHIFT, Binding, Key, arrow_bindings, shared_bindings
from ..kit.layout import SKY, GroupedRows, draw_heading, grouped_rows, heading_height, scrolled_to_show
from ..kit.line_input import LineInput
from ..kit.text import WRITER, panel
from ..kit.window import Scene
from .browser import BrowserScene
from .play import open_collection
from .statistics import StatisticsScene
from .window import StarPusherWindow

_k = Key.of

#: The chooser's keys (its help lists exactly these).
COLLECTION_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings("Collections", "the collection above", "the collection below"),
    Binding("page_up", (_k(pygame.K_PAGEUP, label="Page Up"),), "a page up", "Collections"),
    Binding("page_down", (_k(pygame.K_PAGEDOWN, label="Page Down"),), "a page down", "Collections"),
    Binding("first", (_k(pygame.K_HOME, label="Home"),), "the first collection", "Collections"),
    Binding("last", (_k(pygame.K_END, label="End"),), "the last line", "Collections"),
    Binding(
        "confirm",
        ENTER_KEYS,
        "play the chosen collection, where you left it",
        "Collections",
    ),
    Binding("browse", (_k(pygame.K_b),), "open a file: browse folders for it", "Collections"),
    Binding("open_file", (_k(pygame.K_o),), "open a file: type its path, Tab completes", "Collections"),
    Binding(
        "statistics",
        (_k(pygame.K_s, SHIFT),),
        "statistics of the chosen collection: solved, with help, best moves and pushes, time played",
        "Collections",
    ),
    Binding(
        "forget",
        (_k(pygame.K_DELETE, label="Delete"),),
        "take the chosen file off the list (its progress stays)",
        "Collections",
    ),
    *shared_bindings("fullscreen", "help"),
    Binding("back", (_k(pygame.K_ESCAPE, label="Esc"),), "back", "Other"),
    *shared_bindings("quit"),
)
COLLECTION_MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a collection", "play it"),
    ("Wheel", "scroll the list"),
    ("Drop a file", "open its levels"),
)

ROW_H, ROW_GAP, HEADING_H = 62, 8, 34


class CollectionScene(Scene):
    """The chooser; Esc goes back to the scene below it, a choice plays the collection."""

    app: StarPusherWindow
    key_map = COLLECTION_KEY_MAP
    mouse_help = COLLECTION_MOUSE_HELP

    def __init__(self, app: StarPusherWindow) -> None:
        super().__init__(app)
        self.scroll = 0.0
        #: The path being typed, while a file is being opened by name.
        self.typing: LineInput | None = None
        self.refresh()
        current = [i for i, shelf in enumerate(self.shelves) if shelf.name == app.collection_name]
        self.selected = current[0] if current else 0
        self.reveal(self.selected)

    def refresh(self) -> None:
        self.shelves: list[Shelf] = shelves(self.app.progress)

    # -- layout ----------------------------------------------------------------

    def heading(self) -> tuple[str, str]:
        if self.typing is not None:
            return "Open a file", "Type its path   Tab completes   Enter opens   Esc stops"
        keys = "Arrows choose   Enter plays   B browses for a file   O types a path   Delete takes a file off"
        keys += "   Shift+S statistics   Esc back"
        return "Choose a collection", keys

    @property
    def header(self) -> int:
        """The heading's height: it takes more lines in a narrow window."""
        return heading_height(self.app.screen.get_width(), *self.heading())

    def rows(self) -> GroupedRows:
        """Each shelf's heading (None when it continues a group) and its row, scrolled."""
        groups = (shelf.group for shelf in self.shelves)
        top = self.header + 6 - round(self.scroll)
        width = self.app.screen.get_width()
        return grouped_rows(groups, top, width, margin=32, heading=HEADING_H, row=ROW_H, gap=ROW_GAP)

    def max_scroll(self) -> float:
        rows = self.rows()
        content = rows[-1][1].bottom + round(self.scroll) + 12 - self.header
        return max(0.0, content - (self.app.screen.get_height() - self.header))

    def reveal(self, index: int) -> None:
        heading, rect = self.rows()[index]
        top = (heading or rect).top
        view_bottom = self.app.screen.get_height() - 12
        self.scroll = scrolled_to_show(self.scroll, top, rect.bottom, self.header + 6, view_bottom)
        self.scroll = max(0.0, min(self.max_scroll(), self.scroll))

    def index_at(self, point: tuple[int, int]) -> int | None:
        if point[1] < self.header:
            return None
        return next((i for i, (_, rect) in enumerate(self.rows()) if rect.collidepoint(point)), None)

    def resized(self) -> None:
        self.reveal(self.selected)

    # -- input ----------------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if self.typing is not None:
            self._type(action, event)
            return
        page = max(1, (self.app.screen.get_height() - self.header) // (ROW_H + ROW_GAP))
        last = len(self.shelves)
        steps = {"up": -1, "down": 1, "page_up": -page, "page_down": page, "first": -last, "last": last}
        if action in steps:
            self.choose(self.selected + steps[action])
        elif action == "confirm":
            self.open(self.selected)
        elif action == "browse":
            self.browse()
        elif action == "open_file":
            self.start_typing()
        elif action == "forget":
            self.forget(self.selected)
        elif action == "statistics":
            self.show_statistics(self.selected)
        elif action == "help":
            self.app.push(HelpOverlay(self.app))
        elif action == "back":
            self.app.pop()

    def choose(self, index: int) -> None:
        self.selected = max(0, min(len(self.shelves) - 1, index))
        self.reveal(self.selected)

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll - event.y * 60))
            self.app.dirty = True
        elif event.type == pygame.MOUSEMOTION and self.typing is None:
            index = self.index_at(event.pos)
            if index is not None and index != self.selected:
                self.selected = index
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None:
                self.selected = index
                self.open(index)
            self.app.dirty = True

    def open(self, index: int) -> None:
        """Play the chosen collection from where the player left it."""
        shelf = self.shelves[index]
        if shelf.opens == BROWSE:
            self.browse()
            return
        if shelf.opens == TYPE:
            self.start_typing()
            return
        if shelf.collection is None:
            self.app.say(refusal(shelf), 5)
            return
        open_collection(self.app, shelf.collection, shelf.start, name=shelf.name)

    def show_statistics(self, index: int) -> None:
        """Shift+S: the statistics of the chosen collection, without opening it."""
        shelf = self.shelves[index]
        if shelf.collection is not None:
            self.app.push(StatisticsScene(self.app, shelf.collection))
        elif shelf.problem:
            self.app.say(f"{shelf.title} {shelf.problem}: {shelf.detail}", 5)
        else:
            self.app.say("Statistics are of a collection: choose one first.", 3)

    def forget(self, index: int) -> None:
        shelf = self.shelves[index]
        if not shelf.removable:
            self.app.say("Only files opened before can be taken off the list.", 3)
            return
        self.app.progress.forget_collection(shelf.name)
        self.refresh()
        self.choose(index)
        self.app.say(f"{shelf.title} is off the list; its progress is kept.", 3)

    # -- opening another file: browsing, or typing its path ---------------------------

    def start_folder(self) -> str:
        """The folder of the file opened last (or the current folder)."""
        recent = next((s.name for s in self.shelves if s.group == OPENED_BEFORE), None)
        return os.path.dirname(recent) if recent else os.getcwd()

    def browse(self) -> None:
        """The file browser, in the folder of the file opened last; a file chosen opens as if typed."""
        recent = [place.collection for place in self.app.progress.recent_collections()]
        browser = FolderBrowser(self.start_folder(), recent_folders(recent))
        self.choose(next(i for i, shelf in enumerate(self.shelves) if shelf.opens == BROWSE))
        self.app.push(BrowserScene(self.app, browser, open_path=self.open_typed, type_path=self.start_typing))

    def start_typing(self, folder: str | None = None) -> None:
        """Start with ``folder`` typed (by default :meth:`start_folder`)."""
        folder = folder or self.start_folder()
        home = os.path.expanduser("~")
        if folder == home or folder.startswith(home + os.sep):
            folder = "~" + folder[len(home) :]
        self.typing = LineInput(folder.rstrip("/") + "/", fresh=True)
        self.selected = len(self.shelves) - 1
        self.reveal(self.selected)

    def _type(self, action: str | None, event: pygame.event.Event) -> None:
        typing = self.typing
        assert typing is not None
        if action == "back":
            self.typing = None
        elif action == "confirm":
            self.open_typed(typing.text)
        elif not typing.key(event) and action == "help":
            self.app.push(HelpOverlay(self.app))

    def open_typed(self, text: str) -> None:
        path = os.path.expanduser(text.strip())
        if not path:
            return
        if os.path.isdir(path):  # a folder: show what is in it, as Tab would
            typing = self.typing
            if typing is not None:
                typing.text = text.rstrip("/") + "/"
                typing.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
            return
        try:
            collection = open_playable(path)
        except StarPusherError as error:
            self.app.say(f"Cannot open {os.path.basename(path)}: {error}", 6)
            return
        open_collection(self.app, collection, name=store_name(path))

    # -- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        width, height = surface.get_size()
        surface.set_clip(pygame.Rect(0, self.header, width, height - self.header))
        for index, (heading, rect) in enumerate(self.rows()):
            if rect.bottom < self.header or (heading or rect).top > height:
                continue
            shelf = self.shelves[index]
            if heading is not None:
                WRITER.draw(
                    surface, shelf.group, 24, (30, 40, 80), bottomleft=(heading.left + 6, heading.bottom - 6)
                )
            self._draw_shelf(surface, shelf, rect, index == self.selected)
        surface.set_clip(None)
        draw_heading(surface, *self.heading())

    def _draw_shelf(self, surface: pygame.Surface, shelf: Shelf, rect: pygame.Rect, chosen: bool) -> None:
        color = (255, 214, 60, 240) if chosen else (255, 255, 255, 215)
        panel(surface, rect, color, radius=10)
        if shelf.name and shelf.name == self.app.collection_name:
            pygame.draw.rect(surface, (40, 120, 60), rect, 3, border_radius=10)
        right = self._draw_count(surface, shelf, rect)
        text_width = right - rect.left - 24
        if shelf.opens == TYPE and self.typing is not None:
            self._draw_typing(surface, rect)
            return
        ink = (120, 110, 110) if shelf.problem else (40, 30, 30)
        WRITER.draw(
            surface, WRITER.fit(shelf.title, 30, text_width), 30, ink, topleft=(rect.left + 14, rect.top + 8)
        )
        detail = WRITER.fit(shelf.detail, 19, text_width)
        WRITER.draw(surface, detail, 19, (90, 80, 80), topleft=(rect.left + 14, rect.top + 37))

    def _draw_count(self, surface: pygame.Surface, shelf: Shelf, rect: pygame.Rect) -> int:
        """Solved of total (with a bar), or the problem; returns where the text on the left must end."""
        if shelf.problem:
            label = WRITER.render(shelf.problem, 24, (170, 40, 40))
            surface.blit(label, label.get_rect(midright=(rect.right - 16, rect.centery)))
            return rect.right - 16 - label.get_width()
        if shelf.collection is None:
            return rect.right
        count = f"{shelf.solved} of {shelf.total} solved"
        label = WRITER.render(count, 22, (40, 30, 30))
        bar = pygame.Rect(0, 0, max(120, label.get_width()), 8)
        bar.topright = (rect.right - 16, rect.centery + 6)
        surface.blit(label, label.get_rect(bottomright=(bar.right, bar.top - 3)))
        pygame.draw.rect(surface, (200, 195, 185), bar, border_radius=4)
        if shelf.solved:
            done = bar.copy()
            done.width = max(8, round(bar.width * shelf.solved / max(1, shelf.total)))
            pygame.draw.rect(surface, (40, 160, 70), done, border_radius=4)
        return bar.left

    def _draw_typing(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        typing = self.typing
        assert typing is not None
        box = rect.inflate(-20, -16)
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=6)
        pygame.draw.rect(surface, (60, 50, 50), box, 2, border_radius=6)
        shown = typing.text + ("" if typing.fresh else "|")
        while len(shown) > 1 and WRITER.font(26).size(shown)[0] > box.width - 16:
            shown = shown[1:]  # the end of a long path is the part being typed
        if typing.fresh:  # chosen, as a field's text is: typing replaces it
            width = WRITER.font(26).size(shown)[0]
            chosen = pygame.Rect(box.left + 6, box.top + 4, width + 4, box.height - 8)
            pygame.draw.rect(surface, (255, 214, 60), chosen, border_radius=4)
        WRITER.draw(surface, shown, 26, (40, 30, 30), midleft=(box.left + 8, box.centery))
        if typing.candidates:
            self._draw_candidates(surface, typing.candidates, rect)

    def _draw_candidates(self, surface: pygame.Surface, names: list[str], rect: pygame.Rect) -> None:
        """What Tab found, in columns above the typing line."""
        size, line = 20, 24
        column_w = min(rect.width, max(WRITER.font(size).size(name)[0] for name in names) + 24)
        columns = max(1, rect.width // column_w)
        rows_fit = max(1, (rect.top - self.header - 16) // line)
        shown = names[: columns * rows_fit]
        rows = -(-len(shown) // columns)
        box = pygame.Rect(rect.left, rect.top - rows * line - 16, rect.width, rows * line + 12)
        panel(surface, box, (20, 20, 40, 255), radius=8)
        for i, name in enumerate(shown):
            column, row = divmod(i, rows)
            text = WRITER.fit(name, size, column_w - 12)
            WRITER.draw(
                surface, text, size, topleft=(box.left + 10 + column * column_w, box.top + 6 + row * line)
            )
