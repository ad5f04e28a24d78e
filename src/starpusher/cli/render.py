"""``starpusher render FILE --level N -o OUT [--moves LURD] [--animate]``: a picture of a level.

Drawn with the game's own art on an offscreen surface: no window is opened.
With ``--animate``, a solution as an animated picture (GIF, WebP or APNG):
one frame a move, or a push (``--every push``), drawn as the still picture is
(:mod:`starpusher.gui.sokoban.animation`). Either is written whole or not at all.
"""

from __future__ import annotations

import argparse

from ..core import IllegalMoveError, Level, LevelError, NotationError, StarPusherError, parse_lurd, shown
from .common import load_level, positive_float, positive_int
from .output import write_output

PICTURE_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")
ANIMATION_TYPES = (".gif", ".webp", ".png")
#: Largest picture drawn (about 200 MB in memory): a 40x30 level fits at --tile 200.
MAX_PIXELS = 50_000_000
#: What an animation is, unless told otherwise: frames a second, and seconds on the last frame.
DEFAULT_FPS = 8.0
DEFAULT_PAUSE = 2.0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "render",
        help="draw a level to a PNG picture with the game's art, or a solution as an animation",
        description=(
            "Draw one level (after some moves, if given) to an image file, without opening a window;"
            " with --animate, draw a solution as an animated GIF, WebP or PNG, one frame a move."
        ),
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--level", type=int, default=1, metavar="N", help="level number in the file (from 1)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="the picture to write (.png...)")
    parser.add_argument("--moves", metavar="LURD", help="moves to play first, e.g. 'rrU2lD'")
    parser.add_argument("--best", action="store_true", help="your best solution, from your progress")
    parser.add_argument("--known", type=positive_int, metavar="K", help="the K-th solution the file gives")
    parser.add_argument(
        "--tile",
        type=int,
        default=None,
        metavar="PX",
        help="tile width in pixels (default 50; animations 32)",
    )
    parser.add_argument("--character", type=int, default=1, metavar="K", help="player character 1-5")
    parser.add_argument("--flat", action="store_true", help="the flat view from above")
    animation = parser.add_argument_group("animations")
    animation.add_argument(
        "--animate",
        action="store_true",
        help="the solution as an animated picture: OUT ends in .gif, .webp or .png (APNG)",
    )
    animation.add_argument(
        "--every", choices=["move", "push"], help="a frame after every move (the default) or every push"
    )
    animation.add_argument(
        "--fps", type=positive_float, metavar="F", help=f"frames a second (default {DEFAULT_FPS:g})"
    )
    animation.add_argument(
        "--pause", type=float, metavar="S", help=f"seconds on the last frame (default {DEFAULT_PAUSE:g})"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..gui.sokoban.art import CHARACTERS

    _check_names(args)
    level = load_level(args.file, args.level)
    tile = args.tile if args.tile is not None else 32 if args.animate else 50
    if not 4 <= tile <= 400:
        raise LevelError("--tile must be between 4 and 400 pixels", source=args.file)
    if not 1 <= args.character <= len(CHARACTERS):
        raise LevelError(f"--character must be between 1 and {len(CHARACTERS)}", source=args.file)
    moves, source = _moves(args, level)
    _check_picture_size(args, level, tile)
    character = CHARACTERS[args.character - 1]
    if args.animate:
        picture = _animation(args, level, moves, source, tile, character)
    else:
        picture = _still(args, level, moves, source, tile, character)
    write_output(args.output, picture)  # whole or not at all: never a truncated picture
    print(f"wrote {shown(args.output)}")
    return 0


def _check_names(args: argparse.Namespace) -> None:
    """The output's name fits what is drawn; the animation's options come with --animate."""
    if args.animate:
        if not args.output.lower().endswith(ANIMATION_TYPES):
            kinds = ", ".join(ANIMATION_TYPES)
            raise LevelError(f"an animation's name must end in {kinds} (an animated PNG)", source=args.output)
        if args.fps is not None and args.fps > 50:
            raise StarPusherError("--fps must be at most 50 frames a second")
        if args.pause is not None and not 0 <= args.pause <= 60:
            raise StarPusherError("--pause must be between 0 and 60 seconds")
        return
    if not args.output.lower().endswith(PICTURE_TYPES):
        raise LevelError(f"the picture's name must end in {', '.join(PICTURE_TYPES)}", source=args.output)
    given = [option for option in ("every", "fps", "pause") if getattr(args, option) is not None]
    if given:
        raise StarPusherError(f"--{given[0]} is for animations: add --animate")


def _moves(args: argparse.Namespace, level: Level) -> tuple[str, str]:
    """The moves to draw, and what they are: typed, or (--best, --known, or an animation) a solution."""
    if not (args.animate or args.best or args.known is not None):
        try:
            return parse_lurd(args.moves or ""), "the moves given"
        except NotationError as error:
            raise NotationError(f"--moves: {error}") from None
    from ..optimize import Metric
    from .chosen import chosen_solution, say

    try:
        return chosen_solution(
            level,
            file=args.file,
            number=args.level,
            moves=args.moves,
            best=args.best,
            known=args.known,
            metric=Metric.PUSHES if args.every == "push" else Metric.MOVES,
            data_dir=getattr(args, "data_dir", None),
            purpose="to draw",
            notice=lambda notice: say(notice) if notice is not None else None,
        )
    except NotationError as error:
        raise NotationError(f"--moves: {error}") from None


def _check_picture_size(args: argparse.Namespace, level: Level, tile: int) -> None:
    from ..gui.sokoban.snapshot import picture_size

    width, height = picture_size(level, tile, flat=args.flat)
    if width * height > MAX_PIXELS:
        raise LevelError(
            f"at --tile {tile} the picture would be {width} x {height} pixels"
            f" (at most {MAX_PIXELS // 1_000_000} million); give a smaller --tile",
            source=args.file,
        )


def _still(
    args: argparse.Namespace, level: Level, moves: str, source: str, tile: int, character: str
) -> bytes:
    try:
        state = level.replay(moves)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"{_where(args, source)}{error}") from None
    from ..gui import encode_level_picture

    return encode_level_picture(
        args.output, level, state, tile_width=tile, character=character, flat=args.flat
    )


def _animation(
    args: argparse.Namespace, level: Level, moves: str, source: str, tile: int, character: str
) -> bytes:
    """The animation's bytes: the moves replayed and its size checked before any drawing."""
    from ..gui.sokoban.animation import (
        AnimationLook,
        AnimationTooLarge,
        Every,
        check_animation_size,
        encode_animation,
        frame_positions,
    )

    every = Every(args.every or "move")
    look = AnimationLook(
        tile_width=tile,
        character=character,
        flat=args.flat,
        fps=args.fps if args.fps is not None else DEFAULT_FPS,
        pause=args.pause if args.pause is not None else DEFAULT_PAUSE,
    )
    try:
        positions = frame_positions(level, moves, every)
        check_animation_size(level, len(positions), look)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"{_where(args, source)}{error}") from None
    except AnimationTooLarge as error:
        advice = "--every push" if every is Every.MOVE else "fewer moves"
        raise AnimationTooLarge(f"{_where(args, source)}{error} (try {advice} or a smaller --tile)") from None
    return encode_animation(args.output, level, positions, look)


def _where(args: argparse.Namespace, source: str) -> str:
    """What a message about the moves names first: the level, and the solution unless typed."""
    where = f"{shown(args.file)}: level {args.level}: "
    return where if source == "the moves given" else f"{where}{source}: "
