"""Good but not optimal solutions for boards too big for the pattern databases.

The board is shrunk one line at a time, as people solve it: the top row (or
the left column, whichever side is longer) is put in place and never touched
again, until a 3x3 corner is left, which is solved optimally. A line is
filled tile by tile, except its last two tiles, which go in together (one at
a time they would block each other at the corner). Each placement is a small
A* search over the gap's cell and the cells of the one or two tiles being
placed, within the cells not yet fixed.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from .frames import gap_path_to_moves

CORNER = 3  # the size of the last, optimally solved corner


def solve_by_lines(
    tiles: list[int], width: int, height: int, cancel: Callable[[], bool] | None = None
) -> tuple[str, int, int]:
    """Moves that fix every line but a 3x3 corner (gap-last goal), and that corner's left and top.

    ``tiles`` is changed in place as the moves are made.
    """
    fixed: set[int] = set()
    moves = []
    top = left = 0
    while (height - top, width - left) != (CORNER, CORNER):
        if cancel is not None and cancel():
            from .search import SearchCancelled

            raise SearchCancelled
        rows, columns = height - top, width - left
        if rows > CORNER and (rows >= columns or columns == CORNER):
            line = [top * width + x for x in range(left, width)]
            top += 1
        else:
            line = [y * width + left for y in range(top, height)]
            left += 1
        placements = [[cell] for cell in line[:-2]] + [line[-2:]]
        for cells in placements:
            moves.append(_place(tiles, width, height, fixed, cells))
            fixed.update(cells)
    return "".join(moves), left, top


def _place(tiles: list[int], width: int, height: int, fixed: set[int], cells: list[int]) -> str:
    """Bring the tiles that belong on ``cells`` there without touching fixed cells; returns the moves."""
    wanted = [cell + 1 for cell in cells]  # gap-last goal: tile t belongs on cell t - 1
    start = (tiles.index(0), *(tiles.index(tile) for tile in wanted))
    goal = tuple(cells)

    def estimate(state: tuple[int, ...]) -> int:
        return sum(
            abs(at % width - to % width) + abs(at // width - to // width)
            for at, to in zip(state[1:], goal, strict=True)
        )

    came_from: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    cost = {start: 0}
    queue = [(estimate(start), 0, start)]
    while queue:
        _, moves_so_far, state = heapq.heappop(queue)
        if state[1:] == goal:
            break
        if moves_so_far > cost[state]:
            continue
        gap = state[0]
        for cell in _neighbours(gap, width, height):
            if cell in fixed:
                continue
            following = (cell, *(gap if at == cell else at for at in state[1:]))
            if following not in cost or moves_so_far + 1 < cost[following]:
                cost[following] = moves_so_far + 1
                came_from[following] = state
                heapq.heappush(queue, (moves_so_far + 1 + estimate(following), moves_so_far + 1, following))
    walk = []
    step: tuple[int, ...] | None = state
    while step is not None and step != start:
        walk.append(step[0])
        step = came_from[step]
    walk.reverse()
    gap = start[0]
    letters = gap_path_to_moves(gap, walk, width)
    for cell in walk:
        tiles[gap], tiles[cell] = tiles[cell], 0
        gap = cell
    return letters


def _neighbours(cell: int, width: int, height: int) -> list[int]:
    x, y = cell % width, cell // width
    found = []
    if y > 0:
        found.append(cell - width)
    if y < height - 1:
        found.append(cell + width)
    if x > 0:
        found.append(cell - 1)
    if x < width - 1:
        found.append(cell + 1)
    return found
