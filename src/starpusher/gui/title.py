"""The start screen: the title, the characters, how to play, and the games on offer. Any key starts.

The games come from the window (``app.games``): the title names none of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from ..levels import collection_name
from .kit.help import HelpOverlay
from .kit.keys import MODIFIER_KEYS
from .kit.layout import SKY
from .kit.text import WRITER, panel
from .kit.window import Scene
from .sokoban.art import CHARACTERS, DECORATIONS, TILES, Geometry, Tile, star_points
from .sokoban.keys import KEY_MAP, MOUSE_HELP
from .sokoban.window import StarPusherWindow

INSTRUCTIONS = (
    "Push every star onto a red goal.",
    "Arrow keys move, WASD looks around, Z undoes, R restarts.",
    "N and B change level, L lists them all, C chooses a collection.",
    "Click a square to walk there; click a star, then a square, to push it.",
    "F1 shows every key.",
)


#: Keys that move the choice between the games.
_CHOOSING = frozenset({"up", "down", "left", "right"})


@dataclass(frozen=True)
class _Layout:
    scale: float
    title_center: int
    strip: Geometry
    strip_top: int
    line: int  # the instructions' text size
    panel: pygame.Rect
    games: list[pygame.Rect]
    prompt_y: int


class TitleScene(Scene):
    """The window's front door; ``chosen`` names the game ready to start (the first if None)."""

    app: StarPusherWindow
    #: The help here lists Star Pusher's keys: the game most players start with.
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP

    def __init__(self, app: StarPusherWindow, chosen: str | None = None) -> None:
        super().__init__(app)
        names = [game.name for game in app.games]
        self.choice = names.index(chosen) if chosen in names else 0

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        games = self.app.games
        if action == "back":
            self.app.running = False
        elif action == "help":
            self.app.push(HelpOverlay(self.app))
        elif action == "collections":
            self.app.show_collections()
        elif len(games) > 1 and action in _CHOOSING:
            step = -1 if action in ("up", "left") else 1
            self.choice = (self.choice + step) % len(games)
        elif event.key not in MODIFIER_KEYS:
            self.start()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self._layout(self.app.screen).games):
                if rect.collidepoint(event.pos):
                    self.choice = index
            self.start()

    def start(self) -> None:
        self.app.replace(self.app.games[self.choice].start(self.app))

    def _layout(self, surface: pygame.Surface) -> _Layout:
        """Where everything goes, top to bottom, so nothing overlaps at any window size."""
        w, h = surface.get_size()
        scale = max(0.35, min(w / 1024, h / 720))
        title_center = int(h * 0.13)
        strip = Geometry(int(70 * scale))
        strip_top = int(h * 0.25)
        strip_bottom = strip_top + strip.step + strip.height
        line = int(28 * scale)
        panel_box = pygame.Rect(
            0, 0, int(min(w - 20, 860 * scale)), int((len(INSTRUCTIONS) + 0.7) * line * 1.12)
        )
        panel_box.midtop = (w // 2, strip_bottom + int(8 * scale))
        count = len(self.app.games)
        games = []
        if count > 1:  # the games side by side under the instructions
            width = int(min(240 * scale, (w - 40) / count - 16))
            height = max(26, int(42 * scale))
            gap = int(16 * scale)
            left = w // 2 - (count * width + (count - 1) * gap) // 2
            top = panel_box.bottom + int(14 * scale)
            games = [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(count)]
        below = games[0].bottom if games else panel_box.bottom
        prompt_y = below + int(30 * scale)
        if prompt_y + int(14 * scale) > h or line < 12:  # a tiny window: F1 still lists the keys
            shift = panel_box.height
            panel_box.height = 0
            games = [rect.move(0, -shift) for rect in games]
            prompt_y -= shift
        return _Layout(scale, title_center, strip, strip_top, line, panel_box, games, prompt_y)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        w = surface.get_width()
        layout = self._layout(surface)
        scale = layout.scale
        self._draw_garden(surface, scale)
        self._draw_ground(surface, layout.strip, layout.strip_top)
        title_size = int(120 * scale)
        title = WRITER.draw(
            surface,
            "Star Pusher",
            title_size,
            (255, 214, 60),
            outline=True,
            center=(w // 2, layout.title_center),
        )
        for side in (-1, 1):
            cx = w // 2 + side * (title.width // 2 + int(44 * scale))
            r = 34 * scale
            pygame.draw.polygon(surface, (120, 70, 10), star_points(cx, title.centery + 3, r * 1.1, r * 0.5))
            pygame.draw.polygon(surface, (255, 206, 40), star_points(cx, title.centery, r, r * 0.45))
        collection = collection_name(self.app.collection)
        count = len(self.app.collection.levels)
        WRITER.draw(
            surface,
            f"{collection}: {count} level{'' if count == 1 else 's'}",
            int(30 * scale),
            (30, 40, 80),
            center=(w // 2, title.bottom + int(22 * scale)),
        )
        box, size = layout.panel, layout.line
        if box.height:
            panel(surface, box, (255, 255, 255, 190), radius=14)
        for i, line in enumerate(INSTRUCTIONS if box.height else ()):
            WRITER.draw(
                surface,
                WRITER.fit(line, size, box.width - 20),
                size,
                (40, 40, 60),
                center=(w // 2, box.top + int((i + 0.85) * size * 1.12)),
            )
        for index, (game, rect) in enumerate(zip(self.app.games, layout.games, strict=False)):
            chosen = index == self.choice
            panel(surface, rect, (255, 214, 60, 240) if chosen else (255, 255, 255, 170), radius=10)
            if chosen:
                pygame.draw.rect(surface, (120, 70, 10), rect, max(2, int(3 * scale)), border_radius=10)
            name_size = int(34 * scale)
            WRITER.draw(
                surface,
                WRITER.fit(game.name, name_size, rect.width - 8),
                name_size,
                (40, 30, 30),
                center=rect.center,
            )
        if layout.games:
            prompt = "Arrows choose a game, C a collection, any other key starts"
        else:
            prompt = "Press any key to start"
        prompt_size = int(34 * scale)
        WRITER.draw(
            surface,
            WRITER.fit(prompt, prompt_size, w - 20),
            prompt_size,
            outline=True,
            center=(w // 2, layout.prompt_y),
        )

    def _draw_garden(self, surface: pygame.Surface, scale: float) -> None:
        """Grass along the bottom with the original's rocks and trees."""
        w, h = surface.get_size()
        geometry = Geometry(int(56 * scale))
        top = h - geometry.height + geometry.top // 2
        count = w // geometry.width + 2
        left = (w - count * geometry.width) // 2
        rng = random.Random(11)  # the same garden every time
        for i in range(count):
            position = (left + i * geometry.width, top)
            surface.blit(TILES.get(Tile.GRASS, geometry.width), position)
            if rng.random() < 0.6:
                surface.blit(TILES.get(rng.choice(DECORATIONS), geometry.width), position)

    def _draw_ground(self, surface: pygame.Surface, geometry: Geometry, top: int) -> None:
        """A strip of the game's own blocks with the five characters and a star on it."""
        w = surface.get_width()
        count = w // geometry.width + 2
        left = (w - count * geometry.width) // 2
        layout = ["wall"] + ["floor"] * (count - 2) + ["wall"]
        middle = count // 2
        figures = {middle - 3 + i: name for i, name in enumerate(CHARACTERS[:3])}
        figures.update(
            {middle + 1: "star", middle + 2: "goal", middle + 3: CHARACTERS[3], middle + 4: CHARACTERS[4]}
        )
        for row in range(2):
            y = top + row * geometry.step
            for i in range(count):
                x = left + i * geometry.width
                if row == 0:
                    surface.blit(TILES.get(Tile.WALL, geometry.width), (x, y))
                    continue
                surface.blit(
                    TILES.get(Tile.CORNER if layout[i] == "wall" else Tile.FLOOR, geometry.width), (x, y)
                )
                what = figures.get(i)
                if what == "star":
                    surface.blit(TILES.get(Tile.STAR, geometry.width), (x, y))
                elif what == "goal":
                    surface.blit(TILES.get(Tile.GOAL, geometry.width), (x, y))
                elif what:
                    surface.blit(TILES.get(what, geometry.width), (x, y))
