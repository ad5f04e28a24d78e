"""Routes of one star: where it can be pushed while every other star stays put.

The feature search (:mod:`.feature_search`) moves a star straight to its
next goal in one step when it can get there alone: the search of one star's
pushes (:func:`starpusher.bitboard.lone_star_search`), steered by the pushes
left to the nearest goal, and kept off the squares the star could never
leave for a goal. The distances that steer it are kept here too, and those
the packing-order search ranks by (:class:`WalledTables`), which go round
the stars frozen on goals already filled.
"""

from __future__ import annotations

from ..bitboard import (
    INFINITE,
    Board,
    PlayerAreas,
    Route,
    lone_star_search,
    ring_distances,
    spread,
    squares_of,
    star_steps,
)
from .deadlocks import frozen_on_goals


def route_to(
    board: Board,
    star: int,
    reach: int,
    others: int,
    targets: int,
    distances: list[int] | None = None,
    budget: int | None = None,
    flooded: PlayerAreas | None = None,
) -> tuple[int, Route] | None:
    """The fewest pushes taking the star on ``star`` to a square of ``targets``, other stars fixed.

    ``reach`` is the player's area, ``others`` every other star. The star may
    cross only squares it can still leave for a goal, and ``targets``.
    ``distances`` gives the pushes from each square to the nearest target with
    the board empty (made here if not given): the search looks first where the
    star gets nearer (A*), and never where no target can be reached. It gives
    up after meeting ``budget`` states. ``flooded``: the player's areas
    flooded by the route searches before, kept by a search that asks at
    position after position. Returns the target reached and the pushes, or
    None when no target can be reached (or the budget ran out).
    """
    if distances is None:
        distances = nearest_of(board, targets)
    free = board.floor & ~others
    allowed = (board.pushable_to | targets) & free
    if not could_reach(board, 1 << star, free, allowed) & targets:
        return None  # not even with the player standing anywhere free
    found = lone_star_search(
        star,
        reach,
        free,
        board.width,
        into=allowed,
        targets=targets,
        distances=distances,
        budget=budget,
        flooded=flooded,
    )
    return None if found.target < 0 else (found.target, found.route)


def could_reach(board: Board, stars: int, free: int, allowed: int) -> int:
    """Squares stars on ``stars`` could be pushed to if the player could stand on any free square.

    A cheap test before the search of :func:`route_to`: most stars a warehouse
    search asks about cannot reach the goals at all past the others, and the
    squares found here, a bitset a step at a time, show so at a fraction of
    the cost of searching every place the star can go.
    """
    return spread(stars, star_steps(free, allowed, board.width))


def nearest_of(board: Board, targets: int) -> list[int]:
    """Pushes from every square to the nearest square of ``targets``, for a star alone on the board."""
    rows = [board.distances_to(square) for square in squares_of(targets)]
    return [min(column) for column in zip(*rows, strict=True)] if rows else [INFINITE] * board.size


class NearestTables:
    """The tables of :func:`nearest_of`, each made once, for one search.

    A search by the packing plan asks again and again for the squares to fill
    next; kept by the search, not the board, they go when the search does.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self._tables: dict[int, list[int]] = {}

    def to(self, targets: int) -> list[int]:
        """Pushes from every square to the nearest square of ``targets`` (0 everywhere for none)."""
        table = self._tables.get(targets)
        if table is None:
            table = nearest_of(self.board, targets) if targets else [0] * self.board.size
            self._tables[targets] = table
        return table


class WalledTables:
    """The tables of :class:`NearestTables`, going round the stars frozen on squares filled before.

    A star frozen on a goal never moves again: the way to the goals filled
    after it goes round it. On the empty board a star may seem to come nearer
    to the next goal by a way the filled goals have shut, and a search ranked
    by that distance pushes it there. Each distance here is the larger of the
    empty board's (which knows where the player can walk) and the walled
    board's (the player anywhere free), so neither is undercut. The packing
    plan fills a few sets of squares in turn, so few tables are made.
    """

    def __init__(self, board: Board, nearest: NearestTables) -> None:
        self.board = board
        self.nearest = nearest
        self._walls: dict[int, int] = {}
        self._tables: dict[tuple[int, int], list[int]] = {}

    def walls(self, placed: int) -> int:
        """The squares of ``placed`` where a star is frozen on a goal with stars on all of ``placed``."""
        walls = self._walls.get(placed)
        if walls is None:
            walls = self._walls[placed] = frozen_on_goals(self.board, placed)
        return walls

    def to(self, targets: int, walls: int) -> list[int]:
        """Pushes from every square to the nearest of ``targets``, going round ``walls`` (if any)."""
        if not walls:
            return self.nearest.to(targets)
        table = self._tables.get((targets, walls))
        if table is None:
            board = self.board
            free = board.floor & ~walls
            walled = ring_distances(board.size, targets, star_steps(free, free, board.width, pulling=True))
            plain = self.nearest.to(targets)
            table = self._tables[targets, walls] = [max(a, b) for a, b in zip(plain, walled, strict=True)]
        return table
