"""The help overlay: every key of the key map, generated from it, over the game."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

import pygame

from .keys import WINDOW_KEY_MAP, Binding, Key, help_lines
from .text import WRITER, panel
from .window import Scene, Window

Row = tuple[str, str, str]


class HelpOverlay(Scene):
    """Lists the key map of the scene it covers: each game brings its own."""

    opaque = False
    #: Arrows and pages scroll a list taller than the window; any other key closes it.
    key_map = (
        Binding("scroll_up", (Key.of(pygame.K_UP, label="Up"),), "scroll up", "Help"),
        Binding("scroll_down", (Key.of(pygame.K_DOWN, label="Down"),), "scroll down", "Help"),
        Binding("page_up", (Key.of(pygame.K_PAGEUP, label="Page Up"),), "a page up", "Help"),
        Binding("page_down", (Key.of(pygame.K_PAGEDOWN, label="Page Down"),), "a page down", "Help"),
        *WINDOW_KEY_MAP,
    )

    def __init__(self, app: Window) -> None:
        super().__init__(app)
        self.rows = help_lines(app.scene.key_map, app.scene.mouse_help)
        #: How far the list is scrolled, in pixels, when the window is too small for all of it.
        self.scroll = 0

    def overflow(self) -> int:
        """How many pixels of the list do not fit the window (0 when all of it shows)."""
        w, h = self.app.screen.get_size()
        return max(0, self.layout(w, h).height - h)

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        steps = {"scroll_up": -1, "scroll_down": 1, "page_up": -8, "page_down": 8}
        if action in steps and self.overflow():
            line = self.layout(*self.app.screen.get_size()).line
            self.scroll = max(0, min(self.overflow(), self.scroll + steps[action] * line * 2))
        else:
            self.app.pop()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.overflow():
            self.scroll = max(0, min(self.overflow(), self.scroll - event.y * 40))
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        layout = self.layout(w, h)
        box = pygame.Rect(0, 0, layout.width, layout.height)
        box.center = (w // 2, h // 2)
        if box.height > h:  # taller than the window: it scrolls
            box.top = -min(self.scroll, box.height - h)
        panel(surface, box, (16, 20, 44, 250), radius=16)
        size = layout.size
        title = WRITER.draw(
            surface, "Keys and mouse", size + 8, (255, 214, 60), midtop=(box.centerx, box.top + 10)
        )
        column_width = box.width // len(layout.columns)
        for number, column in enumerate(layout.columns):
            area = pygame.Rect(box.left + number * column_width, title.bottom + 8, column_width, box.height)
            self._draw_column(surface, column, area, layout)
        WRITER.draw(
            surface,
            WRITER.fit(
                "Arrows or the wheel scroll, any other key closes this help"
                if box.height > h
                else "Any key closes this help",
                size,
                box.width - 20,
            ),
            size,
            (190, 200, 235),
            midbottom=(box.centerx, box.bottom - 8),
        )

    def layout(self, width: int, height: int) -> HelpLayout:
        """The largest text that fits the window, in one column or two, long lines wrapped.

        Descriptions wrap onto more lines rather than being cut while there is height to spare.
        """
        sections = [list(rows) for _, rows in groupby(self.rows, key=lambda row: row[0])]
        options = [[sections], _split(sections)] if width >= 400 else [[sections]]
        best: HelpLayout | None = None
        for columns in options:
            box_width = min(width - 16, 560 * len(columns))
            for size in range(MAX_SIZE, MIN_SIZE - 1, -1):
                layout = HelpLayout.of(columns, size, box_width)
                if layout.height <= height - 12:
                    if best is None or layout.size > best.size:
                        best = layout
                    break
        if best is None:  # a tiny window: the smallest text in the shortest arrangement; the end may be cut
            tries = [
                HelpLayout.of(columns, MIN_SIZE, min(width - 16, 560 * len(columns))) for columns in options
            ]
            best = min(tries, key=lambda layout: layout.height)
        return best

    def _draw_column(
        self, surface: pygame.Surface, sections: list[list[Row]], area: pygame.Rect, layout: HelpLayout
    ) -> None:
        size, line = layout.size, layout.line
        keys_x = area.left + PAD
        text_x = keys_x + INDENT + layout.keys_width + GUTTER
        y = area.top
        for rows in sections:
            WRITER.draw(surface, rows[0][0], size, (150, 190, 255), topleft=(keys_x, y))
            y += line
            for _, keys, description in rows:
                keys_lines = WRITER.wrap(keys, size, layout.keys_width)
                text_lines = WRITER.wrap(description, size, area.right - text_x - PAD)
                for i, text in enumerate(keys_lines):
                    WRITER.draw(surface, text, size, (255, 236, 150), topleft=(keys_x + INDENT, y + i * line))
                for i, text in enumerate(text_lines):
                    WRITER.draw(surface, text, size, topleft=(text_x, y + i * line))
                y += line * max(len(keys_lines), len(text_lines))


#: Text sizes the help chooses from, largest first, and the space around its columns.
MAX_SIZE, MIN_SIZE = 26, 11
PAD, INDENT, GUTTER = 20, 12, 18


@dataclass(frozen=True)
class HelpLayout:
    columns: list[list[list[Row]]]
    size: int
    line: int
    keys_width: int
    width: int
    height: int

    @classmethod
    def of(cls, columns: list[list[list[Row]]], size: int, box_width: int) -> HelpLayout:
        """The help at ``size`` in a box ``box_width`` wide: how tall it comes out."""
        line = round(WRITER.line_height(size) * 1.2)
        column_width = box_width // len(columns)
        widest_keys = max(
            WRITER.measure(keys, size)[0] for column in columns for s in column for _, keys, _ in s
        )
        keys_width = min(widest_keys, (column_width - 2 * PAD - INDENT - GUTTER) * 2 // 5)
        text_width = column_width - 2 * PAD - INDENT - GUTTER - keys_width
        tallest = 0
        for column in columns:
            lines = 0
            for section in column:
                lines += 1
                for _, keys, description in section:
                    lines += max(
                        len(WRITER.wrap(keys, size, keys_width)),
                        len(WRITER.wrap(description, size, text_width)),
                    )
            tallest = max(tallest, lines)
        title = WRITER.line_height(size + 8)
        return cls(columns, size, line, keys_width, box_width, 10 + title + 8 + tallest * line + line + 12)


def _split(sections: list[list[Row]]) -> list[list[list[Row]]]:
    """Sections into two columns of about equal height, keeping their order."""
    total = sum(len(s) + 1 for s in sections)
    left: list[list[Row]] = []
    height = 0
    for index, section in enumerate(sections):
        if height and height + (len(section) + 1) / 2 > total / 2:
            return [left, sections[index:]]
        left.append(section)
        height += len(section) + 1
    return [left]
