"""``starpusher export`` and ``starpusher import``: best solutions to and from ``.sok`` files.

Solutions are written under each board as Sokoban YASC and JSoko write them
(``Solution (moves 33, pushes 10):`` then the LURD lines), so those programs,
and this one, read them back.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..core import IllegalMoveError, Level, NotationError, StarPusherError, shown
from ..levels import format_collection, open_named
from ..store import DATABASE_NAME, NotASolutionError, Progress, verified_solution
from .common import plural
from .output import write_output
from .progress import open_store


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    export = subparsers.add_parser(
        "export",
        help="write levels with their best solutions to a .sok file",
        description=(
            "Write the levels of FILE to a .sok file, each followed by your best solution by moves"
            " and, when it is another one, your best by pushes."
        ),
    )
    export.add_argument("file", metavar="FILE", help="a level file or built-in collection name")
    export.add_argument(
        "-o", "--output", required=True, metavar="OUT.sok", help="the file to write ('-' for the screen)"
    )
    export.set_defaults(run=run_export)

    import_ = subparsers.add_parser(
        "import",
        help="record the solutions found in a .sok file",
        description=(
            "Read the solutions under each level of a .sok file, verify each by replaying it,"
            " record the valid ones and report the rest."
        ),
    )
    import_.add_argument("file", metavar="FILE.sok")
    import_.set_defaults(run=run_import)


# -- export ------------------------------------------------------------------------------------


def run_export(args: argparse.Namespace) -> int:
    collection = open_named(args.file)
    output = args.output
    if output != "-" and _same_file(output, args.file):
        raise StarPusherError(f"{shown(output)}: refusing to write over the file being exported")
    with open_store(args, read_only=True) as store:
        progress = store.progress_of(collection.levels)
    levels = []
    for number, level, kept in zip(collection.numbers, collection.levels, progress, strict=True):
        exported, left_out = _with_best_solutions(level, kept)
        levels.append(exported)
        for reason in left_out:
            print(f"starpusher: {args.file}: level {number}: {reason}", file=sys.stderr)
    text = format_collection(levels, title=collection.title, author=collection.author)
    for problem in collection.problems:
        print(f"starpusher: skipped {problem}", file=sys.stderr)
    if output == "-":
        sys.stdout.write(text)
        return 0
    write_output(output, text)  # whole, or an error and the old file as it was
    solved = sum(1 for level in levels if level.solutions)
    print(f"wrote {shown(output)}: {plural(len(levels), 'level')}, {solved} with solutions")
    return 0


def _same_file(first: str, second: str) -> bool:
    return Path(first).exists() and Path(second).exists() and Path(first).samefile(second)


def _with_best_solutions(level: Level, progress: Progress) -> tuple[Level, list[str]]:
    """The level carrying the store's best by moves, then its best by pushes if different; what was left out.

    Solutions already in the source file are not copied: only the store's,
    each replayed first and written as the rules played it. One that does not
    solve the level (a damaged or tampered row) is left out, and said why.
    """
    metrics: dict[str, list[str]] = {}  # each solution, with what it is the best by
    for metric, best in (("moves", progress.best_moves), ("pushes", progress.best_pushes)):
        if best is not None:
            metrics.setdefault(best.lurd, []).append(metric)
    solutions, left_out = [], []
    for lurd, by in metrics.items():
        try:
            solutions.append(verified_solution(level, lurd).lurd)
        except StarPusherError as error:  # not LURD, an illegal move, or no solve
            which = "the best solution" if len(by) > 1 else f"the best solution by {by[0]}"
            left_out.append(f"{which} kept in {DATABASE_NAME} is left out: {error}")
    return replace(level, solutions=tuple(dict.fromkeys(solutions))), left_out


# -- import ------------------------------------------------------------------------------------


def run_import(args: argparse.Namespace) -> int:
    collection = open_named(args.file)
    recorded = improved = rejected = 0
    with open_store(args) as store:
        for number, level in zip(collection.numbers, collection.levels, strict=True):
            for index, moves in enumerate(level.solutions, 1):
                where = f"{shown(args.file)}: level {number}: solution {index}"
                try:
                    result = store.record_solution(level, moves)
                except (NotationError, IllegalMoveError, NotASolutionError) as error:
                    rejected += 1
                    length = f"{len(moves)} move{'s' if len(moves) != 1 else ''}"
                    print(f"{where} ({length}) is not valid: {error}")
                    continue
                recorded += 1
                if result.improved:
                    improved += 1
                    print(f"{where}: {result.summary()}")
    for problem in collection.problems:
        print(f"skipped {problem}")
    print(
        f"{shown(args.file)}: {recorded} solution{'s' if recorded != 1 else ''} recorded"
        f" ({improved} improved your bests), {rejected} not valid"
        + (f", {len(collection.problems)} levels unreadable" if collection.problems else "")
    )
    return 0 if not rejected and not collection.problems else 1
