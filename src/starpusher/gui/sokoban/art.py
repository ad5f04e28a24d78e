"""Star Pusher's art, drawn by our own code with ``pygame.draw``.

The look is the original game's: tall tiles whose rows overlap, so blocks
show a top face and a front face and walls stand up in pseudo-3D. Every
picture is drawn once, large, in a 100-unit-wide coordinate system (a tile is
100 x 170 units; a row of the map steps down 80 units) and then smoothly
scaled to the tile size in use, which gives clean anti-aliased edges at every
zoom level. :class:`TileSet` caches the scaled pictures per tile width.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

#: Tile proportions in units of the tile width: the tile's full height, how far
#: one row steps down, and where a ground block's top face begins.
HEIGHT_RATIO = 1.7
STEP_RATIO = 0.8
TOP_RATIO = 0.5

MASTER_SCALE = 2.0
#: Where a tall block's (a wall's) top face starts: 20 units above a ground block's,
#: enough to stand up in depth without hiding much of the square behind it.
TALL_TOP = 30
CHARACTER_GROWTH = 1.05  # master pictures are drawn at 200 pixels wide
#: How far (units) pieces stand above their square's middle: a wall in the row in front
#: starts at 110 units of their picture, so feet (at 106) and a star's points stay in sight.
PIECE_LIFT = 6
OUTLINE: Color = (48, 34, 30)


class Tile(Enum):
    """Every picture the board is made of."""

    FLOOR = "floor"
    GRASS = "grass"
    WALL = "wall"
    CORNER = "corner"
    GOAL = "goal"
    COVERED_GOAL = "covered goal"
    STAR = "star"
    CHOSEN_STAR = "chosen star"
    SELECTION = "selection"
    TARGET = "target"
    REACHABLE = "reachable"
    ROCK = "rock"
    SHORT_TREE = "short tree"
    TALL_TREE = "tall tree"
    UGLY_TREE = "ugly tree"


#: Things that may grow on the grass outside the walls.
DECORATIONS = (Tile.ROCK, Tile.SHORT_TREE, Tile.TALL_TREE, Tile.UGLY_TREE)
#: Tiles that rise above their square and hide what stands on the square behind.
TALL_TILES = frozenset({Tile.WALL, Tile.CORNER, *DECORATIONS})

#: The player characters, in the order P cycles through them.
CHARACTERS = ("boy", "cat girl", "horn girl", "pink girl", "princess")


@dataclass(frozen=True)
class Geometry:
    """Pixel sizes of the tiles for one tile width, in pseudo-3D or in the flat view (square tiles)."""

    width: int
    flat: bool = False

    @property
    def height(self) -> int:
        return self.width if self.flat else round(self.width * HEIGHT_RATIO)

    @property
    def step(self) -> int:
        """How far one row of the map is below the one before."""
        return self.width if self.flat else round(self.width * STEP_RATIO)

    @property
    def top(self) -> int:
        """Where the top face of a ground block starts inside its tile picture."""
        return 0 if self.flat else round(self.width * TOP_RATIO)

    def map_size(self, columns: int, rows: int) -> tuple[int, int]:
        return columns * self.width, (rows - 1) * self.step + self.height


class Pen:
    """Draws on a surface in 100-unit coordinates, whatever its pixel size."""

    def __init__(
        self,
        surface: pygame.Surface,
        scale: float,
        anchor: Point = (0, 0),
        unit: float | None = None,
        lift: float = 0,
    ) -> None:
        self.surface = surface
        self.scale = scale  # pixels per unit of size
        self.anchor = anchor  # the point (in units) that stays put when a pen is grown
        self.unit = scale if unit is None else unit  # pixels per unit of position at the anchor
        self.lift = lift  # units everything is drawn higher

    def grown(self, factor: float, anchor: Point, lift: float = 0) -> Pen:
        """A pen that draws everything ``factor`` times larger around ``anchor``, ``lift`` units higher."""
        return Pen(self.surface, self.scale * factor, anchor, self.unit, self.lift + lift)

    def p(self, x: float, y: float) -> tuple[int, int]:
        ax, ay = self.anchor
        return (
            round(ax * self.unit + (x - ax) * self.scale),
            round((ay - self.lift) * self.unit + (y - ay) * self.scale),
        )

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(*self.p(x, y), max(1, round(w * self.scale)), max(1, round(h * self.scale)))

    def width(self, w: float) -> int:
        return max(1, round(w * self.scale))

    def poly(
        self, color: Color, points: Sequence[Point], outline: Color | None = OUTLINE, w: float = 2
    ) -> None:
        pts = [self.p(x, y) for x, y in points]
        pygame.draw.polygon(self.surface, color, pts)
        if outline is not None:
            pygame.draw.polygon(self.surface, outline, pts, self.width(w))

    def box(
        self,
        color: Color | None,
        x: float,
        y: float,
        w: float,
        h: float,
        radius: float = 0,
        outline: Color | None = OUTLINE,
        ow: float = 2,
    ) -> None:
        r = self.rect(x, y, w, h)
        if color is not None:
            pygame.draw.rect(self.surface, color, r, border_radius=round(radius * self.scale))
        if outline is not None:
            pygame.draw.rect(
                self.surface, outline, r, self.width(ow), border_radius=round(radius * self.scale)
            )

    def ellipse(
        self,
        color: Color | None,
        x: float,
        y: float,
        w: float,
        h: float,
        outline: Color | None = OUTLINE,
        ow: float = 2,
    ) -> None:
        r = self.rect(x, y, w, h)
        if color is not None:
            pygame.draw.ellipse(self.surface, color, r)
        if outline is not None:
            pygame.draw.ellipse(self.surface, outline, r, self.width(ow))

    def circle(
        self, color: Color, x: float, y: float, radius: float, outline: Color | None = OUTLINE, ow: float = 2
    ) -> None:
        self.ellipse(color, x - radius, y - radius, 2 * radius, 2 * radius, outline, ow)

    def line(self, color: Color, a: Point, b: Point, w: float = 2) -> None:
        pygame.draw.line(self.surface, color, self.p(*a), self.p(*b), self.width(w))

    def lines(self, color: Color, points: Sequence[Point], w: float = 2) -> None:
        pygame.draw.lines(self.surface, color, False, [self.p(x, y) for x, y in points], self.width(w))

    def shadow(self, cx: float, cy: float, w: float, h: float, alpha: int = 70) -> None:
        self.ellipse((0, 0, 0, alpha), cx - w / 2, cy - h / 2, w, h, outline=None)


def blank(scale: float = MASTER_SCALE) -> tuple[pygame.Surface, Pen]:
    surface = pygame.Surface((round(100 * scale), round(100 * HEIGHT_RATIO * scale)), pygame.SRCALPHA)
    return surface, Pen(surface, scale)


def shade(color: Color, factor: float) -> tuple[int, int, int]:
    """A colour made lighter (factor > 1) or darker (factor < 1)."""
    r, g, b = color[:3]
    if factor >= 1:
        lift = factor - 1
        return round(r + (255 - r) * lift), round(g + (255 - g) * lift), round(b + (255 - b) * lift)
    return round(r * factor), round(g * factor), round(b * factor)


# -- blocks --------------------------------------------------------------------------


def _block(pen: Pen, top: float, top_color: Color, front_color: Color) -> None:
    """A block whose top face starts at ``top`` and whose front runs to the bottom."""
    face = top + 80
    pen.box(front_color, 0, face, 100, 170 - face, outline=None)
    pen.box(top_color, 0, top, 100, 80, outline=None)
    pen.line(shade(top_color, 1.25), (2, top + 2), (98, top + 2), 2)
    pen.line(shade(front_color, 0.7), (0, face), (100, face), 2)
    pen.box(None, 0, top, 100, 170 - top, outline=shade(front_color, 0.55), ow=1.5)


def draw_floor(pen: Pen) -> None:
    top = (226, 214, 186)
    _block(pen, 50, top, (170, 150, 120))
    # A worn, slightly lighter slab in the middle, so the floor reads as paving.
    pen.box(shade(top, 1.12), 8, 57, 84, 66, radius=6, outline=shade(top, 0.9), ow=1.2)


def draw_grass(pen: Pen) -> None:
    green = (108, 178, 70)
    _block(pen, 50, green, (142, 98, 58))
    pen.poly(
        green,
        [(0, 130), (100, 130), (100, 138), (84, 141), (70, 136), (52, 143), (36, 137), (18, 142), (0, 137)],
        outline=None,
    )
    for x, y in ((18, 70), (62, 64), (40, 100), (78, 104), (14, 112)):
        blade = shade(green, 0.78)
        pen.lines(blade, [(x - 4, y + 5), (x - 2, y), (x, y + 5), (x + 2, y - 1), (x + 4, y + 5)], 2)
    for x, y in ((30, 84), (86, 80)):
        pen.circle(shade(green, 1.3), x, y, 2.5, outline=None)


def draw_wall(pen: Pen) -> None:
    """The original's wooden wall: a tall block of planks."""
    top_color, front_color = (196, 140, 84), (160, 102, 54)
    top, face = TALL_TOP, TALL_TOP + 80
    _block(pen, top, top_color, front_color)
    # Planks on the top face run away from the viewer; on the front, across.
    for x in (25, 50, 75):
        pen.line(shade(top_color, 0.8), (x, top + 2), (x, face - 2), 2)
    for x, y in ((12, 20), (37, 50), (62, 26), (88, 60)):
        pen.line(shade(top_color, 0.88), (x - 6, top + y), (x + 6, top + y), 1.5)
    planks = [face + i * 20 for i in range(4)]
    for y in planks[1:]:
        pen.line(shade(front_color, 0.7), (0, y), (100, y), 2)
    for row, y in enumerate(planks):
        x = 30 if row % 2 else 66
        pen.line(shade(front_color, 0.7), (x, y), (x, min(y + 20, 170)), 2)
        for nail_x in (6, 94):
            pen.circle((90, 70, 60), nail_x, y + 10, 1.8, outline=None)


