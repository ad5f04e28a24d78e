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

from collections import deque

from .board import Board, flood

#: A star's route: (square it leaves, direction index in LURD order) for each push, first first.
Route = list[tuple[int, int]]


def route_to(board: Board, star: int, reach: int, others: int, targets: int) -> tuple[int, Route] | None:
    """The fewest pushes taking the star on ``star`` to a square of ``targets``, other stars fixed.

    ``reach`` is the player's area, ``others`` every other star. The star may
    cross only squares it can still leave for a goal, and ``targets``.
    Returns the target reached and the pushes, or None when no target can be.
    """
    deltas = board.deltas
    free = board.floor & ~others
    allowed = (board.pushable_to | targets) & free
    sides = 0
    for side, delta in enumerate(deltas):
        if reach >> (star + delta) & 1:
            sides |= 1 << side
    start = (star, sides)
    came: dict[tuple[int, int], tuple[tuple[int, int], int] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        square, sides = state
        for direction, delta in enumerate(deltas):
            # The player pushes from the opposite side: direction + 2 in LURD order.
            if not sides >> (direction + 2) % 4 & 1:
                continue
            ahead = square + delta
            if not allowed >> ahead & 1:
                continue
            after = (ahead, sides_reached(board, ahead, square, free & ~(1 << ahead)))
            if after in came:
                continue
            came[after] = (state, direction)
            if targets >> ahead & 1:
                return ahead, _route(came, after)
            queue.append(after)
    return None


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
