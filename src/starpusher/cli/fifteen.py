"""``starpusher fifteen``: the sliding-tile game, and ``fifteen solve`` for a board's solution.

``starpusher fifteen [--size WxH]`` opens the game window on Fifteen
(:func:`play_fifteen`; Esc goes to the title), at the size played last (and
the game left unfinished there) unless ``--size`` says otherwise; with
``--terminal``, it plays in the terminal instead, on the same store. ``starpusher fifteen solve TILES...``
reads the numbers row by row (0 for the gap; the size follows from their count,
or ``--size``), and prints the number of moves and the moves as ``U D L R``,
each the arrow that slides a tile into the gap.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import NoReturn, TextIO

from tqdm import tqdm

from ..core.fifteen import Board, FifteenError, parse_size
from .bars import progress_bar
from .common import open_store_for_window, plural
from .play import check_screen, choose_levels

GOALS = ("blank-last", "blank-first")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "fifteen",
        help="play Fifteen, the sliding-tile puzzle (or solve a board)",
        description="Open Fifteen in a window; 'fifteen solve' prints a board's solution.",
    )
    parser.add_argument(
        "--size", metavar="WxH", help="board size, 3 to 8 a side (default: the size played last, first 4x4)"
    )
    parser.add_argument(
        "--terminal", action="store_true", help="play in this terminal, no window (works over SSH)"
    )
    parser.set_defaults(run=run_window)
    commands = parser.add_subparsers(dest="fifteen_command", metavar="COMMAND")
    solve = commands.add_parser(
        "solve",
        help="print a solution of a board: optimal for 3x3 and 4x4",
        description="Solve a board given as its numbers row by row, 0 for the gap. Optimal for 3x3 and "
        "4x4 (the first 4x4 solve builds move tables, once); larger boards get a good solution.",
    )
    solve.add_argument("tiles", nargs="+", metavar="TILES", help="the numbers row by row (commas allowed)")
    solve.add_argument("--size", metavar="WxH", help="board size when it is not square")
    solve.add_argument(
        "--goal", choices=GOALS, default="blank-last", help="where the gap ends (default: blank-last)"
    )
    solve.add_argument("--json", action="store_true", help='print JSON: {"length", "moves", "optimal"}')
    solve.set_defaults(run=run_solve)


def run_window(args: argparse.Namespace) -> int:
    size = parse_size(args.size) if args.size is not None else None
    data_dir = getattr(args, "data_dir", None)
    if getattr(args, "terminal", False):
        return play_fifteen_in_terminal(size=size, data_dir=data_dir)
    return play_fifteen(size=size, data_dir=data_dir)


def play_fifteen_in_terminal(size: tuple[int, int] | None, data_dir: str | os.PathLike[str] | None) -> int:
    """Fifteen in this terminal, its records in the same store as the window's."""
    from ..tui import check_terminal, fifteen_in_terminal

    check_terminal()  # no terminal to play in: say so before touching the store
    store, problem = open_store_for_window(data_dir, "Best scores will not be kept")
    try:
        return fifteen_in_terminal(store, size=size, data_dir=data_dir, problem=problem)
    finally:
        if store is not None:
            store.close()


def play_fifteen(size: tuple[int, int] | None, data_dir: str | os.PathLike[str] | None) -> int:
    """The window opened straight on Fifteen (Esc goes to the title); ``size`` None: the size played last.

    The store keeps best scores and settings; without one the game still
    plays, and says so. The title's "Star Pusher" opens where the player left
    off, as ``starpusher play`` does.
    """
    from ..gui.fifteen import open_fifteen
    from ..gui.launch import run_and_save, window_on_store

    check_screen()
    store, problem = open_store_for_window(data_dir, "Best scores will not be kept")
    try:
        collection, name, start = choose_levels([], store.last_played() if store is not None else None)
        app = window_on_store(collection, store, collection_name=name, level_index=start)
        app.replace(open_fifteen(app, size, data_dir=data_dir))
        return run_and_save(app, problem)
    finally:
        if store is not None:
            store.close()


def run_solve(args: argparse.Namespace) -> int:
    from ..solver.fifteen import pdb_ready, solve_fifteen
    from ..store.paths import usable_data_dir

    board = read_board(args.tiles, args.size)

    def notice(line: str) -> None:
        print(f"starpusher: {line}", file=sys.stderr, flush=True)

    directory, problem = usable_data_dir(getattr(args, "data_dir", None))
    if problem is not None and not pdb_ready(board.width, board.height, None):
        notice(problem)  # the tables are built in memory
    slow_start = not pdb_ready(board.width, board.height, directory)
    solution = solve_fifteen(
        board,
        goal_blank_first=args.goal == "blank-first",
        progress=ProgressBar(sys.stderr) if slow_start else None,
        tables_dir=directory,
        notice=notice,
    )
    if args.json:
        print(json.dumps({"length": solution.length, "moves": solution.moves, "optimal": solution.optimal}))
    else:
        quality = "optimal" if solution.optimal else "not optimal"
        print(f"{plural(solution.length, 'move')} ({quality})")
        print(solution.moves)
    return 0


def read_board(words: list[str], size: str | None) -> Board:
    """The board from command-line numbers (spaces or commas between them)."""
    texts = [text for word in words for text in word.replace(",", " ").split()]
    numbers = []
    for position, text in enumerate(texts, start=1):
        try:
            numbers.append(int(text))
        except ValueError:
            raise FifteenError(f"tile {position} is not a number: {text!r}") from None
    if size is not None:
        width, height = parse_size(size)
    else:
        side = math.isqrt(len(numbers))
        if side * side != len(numbers):
            raise FifteenError(f"{len(numbers)} numbers do not make a square board; give --size WxH")
        width = height = side
    return Board.from_tiles(numbers, width, height)


class ProgressBar:
    """Shows the move tables' build on standard error: tqdm's bar on a terminal, one line otherwise."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = False
        self.bar: tqdm[NoReturn] | None = None

    def __call__(self, message: str, fraction: float) -> None:
        if not self.started:
            self.started = True
            self.bar = progress_bar(100, "building move tables", "%", self.stream)
            if self.bar is None:
                print("building move tables (about half a minute)...", file=self.stream, flush=True)
        bar = self.bar
        if bar is None:
            return
        bar.set_description_str(message, refresh=False)
        bar.update(int(fraction * 100) - bar.n)
        if fraction >= 1:
            bar.close()
