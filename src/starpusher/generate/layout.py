"""Room shapes: floor carved out of solid rock by a wandering digger.

A digger walks the inside of the map (the outermost ring stays rock), turning
now and then, and stamps a small brush at every step: a single square makes
corridors, wider brushes make rooms. Every stamp touches the digger's square,
so the floor is one connected piece by construction.

Squares are numbered as in :class:`starpusher.core.Level`: ``y * width + x``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

#: The four steps of the digger as (dx, dy), in LURD order.
STEPS = ((-1, 0), (0, -1), (1, 0), (0, 1))

#: Brushes as offsets from the digger, with how often each is used. Every
#: brush contains (0, 0) and is connected, which keeps the floor in one piece.
BRUSHES: tuple[tuple[tuple[tuple[int, int], ...], int], ...] = (
    (((0, 0),), 14),
    (((0, 0), (1, 0)), 3),
    (((0, 0), (0, 1)), 3),
    (((0, 0), (1, 0), (0, 1), (1, 1)), 2),
    (((0, 0), (-1, 0), (1, 0)), 1),
    (((0, 0), (0, -1), (0, 1)), 1),
)
_BRUSH_SHAPES = [shape for shape, _ in BRUSHES]
_BRUSH_WEIGHTS = [weight for _, weight in BRUSHES]

#: How likely the digger is to turn after each step.
TURN_CHANCE = 0.3


@dataclass(frozen=True)
class Layout:
    """A map of ``width`` by ``height`` squares and the floor dug in it."""

    width: int
    height: int
    #: The floor squares, sorted, so that random choices among them are reproducible.
    floor: tuple[int, ...]

    @property
    def floor_mask(self) -> int:
        """The floor as a bitmask, bit ``i`` for square ``i``."""
        mask = 0
        for square in self.floor:
            mask |= 1 << square
        return mask


def dig_layout(width: int, height: int, rng: random.Random, *, fill: float) -> Layout:
    """Dig about ``fill`` (a fraction) of the inside of a ``width`` x ``height`` map."""
    inside = (width - 2) * (height - 2)
    target = max(2, round(inside * fill))
    x, y = rng.randrange(1, width - 1), rng.randrange(1, height - 1)
    dx, dy = rng.choice(STEPS)
    floor: set[int] = set()
    while len(floor) < target:
        brush = rng.choices(_BRUSH_SHAPES, _BRUSH_WEIGHTS)[0]
        for bx, by in brush:
            fx, fy = x + bx, y + by
            if 0 < fx < width - 1 and 0 < fy < height - 1:
                floor.add(fy * width + fx)
        if rng.random() < TURN_CHANCE:
            dx, dy = rng.choice(STEPS)
        if not (0 < x + dx < width - 1 and 0 < y + dy < height - 1):
            dx, dy = rng.choice(STEPS)
            continue
        x, y = x + dx, y + dy
    return Layout(width, height, tuple(sorted(floor)))
