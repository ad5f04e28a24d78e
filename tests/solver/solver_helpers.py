"""Helpers for the solver tests: tiny random levels and an exhaustive reference search."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from hypothesis import assume
from hypothesis import strategies as st

from starpusher.core import Direction, Level, LevelError, State

WIDTH, HEIGHT = 5, 4  # inside squares of a tiny level; walls go round them


def reachable_states(level: Level, starts: Iterable[State], limit: int = 200_000) -> Iterator[State]:
    """Every state play reaches from ``starts``, breadth first: the reference for tiny levels."""
    seen = set(starts)
    queue = deque(seen)
    while queue:
        current = queue.popleft()
        yield current
        for direction in Direction:
            moved = level.try_move(current, direction)
            if moved is not None and moved[0] not in seen:
                seen.add(moved[0])
                queue.append(moved[0])
        if len(seen) > limit:
            raise AssertionError("level too big for the reference search")


def brute_force_solvable(level: Level, state: State | None = None, limit: int = 200_000) -> bool:
    """Breadth-first search over every (player, stars) state: the reference answer for tiny levels."""
    return any(level.is_solved(current) for current in reachable_states(level, [state or level.start], limit))


def positions_along(level: Level, moves: str, start: State | None = None) -> list[State]:
    """Every state a solution passes through, start and end included.

    Checks the solution on the way: every move is legal, its letter is upper
    case exactly when it pushes, and the last position is solved.
    """
    states = [start or level.start]
    for number, letter in enumerate(moves, 1):
        state, played = level.move(states[-1], Direction.from_letter(letter))
        assert played == letter, f"move {number} of {moves!r} is {played!r}"
        states.append(state)
    assert level.is_solved(states[-1]), f"not a solution: {moves!r}"
    return states


@st.composite
def tiny_levels(draw: st.DrawFn) -> Level:
    cells = [[" " if draw(st.integers(0, 4)) else "#" for _ in range(WIDTH)] for _ in range(HEIGHT)]
    floor = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if cells[y][x] == " "]
    assume(len(floor) >= 4)
    stars = draw(st.integers(1, 2))
    spots = draw(st.permutations(floor))
    player, star_spots = spots[0], spots[1 : 1 + stars]
    goal_spots = draw(st.permutations(floor))[:stars]
    for x, y in star_spots:
        cells[y][x] = "$"
    for x, y in goal_spots:
        cells[y][x] = {"$": "*", " ": "."}[cells[y][x]]
    x, y = player
    cells[y][x] = "+" if (x, y) in goal_spots else "@"
    rows = ["#" * (WIDTH + 2), *("#" + "".join(row) + "#" for row in cells), "#" * (WIDTH + 2)]
    try:
        return Level.from_rows(rows)
    except LevelError:
        assume(False)
        raise
