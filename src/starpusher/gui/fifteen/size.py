"""Fifteen's size chooser: every size from 3x3 to 8x8 in a grid, with the best scores kept for each.

Columns are widths and rows are heights, so the arrow keys read naturally:
Left and Right change the width, Up and Down the height.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...core.fifteen import MAX_SIDE, MIN_SIDE
from ...session import FifteenSession
from ...store import FifteenBest
from ..kit.help import HelpOverlay
from ..kit.keys import ENTER_KEYS, Binding, Key, arrow_bindings, shared_bindings
from ..kit.text import WRITER, panel
from ..kit.window import Scene, Window

SIDES = range(MIN_SIDE, MAX_SIDE + 1)

_k = Key.of


class SizedGame(Protocol):
    """The game the chooser opens over: its session (size, records), and a way to start a new board."""

    @property
    def session(self) -> FifteenSession: ...

    def new_game(self, size: tuple[int, int] | None = None) -> None: ...


CHOOSER_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings("Size", "a shorter board", "a taller board", "a narrower board", "a wider board"),
    Binding(
        "confirm",
        (*ENTER_KEYS, _k(pygame.K_SPACE, label="Space")),
        "play the chosen size",
        "Size",
    ),
    Binding(
        "back",
        (_k(pygame.K_ESCAPE, label="Esc"), _k(pygame.K_s), _k(pygame.K_TAB, label="Tab")),
        "keep the board you have",
        "Size",
    ),
    *shared_bindings("help", "fullscreen", "quit"),
)


class SizeChooser(Scene):
    """An overlay over the Fifteen scene; choosing a size starts a new board of it."""

    opaque = False
    key_map = CHOOSER_KEY_MAP
    mouse_help = (("Click a size", "play it"), ("Click outside", "keep the board you have"))

    def __init__(self, app: Window, game: SizedGame) -> None:
        super().__init__(app)
        self.game = game
        self.choice = game.session.size
        self.bests: dict[tuple[int, int], FifteenBest] = {
            (w, h): game.session.records.best(w, h) for w in SIDES for h in SIDES
        }

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        steps = {
            "left": (-1, 0),
            "right": (1, 0),
            "up": (0, -1),
            "down": (0, 1),
        }
        if action in steps:
            dx, dy = steps[action]
            width, height = self.choice
            self.choice = (_clamp(width + dx), _clamp(height + dy))
        elif action == "confirm":
            self.choose(self.choice)
        elif action == "back":
            self.app.pop()
        elif action == "help":
            self.app.push(HelpOverlay(self.app))

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for size, rect in self.cell_rects(self.app.screen).items():
                if rect.collidepoint(event.pos) and size != self.choice:
                    self.choice = size
                    self.app.dirty = True
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        for size, rect in self.cell_rects(self.app.screen).items():
            if rect.collidepoint(event.pos):
                self.choose(size)
                return
        self.app.pop()

    def choose(self, size: tuple[int, int]) -> None:
        self.app.pop()
        self.game.new_game(size)
        self.app.say(f"A new {size[0]}x{size[1]} board.", 2)

    # -- drawing ----------------------------------------------------------------

    def box_rect(self, surface: pygame.Surface) -> pygame.Rect:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 20, 720), min(h - 20, 620))
        box.center = (w // 2, h // 2)
        return box

    def scale(self, surface: pygame.Surface) -> float:
        """Words and margins shrink with a small window (1 at the full-size chooser)."""
        box = self.box_rect(surface)
        return min(1.0, box.width / 720, box.height / 620)

    def cell_rects(self, surface: pygame.Surface) -> dict[tuple[int, int], pygame.Rect]:
        box = self.box_rect(surface)
        scale = self.scale(surface)
        count = len(SIDES)
        label = int(34 * scale) + WRITER.line_height(
            int(22 * scale) - 2
        )  # the numbers, and "height" beside them
        top = box.top + int(64 * scale) + label
        left = box.left + int(20 * scale) + label
        cell_w = (box.right - int(20 * scale) - left) // count
        cell_h = (box.bottom - int(50 * scale) - top) // count
        return {
            (width, height): pygame.Rect(
                left + (width - MIN_SIDE) * cell_w + 3,
                top + (height - MIN_SIDE) * cell_h + 3,
                cell_w - 6,
                cell_h - 6,
            )
            for width in SIDES
            for height in SIDES
        }

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box_rect(surface)
        panel(surface, box, (16, 20, 44, 252), radius=16)
        scale = self.scale(surface)
        title, label, small = int(40 * scale) + 2, int(26 * scale) + 2, int(22 * scale) + 2
        WRITER.draw(
            surface,
            "Choose a size: width x height",
            title,
            (255, 214, 60),
            midtop=(box.centerx, box.top + int(14 * scale)),
        )
        cells = self.cell_rects(surface)
        cell_h = next(iter(cells.values())).height
        number_size = max(12, min(30, cell_h // 2))
        best_size = max(10, min(20, cell_h // 3))
        for side in SIDES:
            column = cells[side, MIN_SIDE]
            WRITER.draw(
                surface, str(side), label, (150, 190, 255), midbottom=(column.centerx, column.top - 6)
            )
            row = cells[MIN_SIDE, side]
            WRITER.draw(surface, str(side), label, (150, 190, 255), midright=(row.left - 10, row.centery))
        first, last = cells[MIN_SIDE, MIN_SIDE], cells[MIN_SIDE, SIDES[-1]]
        WRITER.draw(surface, "width", small - 4, (150, 190, 255), bottomright=(first.left - 6, first.top - 8))
        # The heights' word runs down beside their numbers, as the widths' runs along theirs.
        height_word = pygame.transform.rotate(WRITER.render("height", small - 4, (150, 190, 255)), 90)
        middle = (first.top + last.bottom) // 2
        surface.blit(height_word, height_word.get_rect(midleft=(box.left + int(12 * scale), middle)))
        with_best = cell_h >= 40  # room for a second line
        for size, rect in cells.items():
            chosen = size == self.choice
            current = size == self.game.session.size
            color = (255, 214, 60, 255) if chosen else (250, 240, 214, 255) if current else (60, 72, 124, 255)
            panel(surface, rect, color, radius=8)
            ink = (40, 30, 30) if chosen or current else (236, 240, 255)
            WRITER.draw(
                surface,
                f"{size[0]}x{size[1]}",
                number_size,
                ink,
                center=(rect.centerx, rect.centery - (cell_h // 8 if with_best else 0)),
            )
            best = self.bests[size]
            if best.moves is not None and with_best:
                WRITER.draw(
                    surface,
                    f"best {best.moves}",
                    best_size,
                    (90, 60, 20) if chosen else ink,
                    midtop=(rect.centerx, rect.centery + cell_h // 10),
                )
        hint = "Arrows choose   Enter plays   Esc keeps this board   (or click)"
        WRITER.draw(
            surface,
            WRITER.fit(hint, small, box.width - 20),
            small,
            (190, 200, 235),
            midbottom=(box.centerx, box.bottom - int(14 * scale)),
        )


def _clamp(side: int) -> int:
    return max(MIN_SIDE, min(MAX_SIDE, side))
