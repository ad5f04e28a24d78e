"""A sketch drawn with play's own pseudo-3D art, plus what only the editor shows.

The board is a :class:`~starpusher.gui.sokoban.board.BoardPicture` of the
sketch, so walls, floor, goals and stars look exactly as in play. Floor
enclosed by walls is inside floor; the rest is grass, as in play, so the
player sees at once what is inside. The grass stays bare: a tree would hide
squares the player is drawing on. Over it go the grid, the squares a
problem concerns, and the square under the mouse.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from ...core import Level, State
from ...core.sokoban import GOAL, PLAYER, PLAYER_ON_GOAL, STAR, STAR_ON_GOAL, WALL
from ...editing.sketch import Sketch, Square
from ..sokoban.art import CHARACTERS, TALL_TILES, Geometry, Tile
from ..sokoban.board import BoardPicture, Sprite, base_tiles

GRID_COLOR = (70, 60, 50)
PROBLEM_COLOR = (235, 40, 40)
EDGE_COLOR = (255, 255, 255)


def picture_level(sketch: Sketch) -> Level:
    """The sketch as a :class:`Level` object for the art to draw (not checked: it may be no level yet)."""
    width = sketch.width

    def indices(*chars: str) -> frozenset[int]:
        return frozenset(y * width + x for x, y in sketch.squares(*chars))

    players = sorted(indices(PLAYER, PLAYER_ON_GOAL))
    start = State(players[0] if players else 0, indices(STAR, STAR_ON_GOAL))
    return Level(width, sketch.height, indices(WALL), indices(GOAL, STAR_ON_GOAL, PLAYER_ON_GOAL), start)


class SketchPicture(BoardPicture):
    """The board picture of a sketch: inside floor where walls enclose it, bare grass elsewhere."""

    def __init__(self, sketch: Sketch, *, flat: bool = False, shaded: Iterable[int] = ()) -> None:
        level = picture_level(sketch)
        super().__init__(level, flat=flat, shaded=shaded)
        self.base = base_tiles(level, {y * level.width + x for x, y in sketch.enclosed()})
        self.decoration = {}
        self.tall = [not flat and tile in TALL_TILES for tile in self.base]
        self.sketch = sketch

    def sprites(self, character: int) -> list[Sprite]:
        """The stars and the player where the sketch has them."""
        sprites = [
            Sprite(Tile.STAR, x, y, on_goal=self.sketch.at((x, y)) == STAR_ON_GOAL)
            for x, y in self.sketch.squares(STAR, STAR_ON_GOAL)
        ]
        sprites += [
            Sprite(CHARACTERS[character % len(CHARACTERS)], x, y)
            for x, y in self.sketch.squares(PLAYER, PLAYER_ON_GOAL)
        ]
        return sprites


def face(square: Square, origin: tuple[int, int], geometry: Geometry) -> pygame.Rect:
    """The top face of a square on the screen: where the mouse points at it."""
    x, y = square
    return pygame.Rect(
        origin[0] + x * geometry.width,
        origin[1] + y * geometry.step + geometry.top,
        geometry.width,
        geometry.step,
    )


def draw_grid(surface: pygame.Surface, sketch: Sketch, origin: tuple[int, int], geometry: Geometry) -> None:
    """Thin lines between the squares' top faces."""
    top = face((0, 0), origin, geometry).top
    bottom = face((0, sketch.height - 1), origin, geometry).bottom
    left, right = origin[0], origin[0] + sketch.width * geometry.width
    for x in range(sketch.width + 1):
        pygame.draw.line(
            surface, GRID_COLOR, (left + x * geometry.width, top), (left + x * geometry.width, bottom)
        )
    for y in range(sketch.height + 1):
        row = top + y * geometry.step
        pygame.draw.line(surface, GRID_COLOR, (left, row), (right, row))


def draw_edge(surface: pygame.Surface, sketch: Sketch, origin: tuple[int, int], geometry: Geometry) -> None:
    """A dashed line round the board: painting beyond it grows the board."""
    rect = face((0, 0), origin, geometry).union(face((sketch.width - 1, sketch.height - 1), origin, geometry))
    dash = max(4, geometry.width // 5)
    for start, end in (
        (rect.topleft, rect.topright),
        (rect.bottomleft, rect.bottomright),
        (rect.topleft, rect.bottomleft),
        (rect.topright, rect.bottomright),
    ):
        length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        for offset in range(0, length, dash * 2):
            a = offset / max(1, length)
            b = min(1.0, (offset + dash) / max(1, length))
            pygame.draw.line(
                surface,
                EDGE_COLOR,
                (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a),
                (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b),
                2,
            )


def mark_squares(
    surface: pygame.Surface,
    squares: Iterable[Square],
    origin: tuple[int, int],
    geometry: Geometry,
    color: tuple[int, int, int] = PROBLEM_COLOR,
) -> None:
    """A translucent wash and a frame on each square: where a problem lies."""
    wash = pygame.Surface((geometry.width, geometry.step), pygame.SRCALPHA)
    wash.fill((*color, 90))
    pen = max(2, geometry.width // 14)
    for square in squares:
        rect = face(square, origin, geometry)
        surface.blit(wash, rect)
        pygame.draw.rect(surface, color, rect, pen, border_radius=max(2, geometry.width // 10))