def draw_corner(pen: Pen) -> None:
    """Where walls turn a corner: a stone post, as in the original."""
    top_color, front_color = (178, 178, 188), (132, 132, 146)
    top, face = TALL_TOP, TALL_TOP + 80
    _block(pen, top, top_color, front_color)
    for x, y, w, h in ((6, 6, 40, 30), (52, 6, 42, 30), (6, 42, 26, 32), (38, 42, 56, 32)):
        pen.box(shade(top_color, 1.08), x, top + y, w, h, radius=4, outline=shade(top_color, 0.8), ow=1.2)
    for row, y in enumerate(range(face, 170, 22)):
        pen.line(shade(front_color, 0.72), (0, y), (100, y), 2)
        offset = 25 if row % 2 else 50
        for x in range(offset, 100, 50):
            pen.line(shade(front_color, 0.72), (x, y), (x, min(y + 22, 170)), 2)


# -- markers on the floor ----------------------------------------------------------------


def _selector(pen: Pen, color: Color, glow: Color) -> None:
    """A ring of light on the top face of the square, a little behind its centre (y=90)
    so that a wall in front does not hide it."""
    pen.ellipse((*glow[:3], 150), 14, 62, 72, 46, outline=None)
    pen.ellipse(None, 14, 62, 72, 46, outline=color, ow=9)
    pen.ellipse(None, 10, 58, 80, 54, outline=shade(color, 0.6), ow=2)
    pen.ellipse(None, 23, 71, 54, 28, outline=shade(color, 0.6), ow=1.5)


