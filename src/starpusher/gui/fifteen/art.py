"""Fifteen's pictures in Star Pusher's pseudo-3D block style, drawn by our own code.

The board stands in a tray: a frame of the game's wooden walls with stone
posts at the corners, a dark felt floor inside, and a ring of grass with a
few trees around it. The tiles are ivory blocks on golden wooden sides,
standing a little lower than the frame, each with its number; a tile on its
home cell carries a small gold star, so progress shows at a glance.

Positions follow :class:`~starpusher.gui.sokoban.art.Geometry`: a map cell is one tile width wide
and a row steps down 0.8 of it, so the front face of a tile shows only where
the cell in front of it is empty (the gap) or beyond the last row, exactly as
walls stand up in a Star Pusher level.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ..kit.layout import SKY
from ..kit.text import WRITER, panel
from ..sokoban.art import DECORATIONS, TILES, Geometry, Pen, Tile, blank, shade, star_points

#: Map cells around the board: one of grass, then one of wall.
MARGIN = 2
#: Where a tile's top face starts in its picture (units of 100 per tile width): above the
#: floor's 50, below a wall's 25, so tiles stand up but lower than the frame.
TILE_TOP = 30
#: How tall the top face is: less than a row's 80, so a sliver of the front face
#: parts one row of tiles from the next.
TILE_FACE = 72
TILE_SIDE_INSET = 3
#: Where a block's front face ends: the bottom of its cell's face.
BLOCK_BOTTOM = 130

IVORY = (250, 240, 214)
WOOD = (206, 148, 78)
INK = (74, 44, 26)
FELT = (52, 64, 112)
HINT_BLUE = (40, 140, 255)
GRASS_DECORATION_SHARE = 0.25


def draw_felt(pen: Pen) -> None:
    """The tray's floor: dark felt, seen where the gap is."""
    top = 50
    pen.box(shade(FELT, 0.7), 0, top + 80, 100, 40, outline=None)
    pen.box(FELT, 0, top, 100, 80, outline=None)
    for x, y in ((18, 20), (64, 14), (40, 48), (82, 56), (12, 66)):  # a little weave
        pen.line(shade(FELT, 1.12), (x, top + y), (x + 6, top + y + 3), 1.2)


def draw_tile_block(pen: Pen) -> None:
    """A blank tile: an ivory top face on golden wooden sides, rounded at the corners."""
    left, right = TILE_SIDE_INSET, 100 - TILE_SIDE_INSET
    width = right - left
    face_bottom = TILE_TOP + TILE_FACE
    # The block stands on its cell, whose face ends 130 units down: its front ends there too,
    # with a soft shadow on the felt in front (seen when the gap is there).
    pen.box((0, 0, 0, 70), left + 2, BLOCK_BOTTOM - 10, width - 4, 18, radius=8, outline=None)
    pen.box(WOOD, left, TILE_TOP + 8, width, BLOCK_BOTTOM - TILE_TOP - 8, radius=9, outline=shade(WOOD, 0.55))
    for y in (face_bottom + 9, face_bottom + 19):  # grain on the front face
        pen.line(shade(WOOD, 0.82), (left + 8, y), (right - 8, y + 1), 1.5)
    pen.box(IVORY, left, TILE_TOP, width, TILE_FACE, radius=9, outline=shade(WOOD, 0.5), ow=2)
    pen.box(None, left + 6, TILE_TOP + 6, width - 12, TILE_FACE - 12, radius=6, outline=shade(IVORY, 0.9))
    pen.line(shade(IVORY, 1.5), (left + 10, TILE_TOP + 3), (right - 10, TILE_TOP + 3), 2)


def draw_home_star(pen: Pen) -> None:
    """The little star of a tile that is on its home cell."""
    cx, cy = TILE_SIDE_INSET + 14, TILE_TOP + 13
    pen.poly((255, 206, 40), star_points(cx, cy, 8.5, 3.8), outline=(150, 90, 10), w=1.2)


def draw_hint_ring(pen: Pen) -> None:
    """Blue light around the top face of the tile the hint means."""
    left = TILE_SIDE_INSET - 2
    pen.box(None, left, TILE_TOP - 2, 100 - 2 * left, TILE_FACE + 4, radius=11, outline=HINT_BLUE, ow=6)


def draw_hover_ring(pen: Pen) -> None:
    """A soft golden edge on the tiles a click would slide."""
    left = TILE_SIDE_INSET
    pen.box((255, 236, 150, 70), left, TILE_TOP, 100 - 2 * left, TILE_FACE, radius=9, outline=None)
    pen.box(None, left, TILE_TOP, 100 - 2 * left, TILE_FACE, radius=9, outline=(230, 170, 40), ow=4)


