"""Room shapes: floor carved out of solid rock by a wandering digger.

A digger walks the inside of the map (the outermost ring stays rock), or of a
smaller room sized to the floor a level needs, turning now and then, and
stamps a small brush at every step: a single square makes corridors, wider
brushes make rooms. Every stamp touches the digger's square,
so the floor is one connected piece by construction.

Squares are numbered as in :class:`starpusher.core.Level`: ``y * width + x``.
"""

from __future__ import annotations

import math
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


def room_size(width: int, height: int, area: float) -> tuple[int, int]:
    """The inside of a ``width`` x ``height`` map shrunk, keeping its shape, to about ``area`` squares.

    A few stars on a big map would otherwise be spread over all of it: long
    walks through corridors around wide stretches of rock.
    """
    inside_width, inside_height = width - 2, height - 2
    scale = min(1.0, math.sqrt(area / (inside_width * inside_height)))
    return max(3, round(inside_width * scale)), max(3, round(inside_height * scale))


def dig_layout(
    width: int, height: int, rng: random.Random, *, fill: float, room: tuple[int, int] | None = None
) -> Layout:
    """Dig about ``fill`` (a fraction) of the inside of a ``width`` x ``height`` map.

    With ``room`` (a width and height that fit inside the map) the digger keeps
    to a room of that size placed at random, and ``fill`` is a share of the room.
    """
    room_width, room_height = room or (width - 2, height - 2)
    left = rng.randrange(1, width - room_width) if room else 1
    top = rng.randrange(1, height - room_height) if room else 1
    right, bottom = left + room_width, top + room_height  # just past the room

    def inside(x: int, y: int) -> bool:
        return left <= x < right and top <= y < bottom

    target = max(2, round(room_width * room_height * fill))
    x, y = rng.randrange(left, right), rng.randrange(top, bottom)
    dx, dy = rng.choice(STEPS)
    floor: set[int] = set()
    while len(floor) < target:
        brush = rng.choices(_BRUSH_SHAPES, _BRUSH_WEIGHTS)[0]
        for bx, by in brush:
            if inside(x + bx, y + by):
                floor.add((y + by) * width + x + bx)
        if rng.random() < TURN_CHANCE:
            dx, dy = rng.choice(STEPS)
        if not inside(x + dx, y + dy):
            dx, dy = rng.choice(STEPS)
            continue
        x, y = x + dx, y + dy
    return Layout(width, height, tuple(sorted(floor)))