def draw_goal(pen: Pen) -> None:
    _selector(pen, (220, 40, 40), (255, 150, 140))


def draw_covered_goal(pen: Pen) -> None:
    _selector(pen, (70, 190, 70), (200, 255, 190))  # green: this one is done


def draw_selection(pen: Pen) -> None:
    pen.ellipse(None, 8, 60, 84, 60, outline=(40, 140, 255), ow=7)


def draw_target(pen: Pen) -> None:
    pen.ellipse((60, 160, 255, 120), 16, 68, 68, 44, outline=(40, 110, 220), ow=4)
    pen.circle((40, 110, 220), 50, 90, 5, outline=None)


def draw_reachable(pen: Pen) -> None:
    """A square the chosen star can be pushed to: a small blue dot on the floor."""
    pen.ellipse((90, 180, 255, 190), 36, 80, 28, 20, outline=(30, 100, 210), ow=3)


def star_points(cx: float, cy: float, outer: float, inner: float, turn: float = 0) -> list[Point]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 5 * i - math.pi / 2 + turn
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_star(pen: Pen) -> None:
    """A fat golden star standing on the square, with a shadow and some thickness."""
    pen = pen.grown(1, (50, 110), PIECE_LIFT)
    pen.shadow(50, 110, 70, 18)
    pen.poly((196, 120, 16), star_points(50, 78, 40, 18), outline=OUTLINE, w=2.5)
    pen.poly((255, 206, 40), star_points(50, 72, 40, 18), outline=(150, 90, 10), w=2.5)
    pen.poly((255, 236, 120), star_points(50, 70, 20, 9), outline=None)
    pen.circle((255, 255, 235), 40, 60, 4, outline=None)


def draw_chosen_star(pen: Pen) -> None:
    """The star the mouse chose: the same star, ringed in blue light."""
    pen.poly((120, 200, 255), star_points(50, 74 - PIECE_LIFT, 50, 26), outline=None)
    draw_star(pen)


# -- decoration outside the walls ----------------------------------------------------------


