"""Positions and pushes packed into ints: the keys of the searches' tables and the links of their paths.

A search meets millions of positions and keeps most of them, so each is
one int: the stars' bitset shifted up, and below it the player's square or,
when walking is free and any square of the player's area is as good as
another, the area's name (:func:`area_key`, its lowest square). A Python int
hashes in a few machine words, and no collision can ever merge two
positions.

A push is one int too (:func:`pack_push`), and the way to a position is a
chain of links, each (the link before, the last push packed), shared by
every position further down the same way.
"""

from __future__ import annotations

#: A push of a solution: (square the star leaves, direction index in LURD order, squares pushed).
Push = tuple[int, int, int]
#: The way to a position: (the link before, the last push packed in one int), or None at the start.
Link = tuple["Link", int] | None


def area_key(reach: int) -> int:
    """A player's area named by its lowest square (counted from 1, so no area is 0)."""
    return (reach & -reach).bit_length()


def position_key(stars: int, player: int, size: int) -> int:
    """One int for a position on a board of ``size`` squares: its stars and where the player is.

    ``player`` is the player's square or, for positions told apart by the
    player's area, the area's :func:`area_key`.
    """
    return stars << (size.bit_length() + 1) | player


def pack_push(origin: int, direction: int, steps: int, size: int) -> int:
    """The push of the star on ``origin`` by ``steps`` squares in ``direction``, as one int."""
    return (steps * size + origin) * 4 + direction


def unpack_push(packed: int, size: int) -> Push:
    """The push :func:`pack_push` packed: (origin, direction, steps)."""
    steps, rest = divmod(packed, 4 * size)
    return rest >> 2, rest & 3, steps


def pushes_of(link: Link, size: int, *, newest_first: bool = False) -> list[Push]:
    """The pushes of a chain of links: first push first, or as the chain runs, newest first."""
    pushes: list[Push] = []
    while link is not None:
        link, packed = link
        pushes.append(unpack_push(packed, size))
    if not newest_first:
        pushes.reverse()
    return pushes
