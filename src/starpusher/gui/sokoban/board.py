"""Drawing a level: the static map picture, cached, and the moving parts on top.

The map (floor, walls, grass, decoration, goals) only changes with the level
and the zoom, so it is drawn once per tile width onto one surface, as the
original game did with its ``mapNeedsRedraw``. Each frame blits that surface
and then the stars and the player; a wall or tree in the row in front of a
moving piece is blitted again over it, so pieces stand behind walls in depth.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

import pygame

from ...core import Level
from ..kit.layout import SKY
from .art import DECORATIONS, TALL_TILES, TILES, Geometry, Tile, TileSet
from .flat_art import FLAT_TILES

#: Share of the grass squares that get a rock or a tree, as in the original.
DECORATION_SHARE = 0.2


@dataclass(frozen=True)
class Sprite:
    """A piece drawn over the map: a star or the player, at a (fractional) square."""

    picture: Tile | str
    x: float
    y: float
    on_goal: bool = False


#: Within a row: markers on the floor first, then stars, then the player.
_LAYERS: dict[Tile | str, int] = {
    Tile.SELECTION: 0,
    Tile.TARGET: 0,
    Tile.REACHABLE: 0,
    Tile.STAR: 1,
    Tile.CHOSEN_STAR: 1,
}


def level_seed(level: Level) -> int:
    """A number that depends only on the board, so decoration is the same every time."""
    digest = hashlib.sha256(level.to_text().encode()).digest()
    return int.from_bytes(digest[:8], "big")


def base_tiles(level: Level, inside: Collection[int] | None = None) -> list[Tile]:
    """The block of every square: inside floor, grass, wooden wall or corner post.

    ``inside`` is the inside floor (default: where the player can walk; the
    editor passes what the walls enclose, for a level that has no player yet).
    """
    tiles = []
    walls = level.walls
    width = level.width
    inside = level.interior if inside is None else inside
    for index in range(width * level.height):
        if index in walls:
            tiles.append(Tile.CORNER if _is_corner(level, index) else Tile.WALL)
        elif index in inside:
            tiles.append(Tile.FLOOR)
        else:
            tiles.append(Tile.GRASS)
    return tiles


def _is_corner(level: Level, index: int) -> bool:
    """Where a wall turns a corner (an L of walls), the original puts a stone post.

    Walls that run straight on (also two-thick walls) stay wooden, so thick
    walls do not turn into stripes of stone.
    """
    x, y = level.xy(index)

    def wall(dx: int, dy: int) -> bool:
        nx, ny = x + dx, y + dy
        return 0 <= nx < level.width and 0 <= ny < level.height and level.index(nx, ny) in level.walls

    up, down, left, right = wall(0, -1), wall(0, 1), wall(-1, 0), wall(1, 0)
    return (up != down) and (left != right)


def decorations(level: Level, tiles: list[Tile]) -> dict[int, Tile]:
    """Rocks and trees on about a fifth of the grass, the same for the same level."""
    rng = random.Random(level_seed(level))
    found = {}
    for index, tile in enumerate(tiles):
        if tile is Tile.GRASS and rng.random() < DECORATION_SHARE:
            found[index] = rng.choice(DECORATIONS)
    return found


class BoardPicture:
    """One level's pictures: the cached map per tile width, and frame drawing.

    ``flat=True`` draws the flat view: square tiles seen from above (``FLAT_TILES``),
    rows that do not overlap, nothing standing in front of anything. Everything
    that places things on the screen takes its sizes from :meth:`geometry`.
    """

    def __init__(
        self,
        level: Level,
        tiles: TileSet | None = None,
        *,
        flat: bool = False,
        shaded: Iterable[int] = (),
        decoration: Mapping[int, Tile] | None = None,
    ) -> None:
        """``decoration``: the rocks and trees, when they are not the level's own (a board seen
        turned keeps those of the level as drawn, turned with it)."""
        self.level = level
        self.flat = flat
        self.tiles = tiles or (FLAT_TILES if flat else TILES)
        #: Floor squares drawn with a faint cross: the dead squares no star should be pushed onto.
        self.shaded = frozenset(shaded)
        self.base = base_tiles(level)
        self.decoration = dict(decoration) if decoration is not None else decorations(level, self.base)
        #: Squares whose picture rises above them and hides what stands behind (none when flat).
        self.tall = [
            not flat and (tile in TALL_TILES or i in self.decoration) for i, tile in enumerate(self.base)
        ]
        self._maps: dict[int, pygame.Surface] = {}

    def geometry(self, width: int) -> Geometry:
        """Pixel sizes of this picture's squares at a tile width."""
        return Geometry(width, self.flat)

    # -- the static map ----------------------------------------------------------------

    def map_surface(self, width: int) -> pygame.Surface:
        """The whole map at one tile width (the last two widths are kept)."""
        surface = self._maps.get(width)
        if surface is None:
            if len(self._maps) >= 2:
                self._maps.pop(next(iter(self._maps)))
            surface = self._maps[width] = self._draw_map(width)
        return surface

    def _draw_map(self, width: int) -> pygame.Surface:
        geometry = self.geometry(width)
        # Opaque, on the sky colour the window is painted with: opaque blits are the fastest.
        surface = pygame.Surface(geometry.map_size(self.level.width, self.level.height))
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.fill(SKY)
        for index in range(self.level.width * self.level.height):
            self._blit_square(surface, index, geometry, 0, 0)
        return surface

    def _shade(self, surface: pygame.Surface, index: int, geometry: Geometry, left: int, top: int) -> None:
        """A faint dark cross on the square's face: a star pushed here is lost."""
        x, y = self.level.xy(index)
        face = pygame.Rect(
            left + x * geometry.width, top + y * geometry.step + geometry.top, geometry.width, geometry.step
        )
        inner = face.inflate(-face.width * 0.6, -face.height * 0.6)
        pen = max(1, geometry.width // 16)
        color = (150, 128, 104)
        pygame.draw.line(surface, color, inner.topleft, inner.bottomright, pen)
        pygame.draw.line(surface, color, inner.topright, inner.bottomleft, pen)

    def _blit_square(
        self, surface: pygame.Surface, index: int, geometry: Geometry, left: int, top: int
    ) -> None:
        x, y = self.level.xy(index)
        position = (left + x * geometry.width, top + y * geometry.step)
        surface.blit(self.tiles.get(self.base[index], geometry.width), position)
        if index in self.level.goals:
            surface.blit(self.tiles.get(Tile.GOAL, geometry.width), position)
        if index in self.shaded:
            self._shade(surface, index, geometry, left, top)
        decoration = self.decoration.get(index)
        if decoration is not None:
            surface.blit(self.tiles.get(decoration, geometry.width), position)

    # -- a frame ----------------------------------------------------------------

    def draw(
        self, surface: pygame.Surface, origin: tuple[int, int], width: int, sprites: Iterable[Sprite]
    ) -> None:
        """The map with its top-left corner at ``origin``, then the sprites in depth order."""
        surface.blit(self.map_surface(width), origin)
        geometry = self.geometry(width)
        for sprite in sorted(sprites, key=lambda s: (math.ceil(s.y), _LAYERS.get(s.picture, 2))):
            self._draw_sprite(surface, origin, geometry, sprite)

    def _draw_sprite(
        self, surface: pygame.Surface, origin: tuple[int, int], geometry: Geometry, sprite: Sprite
    ) -> None:
        picture = self.tiles.get(sprite.picture, geometry.width)
        area = self.sprite_rect(sprite, origin, geometry)
        if not area.colliderect(surface.get_clip()):
            return
        if sprite.on_goal:
            surface.blit(self.tiles.get(Tile.COVERED_GOAL, geometry.width), area)
        surface.blit(picture, area)
        self._cover_with_front_rows(surface, origin, geometry, sprite, area)

    @staticmethod
    def sprite_rect(sprite: Sprite, origin: tuple[int, int], geometry: Geometry) -> pygame.Rect:
        """Where a sprite's picture goes on the screen."""
        left = origin[0] + round(sprite.x * geometry.width)
        top = origin[1] + round(sprite.y * geometry.step)
        return pygame.Rect(left, top, geometry.width, geometry.height)

    def _cover_with_front_rows(
        self,
        surface: pygame.Surface,
        origin: tuple[int, int],
        geometry: Geometry,
        sprite: Sprite,
        area: pygame.Rect,
    ) -> None:
        """Blit again the tall tiles of the next two rows that stand in front of the sprite.

        Pictures are one column wide, so only the sprite's own column (two
        while it moves sideways) can hide part of it.
        """
        level = self.level
        row = math.ceil(sprite.y)
        columns = range(max(0, math.floor(sprite.x)), min(level.width, math.ceil(sprite.x) + 1))
        in_front = [
            index
            for y in (row + 1, row + 2)
            if y < level.height
            for x in columns
            if self.tall[index := y * level.width + x]
        ]
        if not in_front:
            return
        old_clip = surface.get_clip()
        surface.set_clip(area.clip(old_clip))
        for index in in_front:
            self._blit_square(surface, index, geometry, *origin)
        surface.set_clip(old_clip)

    # -- the mouse ----------------------------------------------------------------

    def square_at(self, point: tuple[int, int], origin: tuple[int, int], width: int) -> int | None:
        """The square whose top face is under a point on the screen, or None."""
        geometry = self.geometry(width)
        x = math.floor((point[0] - origin[0]) / geometry.width)
        y = math.floor((point[1] - origin[1] - geometry.top) / geometry.step)
        if 0 <= x < self.level.width and 0 <= y < self.level.height:
            return self.level.index(x, y)
        return None
