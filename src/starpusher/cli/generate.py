"""``starpusher generate``: new levels, solvable by construction, with their solutions."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator

from ..core import StarPusherError, shown
from ..generate import GENERATOR_NAME, Difficulty, GeneratedLevel, generate_levels
from ..generate.measures import solver_effort
from ..levels import format_collection, format_level
from .bars import progress_bar
from .common import plural
from .output import OutputFile
from .workers import Terminated, interrupted_status


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "generate",
        help="make new levels, each with its solution",
        description=(
            "Make new levels by pulling stars away from their goals, so every level is solvable; "
            "each comes with its solution (one of the fewest pushes, on maps small enough to search "
            "through) and the command that makes it again. The same arguments always write the same file."
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
    parser.add_argument(
        "--stats",
        action="store_true",
        help="print each level's measures to standard error, with the solver's effort on it",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    width, height = parse_size(args.size)
    if args.count < 1:
        raise StarPusherError(f"--count must be at least 1, not {args.count}")
    made = generate_levels(width, height, args.boxes, args.seed, args.difficulty)  # checks them first
    title = f"Generated {width}x{height}, {plural(args.boxes, 'star')}, {args.difficulty}"
    header = format_collection([], title=title, author=GENERATOR_NAME).rstrip("\n")
    # Each level is written as soon as it is made (to a file beside the target, renamed into
    # place at the end): an interrupt keeps the levels made so far, a failed write keeps nothing,
    # and an interrupt before the first level keeps the old file rather than put a header in its place.
    with OutputFile(args.output) if args.output else contextlib.nullcontext() as output:
        write = output.write if output is not None else _write_to_screen
        write(header)
        done, stop = _generate(write, made, args)
        write("\n")
        if output is not None and (done or stop is None):
            output.commit()
    if stop is None:
        return 0
    if args.output and not done:
        kept = "left as it was" if os.path.lexists(args.output) else "not written"
        said = f"interrupted before the first level was made; {shown(args.output)} {kept}"
    else:
        where = f" to {shown(args.output)}" if args.output else ""
        said = f"interrupted; wrote {done} of {plural(args.count, 'level')}{where}"
    print(f"starpusher: {said}", file=sys.stderr)
    return interrupted_status(stop)


def _generate(
    write: Callable[[str], None], made: Iterator[GeneratedLevel], args: argparse.Namespace
) -> tuple[int, BaseException | None]:
    """Make and write the levels; how many were written, and the interrupt that stopped it, if one did."""
    bar = progress_bar(args.count, "generating", "level") if args.output and not args.stats else None
    if args.stats:
        print(STATS_HEADER, file=sys.stderr)
    done = 0
    try:
        for number in range(1, args.count + 1):
            generated = next(made)
            write("\n\n" + format_level(generated.level))
            done = number
            if args.stats:
                print(stats_line(number, generated), file=sys.stderr)
            if bar:
                bar.update()
    except (KeyboardInterrupt, Terminated) as stop:
        return done, stop
    finally:
        if bar:
            bar.close()
    return done, None


def _write_to_screen(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()  # each level shows (or fails to be written) as soon as it is made


STATS_HEADER = "level   seed  size   pushes  moves  lines  changes  fewest?  solver nodes  solver s"


def stats_line(number: int, generated: GeneratedLevel) -> str:
    """One row of ``--stats``: the level's measures and the solver's effort."""
    level, measures = generated.level, generated.measures
    effort = solver_effort(level, time_limit=STATS_TIME_LIMIT)
    if not effort.solved:
        solver = f"{effort.status.value:>13}  {effort.seconds:8.2f}"
    else:
        solver = f"{effort.nodes:>13}  {effort.seconds:8.2f}"
    size = f"{level.width}x{level.height}"
    fewest = "yes" if generated.fewest_pushes else "-"
    return (
        f"{number:>5}  {generated.seed:>5}  {size:<5}  {measures.pushes:>6}  {measures.moves:>5}  "
        f"{measures.box_lines:>5}  {measures.box_changes:>7}  {fewest:>7}  {solver}"
    )


#: Seconds the solver may take per level for ``--stats``.
STATS_TIME_LIMIT = 10.0


def parse_size(text: str) -> tuple[int, int]:
    """``"10x8"`` as (10, 8); raises StarPusherError naming the option otherwise."""
    width, separator, height = text.lower().partition("x")
    if not separator or not width.strip().isdigit() or not height.strip().isdigit():
        raise StarPusherError(f"--size {text!r}: expected WIDTHxHEIGHT, such as 10x10")
    return int(width), int(height)
