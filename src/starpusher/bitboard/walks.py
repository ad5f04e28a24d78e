"""The player's walks: how far each square is, and the shortest walk to one, as LURD letters.

Walking is breadth first, a whole ring of squares a round as a bitset (as
:func:`.flood` grows an area, without its runs: here each ring is one step
further). A walk to a square is traced back through the rings grown from
that square: from the player, each step goes into the ring one step nearer,
trying the directions in LURD order. That is the walk a breadth-first search
of single squares would find with the directions tried in LURD order (the
lexicographically first of the shortest walks), so it never changes with
the way it is found.
"""

from __future__ import annotations

from .squares import LETTERS, squares_of, steps


def walk_lengths(sources: int, free: int, width: int, wanted: int = -1) -> dict[int, int]:
    """Steps from the nearest of ``sources`` to each square of ``wanted`` (default: every square)
    reached over the ``free`` squares; stops once every wanted square is reached."""
    lengths: dict[int, int] = {}
    ring = seen = sources
    left = wanted
    length = 0
    while True:
        reached = ring & left
        if reached:
            for square in squares_of(reached):
                lengths[square] = length
            left ^= reached
            if not left:
                return lengths
        ring = (ring << 1 | ring >> 1 | ring << width | ring >> width) & free & ~seen
        if not ring:
            return lengths
        seen |= ring
        length += 1


def walk(start: int, goal: int, free: int, width: int) -> str | None:
    """The shortest walk (lower-case LURD) from ``start`` to ``goal`` over ``free`` squares, or None.

    Of the shortest walks, the first in LURD order (see the module's docstring).
    """
    if start == goal:
        return ""
    if not free >> goal & 1:
        return None
    start_bit = 1 << start
    nearer = [1 << goal]  # squares 0, 1, 2, ... steps from the goal, until the start
    ring = seen = 1 << goal
    while not ring & start_bit:
        ring = (ring << 1 | ring >> 1 | ring << width | ring >> width) & (free | start_bit) & ~seen
        if not ring:
            return None
        seen |= ring
        nearer.append(ring)
    deltas = steps(width)
    letters = []
    square = start
    for ring in reversed(nearer[:-1]):
        for letter, delta in zip(LETTERS, deltas, strict=True):
            if ring >> (square + delta) & 1:
                square += delta
                letters.append(letter)
                break
    return "".join(letters)


def walked_squares(start: int, letters: str, width: int) -> list[int]:
    """The squares a walk of ``letters`` (either case) from ``start`` steps on, ``start`` first."""
    deltas = dict(zip(LETTERS, steps(width), strict=True))
    squares = [start]
    for letter in letters.lower():
        squares.append(squares[-1] + deltas[letter])
    return squares
