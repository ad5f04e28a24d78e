"""The statistics of a collection: how much is solved, the best moves and pushes, the time played.

Opened by Shift+S over the level list, the game or the collection chooser
(for the collection chosen there). At the top, what the collection adds up
to; below, a line for each level, which the arrows, the page keys and the
wheel scroll. What is counted, and how, is the session's
(:mod:`starpusher.session.statistics`); this only draws it.
"""

from __future__ import annotations

import pygame

from ...levels import Collection, collection_name
from ...session.statistics import CollectionStatistics, LevelStatistics, collection_statistics
from ...session.timing import format_time
from ..kit.help import HelpOverlay
from ..kit.keys import Binding, Key, arrow_bindings, shared_bindings
from ..kit.layout import SKY, draw_heading, heading_height
from ..kit.text import WRITER, panel
from ..kit.window import Scene
from .marks import HELPED_COLOR, SOLVED_COLOR, draw_tick
from .window import StarPusherWindow

_k = Key.of

#: The statistics screen's keys (its help lists exactly these).
STATISTICS_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings("Statistics", "scroll up", "scroll down"),
    Binding("page_up", (_k(pygame.K_PAGEUP, label="Page Up"),), "a page up", "Statistics"),
    Binding("page_down", (_k(pygame.K_PAGEDOWN, label="Page Down"),), "a page down", "Statistics"),
    Binding("first", (_k(pygame.K_HOME, label="Home"),), "the first level", "Statistics"),
    Binding("last", (_k(pygame.K_END, label="End"),), "the last level", "Statistics"),
    Binding(
        "back", (_k(pygame.K_ESCAPE, label="Esc"), _k(pygame.K_s, pygame.KMOD_SHIFT)), "back", "Statistics"
    ),
    *shared_bindings("fullscreen", "help", "quit"),
)
STATISTICS_MOUSE_HELP: tuple[tuple[str, str], ...] = (("Wheel", "scroll the levels"), ("Right click", "back"))

#: The tiles of the summary: how tall, the room between them, and how many fit a row at most.
TILE_H, TILE_GAP, MOST_TILES_A_ROW = 74, 12, 6
TILE_W_LEAST = 190
#: A level's line.
ROW_H, ROW_GAP = 34, 4
#: The columns of numbers at the right of a line, from the right: their width each.
NUMBER_W = 104
#: Where a line's columns start, from its left.
NUMBER_X, MARK_X, TITLE_X = 12, 72, 100
MUTED = (120, 110, 110)
INK = (40, 30, 30)


def counted(number: int) -> str:
    """A count as the screen shows it: ``12,345``."""
    return f"{number:,}"


