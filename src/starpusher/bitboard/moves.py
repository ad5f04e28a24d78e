"""Pushes into moves: the player's walks put back between the pushes of a solution.

The searches find pushes only: walking is free to them. A player (and the
rules, which replay every solution) needs every step, so each push is
preceded by the shortest walk (:func:`.walks.walk`) to the square behind
the star.
"""

from __future__ import annotations

from collections.abc import Iterable

from .keys import Push
from .squares import LETTERS, steps
from .walks import walk


def expand_pushes(floor: int, width: int, player: int, stars: int, pushes: Iterable[Push]) -> str:
    """The LURD moves of ``pushes`` from the player on ``player`` and the stars on ``stars``.

    ``floor`` holds the squares the player may walk on, stars or not. Raises
    ValueError when the player cannot reach the square behind a push.
    """
    deltas = steps(width)
    moves: list[str] = []
    for origin, direction, count in pushes:
        delta = deltas[direction]
        letters = walk(player, origin - delta, floor & ~stars, width)
        if letters is None:
            raise ValueError(f"the player cannot get behind the star on square {origin}")
        moves.append(letters)
        moves.append(LETTERS[direction].upper() * count)
        stars ^= 1 << origin | 1 << (origin + count * delta)
        player = origin + (count - 1) * delta
    return "".join(moves)