class FifteenPictures:
    """Tile, floor and frame pictures scaled to a tile width, numbers drawn at that size, cached."""

    def __init__(self) -> None:
        self._masters: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._tiles: dict[tuple[int, int, int, bool, str | None], pygame.Surface] = {}

    def _master(self, name: str) -> pygame.Surface:
        picture = self._masters.get(name)
        if picture is None:
            picture, pen = blank()
            {
                "felt": draw_felt,
                "tile": draw_tile_block,
                "home": draw_home_star,
                "hint": draw_hint_ring,
                "hover": draw_hover_ring,
            }[name](pen)
            self._masters[name] = picture
        return picture

    def scaled(self, name: str, width: int) -> pygame.Surface:
        key = (name, width)
        picture = self._scaled.get(key)
        if picture is None:
            if len(self._scaled) > 40:  # resizes make many widths; keep the recent ones
                self._scaled.pop(next(iter(self._scaled)))
            geometry = Geometry(width)
            picture = pygame.transform.smoothscale(self._master(name), (geometry.width, geometry.height))
            self._scaled[key] = picture
        return picture

    def tile(
        self, number: int, width: int, *, digits: int, home: bool = False, ring: str | None = None
    ) -> pygame.Surface:
        """Tile ``number`` at a tile width, its number rendered at that size (crisp at any zoom).

        ``digits`` is the most digits a tile of the board has: every tile's number
        gets the size that fits that many, so 7 and 12 are written alike.
        """
        key = (number, width, digits, home, ring)
        picture = self._tiles.get(key)
        if picture is None:
            if len(self._tiles) > 300:
                self._tiles.pop(next(iter(self._tiles)))
            picture = self.scaled("tile", width).copy()
            if home:
                picture.blit(self.scaled("home", width), (0, 0))
            if ring is not None:  # "hint" or "hover"
                picture.blit(self.scaled(ring, width), (0, 0))
            size = max(8, round(width * (0.56 if digits == 1 else 0.46)))
            text = WRITER.render(str(number), size, INK)
            face_center = (width // 2, round(width * (TILE_TOP + TILE_FACE / 2) / 100) + 1)
            picture.blit(text, text.get_rect(center=face_center))
            self._tiles[key] = picture
        return picture


PICTURES = FifteenPictures()


@dataclass(frozen=True)
class TrayLayout:
    """Where a board of ``columns`` x ``rows`` tiles goes in a map with its frame and grass."""

    columns: int
    rows: int

    @property
    def map_columns(self) -> int:
        return self.columns + 2 * MARGIN

    @property
    def map_rows(self) -> int:
        return self.rows + 2 * MARGIN

    def map_size(self, width: int) -> tuple[int, int]:
        return Geometry(width).map_size(self.map_columns, self.map_rows)

    def cell_kind(self, mx: int, my: int) -> Tile | str:
        """What stands on a map cell: grass, wall, corner post, or ``"felt"`` inside."""
        inner_x = MARGIN <= mx < MARGIN + self.columns
        inner_y = MARGIN <= my < MARGIN + self.rows
        frame_x = mx in (MARGIN - 1, MARGIN + self.columns)
        frame_y = my in (MARGIN - 1, MARGIN + self.rows)
        if inner_x and inner_y:
            return "felt"
        if frame_x and frame_y:
            return Tile.CORNER
        if (frame_x and (inner_y or frame_y)) or (frame_y and (inner_x or frame_x)):
            return Tile.WALL
        return Tile.GRASS


class TrayPicture:
    """The still part of the picture per tile width: ``back`` below the tiles, ``front`` over them.

    ``front`` holds the frame's bottom wall and the grass below it, which
    stand in front of the last row of tiles.
    """

    def __init__(self, columns: int, rows: int) -> None:
        self.layout = TrayLayout(columns, rows)
        rng = random.Random(columns * 100 + rows)  # the same garden for the same size
        self.decoration: dict[tuple[int, int], Tile] = {}
        for my in range(self.layout.map_rows):
            for mx in range(self.layout.map_columns):
                if self.layout.cell_kind(mx, my) is Tile.GRASS and rng.random() < GRASS_DECORATION_SHARE:
                    self.decoration[mx, my] = rng.choice(DECORATIONS)
        self._cache: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}

    def surfaces(self, width: int) -> tuple[pygame.Surface, pygame.Surface]:
        pair = self._cache.get(width)
        if pair is None:
            if len(self._cache) >= 2:
                self._cache.pop(next(iter(self._cache)))
            pair = self._cache[width] = (
                self._draw(width, front_only=False),
                self._draw(width, front_only=True),
            )
        return pair

    def _draw(self, width: int, *, front_only: bool) -> pygame.Surface:
        geometry = Geometry(width)
        layout = self.layout
        if front_only:
            surface = pygame.Surface(layout.map_size(width), pygame.SRCALPHA)
        else:
            surface = pygame.Surface(layout.map_size(width))
            surface.fill(SKY)
        first_row = MARGIN + layout.rows if front_only else 0
        for my in range(first_row, layout.map_rows):
            for mx in range(layout.map_columns):
                position = (mx * geometry.width, my * geometry.step)
                kind = layout.cell_kind(mx, my)
                if kind == "felt":
                    surface.blit(PICTURES.scaled("felt", width), position)
                else:
                    assert isinstance(kind, Tile)
                    surface.blit(TILES.get(kind, width), position)
                decoration = self.decoration.get((mx, my))
                if decoration is not None:
                    surface.blit(TILES.get(decoration, width), position)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha() if front_only else surface.convert()
        return surface


