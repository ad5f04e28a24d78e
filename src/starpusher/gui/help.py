"""The help overlay: every key of the key map, generated from it, over the game."""

from __future__ import annotations

import pygame

from .app import Scene
from .commands import Command, help_lines
from .text import WRITER, panel


class HelpOverlay(Scene):
    opaque = False

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        if command is Command.QUIT:
            self.app.running = False
        else:
            self.app.pop()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.app.pop()

    def lines(self) -> list[tuple[str, str, str]]:
        return help_lines()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        rows = self.lines()
        sections = len({section for section, _, _ in rows})
        line = max(12, min(26, (h - 110) // (len(rows) + sections)))
        size = int(line * 1.05)
        box = pygame.Rect(0, 0, min(w - 20, 900), line * (len(rows) + sections) + 90)
        box.center = (w // 2, h // 2)
        panel(surface, box, (16, 20, 44, 235), radius=16)
        WRITER.draw(surface, "Keys and mouse", size + 10, (255, 214, 60), midtop=(box.centerx, box.top + 14))
        y = box.top + 24 + size + 10
        keys_x = box.left + 24
        text_x = box.left + int(box.width * 0.46)
        section = None
        for this_section, keys, description in rows:
            if this_section != section:
                section = this_section
                WRITER.draw(surface, section, size, (150, 190, 255), topleft=(keys_x, y))
                y += line
            WRITER.draw(
                surface,
                WRITER.fit(keys, size, text_x - keys_x - 30),
                size,
                (255, 236, 150),
                topleft=(keys_x + 16, y),
            )
            WRITER.draw(
                surface, WRITER.fit(description, size, box.right - text_x - 16), size, topleft=(text_x, y)
            )
            y += line
        WRITER.draw(
            surface,
            "Any key closes this help",
            max(12, size - 2),
            (190, 200, 235),
            midbottom=(box.centerx, box.bottom - 10),
        )
