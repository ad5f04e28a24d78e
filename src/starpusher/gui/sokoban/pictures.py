"""The player's pictures from the window: screenshots (F12) and solutions saved as animations.

Both go to the player's pictures folder (:func:`starpusher.store.pictures_dir`:
"Star Pusher" in the platform's pictures folder), each under a name of its
own, never over an older picture, and written whole or not at all; the
window says where. An animation (the M list's "save as animation") is drawn
in the background, a task of the window's, with a tile set of its own, so a
long solution never freezes the window and its drawing never shares a
picture with the window's.
"""

from __future__ import annotations

import io
import os
import re
import time
from pathlib import Path

import pygame

from ...background import CancelToken
from ...core import Level, StarPusherError, State
from ...files import replace_file
from ...store import pictures_dir
from ..kit.window import Window
from .animation import (
    AnimationLook,
    AnimationTooLarge,
    Every,
    check_animation_size,
    encode_animation,
    frame_positions,
)
from .art import TileSet
from .flat_art import FlatTileSet

#: The tile widths an animation is tried at, largest first: a long solution on a large level
#: is drawn smaller rather than refused.
ANIMATION_TILES = (32, 24, 16)
#: Longest name given to a picture (before its number and ending).
NAME_LENGTH = 80
#: Pictures being written by a task that has not finished: their names are taken.
_WRITING: set[Path] = set()


def save_screenshot(app: Window) -> None:
    """F12: the window as it is, a PNG in the player's pictures folder."""
    encoded = io.BytesIO()
    pygame.image.save(app.screen, encoded, "screenshot.png")
    stamp = time.strftime("%Y-%m-%d %H.%M.%S")
    try:
        path = free_path(pictures_dir(), f"Star Pusher {stamp}", ".png")
        replace_file(path, encoded.getvalue())
    except OSError as error:
        app.say(f"The screenshot was not saved: {error.strerror or error}", 6)
    else:
        app.say(f"Saved a screenshot: {shown_path(path)}", 6)


def save_animation(app: Window, level: Level, moves: str, name: str, *, character: str, flat: bool) -> None:
    """Draw ``moves`` as an animated GIF in the background, and say where it went (or why not).

    One frame a move; for a solution too long for that, one a push, and
    smaller tiles if it is still too large. ``name`` names the file; the
    player is drawn as ``character``, the board flat or not, as in play.
    """
    try:
        look, positions = _fitting(level, moves, character, flat)
        path = free_path(pictures_dir(), name, ".gif")
    except (StarPusherError, OSError) as error:
        app.say(f"The animation was not saved: {getattr(error, 'strerror', None) or error}", 6)
        return
    drawn = 0

    def count(frames: int) -> None:
        nonlocal drawn
        drawn = frames

    def work(token: CancelToken) -> Path:
        tiles = FlatTileSet() if look.flat else TileSet()
        data = encode_animation(
            path, level, positions, look, drawn=count, stopped=lambda: token.cancelled, tiles=tiles
        )
        replace_file(path, data)
        return path

    def done(written: Path) -> None:
        _WRITING.discard(path)
        app.say(f"Saved the animation: {shown_path(written)}", 8)

    def failed(error: BaseException) -> None:
        _WRITING.discard(path)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        app.say(f"The animation was not saved: {reason}", 6)

    def progress() -> str:
        return f"Saving the animation: frame {drawn:,} of {len(positions):,}"

    _WRITING.add(path)
    app.tasks.submit("Saving the animation", work, done, failed, describe=progress)


def _fitting(level: Level, moves: str, character: str, flat: bool) -> tuple[AnimationLook, list[State]]:
    """The look and positions of the largest animation allowed: a frame a move, else a push,
    at the largest tiles that fit. Raises :class:`AnimationTooLarge` when nothing fits."""
    problem = AnimationTooLarge("nothing to draw")
    for every in Every:  # a frame a move first
        try:
            positions = frame_positions(level, moves, every)
        except AnimationTooLarge as error:
            problem = error
            continue
        for tile in ANIMATION_TILES:
            look = AnimationLook(tile_width=tile, character=character, flat=flat)
            try:
                check_animation_size(level, len(positions), look)
            except AnimationTooLarge as error:
                problem = error
            else:
                return look, positions
    raise problem


def picture_name(words: str) -> str:
    """``words`` made fit to name a file on every system: no slashes, colons or control characters."""
    name = re.sub(r'[\x00-\x1f\x7f/\\:*?"<>|]+', "-", words)
    return name.strip(" .-")[:NAME_LENGTH].strip(" .-") or "Star Pusher"


def free_path(folder: Path, name: str, ending: str) -> Path:
    """A path in ``folder`` named after ``name`` that no file (nor a picture being written) has:
    ``name.gif``, else ``name (2).gif``, and so on."""
    stem = picture_name(name)
    number = 1
    while True:
        path = folder / (f"{stem}{ending}" if number == 1 else f"{stem} ({number}){ending}")
        if path not in _WRITING and not os.path.lexists(path):
            return path
        number += 1


def shown_path(path: Path) -> str:
    """A path as the player reads it: their home folder as ``~``."""
    home = Path.home()
    return f"~{os.sep}{path.relative_to(home)}" if path.is_relative_to(home) else str(path)
