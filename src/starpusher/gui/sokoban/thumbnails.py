"""Small top-down pictures of levels for the level-select screen."""

from __future__ import annotations

import pygame

from ...core import Level
from .art import Tile
from .board import base_tiles

COLORS = {
    Tile.WALL: (176, 116, 62),
    Tile.CORNER: (150, 150, 162),
    Tile.FLOOR: (232, 220, 192),
    Tile.GRASS: (108, 178, 70),
}
GOAL = (220, 40, 40)
STAR = (255, 200, 30)
STAR_ON_GOAL = (255, 236, 120)
PLAYER = (50, 100, 220)


def thumbnail(level: Level, size: tuple[int, int], background: tuple[int, int, int]) -> pygame.Surface:
    """The level's start, drawn as coloured squares as large as fit in ``size``."""
    surface = pygame.Surface(size)
    surface.fill(background)
    cell = max(1, min(size[0] // level.width, size[1] // level.height))
    left = (size[0] - cell * level.width) // 2
    top = (size[1] - cell * level.height) // 2
    tiles = base_tiles(level)
    start = level.start
    for index, tile in enumerate(tiles):
        x, y = level.xy(index)
        rect = pygame.Rect(left + x * cell, top + y * cell, cell, cell)
        if tile is not Tile.GRASS:  # grass would hide the level's outline at this size
            surface.fill(COLORS[tile], rect)
        inner = rect.inflate(-max(1, cell // 4) * 2, -max(1, cell // 4) * 2) if cell >= 4 else rect
        if index in start.boxes:
            surface.fill(STAR_ON_GOAL if index in level.goals else STAR, inner)
            if index in level.goals and cell >= 4:
                pygame.draw.rect(surface, GOAL, inner, 1)
        elif index in level.goals:
            surface.fill(GOAL, inner)
        if index == start.player:
            if cell >= 4:
                pygame.draw.ellipse(surface, PLAYER, inner)
            else:
                surface.fill(PLAYER, rect)
    return surface