class StatisticsScene(Scene):
    """A collection's statistics; Esc goes back to the screen it was opened from."""

    app: StarPusherWindow
    key_map = STATISTICS_KEY_MAP
    mouse_help = STATISTICS_MOUSE_HELP

    def __init__(self, app: StarPusherWindow, collection: Collection) -> None:
        super().__init__(app)
        self.collection = collection
        self.name = collection_name(collection)
        self.statistics: CollectionStatistics = collection_statistics(app.progress, collection.levels)
        #: The first level line shown.
        self.top = 0
        if self.statistics.left_out:
            app.say(self.statistics.left_out, 8, owner=self)

    def active_changed(self, active: bool) -> None:
        """Counted again when shown: the game it opened over has just kept the time of its visit."""
        if active:
            self.statistics = collection_statistics(self.app.progress, self.collection.levels)

    # -- layout ----------------------------------------------------------------

    def heading(self) -> tuple[str, str]:
        return f"Statistics: {self.name}", "Arrows and Page Up/Down scroll   F1 help   Esc back"

    @property
    def header(self) -> int:
        return heading_height(self.app.screen.get_width(), *self.heading())

    def tiles(self) -> list[tuple[str, str]]:
        """The summary: (what, in how many words) for each tile."""
        stats = self.statistics
        return [
            (f"{counted(stats.solved)} of {counted(stats.count)}", "solved"),
            (counted(stats.helped_only), "solved only with help"),
            (counted(stats.unsolved), "unsolved"),
            (counted(stats.total_moves), "best moves, added up"),
            (counted(stats.total_pushes), "best pushes, added up"),
            (format_time(stats.seconds), "time played"),
        ]

    def tile_rects(self) -> list[pygame.Rect]:
        """Where each tile of the summary goes: in rows as wide as the window allows."""
        width = self.app.screen.get_width()
        count = len(self.tiles())
        room = min(width - 32, 1200)
        per_row = max(1, min(MOST_TILES_A_ROW, (room + TILE_GAP) // (TILE_W_LEAST + TILE_GAP)))
        while count % per_row and per_row > 1 and count % (per_row - 1) == 0:
            per_row -= 1  # rows of equal length: 3 and 3 rather than 4 and 2
        tile_w = (room - TILE_GAP * (per_row - 1)) // per_row
        left = (width - (tile_w * per_row + TILE_GAP * (per_row - 1))) // 2
        top = self.header + 14
        return [
            pygame.Rect(
                left + (i % per_row) * (tile_w + TILE_GAP),
                top + (i // per_row) * (TILE_H + TILE_GAP),
                tile_w,
                TILE_H,
            )
            for i in range(count)
        ]

    def table_top(self) -> int:
        """Where the column names of the levels' lines go, under the summary."""
        return self.tile_rects()[-1].bottom + 18

    def table_rect(self) -> pygame.Rect:
        """The columns of the levels' lines: as wide as the summary."""
        tiles = self.tile_rects()
        left, right = tiles[0].left, max(rect.right for rect in tiles)
        return pygame.Rect(
            left, self.table_top(), right - left, self.app.screen.get_height() - self.table_top()
        )

    def rows_shown(self) -> int:
        """How many levels' lines fit under the column names."""
        room = self.app.screen.get_height() - self.table_top() - 30 - 10
        return max(1, room // (ROW_H + ROW_GAP))

    def scroll_to(self, top: int) -> None:
        most = max(0, self.statistics.count - self.rows_shown())
        self.top = max(0, min(most, top))
        self.app.dirty = True

    def resized(self) -> None:
        self.scroll_to(self.top)

    # -- input ----------------------------------------------------------------

    def act(self, action: str) -> None:
        page = self.rows_shown()
        steps = {
            "up": -1,
            "down": 1,
            "page_up": -page,
            "page_down": page,
            "first": -self.statistics.count,
            "last": self.statistics.count,
        }
        if action in steps:
            self.scroll_to(self.top + steps[action])
        else:
            super().act(action)

    def action_back(self) -> None:
        self.app.pop()

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.top - event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.app.pop()

    # -- drawing ----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        for (value, what), rect in zip(self.tiles(), self.tile_rects(), strict=True):
            self._draw_tile(surface, rect, value, what)
        self._draw_table(surface)
        draw_heading(surface, *self.heading())

    @staticmethod
    def _draw_tile(surface: pygame.Surface, rect: pygame.Rect, value: str, what: str) -> None:
        panel(surface, rect, (255, 255, 255, 225), radius=10)
        size = 34 if rect.width >= 170 else 28
        WRITER.draw(
            surface, WRITER.fit(value, size, rect.width - 16), size, INK, midtop=(rect.centerx, rect.top + 6)
        )
        WRITER.draw(
            surface,
            WRITER.fit(what, 18, rect.width - 12),
            18,
            MUTED,
            midbottom=(rect.centerx, rect.bottom - 7),
        )

    def _draw_table(self, surface: pygame.Surface) -> None:
        table = self.table_rect()
        names = pygame.Rect(table.left, table.top, table.width, 30)
        WRITER.draw(surface, "Level", 20, (30, 40, 80), midleft=(names.left + NUMBER_X, names.centery))
        for column, name in enumerate(("Time", "Pushes", "Moves")):
            right = names.right - 12 - column * NUMBER_W
            WRITER.draw(surface, name, 20, (30, 40, 80), midright=(right, names.centery))
        y = names.bottom + 4
        shown = self.statistics.levels[self.top : self.top + self.rows_shown()]
        for line in shown:
            self._draw_line(surface, pygame.Rect(table.left, y, table.width, ROW_H), line)
            y += ROW_H + ROW_GAP
        self._draw_scrollbar(surface, pygame.Rect(table.right + 6, names.bottom + 4, 6, y - names.bottom - 8))

    def _draw_line(self, surface: pygame.Surface, rect: pygame.Rect, line: LevelStatistics) -> None:
        panel(surface, rect, (255, 255, 255, 200), radius=8)
        middle = rect.centery
        WRITER.draw(surface, str(line.number), 20, MUTED, midleft=(rect.left + NUMBER_X, middle))
        if line.solved:
            draw_tick(surface, (rect.left + MARK_X, middle), SOLVED_COLOR)
        elif line.helped_only:
            draw_tick(surface, (rect.left + MARK_X, middle), HELPED_COLOR, hollow=True)
        numbers_left = rect.right - 12 - 3 * NUMBER_W
        title = WRITER.fit(line.title, 20, numbers_left - rect.left - TITLE_X - 8)
        WRITER.draw(surface, title, 20, INK, midleft=(rect.left + TITLE_X, middle))
        cells = [
            format_time(line.seconds) if line.seconds else "–",
            counted(line.best_pushes) if line.best_pushes is not None else "–",
            counted(line.best_moves) if line.best_moves is not None else "–",
        ]
        for column, text in enumerate(cells):
            WRITER.draw(surface, text, 20, INK, midright=(rect.right - 12 - column * NUMBER_W, middle))

    def _draw_scrollbar(self, surface: pygame.Surface, track: pygame.Rect) -> None:
        """Where the lines shown are among all the levels, when they do not all fit."""
        count, shown = self.statistics.count, self.rows_shown()
        if count <= shown or track.height <= 0:
            return
        thumb = pygame.Rect(track.left, 0, track.width, max(16, track.height * shown // count))
        thumb.top = track.top + (track.height - thumb.height) * self.top // max(1, count - shown)
        pygame.draw.rect(surface, (60, 110, 170), track, border_radius=3)
        pygame.draw.rect(surface, (255, 214, 60), thumb, border_radius=3)
