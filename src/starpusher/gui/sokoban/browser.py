"""The file browser: folders and level files to open, reached from the collection chooser (B).

The folders files were opened from before come first, then ``..``, the
folder's subfolders and its level files. Enter (or a click on the chosen line,
or a double click) goes into a folder or opens a file exactly as typing its
path would; Backspace goes up; a letter jumps to the next name starting with
it. What is listed, in what order, is :class:`~starpusher.session.browsing.FolderBrowser`'s
business; this scene draws it and turns keys and clicks into its verbs.
"""

from __future__ import annotations

import string
from collections.abc import Callable

import pygame

from ...session.browsing import Entry, FolderBrowser, Kind, shown_path
from ..kit.help import HelpOverlay
from ..kit.keys import CTRL, ENTER_KEYS, Binding, Key, arrow_bindings, shared_bindings
from ..kit.layout import SKY, GroupedRows, draw_heading, grouped_rows, heading_height, scrolled_to_show
from ..kit.text import WRITER, panel
from ..kit.window import Scene
from .window import StarPusherWindow

_k = Key.of

#: The browser's keys (its help and the README's table list exactly these).
BROWSER_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings(
        "Browse", "the line above", "the line below", "up to the folder above", "into the folder"
    ),
    Binding("page_up", (_k(pygame.K_PAGEUP, label="Page Up"),), "a page up", "Browse"),
    Binding("page_down", (_k(pygame.K_PAGEDOWN, label="Page Down"),), "a page down", "Browse"),
    Binding("first", (_k(pygame.K_HOME, label="Home"),), "the first line", "Browse"),
    Binding("last", (_k(pygame.K_END, label="End"),), "the last line", "Browse"),
    Binding("confirm", ENTER_KEYS, "go into the folder, or open the file and play it", "Browse"),
    Binding("up_folder", (_k(pygame.K_BACKSPACE, label="Backspace"),), "up to the folder above", "Browse"),
    Binding(
        "jump",
        tuple(Key(char=char, label="a letter or digit") for char in string.ascii_letters + string.digits),
        "the next name starting with it",
        "Browse",
    ),
    Binding("type_path", (_k(pygame.K_l, CTRL),), "type a path instead, from this folder", "Browse"),
    Binding("all_files", (_k(pygame.K_a, CTRL),), "all files, or only level files (.sok .xsb .txt)", "Show"),
    Binding("hidden_files", (_k(pygame.K_h, CTRL),), "hidden files and folders too (on/off)", "Show"),
    *shared_bindings("fullscreen", "help"),
    Binding("back", (_k(pygame.K_ESCAPE, label="Esc"),), "back to the collections", "Other"),
    *shared_bindings("quit"),
)
BROWSER_MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a line", "choose it"),
    ("Click the chosen line, or double click", "go into the folder, or open the file"),
    ("Wheel", "scroll the list"),
)

ROW_H, ROW_GAP, GROUP_H = 40, 4, 30
#: Room kept below the chosen line: the next line shows, and a message does not cover it.
BOTTOM_MARGIN = 60
INK, QUIET_INK = (40, 30, 30), (100, 90, 90)