def draw_arrow(surface: pygame.Surface, center: tuple[int, int], dx: int, dy: int, size: int) -> None:
    """A fat arrow pointing (dx, dy): where the hinted tile will slide."""
    angle = math.atan2(dy, dx)
    shape = [
        (-0.45, -0.16),
        (0.05, -0.16),
        (0.05, -0.38),
        (0.48, 0.0),
        (0.05, 0.38),
        (0.05, 0.16),
        (-0.45, 0.16),
    ]
    cos, sin = math.cos(angle), math.sin(angle)
    points = [
        (center[0] + size * (x * cos - y * sin), center[1] + size * (x * sin + y * cos)) for x, y in shape
    ]
    pygame.draw.polygon(surface, (255, 236, 120), points)
    pygame.draw.polygon(surface, (20, 70, 160), points, max(2, size // 18))


#: The sizes of the solved banner's words: its headline, and its notes and keys.
HEADLINE_SIZE, NOTE_SIZE = 34, 20


@dataclass(frozen=True)
class SolvedBanner:
    """The "Solved!" banner: a strip at the top of the view (the board is fitted below it, never
    under it), the notes of the solve (new bests) and the keys, each line whole where it fits."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    keys: str

    @classmethod
    def at_top_of(cls, view: pygame.Rect, notes: list[str], keys: str) -> SolvedBanner:
        width = min(view.width - 16, 720)
        room = width - _text_left(_star_size(96)) - 14
        lines = tuple(WRITER.wrap("   ".join(notes), NOTE_SIZE, room)) if notes else ()
        step = WRITER.line_height(NOTE_SIZE) + 3
        height = 20 + WRITER.line_height(HEADLINE_SIZE) + (len(lines) + 1) * step
        rect = pygame.Rect(0, 0, width, max(76, height))
        rect.midtop = (view.centerx, view.top + 4)
        return cls(rect, lines, keys)

    def draw(self, surface: pygame.Surface) -> None:
        """A golden star on a sunburst, the headline, the notes, the keys."""
        rect = self.rect
        panel(surface, rect, (24, 26, 60, 255), radius=14)
        pygame.draw.rect(surface, (255, 206, 40), rect, 3, border_radius=14)
        size = _star_size(rect.height)
        cx, cy = rect.left + 14 + size, rect.centery
        for i in range(16):
            angle = math.pi / 8 * i
            reach = size * (1.15 if i % 2 else 0.95)
            points = [(cx, cy)] + [
                (cx + reach * math.cos(angle + spread), cy + reach * math.sin(angle + spread))
                for spread in (-0.1, 0.1)
            ]
            pygame.draw.polygon(surface, (255, 236, 120), points)
        for radius, color in ((size * 0.8, (120, 70, 10)), (size * 0.72, (255, 206, 40))):
            pygame.draw.polygon(surface, color, star_points(cx, cy, radius, radius * 0.45))
        left = rect.left + _text_left(size)
        room = rect.right - left - 14
        title = WRITER.draw(
            surface, "Solved!", HEADLINE_SIZE, (255, 236, 150), outline=True, topleft=(left, rect.top + 8)
        )
        y = title.bottom + 3
        step = WRITER.line_height(NOTE_SIZE) + 3
        for line in self.lines:
            WRITER.draw(surface, line, NOTE_SIZE, _note_color(line), topleft=(left, y))
            y += step
        WRITER.draw(
            surface, WRITER.fit(self.keys, NOTE_SIZE, room), NOTE_SIZE, (190, 200, 235), topleft=(left, y)
        )


def _star_size(height: int) -> float:
    return min(height, 96) * 0.42


def _text_left(star_size: float) -> int:
    """Where the words start, right of the star and its rays (from the banner's left)."""
    return int(14 + star_size * 2.25)


def _note_color(line: str) -> tuple[int, int, int]:
    return (255, 214, 60) if line.startswith("New best") else (255, 255, 255)
