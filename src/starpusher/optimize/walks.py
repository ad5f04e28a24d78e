"""How far the player walks to each square it pushes from.

When moves count, each push costs the walk before it. One breadth-first
walk from the player's square finds them all, a whole ring of squares a
round as a bitset (as :func:`.solver.board.flood` grows an area), and
stops as soon as every square asked for is reached.
"""

from __future__ import annotations

from ..solver.board import squares_of


def walk_lengths(player: int, free: int, wanted: int, width: int) -> dict[int, int]:
    """Steps from ``player`` to each square of ``wanted`` it can reach over the ``free`` squares."""
    lengths: dict[int, int] = {}
    ring = seen = 1 << player
    left = wanted
    steps = 0
    while True:
        reached = ring & left
        if reached:
            for square in squares_of(reached):
                lengths[square] = steps
            left ^= reached
            if not left:
                return lengths
        ring = (ring << 1 | ring >> 1 | ring << width | ring >> width) & free & ~seen
        if not ring:
            return lengths
        seen |= ring
        steps += 1
