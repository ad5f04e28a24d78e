"""Good but not optimal solutions for boards too big for the pattern databases.

The board is shrunk one line at a time, as people solve it: the top row (or
the left column, whichever side is longer) is put in place and never touched
again, until a 3x3 (or 4x4) corner is left, which is solved optimally. A line is
filled tile by tile, except its last two tiles, which go in together (one at
a time they would block each other at the corner). Each placement is a small
A* search over the gap's cell and the cells of the one or two tiles being
placed, within the cells not yet fixed.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from .frames import gap_path_to_moves

CORNER = 3  # the usual size of the last, optimally solved corner


def solve_by_lines(
    tiles: list[int], width: int, height: int, cancel: Callable[[], bool] | None = None, corner: int = CORNER
) -> tuple[str, int, int]:
    """Moves that fix every line but a corner (gap-last goal), and that corner's left and top.

    ``tiles`` is changed in place as the moves are made.
    """
    fixed: set[int] = set()
    moves = []
    top = left = 0
    while (height - top, width - left) != (corner, corner):
        if cancel is not None and cancel():
            from .search import SearchCancelled

            raise SearchCancelled
        rows, columns = height - top, width - left
        if rows > corner and (rows >= columns or columns == corner):
            line = [top * width + x for x in range(left, width)]
            inward = width  # the next row
            top += 1
        else:
            line = [y * width + left for y in range(top, height)]
            inward = 1  # the next column
            left += 1
        for cell in line[:-2]:
            moves.append(_place(tiles, width, height, fixed, [(cell + 1, cell)]))
            fixed.add(cell)
        moves.append(_place_last_two(tiles, width, height, fixed, line[-2], line[-1], inward))
        fixed.update(line[-2:])
    return "".join(moves), left, top


def _place_last_two(
    tiles: list[int], width: int, height: int, fixed: set[int], second_last: int, last: int, inward: int
) -> str:
    """The last two tiles of a line, together. Searching for both at once over the whole free area
    can take long, so first the last tile is parked on the second-last cell and the second-last
    tile beside it (the usual hand method); from there the joint search is short."""
    first, second = second_last + 1, last + 1  # the tiles that belong there
    moves = _place(tiles, width, height, fixed, [(second, second_last)])
    moves += _place(tiles, width, height, fixed | {second_last}, [(first, second_last + inward)])
    return moves + _place(tiles, width, height, fixed, [(first, second_last), (second, last)])


def _place(tiles: list[int], width: int, height: int, fixed: set[int], targets: list[tuple[int, int]]) -> str:
    """Bring each (tile, cell) of ``targets`` home without touching fixed cells; returns the moves.

    Makes no move when that cannot be done (the caller then tries another way).
    """
    start = (tiles.index(0), *(tiles.index(tile) for tile, _ in targets))
    goal = tuple(cell for _, cell in targets)

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
    else:
        return ""
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
