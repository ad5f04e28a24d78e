"""Sets of squares as the bits of one int, and the four steps between squares.

Square ``i`` is bit ``i`` (``y * width + x``, the numbering of
:mod:`starpusher.core`), so a set of squares is an ``int``: union is ``|``,
intersection ``&``, and moving every square of a set one step is a single
shift (``<< 1`` is one step right, ``<< width`` one step down). On a closed
map (walls all round, as every level has) a shift never wraps from one row
into a square that matters: inside squares never touch the border. On an
open map (a level being read, whose walls may leak) :class:`EdgeMasks` keep
the shifts on their rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

#: The four directions in LURD order, by their letters: a direction is its index here.
LETTERS = "lurd"


def steps(width: int) -> tuple[int, int, int, int]:
    """The index difference of one step in each direction, in LURD order, on a map ``width`` wide."""
    return (-1, -width, 1, width)


def bits_of(squares: Iterable[int]) -> int:
    """The bitset of an iterable of square indexes."""
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def squares_of(mask: int) -> list[int]:
    """The square indexes of the set bits, lowest first."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def lowest_square(mask: int) -> int:
    """The lowest square of a non-empty set."""
    return (mask & -mask).bit_length() - 1


def shift(mask: int, delta: int) -> int:
    """Move every square of ``mask`` by ``delta`` (an index difference)."""
    return mask << delta if delta > 0 else mask >> -delta


class EdgeMasks(NamedTuple):
    """The squares of an open map a shift must leave out, so that no step wraps round a row."""

    #: Every square but those of the first column: where a step right may land.
    not_first_column: int
    #: Every square but those of the last column: where a step left may land.
    not_last_column: int
    #: The squares on the border of the map.
    edge: int
    #: Squares on the map: ``width * height``.
    size: int


@lru_cache(maxsize=64)
def edge_masks(width: int, height: int) -> EdgeMasks:
    """The edge masks of a map ``width`` by ``height`` (kept: levels share a few sizes)."""
    size = width * height
    first_column = sum(1 << (y * width) for y in range(height))
    everything = (1 << size) - 1
    last_column = first_column << (width - 1)
    first_row, last_row = (1 << width) - 1, ((1 << width) - 1) << (size - width)
    edge = first_column | last_column | first_row | last_row
    return EdgeMasks(everything & ~first_column, everything & ~last_column, edge, size)
