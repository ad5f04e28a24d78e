"""The help overlay: every key of the key map, generated from it, over the game."""

from __future__ import annotations

from itertools import groupby

import pygame

from .keys import Command, help_lines
from .text import WRITER, panel
from .window import Scene, Window

Row = tuple[str, str, str]


class HelpOverlay(Scene):
    """Lists the key map of the scene it covers: each game brings its own."""

    opaque = False

    def __init__(self, app: Window) -> None:
        super().__init__(app)
        self.rows = help_lines(app.scene.key_map, app.scene.mouse_help)

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        if command is Command.QUIT:
            self.app.running = False
        else:
            self.app.pop()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        sections = [list(rows) for _, rows in groupby(self.rows, key=lambda row: row[0])]
        # Two columns when the window is wide enough: the list is long.
        # One column when it fits at a readable size, else two side by side.
        one_column = sum(len(s) + 1 for s in sections)
        columns = [sections] if w < 900 and (h - 110) // one_column >= 16 else _split(sections)
        lines = max(sum(len(s) + 1 for s in column) for column in columns)
        line = max(9, min(26, (h - 110) // lines))
        box_width = min(w - 20, 540 * len(columns))
        size = self._font_size(columns, int(line * 1.05), box_width // len(columns))
        box = pygame.Rect(0, 0, box_width, line * lines + 90)
        box.center = (w // 2, h // 2)
        panel(surface, box, (16, 20, 44, 235), radius=16)
        WRITER.draw(surface, "Keys and mouse", size + 10, (255, 214, 60), midtop=(box.centerx, box.top + 14))
        column_width = box.width // len(columns)
        for number, column in enumerate(columns):
            area = pygame.Rect(
                box.left + number * column_width, box.top + 34 + size, column_width, box.height
            )
            self._draw_column(surface, column, area, line, size)
        WRITER.draw(
            surface,
            "Any key closes this help",
            max(12, size - 2),
            (190, 200, 235),
            midbottom=(box.centerx, box.bottom - 10),
        )

    @staticmethod
    def _font_size(columns: list[list[list[Row]]], size: int, column_width: int) -> int:
        """The largest size up to ``size`` at which keys and descriptions fit side by side."""
        rows = [row for column in columns for section in column for row in section]
        while size > 9:
            font = WRITER.font(size)
            keys = max(font.size(keys)[0] for _, keys, _ in rows)
            text = max(font.size(text)[0] for _, _, text in rows)
            if 24 + 14 + keys + 20 + text + 14 <= column_width:
                break
            size -= 1
        return size

    def _draw_column(
        self, surface: pygame.Surface, sections: list[list[Row]], area: pygame.Rect, line: int, size: int
    ) -> None:
        keys_x = area.left + 24
        font = WRITER.font(size)
        widest = max(font.size(keys)[0] for section in sections for _, keys, _ in section)
        text_x = keys_x + 14 + widest + 20
        y = area.top
        for rows in sections:
            WRITER.draw(surface, rows[0][0], size, (150, 190, 255), topleft=(keys_x, y))
            y += line
            for _, keys, description in rows:
                WRITER.draw(
                    surface,
                    WRITER.fit(keys, size, text_x - keys_x - 26),
                    size,
                    (255, 236, 150),
                    topleft=(keys_x + 14, y),
                )
                WRITER.draw(
                    surface,
                    WRITER.fit(description, size, area.right - text_x - 14),
                    size,
                    topleft=(text_x, y),
                )
                y += line


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
