"""The flood: every square joined to some squares, over the free ones, a whole ring at a time.

The player walks where a flood from their square goes; a level's inside is
a flood from the player's square over every square but the walls; a room is
a flood from one of its squares. One function serves them all.

A round grows the region one step left, up and down, and rightwards to the
end of each run of free squares at once: adding a square to a run of
one-bits carries up through the run, so ``free + region`` flips every bit
from the region's lowest square in a run to the run's end. A round costs a
few integer operations whatever the size of the region, and long rows take
one round instead of one per square.

A round costs time in proportion to the whole map, though, and a region
that keeps growing for many rounds (a hostile corridor thousands of squares
long, winding left or down) would cost rounds times map. After
:data:`MOST_ROUNDS` rounds the flood is finished square by square instead,
which costs the map once: every level read, however strange, is read in
time.
"""

from __future__ import annotations

from .squares import EdgeMasks, squares_of

#: Rounds a flood grows ring by ring before it finishes square by square.
MOST_ROUNDS = 512

#: For bytes.translate: reached flags (0 or 1) to the binary digits of a bitset.
_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def flood(seed: int, free: int, width: int, edges: EdgeMasks | None = None) -> int:
    """Every square of ``free`` joined to the squares of ``seed`` (which lie in ``free``).

    The map is closed unless ``edges`` are given: no square of ``free``
    touches the border, so no shift can wrap round a row. An open map (a
    level being read, whose walls may leak) gives its :func:`.edge_masks`.
    """
    if edges is not None:
        return _open_flood(seed, free, width, edges)
    region = seed
    for _ in range(MOST_ROUNDS):
        grown = region | ((region >> 1 | region << width | region >> width) & free)
        grown |= ((free + grown) ^ free) & free
        if grown == region:
            return region
        region = grown
    return _walk_on(region, free, width, open_map=False)


def _open_flood(seed: int, free: int, width: int, edges: EdgeMasks) -> int:
    """:func:`flood` on a map whose free squares may reach the border."""
    region = seed
    for _ in range(MOST_ROUNDS):
        grown = flood_round(region, free, width, edges)
        if grown == region:
            return region
        region = grown
    return _walk_on(region, free, width, open_map=True)


def flood_round(region: int, free: int, width: int, edges: EdgeMasks) -> int:
    """One round of the flood on an open map: ``region`` grown over ``free`` by a step each way,
    and rightwards to the end of its runs.

    A step left must not land in the last column (it came from the row
    before), nor a step right in the first. The runs that carry rightwards
    leave out the first column, so that a carry ends with its row. Only bit
    operations, so it grows many regions at once too: Fifteen's tables flood
    an array of boards with it.
    """
    may_land_left, may_land_right = edges.not_last_column, edges.not_first_column
    steps = region >> 1 & may_land_left | region << 1 & may_land_right | region << width | region >> width
    grown = region | (steps & free)
    runs = free & may_land_right
    return grown | ((runs + (grown & runs)) ^ runs) & runs


def _walk_on(region: int, free: int, width: int, *, open_map: bool) -> int:
    """The flood from ``region`` finished one square at a time.

    On an open map a step never crosses the map's edges; on a closed one the
    steps are the shifts' (the map's own walls keep them from wrapping).
    """
    # A row's worth beyond the last square: a step right or down from it stays in range.
    size = max(free.bit_length(), region.bit_length()) + width + 1
    is_free = bin(free)[:1:-1].encode("ascii").ljust(size, b"0")  # b"1" for a free square, lowest first
    reached = bytearray(size)
    todo = squares_of(region)
    for square in todo:
        reached[square] = 1
    one = ord("1")
    while todo:
        square = todo.pop()
        column = square % width
        for near, on_map in (
            (square - 1, column > 0 if open_map else square > 0),
            (square + 1, column < width - 1 or not open_map),
            (square - width, square >= width),
            (square + width, True),
        ):
            if on_map and not reached[near] and is_free[near] == one:
                reached[near] = 1
                todo.append(near)
    return int(reached[::-1].translate(_DIGITS), 2)


def areas(seeds: int, free: int, width: int) -> list[int]:
    """The areas of ``free`` that hold squares of ``seeds``, one flood each, lowest seed first."""
    found = []
    while seeds:
        area = flood(seeds & -seeds, free, width)
        seeds &= ~area
        found.append(area)
    return found
