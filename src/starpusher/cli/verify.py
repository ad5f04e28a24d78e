"""``starpusher verify FILE --level N LURD [--record]``: replay moves on a level."""

from __future__ import annotations

import argparse

from ..core import IllegalMoveError, count_pushes, parse_lurd
from ..store import record_solution_from_cli
from .common import load_level


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="replay LURD moves on a level and say whether they solve it",
        description="Replay moves (LURD, run-length encoding allowed) on one level of a file.",
    )
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--level", type=int, default=1, metavar="N", help="level number in the file (from 1)")
    parser.add_argument("moves", metavar="LURD", help="the moves, e.g. 'rrU2lD'")
    parser.add_argument("--record", action="store_true", help="when the moves solve the level, record them")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    level = load_level(args.file, args.level)
    moves = parse_lurd(args.moves)
    try:
        state = level.replay(moves)
    except IllegalMoveError as error:
        print(f"illegal: {error}")
        return 1
    counts = f"moves={len(moves)} pushes={count_pushes(moves)}"
    if not level.is_solved(state):
        filled = len(level.goals & state.boxes)
        print(f"not solved {counts} ({filled} of {len(level.goals)} goals hold a star)")
        return 1
    print(f"solved {counts}")
    if args.record:
        print(record_solution_from_cli(level, moves, getattr(args, "data_dir", None)))
    return 0
