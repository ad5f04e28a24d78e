"""``starpusher generate``: new levels, solvable by construction, with their solutions."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import StarPusherError
from ..generate import GENERATOR_NAME, Difficulty, generate_levels
from ..levels import format_collection


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "generate",
        help="make new levels, each with its solution",
        description=(
            "Make new levels by pulling stars away from their goals, so every level is solvable; "
            "each comes with a push-optimal solution and the command that makes it again. "
            "The same arguments always write the same file."
        ),
    )
    parser.add_argument("--count", type=int, default=1, metavar="N", help="how many levels (default 1)")
    parser.add_argument(
        "--size", default="10x10", metavar="WxH", help="largest map, walls included (default 10x10)"
    )
    parser.add_argument("--boxes", type=int, default=4, metavar="K", help="stars per level (default 4)")
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="first seed; level i uses seed S+i or later (default 1)",
    )
    parser.add_argument(
        "--difficulty",
        choices=[d.value for d in Difficulty],
        default=Difficulty.MEDIUM.value,
        help="how long the solutions are, relative to what the map allows (default medium)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of the screen")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    width, height = parse_size(args.size)
    if args.count < 1:
        raise StarPusherError(f"--count must be at least 1, not {args.count}")
    levels = []
    made = generate_levels(width, height, args.boxes, args.seed, args.difficulty)
    show_progress = args.output is not None and sys.stderr.isatty()
    for number in range(1, args.count + 1):
        levels.append(next(made).level)
        if show_progress:
            print(f"\rgenerated {number}/{args.count}", end="", file=sys.stderr, flush=True)
    if show_progress:
        print(file=sys.stderr)
    title = f"Generated {width}x{height}, {args.boxes} stars, {args.difficulty}"
    text = format_collection(levels, title=title, author=GENERATOR_NAME)
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise StarPusherError(f"{args.output}: cannot write: {error.strerror}") from None
    return 0


def parse_size(text: str) -> tuple[int, int]:
    """``"10x8"`` as (10, 8); raises StarPusherError naming the option otherwise."""
    width, separator, height = text.lower().partition("x")
    if not separator or not width.strip().isdigit() or not height.strip().isdigit():
        raise StarPusherError(f"--size {text!r}: expected WIDTHxHEIGHT, such as 10x10")
    return int(width), int(height)
