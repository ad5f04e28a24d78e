"""Pictures of a level drawn with the game's art, without a window (``starpusher render``).

A :class:`LevelPainter` draws positions of one level onto one surface, the
board's picture drawn once: a still picture is one position, an animation
(:mod:`.animation`) is many, drawn the same way, so its frames are the
pictures ``render`` makes of the same positions, pixel for pixel.
"""

from __future__ import annotations

import io
import os

import pygame

from ...core import Level, State
from ...files import replace_file
from ..kit.layout import SKY
from .art import CHARACTERS, Geometry, Tile, TileSet
from .board import BoardPicture, Sprite

#: Sky round the board of a picture, in pixels.
MARGIN = 10


def picture_size(
    level: Level, tile_width: int, *, flat: bool = False, margin: int = MARGIN
) -> tuple[int, int]:
    """The pixel size of a picture of ``level``: the map and the margin round it."""
    map_w, map_h = Geometry(tile_width, flat).map_size(level.width, level.height)
    return map_w + 2 * margin, map_h + 2 * margin


class LevelPainter:
    """Draws positions of one level, whole, onto one offscreen surface.

    ``tiles``: the tile set to draw with (by default the program's own); a
    painter working in a background thread takes a set of its own, so it
    never shares a picture with the window's drawing.
    """

    def __init__(
        self,
        level: Level,
        *,
        tile_width: int = 50,
        character: str = CHARACTERS[0],
        flat: bool = False,
        margin: int = MARGIN,
        tiles: TileSet | None = None,
    ) -> None:
        headless()
        self.level = level
        self.tile_width = tile_width
        self.character = character
        self.margin = margin
        self.board = BoardPicture(level, tiles, flat=flat)
        self.surface = pygame.Surface(picture_size(level, tile_width, flat=flat, margin=margin))

    def draw(self, state: State) -> pygame.Surface:
        """The level in ``state`` (the surface is drawn over by the next call: copy it to keep it)."""
        level = self.level
        self.surface.fill(SKY)
        sprites = [Sprite(Tile.STAR, *level.xy(star), on_goal=star in level.goals) for star in state.boxes]
        sprites.append(Sprite(self.character, *level.xy(state.player)))
        self.board.draw(self.surface, (self.margin, self.margin), self.tile_width, sprites)
        return self.surface


def level_picture(
    level: Level,
    state: State | None = None,
    *,
    tile_width: int = 50,
    character: str = CHARACTERS[0],
    margin: int = MARGIN,
    flat: bool = False,
) -> pygame.Surface:
    """The whole level in ``state`` (its start by default), on an offscreen surface."""
    painter = LevelPainter(level, tile_width=tile_width, character=character, flat=flat, margin=margin)
    return painter.draw(state or level.start)


def save_level_picture(
    path: str | os.PathLike[str],
    level: Level,
    state: State | None = None,
    *,
    tile_width: int = 50,
    character: str = CHARACTERS[0],
) -> None:
    """Write :func:`level_picture` to an image file (PNG, JPEG, BMP or TGA by its name).

    Whole or not at all (see :mod:`starpusher.files`): pygame's own saving
    left a truncated picture on a full disk and said nothing. Raises OSError.
    """
    replace_file(path, encode_level_picture(path, level, state, tile_width=tile_width, character=character))


def encode_level_picture(
    name: str | os.PathLike[str],
    level: Level,
    state: State | None = None,
    *,
    tile_width: int = 50,
    character: str = CHARACTERS[0],
    flat: bool = False,
) -> bytes:
    """The bytes of :func:`level_picture` as an image file of the type ``name`` ends in (.png, .jpg...).

    Made in memory, so the caller writes the file whole or not at all.
    """
    picture = level_picture(level, state, tile_width=tile_width, character=character, flat=flat)
    encoded = io.BytesIO()
    pygame.image.save(picture, encoded, os.path.basename(os.fspath(name)))
    return encoded.getvalue()


def headless() -> None:
    """Make pygame usable without a screen: no window is ever opened here."""
    if not pygame.display.get_init():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
