"""Where a level sits in the window: its zoom, the point of the map in the middle, and looking around.

The play scene keeps one :class:`Camera`. Fitted, the whole level shows;
zoomed in, the camera follows the player only as far as keeps the player off
the view's edge, so the board scrolls when the player nears an edge instead
of with every step. A held W, A, S or D slides the map about half a window
(the original's look around); let go, and the map slides back to following the
player. The next move ends the look at once.

The board may be seen turned or mirrored (:mod:`.orientation`): the camera
places the level's squares where they are seen, and a point on the screen
is the level's square seen there, so whoever asks it deals in the level's
own squares.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .art import Geometry
from .board import BoardPicture
from .orientation import Orientation

#: Largest tile width when fitting a small level to a big window (the original used 50).
MAX_FIT_WIDTH = 90
MIN_WIDTH, MAX_WIDTH = 8, 200
ZOOM_STEP = 1.25
PAN_SPEED = 520  # pixels per second while a WASD key is held
RETURN_SPEED = 2 * PAN_SPEED  # pixels per second back to the player once the key is let go
#: Zoomed in, the camera moves only when the player comes this many squares near the view's edge
#: (at most half the way from the middle).
EDGE_MARGIN = 2.5


class Camera:
    """The view of one level's board: zoom, centre and look-around offset."""

    def __init__(
        self, board: BoardPicture, view: Callable[[], pygame.Rect], orientation: Orientation | None = None
    ) -> None:
        #: The picture drawn (its flat or pseudo-3D proportions decide the sizes): the board as seen.
        self.board = board
        #: How the level is seen: where its squares are on the board drawn.
        self.orientation = orientation or Orientation(board.level)
        self._view = view
        #: How far the map is slid by looking around (WASD), in pixels.
        self.pan = [0.0, 0.0]
        self.zoom = 1.0
        #: The point of the map in the middle of the view, in squares (x, y); see :meth:`origin`.
        self.centre = (board.level.width / 2, board.level.height / 2)

    def show(self, board: BoardPicture, orientation: Orientation) -> None:
        """Look at the level seen another way (turned, mirrored): the zoom stays, the look around ends."""
        self.board = board
        self.orientation = orientation
        self.centre = (board.level.width / 2, board.level.height / 2)
        self.pan = [0.0, 0.0]

    def view_rect(self) -> pygame.Rect:
        return self._view()

    # -- sizes ----------------------------------------------------------------

    def fit_width(self) -> float:
        """The tile width at which the whole level fits the view."""
        view = self.view_rect()
        columns, rows = self.board.level.width, self.board.level.height
        by_width = (view.width - 16) / columns
        one = self.board.geometry(1000)  # the proportions of a square in this view
        by_height = (view.height - 8) * 1000 / ((rows - 1) * one.step + one.height)
        return max(float(MIN_WIDTH), min(by_width, by_height, float(MAX_FIT_WIDTH)))

    def tile_width(self) -> int:
        return max(MIN_WIDTH, min(MAX_WIDTH, round(self.fit_width() * self.zoom)))

    def geometry(self) -> Geometry:
        """Pixel sizes of the squares at the tile width in use."""
        return self.board.geometry(self.tile_width())

    def origin(self) -> tuple[int, int]:
        """Where the map's top-left corner goes: centred when it fits, else about the camera."""
        view = self.view_rect()
        cx, cy = self._centre_pixels(self.geometry())
        return round(view.centerx - cx + self.pan[0]), round(view.centery - cy + self.pan[1])

    def square_center(self, square: int) -> tuple[int, int]:
        """The screen point at the middle of the top face of a square of the level (tests click there)."""
        geometry = self.geometry()
        ox, oy = self.origin()
        x, y = self.orientation.xy(square)
        return (
            ox + x * geometry.width + geometry.width // 2,
            oy + y * geometry.step + geometry.top + geometry.step // 2,
        )

    def square_at(self, point: tuple[int, int]) -> int | None:
        """The square of the level seen under a point on the screen, or None."""
        seen = self.board.square_at(point, self.origin(), self.tile_width())
        return None if seen is None else self.orientation.square(seen)

    def _centre_pixels(self, geometry: Geometry) -> tuple[float, float]:
        """The map point (pixels from its corner) in the middle of the view; the map never leaves it."""
        view = self.view_rect()
        map_w, map_h = geometry.map_size(self.board.level.width, self.board.level.height)
        cx = self.centre[0] * geometry.width
        cy = self.centre[1] * geometry.step + geometry.top
        cx = map_w / 2 if map_w <= view.width else _clamp(cx, view.width / 2, map_w - view.width / 2)
        cy = map_h / 2 if map_h <= view.height else _clamp(cy, view.height / 2, map_h - view.height / 2)
        return cx, cy

    # -- moving ----------------------------------------------------------------

    def follow(self, player: tuple[float, float]) -> None:
        """Move the camera only as far as keeps the player (column, row) off the view's edge."""
        geometry, view = self.geometry(), self.view_rect()
        px, py = player
        cx, cy = self._centre_pixels(geometry)
        # The player's square centre, in pixels from the map's corner.
        fx = (px + 0.5) * geometry.width
        fy = (py + 0.5) * geometry.step + geometry.top
        reach_x = view.width / 2 - min(EDGE_MARGIN * geometry.width, view.width / 4)
        reach_y = view.height / 2 - min(EDGE_MARGIN * geometry.step, view.height / 4)
        cx = _clamp(cx, fx - reach_x, fx + reach_x)
        cy = _clamp(cy, fy - reach_y, fy + reach_y)
        self.centre = _in_squares((cx, cy), geometry)
        self.centre = _in_squares(self._centre_pixels(geometry), geometry)  # kept within the map

    def zoom_by(self, factor: float, about: tuple[int, int]) -> None:
        """Zoom by ``factor`` keeping the map point under ``about`` (the pointer) still."""
        geometry, (ox, oy) = self.geometry(), self.origin()
        u = (about[0] - ox) / geometry.width
        v = (about[1] - oy - geometry.top) / geometry.step
        self.zoom_to(factor)
        geometry, view = self.geometry(), self.view_rect()
        centre_x = view.centerx + self.pan[0] - (about[0] - u * geometry.width)
        centre_y = view.centery + self.pan[1] - (about[1] - v * geometry.step - geometry.top)
        self.centre = _in_squares((centre_x, centre_y), geometry)

    def zoom_to(self, factor: float) -> None:
        """Zoom by ``factor``, within the smallest and largest tiles (the caller re-centres)."""
        fit = self.fit_width()
        width = max(MIN_WIDTH, min(MAX_WIDTH, round(fit * self.zoom * factor)))
        self.zoom = width / fit
        self.clamp_pan()

    def fit(self) -> None:
        self.zoom = 1.0
        self.pan = [0.0, 0.0]

    def look(self, dx: int, dy: int, dt: float) -> bool:
        """Slide the map while a look-around key is held (``dx``, ``dy`` from -1 to 1), and back
        once none is; whether it moved."""
        if not (dx or dy):
            return self._look_back(dt)
        self.pan[0] += dx * PAN_SPEED * dt
        self.pan[1] += dy * PAN_SPEED * dt
        self.clamp_pan()
        return True

    @property
    def looking_away(self) -> bool:
        """The map is slid off the player (held, or sliding back)."""
        return self.pan != [0.0, 0.0]

    def _look_back(self, dt: float) -> bool:
        """Slide the map back toward following the player, straight and at a steady speed."""
        distance = math.hypot(*self.pan)
        if distance == 0:
            return False
        keep = max(0.0, distance - RETURN_SPEED * dt) / distance
        self.pan = [self.pan[0] * keep, self.pan[1] * keep] if keep else [0.0, 0.0]
        return True

    def clamp_pan(self) -> None:
        """Bounded as in the original: the map can slide about half a window, never away."""
        view = self.view_rect()
        width = self.tile_width()
        map_w, map_h = self.board.geometry(width).map_size(self.board.level.width, self.board.level.height)
        limit_x = abs(view.width - map_w) / 2 + width
        limit_y = abs(view.height - map_h) / 2 + width
        self.pan[0] = max(-limit_x, min(limit_x, self.pan[0]))
        self.pan[1] = max(-limit_y, min(limit_y, self.pan[1]))


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def _in_squares(point: tuple[float, float], geometry: Geometry) -> tuple[float, float]:
    """A point of the map in pixels from its corner, as (column, row) of squares."""
    return point[0] / geometry.width, (point[1] - geometry.top) / geometry.step
