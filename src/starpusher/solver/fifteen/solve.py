"""``solve_fifteen``: the one entry point the window and the command line use."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.fifteen import Board, FifteenError
from .frames import gap_path_to_moves, half_turn, half_turn_moves
from .reduce import CORNER, solve_by_lines
from .search import SearchCancelled, ida_star
from .tables import Notice, Progress, has_tables, load_tables, tables_ready

__all__ = ["FifteenSolution", "SearchCancelled", "pdb_ready", "solve_fifteen"]


@dataclass(frozen=True)
class FifteenSolution:
    """Move letters (``U D L R``, the arrow for each slide) and whether no shorter solution exists."""

    moves: str
    optimal: bool
    nodes: int = 0  # positions the optimal search looked at (0 for the line-by-line method)

    @property
    def length(self) -> int:
        return len(self.moves)


def pdb_ready(width: int, height: int, tables_dir: Path | None = None) -> bool:
    """False when solving this size first builds the move tables (half a minute, once per folder).

    ``tables_dir`` is the folder the tables are kept in, None for none (they
    are then built in memory, once per run).
    """
    if not has_tables(width, height):
        return True
    return tables_ready(width, height, tables_dir)


def solve_fifteen(
    board: Board,
    *,
    goal_blank_first: bool = False,
    cancel: Callable[[], bool] | Any | None = None,
    progress: Progress | None = None,
    tables_dir: Path | None = None,
    notice: Notice | None = None,
) -> FifteenSolution:
    """A solution of ``board``: optimal on 3x3 and 4x4 boards, line by line on others.

    ``cancel`` is a function returning True to stop, or an object with a
    ``cancelled`` attribute (the window's task token); a stopped search raises
    :class:`SearchCancelled`. ``progress(message, fraction)`` hears about the
    one-time build of the move tables, kept in ``tables_dir`` (where is the
    caller's to say; None: built in memory); ``notice(line)`` about anything
    the player should know (a damaged table file rebuilt, tables that cannot
    be kept): the solve goes on. Raises FifteenError for an unsolvable board.
    """
    width, height = board.width, board.height
    goal = Board.solved(width, height, blank_first=goal_blank_first)
    if not board.can_reach(goal):
        which = "first" if goal_blank_first else "last"
        raise FifteenError(f"this board cannot be solved (with the gap {which}): its parity is wrong")
    if board == goal:
        return FifteenSolution("", True)
    stop = _stop_function(cancel)
    # Both methods work in one frame each: the tables with the gap first, the lines with it last.
    if has_tables(width, height):
        tiles = board.tiles if goal_blank_first else half_turn(board.tiles)
        tables = load_tables(width, height, tables_dir, progress, notice)
        path, nodes = ida_star(tiles, tables, stop)
        moves = gap_path_to_moves(tiles.index(0), path, width)
        solution = FifteenSolution(moves if goal_blank_first else half_turn_moves(moves), True, nodes)
    else:
        tiles = half_turn(board.tiles) if goal_blank_first else board.tiles
        moves = _without_undone_moves(_solve_large(list(tiles), width, height, stop, tables_dir))
        solution = FifteenSolution(half_turn_moves(moves) if goal_blank_first else moves, False)
    if board.apply(solution.moves) != goal:  # cheap, and a wrong hint would be worse than none
        raise AssertionError(f"solver produced a wrong solution for {board.tiles}")
    return solution


#: Seconds the optimal search of a 4x4 corner may take before the 3x3 way is used instead.
CORNER_SEARCH_SECONDS = 0.5


def _solve_large(
    tiles: list[int], width: int, height: int, stop: Callable[[], bool] | None, tables_dir: Path | None
) -> str:
    """Gap-last moves: lines first, then the corner solved optimally.

    A 4x4 corner saves many moves over a 3x3 one when its tables are at hand
    and its search is quick; otherwise the corner is 3x3 (always quick).
    """
    if min(width, height) >= 4 and tables_ready(4, 4, tables_dir):
        deadline = time.monotonic() + CORNER_SEARCH_SECONDS

        def out_of_time() -> bool:
            return time.monotonic() > deadline or (stop is not None and stop())

        try:
            return _solve_with_corner(list(tiles), width, height, 4, out_of_time, tables_dir)
        except SearchCancelled:
            if stop is not None and stop():
                raise
    return _solve_with_corner(tiles, width, height, CORNER, stop, tables_dir)


def _solve_with_corner(
    tiles: list[int],
    width: int,
    height: int,
    size: int,
    stop: Callable[[], bool] | None,
    tables_dir: Path | None,
) -> str:
    moves, left, top = solve_by_lines(tiles, width, height, stop, corner=size)
    # Renumber the corner's tiles as a board of its own.
    corner_cells = [(top + y) * width + left + x for y in range(size) for x in range(size)]
    renumber = {cell + 1: number for number, cell in enumerate(corner_cells, start=1)}
    renumber[0] = 0
    corner = Board(size, size, tuple(renumber[tiles[cell]] for cell in corner_cells))
    return moves + solve_fifteen(corner, cancel=stop, tables_dir=tables_dir).moves


_REVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def _without_undone_moves(moves: str) -> str:
    """Drop each move that the next one takes back (where one placement's end meets the next's start)."""
    kept: list[str] = []
    for letter in moves:
        if kept and kept[-1] == _REVERSE[letter]:
            kept.pop()
        else:
            kept.append(letter)
    return "".join(kept)


def _stop_function(cancel: Callable[[], bool] | Any | None) -> Callable[[], bool] | None:
    if cancel is None or callable(cancel):
        return cancel
    return lambda: bool(cancel.cancelled)