class BrowserScene(Scene):
    """Folders and level files; a file chosen goes to ``open_path``, as if its path were typed."""

    app: StarPusherWindow
    key_map = BROWSER_KEY_MAP
    mouse_help = BROWSER_MOUSE_HELP

    def __init__(
        self,
        app: StarPusherWindow,
        browser: FolderBrowser,
        *,
        open_path: Callable[[str], None],
        type_path: Callable[[str], None],
    ) -> None:
        super().__init__(app)
        self.browser = browser
        self.open_path = open_path
        self.type_path = type_path
        self.scroll = 0.0
        self.reveal()

    # -- layout ----------------------------------------------------------------

    def heading(self) -> tuple[str, str]:
        keys = "Enter opens   Backspace: up   letters jump   Ctrl+L: type a path   F1 help   Esc back"
        width = self.app.screen.get_width()
        title_size = 34 if width >= 600 else 28
        return WRITER.fit(f"Open a file: {shown_path(self.browser.folder)}", title_size, width - 32), keys

    def group(self, kind: Kind) -> str:
        """The heading over the lines of ``kind``."""
        if kind is Kind.PLACE:
            return "Recent folders"
        shown = "all files" if self.browser.all_files else "level files (Ctrl+A: all files)"
        return f"In this folder: folders and {shown}" + (", hidden ones too" if self.browser.hidden else "")

    @property
    def header(self) -> int:
        return heading_height(self.app.screen.get_width(), *self.heading())

    def rows(self) -> GroupedRows:
        """Each entry's group heading (None when it continues a group) and its row, scrolled."""
        groups = (self.group(entry.kind) for entry in self.browser.entries)
        top = self.header + 6 - round(self.scroll)
        width = self.app.screen.get_width()
        return grouped_rows(groups, top, width, margin=24, heading=GROUP_H, row=ROW_H, gap=ROW_GAP)

    def problem_rect(self) -> pygame.Rect | None:
        """Where the line saying the folder cannot be read goes (below the entries), or None."""
        if not self.browser.listing.problem:
            return None
        rows = self.rows()
        width = self.app.screen.get_width()
        top = rows[-1][1].bottom + ROW_GAP if rows else self.header + 6 - round(self.scroll)
        row_w = min(width - 24, 900)
        return pygame.Rect((width - row_w) // 2, top, row_w, ROW_H)

    def bottom(self) -> int:
        """Where the list ends, scrolled."""
        problem = self.problem_rect()
        if problem is not None:
            return problem.bottom
        rows = self.rows()
        return rows[-1][1].bottom if rows else self.header

    def max_scroll(self) -> float:
        content = self.bottom() + round(self.scroll) + BOTTOM_MARGIN - self.header
        return max(0.0, content - (self.app.screen.get_height() - self.header))

    def page(self) -> int:
        return max(1, (self.app.screen.get_height() - self.header) // (ROW_H + ROW_GAP) - 1)

    def reveal(self) -> None:
        """Scroll so the chosen line (and its group heading) is in sight."""
        rows = self.rows()
        if rows:
            heading, rect = rows[self.browser.selected]
            view_bottom = self.app.screen.get_height() - BOTTOM_MARGIN
            top = (heading or rect).top
            self.scroll = scrolled_to_show(self.scroll, top, rect.bottom, self.header + 6, view_bottom)
        self.scroll = max(0.0, min(self.max_scroll(), self.scroll))
        self.app.dirty = True

    def index_at(self, point: tuple[int, int]) -> int | None:
        if point[1] < self.header:
            return None
        return next((i for i, (_, rect) in enumerate(self.rows()) if rect.collidepoint(point)), None)

    def resized(self) -> None:
        self.reveal()

    # -- input ----------------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        char = getattr(event, "unicode", "")
        if action == "jump" or (
            action is None and char.isprintable() and char.strip() and not event.mod & CTRL
        ):
            self.jump(char)
        elif action is not None:
            self.act(action)

    def action_up(self) -> None:
        self.move(-1)

    def action_down(self) -> None:
        self.move(1)

    def action_page_up(self) -> None:
        self.move(-self.page())

    def action_page_down(self) -> None:
        self.move(self.page())

    def action_first(self) -> None:
        self.move(-len(self.browser.entries))

    def action_last(self) -> None:
        self.move(len(self.browser.entries))

    def move(self, step: int) -> None:
        self.browser.move(step)
        self.reveal()

    def action_confirm(self) -> None:
        self.open_chosen()

    def action_right(self) -> None:
        chosen = self.browser.chosen
        if chosen is not None and chosen.opens_folder:
            self.open_chosen()

    def action_left(self) -> None:
        self.action_up_folder()

    def action_up_folder(self) -> None:
        self._went(self.browser.up())

    def jump(self, char: str) -> None:
        if self.browser.jump(char):
            self.reveal()
        else:
            self.app.say(f"No name here starts with {char!r}.", 2)

    def action_all_files(self) -> None:
        self.browser.toggle_all_files()
        self.app.say("All files shown." if self.browser.all_files else "Only level files shown.", 2)
        self.reveal()

    def action_hidden_files(self) -> None:
        self.browser.toggle_hidden()
        self.app.say("Hidden files shown." if self.browser.hidden else "Hidden files not shown.", 2)
        self.reveal()

    def action_type_path(self) -> None:
        folder = self.browser.folder
        self.app.pop()
        self.type_path(folder)

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def action_back(self) -> None:
        self.app.pop()

    def open_chosen(self) -> None:
        path, problem = self.browser.open_chosen()
        if path is not None:
            self.open_path(path)  # as typed: plays it, or says in one line why it cannot
        else:
            self._went(problem)

    def _went(self, problem: str) -> None:
        """After a change of folder: the new one from its top, or why it stayed."""
        if problem:
            self.app.say(problem, 4)
        else:
            self.scroll = 0.0
        self.reveal()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll - event.y * 60))
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is None:
                return
            # The first click of a double click chooses the line, the second opens it.
            if index == self.browser.selected:
                self.open_chosen()
            else:
                self.browser.choose(index)
                self.app.dirty = True

    # -- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        width, height = surface.get_size()
        surface.set_clip(pygame.Rect(0, self.header, width, height - self.header))
        for index, (heading, rect) in enumerate(self.rows()):
            if rect.bottom < self.header or (heading or rect).top > height:
                continue
            entry = self.browser.entries[index]
            if heading is not None:
                WRITER.draw(
                    surface,
                    self.group(entry.kind),
                    22,
                    (30, 40, 80),
                    bottomleft=(heading.left + 6, heading.bottom - 5),
                )
            self._draw_entry(surface, entry, rect, index == self.browser.selected)
        problem = self.problem_rect()
        if problem is not None:
            panel(surface, problem, (255, 255, 255, 170), radius=8)
            text = WRITER.fit(self.browser.listing.problem, 22, problem.width - 24)
            WRITER.draw(surface, text, 22, (170, 40, 40), midleft=(problem.left + 12, problem.centery))
        elif not any(entry.kind in (Kind.FOLDER, Kind.FILE) for entry in self.browser.entries):
            rows = self.rows()
            if rows:
                rect = rows[-1][1].move(0, ROW_H + ROW_GAP)
                shown = "files" if self.browser.all_files else "level files (Ctrl+A shows all files)"
                WRITER.draw(
                    surface, f"No folders or {shown} here.", 22, INK, midleft=(rect.left + 12, rect.centery)
                )
        surface.set_clip(None)
        draw_heading(surface, *self.heading())

    def _draw_entry(self, surface: pygame.Surface, entry: Entry, rect: pygame.Rect, chosen: bool) -> None:
        color = (255, 214, 60, 240) if chosen else (255, 255, 255, 215)
        panel(surface, rect, color, radius=8)
        icon = pygame.Rect(rect.left + 12, rect.top + 9, 26, 22)
        _draw_icon(surface, entry.kind, icon)
        detail = WRITER.render(entry.detail, 19, QUIET_INK) if entry.detail else None
        right = rect.right - 14
        if detail is not None:
            surface.blit(detail, detail.get_rect(midright=(right, rect.centery)))
            right -= detail.get_width() + 16
        name = entry.name + ("/" if entry.kind is Kind.FOLDER else "")
        text = WRITER.fit(name, 26, right - icon.right - 12)
        WRITER.draw(surface, text, 26, INK, midleft=(icon.right + 12, rect.centery))


