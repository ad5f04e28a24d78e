"""``starpusher render FILE --level N -o OUT.png [--moves LURD]``: a picture of a level.

Drawn with the game's own art on an offscreen surface: no window is opened.
"""

from __future__ import annotations

import argparse

from ..core import IllegalMoveError, LevelError, NotationError, parse_lurd, shown
from .common import load_level
from .output import write_output

PICTURE_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")
#: Largest picture drawn (about 200 MB in memory): a 40x30 level fits at --tile 200.
MAX_PIXELS = 50_000_000


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "render",
        help="draw a level to a PNG picture with the game's art",
        description="Draw one level (after some moves, if given) to an image file, without opening a window.",
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--level", type=int, default=1, metavar="N", help="level number in the file (from 1)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.png", help="the picture to write")
    parser.add_argument("--moves", default="", metavar="LURD", help="moves to play first, e.g. 'rrU2lD'")
    parser.add_argument(
        "--tile", type=int, default=50, metavar="PX", help="tile width in pixels (default 50)"
    )
    parser.add_argument("--character", type=int, default=1, metavar="K", help="player character 1-5")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..gui.sokoban.art import CHARACTERS, Geometry

    if not args.output.lower().endswith(PICTURE_TYPES):
        raise LevelError(f"the picture's name must end in {', '.join(PICTURE_TYPES)}", source=args.output)
    level = load_level(args.file, args.level)
    if not 4 <= args.tile <= 400:
        raise LevelError("--tile must be between 4 and 400 pixels", source=args.file)
    if not 1 <= args.character <= len(CHARACTERS):
        raise LevelError(f"--character must be between 1 and {len(CHARACTERS)}", source=args.file)
    try:
        moves = parse_lurd(args.moves)
    except NotationError as error:
        raise NotationError(f"--moves: {error}") from None
    picture_size = Geometry(args.tile).map_size(level.width, level.height)
    if picture_size[0] * picture_size[1] > MAX_PIXELS:
        raise LevelError(
            f"at --tile {args.tile} the picture would be {picture_size[0]} x {picture_size[1]} pixels;"
            " give a smaller --tile",
            source=args.file,
        )
    try:
        state = level.replay(moves)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"{shown(args.file)}: level {args.level}: {error}") from None
    from ..gui import encode_level_picture

    picture = encode_level_picture(
        args.output, level, state, tile_width=args.tile, character=CHARACTERS[args.character - 1]
    )
    write_output(args.output, picture)  # whole or not at all: never a truncated picture
    print(f"wrote {shown(args.output)}")
    return 0
