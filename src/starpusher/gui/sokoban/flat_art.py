"""The flat view's art: every square seen from straight above, drawn by our own code.

The pseudo-3D tiles of :mod:`.art` are tall and overlap the row behind;
at small tile widths their walls and fronts blur together. Here each tile is
a plain square (100 x 100 units, scaled like the tall ones) with strong
outlines: walls stand out from floor, goals are rings, stars are stars.
The player keeps the character the player chose, standing on the square.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .art import OUTLINE, TILES, Pen, Tile, TileSet, shade, star_points

#: Flat masters are drawn at this many pixels per unit (200 pixels square).
FLAT_SCALE = 2.0
#: The part of a tall character picture (in its units) that is shown in a flat square.
CHARACTER_CROP = (8, 2, 84, 104)

FLOOR = (226, 214, 186)
GRASS = (108, 178, 70)
WOOD = (180, 122, 66)
STONE = (160, 160, 172)


def flat_blank() -> tuple[pygame.Surface, Pen]:
    surface = pygame.Surface((round(100 * FLAT_SCALE), round(100 * FLAT_SCALE)), pygame.SRCALPHA)
    return surface, Pen(surface, FLAT_SCALE)


def draw_flat_floor(pen: Pen) -> None:
    pen.box(shade(FLOOR, 0.86), 0, 0, 100, 100, outline=None)
    pen.box(FLOOR, 3, 3, 94, 94, radius=5, outline=None)


def draw_flat_grass(pen: Pen) -> None:
    pen.box(GRASS, 0, 0, 100, 100, outline=None)
    for x, y in ((20, 24), (66, 18), (42, 58), (80, 70), (16, 80)):
        blade = shade(GRASS, 0.8)
        pen.lines(blade, [(x - 4, y + 5), (x - 2, y), (x, y + 5), (x + 2, y - 1), (x + 4, y + 5)], 2)


def draw_flat_wall(pen: Pen) -> None:
    """A wooden block from above: dark edges so walls read as solid even a few pixels wide."""
    pen.box(shade(WOOD, 0.55), 0, 0, 100, 100, outline=None)
    pen.box(WOOD, 6, 6, 88, 88, radius=4, outline=None)
    for x in (28, 50, 72):
        pen.line(shade(WOOD, 0.78), (x, 8), (x, 92), 2.5)
    pen.line(shade(WOOD, 1.25), (8, 9), (92, 9), 2)


def draw_flat_corner(pen: Pen) -> None:
    pen.box(shade(STONE, 0.55), 0, 0, 100, 100, outline=None)
    pen.box(STONE, 6, 6, 88, 88, radius=4, outline=None)
    for x, y, w, h in ((10, 10, 38, 36), (52, 10, 38, 36), (10, 50, 24, 40), (38, 50, 52, 40)):
        pen.box(shade(STONE, 1.1), x, y, w, h, radius=4, outline=shade(STONE, 0.78), ow=1.5)


def draw_flat_goal(pen: Pen) -> None:
    pen.circle((255, 160, 150, 150), 50, 50, 30, outline=(215, 35, 35), ow=9)


def draw_flat_covered_goal(pen: Pen) -> None:
    pen.circle((190, 255, 180, 170), 50, 50, 44, outline=(60, 175, 60), ow=7)


def draw_flat_star(pen: Pen) -> None:
    pen.poly((196, 120, 16), star_points(51, 53, 42, 19), outline=OUTLINE, w=3)
    pen.poly((255, 206, 40), star_points(50, 50, 42, 19), outline=(150, 90, 10), w=3)
    pen.poly((255, 236, 120), star_points(50, 49, 20, 9), outline=None)


def draw_flat_chosen_star(pen: Pen) -> None:
    pen.circle((120, 200, 255, 230), 50, 50, 49, outline=None)
    draw_flat_star(pen)


def draw_flat_selection(pen: Pen) -> None:
    pen.ellipse(None, 4, 4, 92, 92, outline=(40, 140, 255), ow=7)


def draw_flat_target(pen: Pen) -> None:
    pen.circle((60, 160, 255, 120), 50, 50, 30, outline=(40, 110, 220), ow=4)
    pen.circle((40, 110, 220), 50, 50, 6, outline=None)


def draw_flat_reachable(pen: Pen) -> None:
    pen.circle((90, 180, 255, 190), 50, 50, 14, outline=(30, 100, 210), ow=3)


def draw_flat_rock(pen: Pen) -> None:
    gray = (150, 146, 140)
    pen.poly(gray, [(22, 70), (20, 40), (40, 22), (66, 24), (82, 44), (80, 72), (56, 82), (34, 80)])
    pen.poly(shade(gray, 1.25), [(32, 42), (44, 30), (62, 32), (50, 46)], outline=None)


def _canopy(pen: Pen, leaf: tuple[int, int, int], radius: float) -> None:
    pen.circle((0, 0, 0, 60), 54, 54, radius, outline=None)
    pen.circle(leaf, 50, 50, radius)
    pen.circle(shade(leaf, 1.25), 42, 42, radius / 2.6, outline=None)


def draw_flat_short_tree(pen: Pen) -> None:
    _canopy(pen, (58, 150, 60), 34)


def draw_flat_tall_tree(pen: Pen) -> None:
    _canopy(pen, (40, 128, 72), 40)
    pen.circle(shade((40, 128, 72), 0.85), 50, 50, 18, outline=None)


def draw_flat_ugly_tree(pen: Pen) -> None:
    leaf = (120, 140, 48)
    for x, y, r in ((34, 38, 18), (64, 34, 16), (56, 66, 20)):
        pen.circle(leaf, x, y, r)


FLAT_DRAWINGS: dict[Tile, Callable[[Pen], None]] = {
    Tile.FLOOR: draw_flat_floor,
    Tile.GRASS: draw_flat_grass,
    Tile.WALL: draw_flat_wall,
    Tile.CORNER: draw_flat_corner,
    Tile.GOAL: draw_flat_goal,
    Tile.COVERED_GOAL: draw_flat_covered_goal,
    Tile.STAR: draw_flat_star,
    Tile.CHOSEN_STAR: draw_flat_chosen_star,
    Tile.SELECTION: draw_flat_selection,
    Tile.TARGET: draw_flat_target,
    Tile.REACHABLE: draw_flat_reachable,
    Tile.ROCK: draw_flat_rock,
    Tile.SHORT_TREE: draw_flat_short_tree,
    Tile.TALL_TREE: draw_flat_tall_tree,
    Tile.UGLY_TREE: draw_flat_ugly_tree,
}


def flat_master(what: Tile | str, character_master: Callable[[str], pygame.Surface]) -> pygame.Surface:
    """The flat master picture of a tile, or of a character (its tall picture, cropped to the square)."""
    surface, pen = flat_blank()
    if isinstance(what, Tile):
        FLAT_DRAWINGS[what](pen)
        return surface
    tall = character_master(what)
    scale = tall.get_width() / 100
    left, top, width, height = (round(value * scale) for value in CHARACTER_CROP)
    figure = tall.subsurface(pygame.Rect(left, top, width, height))
    size = surface.get_height()
    fitted = pygame.transform.smoothscale(figure, (round(size * width / height), size))
    surface.blit(fitted, fitted.get_rect(center=surface.get_rect().center))
    return surface


class FlatTileSet(TileSet):
    """The flat pictures, square, scaled to tile widths on demand like the tall ones."""

    flat = True

    def master(self, what: Tile | str) -> pygame.Surface:
        picture = self._masters.get(what)
        if picture is None:
            picture = self._masters[what] = flat_master(what, TILES.master)
        return picture


#: One flat tile set for the whole program.
FLAT_TILES = FlatTileSet()