def _draw_icon(surface: pygame.Surface, kind: Kind, box: pygame.Rect) -> None:
    """A folder (with its tab), a page, or an arrow up: what the line leads to, at a glance."""
    if kind is Kind.FILE:
        page = pygame.Rect(0, 0, 18, box.height)
        page.center = box.center
        pygame.draw.rect(surface, (255, 255, 255), page, border_radius=2)
        pygame.draw.rect(surface, (90, 80, 80), page, 2, border_radius=2)
        for y in (page.top + 6, page.top + 11, page.top + 16):
            pygame.draw.line(surface, (150, 140, 140), (page.left + 4, y), (page.right - 5, y))
    elif kind is Kind.UP:
        x, top, bottom = box.centerx, box.top + 2, box.bottom - 2
        pygame.draw.line(surface, (60, 70, 120), (x, top), (x, bottom), 3)
        pygame.draw.polygon(surface, (60, 70, 120), [(x - 8, top + 8), (x + 8, top + 8), (x, top - 1)])
    else:
        tint = (230, 170, 60) if kind is Kind.FOLDER else (110, 160, 220)
        tab = pygame.Rect(box.left, box.top, box.width // 2, 6)
        body = pygame.Rect(box.left, box.top + 4, box.width, box.height - 4)
        pygame.draw.rect(surface, tint, tab, border_radius=2)
        pygame.draw.rect(surface, tint, body, border_radius=3)
        pygame.draw.rect(surface, (90, 70, 40), body, 1, border_radius=3)