def draw_rock(pen: Pen) -> None:
    pen.shadow(50, 112, 70, 18)
    gray = (150, 146, 140)
    pen.poly(gray, [(18, 110), (22, 84), (40, 66), (64, 64), (82, 80), (86, 108), (62, 116), (36, 116)])
    pen.poly(shade(gray, 1.25), [(30, 84), (42, 72), (60, 70), (52, 84)], outline=None)
    pen.line(shade(gray, 0.7), (58, 92), (72, 106), 2)


def _trunk(pen: Pen, x: float, top: float, bottom: float, w: float) -> None:
    pen.box((120, 80, 44), x - w / 2, top, w, bottom - top, radius=3)


def draw_short_tree(pen: Pen) -> None:
    pen.shadow(50, 112, 66, 18)
    _trunk(pen, 50, 80, 112, 16)
    leaf = (58, 150, 60)
    pen.circle(leaf, 50, 58, 32)
    pen.circle(shade(leaf, 1.25), 40, 48, 12, outline=None)
    pen.circle(shade(leaf, 0.85), 62, 70, 8, outline=None)


def draw_tall_tree(pen: Pen) -> None:
    pen.shadow(50, 112, 56, 16)
    _trunk(pen, 50, 86, 112, 14)
    leaf = (40, 128, 72)
    for top, half, bottom in ((4, 22, 46), (24, 30, 70), (46, 38, 96)):
        pen.poly(leaf, [(50, top), (50 + half, bottom), (50 - half, bottom)])
        pen.poly(
            shade(leaf, 1.2), [(50, top + 6), (50 - half + 10, bottom - 4), (46, bottom - 4)], outline=None
        )


def draw_ugly_tree(pen: Pen) -> None:
    pen.shadow(50, 112, 60, 16)
    bark = (104, 74, 50)
    pen.poly(
        bark,
        [
            (44, 112),
            (46, 86),
            (30, 62),
            (36, 58),
            (50, 76),
            (56, 48),
            (62, 50),
            (58, 84),
            (72, 66),
            (76, 70),
            (60, 96),
            (58, 112),
        ],
    )
    leaf = (120, 140, 48)
    for x, y, r in ((30, 52, 13), (58, 40, 15), (78, 62, 11)):
        pen.circle(leaf, x, y, r)
        pen.circle(shade(leaf, 1.25), x - r / 3, y - r / 3, r / 3, outline=None)


# -- the player characters ---------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    skin: Color
    hair: Color
    clothes: Color
    dress: bool
    extra: Callable[[Pen, Look], None] | None = None


def _cat_ears(pen: Pen, look: Look) -> None:
    for side in (-1, 1):
        x = 50 + side * 16
        pen.poly(look.hair, [(x - 9, 32), (x + side * 6, 13), (x + 9, 30)])
        pen.poly((250, 180, 180), [(x - 4, 30), (x + side * 5, 19), (x + 4, 29)], outline=None)


def _cat_tail(pen: Pen, look: Look) -> None:
    pen.lines(OUTLINE, [(64, 104), (80, 100), (86, 86), (82, 76)], 7)
    pen.lines(look.hair, [(64, 104), (80, 100), (86, 86), (82, 76)], 4)


def _horns(pen: Pen, look: Look) -> None:
    for side in (-1, 1):
        x = 50 + side * 14
        pen.poly((246, 236, 206), [(x - 6, 30), (x + side * 14, 12), (x + 6, 28)])


def _pigtails(pen: Pen, look: Look) -> None:
    for side in (-1, 1):
        pen.circle(look.hair, 50 + side * 30, 56, 10)
        pen.circle((255, 255, 255), 50 + side * 24, 46, 4)


def _crown(pen: Pen, look: Look) -> None:
    gold = (250, 204, 50)
    pen.poly(gold, [(35, 29), (35, 17), (43, 24), (50, 12), (57, 24), (65, 17), (65, 29)])
    pen.circle((230, 50, 80), 50, 24, 3, outline=None)


LOOKS: dict[str, Look] = {
    "boy": Look((250, 214, 180), (110, 66, 34), (60, 110, 210), dress=False),
    "cat girl": Look((252, 220, 190), (236, 140, 50), (90, 170, 90), dress=True, extra=_cat_tail),
    "horn girl": Look((248, 210, 176), (120, 70, 160), (210, 60, 60), dress=True),
    "pink girl": Look((254, 224, 200), (240, 110, 170), (250, 170, 210), dress=True),
    "princess": Look((254, 226, 204), (250, 214, 90), (170, 110, 220), dress=True),
}
_HEADWEAR: dict[str, Callable[[Pen, Look], None]] = {
    "cat girl": _cat_ears,
    "horn girl": _horns,
    "pink girl": _pigtails,
    "princess": _crown,
}


