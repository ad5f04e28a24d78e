"""Routes of one star: where it can be pushed while every other star stays put.

The feature search (:mod:`.feature_search`) moves a star straight to its
next goal in one step when it can get there alone: that needs the pushes of
one star, breadth first, with the player walking round it between pushes.

A state is the star's square and the sides of it the player can reach: two
areas around the star never share a side, so the sides name the area. After
a push the player stands where the star was; which other sides they can
reach is found first by walking round the eight squares around the star
(enough in open rooms), and only when that leaves a side unknown by a flood
fill of the whole floor.
"""

from __future__ import annotations

import heapq

from .board import Board, flood, squares_of
from .bound import INFINITE

#: A star's route: (square it leaves, direction index in LURD order) for each push, first first.
Route = list[tuple[int, int]]


def route_to(
    board: Board,
    star: int,
    reach: int,
    others: int,
    targets: int,
    distances: list[int] | None = None,
    budget: int = 1 << 30,
) -> tuple[int, Route] | None:
    """The fewest pushes taking the star on ``star`` to a square of ``targets``, other stars fixed.

    ``reach`` is the player's area, ``others`` every other star. The star may
    cross only squares it can still leave for a goal, and ``targets``.
    ``distances`` gives the pushes from each square to the nearest target with
    the board empty (made here if not given): the search looks first where the
    star gets nearer (A*), and never where no target can be reached.
    Returns the target reached and the pushes, or None when no target can be.
    """
    if distances is None:
        distances = nearest_of(board, targets)
    deltas = board.deltas
    free = board.floor & ~others
    allowed = (board.pushable_to | targets) & free
    if not could_reach(board, 1 << star, free, allowed) & targets:
        return None  # not even with the player standing anywhere free
    sides = 0
    for side, delta in enumerate(deltas):
        if reach >> (star + delta) & 1:
            sides |= 1 << side
    start = (star, sides)
    came: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {start: None}
    pushes = {start: 0}
    counter = 0
    queue = [(distances[star], counter, start)]
    while queue:
        if len(came) > budget:
            return None  # advice, not proof: a star that needs this long a search is left to the search
        _, _, state = heapq.heappop(queue)
        square, sides = state
        made = pushes[state] + 1
        for direction, delta in enumerate(deltas):
            # The player pushes from the opposite side: direction + 2 in LURD order.
            if not sides >> (direction + 2) % 4 & 1:
                continue
            ahead = square + delta
            if not allowed >> ahead & 1 or distances[ahead] >= INFINITE:
                continue
            after = (ahead, sides_reached(board, ahead, square, free & ~(1 << ahead)))
            if after in came:
                continue
            came[after] = (state, direction)
            if targets >> ahead & 1:
                return ahead, _route(came, after)
            pushes[after] = made
            counter += 1
            heapq.heappush(queue, (made + distances[ahead], counter, after))
    return None


def could_reach(board: Board, stars: int, free: int, allowed: int) -> int:
    """Squares stars on ``stars`` could be pushed to if the player could stand on any free square.

    A cheap test before the search of :func:`route_to`: most stars a warehouse
    search asks about cannot reach the goals at all past the others, and the
    squares found here, a bitset a step at a time, show so at a fraction of
    the cost of searching every place the star can go.
    """
    reached = stars
    while True:
        grown = reached
        for delta in board.deltas:
            # A star on s moves to s + delta when s - delta is free for the player.
            if delta > 0:
                grown |= (reached & free << delta) << delta & allowed
            else:
                grown |= (reached & free >> -delta) >> -delta & allowed
        if grown == reached:
            return reached
        reached = grown


def nearest_of(board: Board, targets: int) -> list[int]:
    """Pushes from every square to the nearest square of ``targets``, for a star alone on the board."""
    rows = [board.distances_to(square) for square in squares_of(targets)]
    return [min(column) for column in zip(*rows, strict=True)] if rows else [INFINITE] * board.size


def _route(came: dict[tuple[int, int], tuple[tuple[int, int], int] | None], last: tuple[int, int]) -> Route:
    route: Route = []
    link = came[last]
    while link is not None:
        state, direction = link
        route.append((state[0], direction))
        link = came[state]
    route.reverse()
    return route


def sides_reached(board: Board, star: int, player: int, free: int) -> int:
    """The sides of ``star`` (bits in LURD order) a player on ``player``, beside it, can walk to.

    ``free`` is where the player may walk (the star's square not in it).
    """
    width = board.width
    # The eight squares around the star, clockwise from above; the sides are every other one.
    ring = (-width, -width + 1, 1, width + 1, width, width - 1, -1, -width - 1)
    side_at = (1, -1, 2, -1, 3, -1, 0, -1)  # LURD index of each ring square that is a side
    start = ring.index(player - star)
    reached = 1 << side_at[start]
    for step in (1, -1):
        place = start
        for _ in range(7):
            place = (place + step) % 8
            if not free >> (star + ring[place]) & 1:
                break
            if side_at[place] >= 0:
                reached |= 1 << side_at[place]
    open_sides = 0
    for place in range(0, 8, 2):
        if free >> (star + ring[place]) & 1:
            open_sides |= 1 << side_at[place]
    if reached != open_sides:  # a side not met on the way round: only a flood can tell
        area = flood(1 << player, free, width)
        for place in range(0, 8, 2):
            if area >> (star + ring[place]) & 1:
                reached |= 1 << side_at[place]
    return reached
