"""The start screen: the title, the characters, and how to play. Any key starts."""

from __future__ import annotations

import random

import pygame

from .app import App, Scene
from .art import CHARACTERS, DECORATIONS, SKY, TILES, Geometry, Tile, star_points
from .commands import MODIFIER_KEYS, Command
from .text import WRITER, panel

INSTRUCTIONS = (
    "Push every star onto a red goal.",
    "Arrow keys move, WASD looks around, Z undoes, R restarts.",
    "N and B change level, L lists them all, P changes character.",
    "Click a square to walk there; click a star, then a square, to push it.",
    "F1 shows every key.",
)


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.choice = 0

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        games = self.app.games
        if command is Command.BACK:
            self.app.running = False
        elif command is Command.HELP:
            from .help import HelpOverlay

            self.app.push(HelpOverlay(self.app))
        elif len(games) > 1 and command in (Command.MOVE_UP, Command.MOVE_DOWN):
            step = -1 if command is Command.MOVE_UP else 1
            self.choice = (self.choice + step) % len(games)
        elif event.key not in MODIFIER_KEYS:
            self.start()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self._menu_rects(self.app.screen)):
                if rect.collidepoint(event.pos):
                    self.choice = index
            self.start()

    def start(self) -> None:
        self.app.replace(self.app.games[self.choice].start(self.app))

    def _menu_rects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        if len(self.app.games) < 2:
            return []
        w, h = surface.get_size()
        return [
            pygame.Rect(w // 2 - 150, int(h * 0.80) + i * 44 - 22, 300, 40)
            for i in range(len(self.app.games))
        ]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        w, h = surface.get_size()
        scale = max(0.5, min(w / 1024, h / 720))
        self._draw_ground(surface, scale)
        title_size = int(120 * scale)
        title = WRITER.draw(
            surface, "Star Pusher", title_size, (255, 214, 60), outline=True, center=(w // 2, int(h * 0.15))
        )
        for side in (-1, 1):
            cx = w // 2 + side * (title.width // 2 + int(44 * scale))
            r = 34 * scale
            pygame.draw.polygon(surface, (120, 70, 10), star_points(cx, title.centery + 3, r * 1.1, r * 0.5))
            pygame.draw.polygon(surface, (255, 206, 40), star_points(cx, title.centery, r, r * 0.45))
        collection = self.app.collection.title or "Star Pusher levels"
        count = len(self.app.collection.levels)
        WRITER.draw(
            surface,
            f"{collection}: {count} levels",
            int(30 * scale),
            (30, 40, 80),
            center=(w // 2, title.bottom + int(24 * scale)),
        )
        size = int(28 * scale)
        top = int(h * 0.54)
        box = pygame.Rect(0, 0, int(min(w - 20, 860 * scale)), int((len(INSTRUCTIONS) + 0.8) * size * 1.15))
        box.midtop = (w // 2, top - size // 2)
        panel(surface, box, (255, 255, 255, 170), radius=14)
        for i, line in enumerate(INSTRUCTIONS):
            WRITER.draw(
                surface,
                WRITER.fit(line, size, box.width - 20),
                size,
                (40, 40, 60),
                center=(w // 2, top + int(i * size * 1.15) + size // 3),
            )
        if len(self.app.games) > 1:
            for index, (game, rect) in enumerate(zip(self.app.games, self._menu_rects(surface), strict=True)):
                chosen = index == self.choice
                panel(surface, rect, (255, 214, 60, 230) if chosen else (255, 255, 255, 140), radius=10)
                WRITER.draw(surface, game.name, 32, (40, 30, 30), center=rect.center)
            prompt = "Up and Down choose a game, any other key starts it"
        else:
            prompt = "Press any key to start"
        garden_top = self._draw_garden(surface, scale)
        prompt_y = (box.bottom + garden_top) // 2 + int(10 * scale)
        if len(self.app.games) > 1:
            prompt_y = h - int(20 * scale)
        WRITER.draw(surface, prompt, int(36 * scale), outline=True, center=(w // 2, prompt_y))

    def _draw_garden(self, surface: pygame.Surface, scale: float) -> int:
        """Grass along the bottom with the original's rocks and trees; returns its top."""
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
        return top

    def _draw_ground(self, surface: pygame.Surface, scale: float) -> None:
        """A strip of the game's own blocks with the five characters and a star on it."""
        w, h = surface.get_size()
        geometry = Geometry(int(70 * scale))
        count = w // geometry.width + 2
        top = int(h * 0.27)
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
