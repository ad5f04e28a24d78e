"""Optimal solutions by IDA* with additive pattern databases (see :mod:`.tables`).

IDA* is a depth-first search that gives up on any line whose moves so far
plus the heuristic exceed a bound, and raises the bound to the smallest
excess until a solution fits: optimal, with memory only for the current line.
Python is slow per node, so each node does as little as possible:

* only the moved tile's group changes, so its table index is updated by one
  addition and the heuristic by one table difference;
* a move never undoes the one before it;
* on square boards the board mirrored in its main diagonal (tiles renumbered
  to match) has the same distance to the goal, so a second set of indices is
  kept for it and the larger of the two heuristics is used (Korf and Felner's
  reflection trick), which prunes far more than it costs.
"""

from __future__ import annotations

from collections.abc import Callable

from .tables import PatternTables

FOUND = -1
#: Cancellation is checked at nodes this shallow only, so the check costs nothing.
CANCEL_CHECK_DEPTH = 14


class SearchCancelled(Exception):
    """The caller asked the search to stop."""


def ida_star(
    tiles: tuple[int, ...], tables: PatternTables, cancel: Callable[[], bool] | None = None
) -> tuple[list[int], int]:
    """The gap's path of a shortest solution (blank-first goal), and the number of nodes searched."""
    width, height = tables.width, tables.height
    cells = width * height
    mirror = _mirror_cells(width, height)
    group_of, shift_of = [0] * cells, [0] * cells
    for group_number, pattern in enumerate(tables.patterns):
        for slot, tile in enumerate(pattern):
            group_of[tile], shift_of[tile] = group_number, 4 * slot
    # Per tile: its table, group and shift, then the same for the tile it becomes in the mirror.
    info: list[tuple[bytes, int, int, bytes, int, int]] = [(b"", 0, 0, b"", 0, 0)]
    for tile in range(1, cells):
        twin = mirror[tile]
        info.append(
            (
                tables.tables[group_of[tile]],
                group_of[tile],
                shift_of[tile],
                tables.tables[group_of[twin]],
                group_of[twin],
                shift_of[twin],
            )
        )
    # Per gap cell: (neighbour, gap - neighbour, same in the mirror).
    neighbours = []
    for gap in range(cells):
        x, y = gap % width, gap // width
        steps = []
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            if 0 <= x + dx < width and 0 <= y + dy < height:
                cell = gap + dx + dy * width
                steps.append((cell, gap - cell, mirror[gap] - mirror[cell]))
        neighbours.append(tuple(steps))

    board = list(tiles)
    index = [0] * len(tables.patterns)
    mirrored = [0] * len(tables.patterns)
    for cell, tile in enumerate(board):
        if tile:
            _, group, shift, _, twin_group, twin_shift = info[tile]
            index[group] += cell << shift
            mirrored[twin_group] += mirror[cell] << twin_shift
    direct = sum(table[i] for table, i in zip(tables.tables, index, strict=True))
    reflected = sum(table[i] for table, i in zip(tables.tables, mirrored, strict=True))
    path: list[int] = []
    nodes = 0
    bound = max(direct, reflected)

    def search(gap: int, previous: int, depth: int, direct: int, reflected: int) -> int:
        """FOUND (the path then holds the gap's cells, last first), or the smallest f over the bound."""
        nonlocal nodes
        nodes += 1
        if depth < CANCEL_CHECK_DEPTH and cancel is not None and cancel():
            raise SearchCancelled
        depth += 1
        smallest = 1000
        for cell, step, mirror_step in neighbours[gap]:
            if cell == previous:
                continue
            tile = board[cell]
            table, group, shift, twin_table, twin_group, twin_shift = info[tile]
            old = index[group]
            new = old + (step << shift)
            new_direct = direct - table[old] + table[new]
            twin_old = mirrored[twin_group]
            twin_new = twin_old + (mirror_step << twin_shift)
            new_reflected = reflected - twin_table[twin_old] + twin_table[twin_new]
            estimate = depth + (new_direct if new_direct > new_reflected else new_reflected)
            if estimate > bound:
                if estimate < smallest:
                    smallest = estimate
                continue
            if new_direct == 0:
                path.append(cell)
                return FOUND
            board[gap], board[cell] = tile, 0
            index[group], mirrored[twin_group] = new, twin_new
            result = search(cell, gap, depth, new_direct, new_reflected)
            board[gap], board[cell] = 0, tile
            index[group], mirrored[twin_group] = old, twin_old
            if result == FOUND:
                path.append(cell)
                return FOUND
            if result < smallest:
                smallest = result
        return smallest

    if direct == 0:
        return [], 0
    while True:
        result = search(board.index(0), -1, 0, direct, reflected)
        if result == FOUND:
            path.reverse()
            return path, nodes
        bound = result


def _mirror_cells(width: int, height: int) -> list[int]:
    """Cell -> cell mirrored in the main diagonal; on a gap-first board also tile -> mirrored tile.

    Only square boards have a mirror image of the same shape; other boards get
    the identity, which makes the second heuristic a copy of the first.
    """
    if width != height:
        return list(range(width * height))
    return [(cell % width) * width + cell // width for cell in range(width * height)]
