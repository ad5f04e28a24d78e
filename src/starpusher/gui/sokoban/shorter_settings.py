"""Make it shorter's settings, over the M list: for how long, fewest what, how wide it looks.

As in YASC's optimizer settings, the player sets the optimizer once and
every Make it shorter after uses it: the time it searches, the count it makes
fewest first, and how wide its vicinity search looks (how many stars may be
off the solution's squares at a time). What the settings are, and the
choices each offers, is the session's (:class:`~starpusher.session.shorter.ShorterSettings`);
the window keeps them with the player's other settings, so they are the same
next time.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...session.shorter import SETTING_HINTS, ShorterSettings
from ..kit.keys import ENTER_KEYS, Binding, Key, arrow_bindings, shared_bindings
from ..kit.text import WRITER, panel
from ..kit.window import Scene, Window
from .window import StarPusherSettings

SETTINGS_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings("Settings", "the setting above", "the setting below", "less (or the other)", "more"),
    Binding("done", (*ENTER_KEYS, Key.of(pygame.K_o)), "done: back to the list", "Settings"),
    *shared_bindings("back", "quit"),
)

PANEL = (16, 20, 44, 255)
CHOSEN = (60, 80, 150)
GOLD = (255, 214, 60)
QUIET = (190, 200, 235)
FOOTER = "Up/Down: choose   Left/Right: change   Enter: done"


class ShorterSettingsScene(Scene):
    """Three lines, one a setting; Left and Right change the chosen one, saved at once."""

    opaque = False
    key_map = SETTINGS_KEY_MAP
    mouse_help = (("Click a setting", "change it: its left half less, its right half more"),)

    def __init__(self, app: Window, covers: Callable[[], pygame.Rect | None] = lambda: None) -> None:
        """``covers``: where the panel below this one is, which this one hides whole (no cut text)."""
        super().__init__(app)
        self.covers = covers
        self.chosen = 0
        self._rows: list[pygame.Rect] = []

    @property
    def settings(self) -> ShorterSettings:
        return self.app.settings.of(StarPusherSettings).shorter

    def action_up(self) -> None:
        self.chosen = max(0, self.chosen - 1)

    def action_down(self) -> None:
        self.chosen = min(len(self.settings.describe()) - 1, self.chosen + 1)

    def action_left(self) -> None:
        self.change(-1)

    def action_right(self) -> None:
        self.change(1)

    def action_done(self) -> None:
        self.app.pop()

    def action_back(self) -> None:
        self.app.pop()

    def change(self, step: int) -> None:
        """The chosen setting one choice further, kept in the player's settings at once."""
        self.app.settings.of(StarPusherSettings).shorter = self.settings.changed(self.chosen, step)
        self.app.save_settings(self.app.settings)
        self.app.dirty = True

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        for index, row in enumerate(self._rows):
            if row.collidepoint(event.pos):
                self.chosen = index
                self.change(-1 if event.pos[0] < row.centerx else 1)
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        lines = self.settings.describe()
        size = max(14, min(24, h // 24))
        line = round(size * 1.8)
        box = pygame.Rect(0, 0, min(w - 20, 640), 40 + line * (len(lines) + 3))
        box.center = (w // 2, h // 2)
        below = self.covers()
        outer = box.union(below.inflate(8, 8)) if below is not None else box
        panel(surface, outer, PANEL, radius=16)
        WRITER.draw(surface, "Make it shorter: settings", size + 6, GOLD, midtop=(box.centerx, box.top + 12))
        y = box.top + 24 + line
        self._rows = []
        for index, (name, value) in enumerate(lines):
            row = pygame.Rect(box.left + 14, y, box.width - 28, line - 4)
            if index == self.chosen:
                pygame.draw.rect(surface, CHOSEN, row, border_radius=6)
            WRITER.draw(surface, name, size, (150, 190, 255), midleft=(row.left + 12, row.centery))
            shown = WRITER.fit(f"<  {value}  >", size, row.width - 140)
            WRITER.draw(surface, shown, size, midright=(row.right - 12, row.centery))
            self._rows.append(row)
            y += line
        hint_size, hint = WRITER.fit_whole(
            SETTING_HINTS[self.chosen], max(12, size - 4), box.width - 40, smallest=11
        )
        for text in hint:
            WRITER.draw(surface, text, hint_size, QUIET, midtop=(box.centerx, y + 4))
            y += WRITER.line_height(hint_size)
        footer_size, footer = WRITER.fit_whole(FOOTER, max(12, size - 4), box.width - 20, smallest=11)
        step = WRITER.line_height(footer_size)
        for number, text in enumerate(footer):
            bottom = box.bottom - 10 - (len(footer) - 1 - number) * step
            WRITER.draw(surface, text, footer_size, QUIET, midbottom=(box.centerx, bottom))
