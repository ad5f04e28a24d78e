"""``starpusher progress [FILE] [--json]``: what is solved, with the best moves and pushes.

With FILE (a level file, or the name of a built-in collection such as
``original``), one line per level of it; without, every level the store
has seen solved or started, shown from what the store itself keeps.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..core import printable, shown
from ..levels import Collection
from ..store import Progress, Solution, Store
from .common import plural, read_levels


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "progress",
        help="show which levels are solved, with best moves and pushes",
        description="Show what is solved, with the best solutions by moves and by pushes.",
    )
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a level file or built-in collection name (default: every level played so far)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(run=run)


def open_store(args: argparse.Namespace, *, read_only: bool = False) -> Store:
    """The store of ``--data-dir``, telling the player if it had to be started afresh.

    ``read_only`` for commands that only show progress: a read-only folder works.
    """
    store = Store.open(getattr(args, "data_dir", None), read_only=read_only)
    if store.notice:
        print(f"starpusher: {store.notice}", file=sys.stderr)
    return store


def run(args: argparse.Namespace) -> int:
    collection = read_levels(args.file) if args.file else None
    with open_store(args, read_only=True) as store:
        if collection is None:
            everything = store.recorded()
            if args.json:
                print(json.dumps(_everything_json(everything), indent=1))
            else:
                _print_everything(everything)
        else:
            levels = store.progress_of(collection.levels)
            if args.json:
                print(json.dumps(_collection_json(args.file, collection, levels), indent=1))
            else:
                _print_collection(args.file, collection, levels)
    return 0


# -- text ----------------------------------------------------------------------------------


def _print_collection(name: str, collection: Collection, levels: list[Progress]) -> None:
    solved = sum(progress.solved for progress in levels)
    print(f"{shown(name)}: {solved} of {plural(len(levels), 'level')} solved")
    width = len(str(max(collection.numbers, default=1)))
    for number, progress in zip(collection.numbers, levels, strict=True):
        print(f"{number:>{width}}  {_row(progress)}")
    for problem in collection.problems:
        print(f"skipped: {problem}")


def _print_everything(everything: list[Progress]) -> None:
    solved = sum(progress.solved for progress in everything)
    started = sum(progress.has_saved_game and not progress.solved for progress in everything)
    print(f"{solved} level{'s' if solved != 1 else ''} solved, {started} started and not yet solved")
    for progress in everything:
        print(_row(progress))


def _row(progress: Progress) -> str:
    """``solved    33 moves  10 pushes  Title (fewest pushes: 9 in 40 moves)``."""
    if progress.solved:
        status = "solved"
    elif progress.helped:
        status = "helped"  # solved with the solver's help only: not counted as solved
    else:
        status = "started" if progress.has_saved_game else "-"
    best = progress.best_moves
    counts = (
        f"{_column(best.moves, 'move', 'moves')} {_column(best.pushes, 'push', 'pushes')}"
        if best
        else " " * 24
    )
    title = printable(progress.title) or f"(untitled {progress.key[:8]})"  # a title is a file's text
    other = progress.best_pushes
    if best and other and other.pushes < best.pushes:
        title += f" (fewest pushes: {other.pushes} in {plural(other.moves, 'move')})"
    return f"{status:<8}{counts}  {title}".rstrip()


def _column(count: int, word: str, words: str) -> str:
    """A count and its noun in a table's column: ``    1 move  ``, ``   12 moves ``."""
    return f"{count:>5} {word if count == 1 else words:<{len(words)}}"


# -- JSON ---------------------------------------------------------------------------------


def _solution_json(solution: Solution | None) -> dict[str, object] | None:
    if solution is None:
        return None
    return {
        "lurd": solution.lurd,
        "moves": solution.moves,
        "pushes": solution.pushes,
        "date": solution.found_at,
    }


def _progress_json(progress: Progress) -> dict[str, object]:
    return {
        "key": progress.key,
        "title": progress.title,
        "solved": progress.solved,
        "solved_at": progress.solved_at,
        "best_moves": _solution_json(progress.best_moves),
        "best_pushes": _solution_json(progress.best_pushes),
        "saved_game": progress.has_saved_game,
        "solved_with_help": progress.helped,
    }


def _collection_json(name: str, collection: Collection, levels: list[Progress]) -> dict[str, object]:
    return {
        "file": name,
        "solved": sum(progress.solved for progress in levels),
        "levels": [
            {"number": number, **_progress_json(progress)}
            for number, progress in zip(collection.numbers, levels, strict=True)
        ],
        "problems": [str(problem) for problem in collection.problems],
    }


def _everything_json(everything: list[Progress]) -> dict[str, object]:
    return {
        "solved": sum(progress.solved for progress in everything),
        "levels": [{**_progress_json(progress), "board": progress.board} for progress in everything],
    }
