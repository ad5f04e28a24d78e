"""Routes of one star: where it can be pushed while every other star stays put.

The feature search (:mod:`.feature_search`) moves a star straight to its
next goal in one step when it can get there alone: the search of one star's
pushes (:func:`starpusher.bitboard.lone_star_search`), steered by the pushes
left to the nearest goal, and kept off the squares the star could never
leave for a goal.
"""

from __future__ import annotations

from ..bitboard import INFINITE, Board, Route, lone_star_search, spread, squares_of, star_steps


def route_to(
    board: Board,
    star: int,
    reach: int,
    others: int,
    targets: int,
    distances: list[int] | None = None,
    budget: int | None = None,
) -> tuple[int, Route] | None:
    """The fewest pushes taking the star on ``star`` to a square of ``targets``, other stars fixed.

    ``reach`` is the player's area, ``others`` every other star. The star may
    cross only squares it can still leave for a goal, and ``targets``.
    ``distances`` gives the pushes from each square to the nearest target with
    the board empty (made here if not given): the search looks first where the
    star gets nearer (A*), and never where no target can be reached. It gives
    up after meeting ``budget`` states. Returns the target reached and the
    pushes, or None when no target can be reached (or the budget ran out).
    """
    if distances is None:
        distances = nearest_of(board, targets)
    free = board.floor & ~others
    allowed = (board.pushable_to | targets) & free
    if not could_reach(board, 1 << star, free, allowed) & targets:
        return None  # not even with the player standing anywhere free
    found = lone_star_search(
        star, reach, free, board.width, into=allowed, targets=targets, distances=distances, budget=budget
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
