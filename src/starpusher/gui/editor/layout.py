"""Where the editor's parts go in the window: the palette on the left, the messages above the
board, the board in the rest, and which square of the board lies under a point.
"""

from __future__ import annotations

import pygame

from ...editing import Piece, Sketch
from ...editing.sketch import Square
from ..kit.layout import view_rect
from ..sokoban.art import Geometry
from ..sokoban.window import StarPusherWindow
from .keys import PALETTE
from .picture import face

#: Largest tile width when a small board fills a big window.
MAX_TILE = 72
MIN_TILE = 10
PALETTE_WIDTH = 92
MESSAGE_HEIGHT = 66

#: Where the board is drawn: the screen point of its top-left corner, and the size of its tiles.
Placement = tuple[tuple[int, int], Geometry]


class EditorLayout:
    """The editor's rectangles in the window as it is now, and the board's placement in them."""

    def __init__(self, app: StarPusherWindow) -> None:
        self.app = app
        #: The placement a drag began with, and the board area it was worked out for.
        self._frozen: tuple[pygame.Rect, Placement] | None = None

    def board_area(self) -> pygame.Rect:
        view = view_rect(self.app.screen)
        # The messages go above the board: the window's own messages appear at the bottom.
        return pygame.Rect(
            view.left + PALETTE_WIDTH,
            view.top + MESSAGE_HEIGHT,
            max(1, view.width - PALETTE_WIDTH),
            max(1, view.height - MESSAGE_HEIGHT),
        )

    def freeze(self, sketch: Sketch) -> None:
        """A drag begins: the board keeps its placement until :meth:`thaw`, so the squares under
        the mouse do not move as the stroke grows the board."""
        self._frozen = None
        self._frozen = (self.board_area(), self.placement(sketch))

    def thaw(self) -> None:
        self._frozen = None

    def placement(self, sketch: Sketch) -> Placement:
        """The board's origin and tile size: it fits the area with a square to spare all round.

        While a drag goes on (:meth:`freeze`), the placement stays as it was when
        it began; but only while the board area stays as it was (a window made
        full screen mid-drag lays the board out again).
        """
        area = self.board_area()
        if self._frozen is not None and self._frozen[0] == area:
            return self._frozen[1]
        flat = self.app.star_settings.flat_view
        columns, rows = sketch.width + 2, sketch.height + 2
        unit = Geometry(1000, flat)  # the map's height per tile width, in this view
        by_width = (area.width - 8) / columns
        by_height = (area.height - 8) * 1000 / ((rows - 1) * unit.step + unit.height)
        geometry = Geometry(int(max(MIN_TILE, min(by_width, by_height, MAX_TILE))), flat)
        map_w, map_h = geometry.map_size(sketch.width, sketch.height)
        return (area.centerx - map_w // 2, area.centery - map_h // 2), geometry

    def square_at(self, point: tuple[int, int], sketch: Sketch) -> Square | None:
        """The square under a point: on the board, or one square past its edge (painting there grows it)."""
        if not self.board_area().collidepoint(point):
            return None
        origin, geometry = self.placement(sketch)
        x = (point[0] - origin[0]) // geometry.width
        y = (point[1] - origin[1] - geometry.top) // geometry.step
        if -1 <= x <= sketch.width and -1 <= y <= sketch.height:
            return int(x), int(y)
        return None

    def square_center(self, square: Square, sketch: Sketch) -> tuple[int, int]:
        """The screen point in the middle of a square's top face (tests click there)."""
        origin, geometry = self.placement(sketch)
        return face(square, origin, geometry).center

    def palette_rects(self) -> dict[Piece, pygame.Rect]:
        view = view_rect(self.app.screen)
        size = max(28, min(64, (view.height - 40) // (len(PALETTE) + 1) - 6))
        return {
            piece: pygame.Rect(
                view.left + (PALETTE_WIDTH - size) // 2, view.top + 8 + i * (size + 6), size, size
            )
            for i, piece in enumerate(PALETTE)
        }

    def fill_rect(self) -> pygame.Rect:
        last = list(self.palette_rects().values())[-1]
        return last.move(0, last.height + 12)

    def title_rect(self) -> pygame.Rect:
        """Where the title is written in the top bar: a click there types it."""
        width = self.app.screen.get_width()
        return pygame.Rect(width // 4, 0, width // 2, 46)

    def message_box(self) -> pygame.Rect:
        """The panel above the board where the problems and the verdict are written."""
        area = self.board_area()
        return pygame.Rect(area.left + 8, area.top - MESSAGE_HEIGHT + 6, area.width - 16, MESSAGE_HEIGHT - 8)
