"""``starpusher export`` and ``starpusher import``: best solutions to and from ``.sok`` files.

Solutions are written under each board as Sokoban YASC and JSoko write them
(``Solution (moves 33, pushes 10):`` then the LURD lines), so those programs,
and this one, read them back. ``export --optimize`` also writes each best
made shorter by the optimizer, marked in its header
(``Solution (moves 31, pushes 10, optimized for moves):``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..core import IllegalMoveError, Level, NotationError, StarPusherError, shown
from ..levels import format_collection
from ..optimize import Metric, optimize
from ..store import DATABASE_NAME, KnownSolutions, NotASolutionError, Progress, Solution
from ..store.solutions import replayed_row
from .bars import progress_bar
from .common import plural, positive_float, read_levels
from .output import write_output
from .progress import open_store
from .workers import Terminated, interrupted_status


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
    export.add_argument(
        "--optimize",
        action="store_true",
        help="also write each best solution made shorter by the optimizer, marked as optimized",
    )
    export.add_argument(
        "--time-limit",
        type=positive_float,
        default=10.0,
        metavar="S",
        help="with --optimize: seconds to optimize each solution (default 10)",
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
    collection = read_levels(args.file)
    output = args.output
    if output != "-" and _same_file(output, args.file):
        raise StarPusherError(f"{shown(output)}: refusing to write over the file being exported")
    with open_store(args, read_only=True) as store:
        progress = store.progress_of(collection.levels)
        known = [store.known_solutions(level) for level in collection.levels] if args.optimize else []
    levels, bests = [], []
    for index, (number, level) in enumerate(zip(collection.numbers, collection.levels, strict=True)):
        exported, best, left_out = _with_best_solutions(level, progress[index])
        levels.append(exported)
        bests.append(best)
        for reason in [*left_out, *(known[index].left_out if known else ())]:
            print(f"starpusher: {shown(args.file)}: level {number}: {reason}", file=sys.stderr)
    notes: list[dict[str, str]] = []
    stopped: BaseException | None = None
    if args.optimize:
        try:
            _optimize_all(levels, bests, known, args.time_limit, notes)
        except (KeyboardInterrupt, Terminated) as stop:  # what was optimized is written all the same
            stopped = stop
            # Counted as the progress bar counts: the levels with solutions, the only ones optimized.
            solved = sum(1 for level in levels if level.solutions)
            done = sum(1 for level in levels[: len(notes)] if level.solutions)
            print(
                f"starpusher: interrupted; {done} of the {plural(solved, 'level')} with solutions optimized",
                file=sys.stderr,
            )
    text = format_collection(levels, title=collection.title, author=collection.author, notes=notes)
    for problem in collection.problems:
        print(f"starpusher: skipped {problem}", file=sys.stderr)
    if output == "-":
        sys.stdout.write(text)
    else:
        write_output(output, text)  # whole, or an error and the old file as it was
        solved = sum(1 for level in levels if level.solutions)
        optimized = f", {sum(1 for note in notes if note)} with shorter ones" if args.optimize else ""
        print(f"wrote {shown(output)}: {plural(len(levels), 'level')}, {solved} with solutions{optimized}")
    return 0 if stopped is None else interrupted_status(stopped)


def _optimize_all(
    levels: list[Level],
    bests: list[dict[str, Solution]],
    known: list[KnownSolutions],
    time_limit: float,
    notes: list[dict[str, str]],
) -> None:
    """Add to each level the optimizer's solutions shorter than the player's best, noting each in ``notes``.

    ``levels`` are changed in place and ``notes`` grows a level at a time,
    so an interrupt leaves every level done so far done.
    """
    bar = progress_bar(sum(1 for level in levels if level.solutions), "optimizing", "level")
    try:
        for index, (best, already) in enumerate(zip(bests, known, strict=True)):
            level = levels[index]
            shorter = _optimized(level, best, already, time_limit) if level.solutions else {}
            levels[index] = replace(level, solutions=tuple(dict.fromkeys([*level.solutions, *shorter])))
            notes.append(shorter)
            if bar and level.solutions:
                bar.update()
    finally:
        if bar:
            bar.close()


def _optimized(
    level: Level, bests: dict[str, Solution], known: KnownSolutions, time_limit: float
) -> dict[str, str]:
    """The optimizer's solutions shorter than the player's bests, each with its note.

    Each best (by moves, by pushes; replayed, so its counts are true) is
    optimized for its own count, starting from the shorter of it and the
    known solution kept for that count.
    """
    found: dict[str, list[tuple[str, bool]]] = {}  # moves -> (metric, proven optimal) of each
    for metric in (Metric.MOVES, Metric.PUSHES):
        best = bests.get(metric.value)
        if best is None:
            continue
        start = best
        already = known.by(metric.value)
        if already is not None and metric.cost(already.moves, already.pushes) < metric.cost(
            start.moves, start.pushes
        ):
            start = already
        result = optimize(level, start.lurd, metric, time_limit=time_limit)
        if metric.cost(len(result.moves), result.pushes) < metric.cost(best.moves, best.pushes):
            found.setdefault(result.moves, []).append((metric.value, result.optimal))
    return {moves: _note(each) for moves, each in found.items()}


def _note(optimized: list[tuple[str, bool]]) -> str:
    """``optimized for moves and pushes, proven optimal in pushes``: what a solution's header says."""
    metrics = [metric for metric, _ in optimized]
    proven = [metric for metric, optimal in optimized if optimal]
    note = f"optimized for {' and '.join(metrics)}"
    if proven == metrics:
        return f"{note}, proven optimal"
    return f"{note}, proven optimal in {proven[0]}" if proven else note


def _same_file(first: str, second: str) -> bool:
    return Path(first).exists() and Path(second).exists() and Path(first).samefile(second)


def _with_best_solutions(level: Level, progress: Progress) -> tuple[Level, dict[str, Solution], list[str]]:
    """The level carrying the store's best by moves, then its best by pushes if different; the bests
    replayed, by what they are the best by; and what was left out.

    Solutions already in the source file are not copied: only the store's,
    each replayed first and written as the rules played it, with the counts
    of the replay. One that does not solve the level (a damaged or tampered
    row) is left out, and said why.
    """
    metrics: dict[str, list[str]] = {}  # each solution, with what it is the best by
    for metric, best in (("moves", progress.best_moves), ("pushes", progress.best_pushes)):
        if best is not None:
            metrics.setdefault(best.lurd, []).append(metric)
    bests: dict[str, Solution] = {}
    left_out = []
    for lurd, by in metrics.items():
        try:
            solution = replayed_row(level, lurd)
        except StarPusherError as error:  # not text, not LURD, an illegal move, or no solve
            which = "the best solution" if len(by) > 1 else f"the best solution by {by[0]}"
            left_out.append(f"{which} kept in {DATABASE_NAME} is left out: {error}")
            continue
        bests.update(dict.fromkeys(by, solution))
    solutions = tuple(dict.fromkeys(solution.lurd for solution in bests.values()))
    return replace(level, solutions=solutions), bests, left_out


# -- import ------------------------------------------------------------------------------------


def run_import(args: argparse.Namespace) -> int:
    collection = read_levels(args.file)
    recorded = improved = 0
    rejected = len(collection.notices)  # solutions that could not even be read (each said already)
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
        + (f", {plural(len(collection.problems), 'level')} unreadable" if collection.problems else "")
    )
    return 0 if not rejected and not collection.problems else 1
