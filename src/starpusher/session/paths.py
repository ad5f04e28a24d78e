"""Where the mouse sends the player: walking paths and pushing a star to a square.

Plain breadth-first searches over the rules of :mod:`starpusher.core`; they
return LURD moves that a front end then plays (and animates) like key presses.
"""

from __future__ import annotations

from collections import deque

from ..core import Direction, Level, State


def walk_path(level: Level, state: State, target: int, blocked: frozenset[int] | None = None) -> str | None:
    """Shortest walk (lower-case LURD) from the player to ``target``, or None.

    Stars (or ``blocked``, when given) are obstacles: a walk never pushes.
    """
    obstacles = state.boxes if blocked is None else blocked
    start = state.player
    if target == start:
        return ""
    if target in obstacles:
        return None
    came_from: dict[int, tuple[int, str]] = {start: (start, "")}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        for direction in Direction:
            nxt = level.neighbour(square, direction)
            if nxt is None or nxt in came_from or nxt in obstacles:
                continue
            came_from[nxt] = (square, direction.letter)
            if nxt == target:
                return _trace(came_from, start, target)
            queue.append(nxt)
    return None


def _trace(came_from: dict[int, tuple[int, str]], start: int, end: int) -> str:
    letters = []
    while end != start:
        end, letter = came_from[end]
        letters.append(letter)
    return "".join(reversed(letters))


def push_path(level: Level, state: State, star: int, target: int) -> str | None:
    """Moves that push the star on ``star`` to ``target`` (fewest pushes), or None."""
    if star not in state.boxes:
        return None
    if star == target:
        return ""
    came_from, end = _push_search(level, state, star, target)
    if end is None:
        return None
    return _push_moves(level, state, state.boxes - {star}, came_from, end)


def push_targets(level: Level, state: State, star: int) -> frozenset[int]:
    """Every square the star on ``star`` can be pushed to, the others standing still."""
    if star not in state.boxes:
        return frozenset()
    came_from, _ = _push_search(level, state, star, None)
    return frozenset(box for box, _ in came_from) - {star}


_Node = tuple[int, int]  # (the star's square, the player's square)


def _push_search(
    level: Level, state: State, star: int, target: int | None
) -> tuple[dict[_Node, tuple[_Node, Direction] | None], _Node | None]:
    """Breadth-first over pushes of one star, until it reaches ``target`` (None: everywhere).

    The search is over (star square, player square) pairs; between pushes the
    player walks round to whichever side of the star the next push needs,
    with every other star standing still. Returns how each pair was reached
    and the pair that put the star on ``target`` (None if it never got there).
    """
    others = state.boxes - {star}
    start = (star, state.player)
    came_from: dict[_Node, tuple[_Node, Direction] | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        box, player = node
        reachable = level.region_from(player, others | {box})
        for direction in Direction:
            behind = level.neighbour(box, direction.opposite)
            ahead = level.neighbour(box, direction)
            if behind is None or ahead is None or behind not in reachable or ahead in others:
                continue
            nxt = (ahead, box)
            if nxt in came_from:
                continue
            came_from[nxt] = (node, direction)
            if ahead == target:
                return came_from, nxt
            queue.append(nxt)
    return came_from, None


def _push_moves(
    level: Level,
    state: State,
    others: frozenset[int],
    came_from: dict[_Node, tuple[_Node, Direction] | None],
    end: _Node,
) -> str:
    pushes: list[tuple[_Node, Direction]] = []
    node = end
    while (step := came_from[node]) is not None:
        node, direction = step
        pushes.append((node, direction))
    moves = []
    player = state.player
    for (box, _), direction in reversed(pushes):
        behind = box - (direction.dx + direction.dy * level.width)
        walk = walk_path(level, State(player, others | {box}), behind)
        assert walk is not None  # the search only pushes from reachable squares
        moves.append(walk + direction.letter.upper())
        player = box
    return "".join(moves)
