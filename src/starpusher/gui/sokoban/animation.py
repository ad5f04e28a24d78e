"""A solution as an animated picture (GIF, WebP or animated PNG) anyone can watch.

The moves are replayed through the rules first (:func:`frame_positions`): an
illegal move is an error naming it, before anything is drawn. Then pygame
draws each position exactly as ``starpusher render`` draws one
(:class:`~.snapshot.LevelPainter`), and Pillow encodes the frames, in memory,
so that the caller writes the file whole or not at all.

Pillow, not pygame, writes the file: pygame saves still pictures only. Pillow
keeps every frame in memory while it writes (about four bytes a pixel), so
:func:`check_animation_size` refuses, before any drawing, what would take
more than a few hundred megabytes.

A GIF holds 256 colours: every frame is mapped, without dithering, to one
palette made from the first and the last frames, so a pixel that does not
change between frames keeps its colour. WebP is written lossless, and APNG
is lossless by nature: their frames are ``render``'s pixels.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame
from PIL import GifImagePlugin, Image, PngImagePlugin, WebPImagePlugin

from ...core import Direction, IllegalMoveError, Level, StarPusherError, State
from .art import CHARACTERS, TileSet
from .snapshot import LevelPainter, picture_size

#: What each file name's ending is written as (by Pillow's plugin of that format).
FORMATS = {
    ".gif": GifImagePlugin.GifImageFile.format,
    ".webp": WebPImagePlugin.WebPImageFile.format,
    ".png": PngImagePlugin.PngImageFile.format,
}
#: Most frames an animation may have: one a move of a 9,999-move solution.
MAX_FRAMES = 10_000
#: Most pixels of all the frames together: Pillow holds them all while it writes (about 600 MB here).
MAX_ANIMATION_PIXELS = 150_000_000
#: Frames a second, and the longest pause on the last frame, that an animation may ask for.
MAX_FPS = 50.0
MAX_PAUSE = 60.0


class Every(Enum):
    """Which positions become frames: after every move, or only after every push."""

    MOVE = "move"
    PUSH = "push"


@dataclass(frozen=True)
class AnimationLook:
    """How an animation looks and runs."""

    tile_width: int = 32
    character: str = CHARACTERS[0]
    flat: bool = False
    #: Frames a second, and the seconds the last frame stays before the animation starts again.
    fps: float = 8.0
    pause: float = 2.0


class AnimationTooLarge(StarPusherError):
    """An animation that would be absurdly long or large, refused before any drawing."""


class AnimationStopped(Exception):
    """The animation was no longer wanted (the window closed): nothing is written."""


def animation_format(name: str | os.PathLike[str]) -> str | None:
    """The format a file name asks for (``"GIF"``, ``"WEBP"``, ``"PNG"``), or None."""
    return FORMATS.get(os.path.splitext(os.fspath(name))[1].lower())


def frame_positions(level: Level, moves: str, every: Every = Every.MOVE) -> list[State]:
    """The positions an animation of ``moves`` shows, its first frame the level's start.

    One after every move, or (``Every.PUSH``) after every push, the board
    deciding what pushes, not the letters' case; moves after the last push
    show in the last frame. Raises :class:`IllegalMoveError` naming the first
    illegal move, and :class:`AnimationTooLarge` for more than
    :data:`MAX_FRAMES` frames (by the count of moves alone, when every move is
    a frame: nothing is replayed for nothing).
    """
    if every is Every.MOVE:
        check_frame_count(len(moves) + 1, every)
    state = level.start
    shown = [state]
    for number, letter in enumerate(moves, 1):
        try:
            state, done = level.move(state, Direction.from_letter(letter))
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number} ({letter!r}): {error}") from None
        if every is Every.MOVE or done.isupper():
            shown.append(state)
            check_frame_count(len(shown), every)
    if shown[-1] != state:  # a walk after the last push
        if len(shown) > 1:
            shown[-1] = state
        else:
            shown.append(state)
    return shown


def check_frame_count(frames: int, every: Every) -> None:
    """Refuse more than :data:`MAX_FRAMES` frames (``frames``: how many there are, or would be so far)."""
    if frames > MAX_FRAMES:
        count = f"{frames:,} frames" if every is Every.MOVE else f"over {MAX_FRAMES:,} frames"
        raise AnimationTooLarge(
            f"{count}, one a {every.value}, are too many: an animation may have at most {MAX_FRAMES:,}"
        )


def check_animation_size(level: Level, frames: int, look: AnimationLook) -> None:
    """Refuse, before any drawing, an animation whose frames hold too many pixels together."""
    width, height = picture_size(level, look.tile_width, flat=look.flat)
    pixels = frames * width * height
    if pixels > MAX_ANIMATION_PIXELS:
        raise AnimationTooLarge(
            f"{frames:,} frames of {width} x {height} pixels are {pixels / 1e6:,.0f} million pixels in all;"
            f" an animation may hold at most {MAX_ANIMATION_PIXELS // 1_000_000:,} million"
        )


def encode_animation(
    name: str | os.PathLike[str],
    level: Level,
    positions: Sequence[State],
    look: AnimationLook,
    *,
    drawn: Callable[[int], object] | None = None,
    stopped: Callable[[], bool] | None = None,
    tiles: TileSet | None = None,
) -> bytes:
    """The bytes of an animation of ``positions``, in the format ``name`` ends in.

    ``drawn(n)`` is told each time a frame is drawn; when ``stopped()``
    becomes true, drawing stops with :class:`AnimationStopped`. ``tiles`` as
    for :class:`~.snapshot.LevelPainter`.
    """
    kind = animation_format(name)
    if kind is None:
        raise StarPusherError(f"an animation's name must end in {', '.join(FORMATS)}")
    check_animation_size(level, len(positions), look)
    painter = LevelPainter(
        level, tile_width=look.tile_width, character=look.character, flat=look.flat, tiles=tiles
    )
    palette = _shared_palette(painter, positions) if kind == "GIF" else None

    def frames(start: int) -> Iterator[Image.Image]:
        """The frames from number ``start`` (from 0) on, each drawn as it is asked for."""
        for number in range(start, len(positions)):
            if stopped is not None and stopped():
                raise AnimationStopped
            frame = _image(painter.draw(positions[number]))
            if palette is not None:
                frame = frame.quantize(palette=palette, dither=Image.Dither.NONE)
            if drawn is not None:
                drawn(number + 1)
            yield frame

    first = next(frames(0))
    # Pillow's APNG writer reads its frames twice (their modes first): they are drawn twice
    # rather than all kept here as well as in Pillow's copies.
    rest: Iterable[Image.Image] = _Again(lambda: frames(1)) if kind == "PNG" else frames(1)
    encoded = io.BytesIO()
    first.save(
        encoded,
        format=kind,
        save_all=True,
        append_images=rest,
        duration=durations(len(positions), look),
        loop=0,  # for ever
        **_FORMAT_OPTIONS[kind],
    )
    return encoded.getvalue()


class _Again(Iterable[Image.Image]):
    """Frames that can be gone through more than once, made afresh each time."""

    def __init__(self, make: Callable[[], Iterator[Image.Image]]) -> None:
        self.make = make

    def __iter__(self) -> Iterator[Image.Image]:
        return self.make()


def durations(frames: int, look: AnimationLook) -> list[int]:
    """Milliseconds each frame shows: the same for all, longer for the last (the pause).

    In whole hundredths of a second, the GIF's unit, so every format keeps the same pace.
    """
    step = 10 * max(1, round(100 / look.fps))
    return [step] * (frames - 1) + [max(step, 10 * round(100 * look.pause))]


#: What Pillow is told for each format: WebP lossless, the GIF's palette kept as given (unused
#: colours too, so every frame has the same), nothing made smaller at the cost of time.
_FORMAT_OPTIONS: dict[str, dict[str, object]] = {
    "GIF": {"optimize": False},
    "WEBP": {"lossless": True},
    "PNG": {"default_image": False},
}


def _image(surface: pygame.Surface) -> Image.Image:
    """A Pillow image of a pygame surface's pixels."""
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def _shared_palette(painter: LevelPainter, positions: Sequence[State]) -> Image.Image:
    """256 colours for every frame of a GIF, made from its first and last frames.

    They hold everything an animation shows: the board, the player, stars off
    their goals and on them.
    """
    first = _image(painter.draw(positions[0]))
    last = _image(painter.draw(positions[-1]))
    both = Image.new("RGB", (first.width, first.height * 2))
    both.paste(first, (0, 0))
    both.paste(last, (0, first.height))
    return both.quantize(256, method=Image.Quantize.FASTOCTREE)