def draw_character(pen: Pen, name: str) -> None:
    """A chibi figure standing on the centre of its square (feet near y=110)."""
    look = LOOKS[name]
    pen.shadow(50, 112, 52, 14)
    if look.extra:
        look.extra(pen, look)
    # Legs and body.
    pen.box((70, 60, 70), 40, 96, 8, 16, radius=3)
    pen.box((70, 60, 70), 52, 96, 8, 16, radius=3)
    if look.dress:
        flare = 26 if name == "princess" else 20
        pen.poly(look.clothes, [(40, 66), (60, 66), (50 + flare, 104), (50 - flare, 104)])
        pen.line(shade(look.clothes, 1.3), (50 - flare + 6, 99), (50 + flare - 6, 99), 2)
    else:
        pen.box(look.clothes, 36, 66, 28, 26, radius=6)
        pen.box((60, 66, 90), 37, 88, 26, 12, radius=3)
    for side in (-1, 1):  # arms
        pen.lines(OUTLINE, [(50 + side * 13, 72), (50 + side * 20, 88)], 7)
        pen.lines(look.skin, [(50 + side * 13, 72), (50 + side * 20, 88)], 4)
    # Head: hair behind, face, fringe, eyes.
    if name == "princess":
        pen.box(look.hair, 26, 36, 48, 44, radius=14)
    pen.circle(look.hair, 50, 44, 25)
    pen.circle(look.skin, 50, 48, 21)
    pen.poly(
        look.hair,
        [(28, 44), (32, 28), (50, 21), (68, 28), (72, 44), (62, 34), (50, 38), (38, 34)],
        outline=None,
    )
    headwear = _HEADWEAR.get(name)
    if headwear:
        headwear(pen, look)
    for x in (42, 58):
        pen.ellipse((30, 30, 50), x - 4, 44, 8, 11, outline=None)
        pen.circle((255, 255, 255), x - 1.5, 46.5, 1.8, outline=None)
    pen.ellipse((250, 150, 150, 140), 31, 54, 8, 5, outline=None)
    pen.ellipse((250, 150, 150, 140), 61, 54, 8, 5, outline=None)
    pen.lines(OUTLINE, [(46, 58), (50, 60), (54, 58)], 1.5)


MASTER_DRAWINGS: dict[Tile, Callable[[Pen], None]] = {
    Tile.FLOOR: draw_floor,
    Tile.GRASS: draw_grass,
    Tile.WALL: draw_wall,
    Tile.CORNER: draw_corner,
    Tile.GOAL: draw_goal,
    Tile.COVERED_GOAL: draw_covered_goal,
    Tile.STAR: draw_star,
    Tile.CHOSEN_STAR: draw_chosen_star,
    Tile.SELECTION: draw_selection,
    Tile.TARGET: draw_target,
    Tile.REACHABLE: draw_reachable,
    Tile.ROCK: draw_rock,
    Tile.SHORT_TREE: draw_short_tree,
    Tile.TALL_TREE: draw_tall_tree,
    Tile.UGLY_TREE: draw_ugly_tree,
}


class TileSet:
    """Every tile and character picture, scaled to tile widths on demand and cached."""

    #: Whether the pictures are the flat view's (square) or the tall pseudo-3D ones.
    flat = False

    def __init__(self) -> None:
        self._masters: dict[Tile | str, pygame.Surface] = {}
        self._scaled: dict[int, dict[Tile | str, pygame.Surface]] = {}

    def master(self, what: Tile | str) -> pygame.Surface:
        picture = self._masters.get(what)
        if picture is None:
            picture, pen = blank()
            if isinstance(what, Tile):
                MASTER_DRAWINGS[what](pen)
            else:
                # A little larger than the square's face, so the player stands out on big maps.
                draw_character(pen.grown(CHARACTER_GROWTH, (50, 112), PIECE_LIFT), what)
            self._masters[what] = picture
        return picture

    def get(self, what: Tile | str, width: int) -> pygame.Surface:
        """The picture for one tile width; the first request at a width scales it."""
        size = self._scaled.get(width)
        if size is None:
            if len(self._scaled) > 12:  # window resizes create many widths; keep a few
                self._scaled.pop(next(iter(self._scaled)))
            size = self._scaled[width] = {}
        picture = size.get(what)
        if picture is None:
            geometry = Geometry(width, self.flat)
            master = self.master(what)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                master = master.convert_alpha()
            picture = pygame.transform.smoothscale(master, (geometry.width, geometry.height))
            size[what] = picture
        return picture


#: One tile set for the whole program: masters are drawn once.
TILES = TileSet()
