"""Pictures of a level drawn with the game's art, without a window (``starpusher render``)."""

from __future__ import annotations

import io
import os

import pygame

from ...core import Level, State
from ...files import replace_file
from ..kit.layout import SKY
from .art import CHARACTERS, Geometry, Tile
from .board import BoardPicture, Sprite


def level_picture(
    level: Level,
    state: State | None = None,
    *,
    tile_width: int = 50,
    character: str = CHARACTERS[0],
    margin: int = 10,
) -> pygame.Surface:
    """The whole level in ``state`` (its start by default), on an offscreen surface."""
    headless()
    state = state or level.start
    geometry = Geometry(tile_width)
    map_w, map_h = geometry.map_size(level.width, level.height)
    surface = pygame.Surface((map_w + 2 * margin, map_h + 2 * margin))
    surface.fill(SKY)
    sprites = [Sprite(Tile.STAR, *level.xy(star), on_goal=star in level.goals) for star in state.boxes]
    sprites.append(Sprite(character, *level.xy(state.player)))
    BoardPicture(level).draw(surface, (margin, margin), tile_width, sprites)
    return surface


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
) -> bytes:
    """The bytes of :func:`level_picture` as an image file of the type ``name`` ends in (.png, .jpg...).

    Made in memory, so the caller writes the file whole or not at all.
    """
    picture = level_picture(level, state, tile_width=tile_width, character=character)
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
