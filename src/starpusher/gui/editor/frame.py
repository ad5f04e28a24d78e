"""What the editor draws: the sketch in play's art with its grid, edge and marks, the palette,
the messages above the board and the bars, as :mod:`starpusher.gui.sokoban.frame` draws play.

The scene says what a frame shows (:class:`EditorShowing`); :class:`EditorFrame`
draws it, keeping the board's picture while the sketch and the view stay the same.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...editing import Piece, Sketch, Tone
from ...editing.sketch import Square
from ...session.packing import GoalOrder
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.text import WRITER, panel
from ..sokoban.art import TILES, Geometry, Tile
from ..sokoban.plan import draw_plan
from .layout import PALETTE_WIDTH
from .picture import SketchPicture, draw_edge, draw_grid, face, mark_squares

#: The colour of each tone of message.
TONE_COLORS = {
    Tone.WAITING: (220, 220, 230),
    Tone.PROBLEM: (255, 190, 180),
    Tone.NOTE: (220, 230, 255),
    Tone.SOLVABLE: (170, 255, 170),
    Tone.NOT_SOLVED: (255, 200, 120),
}
CHOSEN = (255, 214, 60)
UNCHOSEN = (230, 230, 240)
_ICON_CHARACTER = "boy"


@dataclass(frozen=True)
class EditorShowing:
    """What a frame of the editor shows."""

    #: The sketch as drawn now (a stroke in progress included), and the screen point of its corner.
    sketch: Sketch
    origin: tuple[int, int]
    geometry: Geometry
    #: The board's part of the window: nothing of the board is drawn outside it.
    area: pygame.Rect
    flat: bool
    #: The squares crossed as dead (``y * width + x``), and the player's picture (the character chosen).
    shaded: frozenset[int]
    character: int
    grid: bool
    #: The squares of each problem, marked where they lie.
    marks: tuple[tuple[Square, ...], ...]
    #: The packing plan, numbering the goals, while the player has it shown (as in play).
    plan: GoalOrder | None
    #: The square under the mouse, framed.
    hover: Square | None
    #: Each piece's button, the piece chosen, the fill tool's button and whether it is on.
    palette: dict[Piece, pygame.Rect]
    piece: Piece
    fill: pygame.Rect
    filling: bool
    #: The panel above the board, and its lines.
    message_box: pygame.Rect
    messages: list[tuple[str, tuple[int, int, int]]]
    #: The bars' words: where the player is, what is edited, the counts, the keys.
    bars: tuple[str, str, str, str]


class EditorFrame:
    """Draws the editor, keeping the picture of the board drawn last."""

    def __init__(self) -> None:
        self._picture: tuple[tuple[Sketch, bool], frozenset[int], SketchPicture] | None = None

    def picture(self, sketch: Sketch, *, flat: bool, shaded: frozenset[int]) -> SketchPicture:
        """The board's picture: made again only when the sketch, the view or the dead squares change."""
        cached = self._picture
        if cached is None or cached[0] != (sketch, flat) or cached[1] != shaded:
            picture = SketchPicture(sketch, flat=flat, shaded=shaded)
            cached = self._picture = ((sketch, flat), shaded, picture)
        return cached[2]

    def draw(self, shown: EditorShowing, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        origin, geometry = shown.origin, shown.geometry
        picture = self.picture(shown.sketch, flat=shown.flat, shaded=shown.shaded)
        surface.set_clip(shown.area)
        picture.draw(surface, origin, geometry.width, picture.sprites(shown.character))
        if shown.grid:
            draw_grid(surface, shown.sketch, origin, geometry)
        draw_edge(surface, shown.sketch, origin, geometry)
        for squares in shown.marks:
            mark_squares(surface, squares, origin, geometry)
        if shown.plan is not None:
            width = shown.sketch.width

            def center(square: int) -> tuple[int, int]:
                return face((square % width, square // width), origin, geometry).center

            draw_plan(surface, shown.plan, picture.level.start.boxes, center, geometry)
        if shown.hover is not None:
            pygame.draw.rect(surface, (255, 255, 255), face(shown.hover, origin, geometry), 2)
        surface.set_clip(None)
        _draw_palette(shown, surface)
        _draw_messages(shown, surface)
        place, about, counts, keys = shown.bars
        draw_bars(surface, place=place, about=about, counts=counts, keys=keys)


def _draw_palette(shown: EditorShowing, surface: pygame.Surface) -> None:
    view = view_rect(surface)
    panel(surface, pygame.Rect(view.left, view.top, PALETTE_WIDTH, view.height), (20, 24, 50, 150), radius=0)
    for number, (piece, rect) in enumerate(shown.palette.items(), 1):
        chosen = piece is shown.piece
        pygame.draw.rect(surface, CHOSEN if chosen else UNCHOSEN, rect, border_radius=8)
        _draw_piece_icon(surface, piece, rect.inflate(-8, -8))
        if chosen:
            pygame.draw.rect(surface, (120, 70, 10), rect, 3, border_radius=8)
        WRITER.draw(surface, str(number), 18, (40, 30, 30), topleft=(rect.left + 3, rect.top + 1))
    fill = shown.fill
    pygame.draw.rect(surface, CHOSEN if shown.filling else UNCHOSEN, fill, border_radius=8)
    WRITER.draw(surface, "Fill", 20, (40, 30, 30), center=(fill.centerx, fill.centery - 6))
    WRITER.draw(surface, "B", 16, (90, 80, 80), center=(fill.centerx, fill.centery + 12))


def _draw_messages(shown: EditorShowing, surface: pygame.Surface) -> None:
    box = shown.message_box
    panel(surface, box, (20, 20, 40, 200), radius=10)
    for index, (text, color) in enumerate(shown.messages):
        WRITER.draw(
            surface,
            WRITER.fit(text, 24, box.width - 20),
            24,
            color,
            midleft=(box.left + 12, box.top + 15 + index * 26),
        )


def _draw_piece_icon(surface: pygame.Surface, piece: Piece, rect: pygame.Rect) -> None:
    """The palette's picture of a piece, made of play's own tiles."""
    width = min(rect.width, int(rect.height / Geometry(100).height * 100))  # the whole tile fits
    geometry = Geometry(width)
    left, top = rect.centerx - width // 2, rect.centery - geometry.height // 2

    def tile(what: Tile | str) -> None:
        surface.blit(TILES.get(what, width), (left, top))

    if piece is Piece.ERASER:
        pygame.draw.rect(
            surface, (250, 180, 190), rect.inflate(-rect.width // 4, -rect.height // 2), border_radius=4
        )
        pygame.draw.line(surface, (120, 60, 70), rect.bottomleft, rect.topright, 3)
        return
    if piece is Piece.WALL:
        tile(Tile.WALL)
        return
    tile(Tile.FLOOR)
    if piece in (Piece.GOAL, Piece.STAR_ON_GOAL, Piece.PLAYER_ON_GOAL):
        tile(Tile.GOAL)
    if piece in (Piece.STAR, Piece.STAR_ON_GOAL):
        tile(Tile.STAR)
    if piece in (Piece.PLAYER, Piece.PLAYER_ON_GOAL):
        tile(_ICON_CHARACTER)
