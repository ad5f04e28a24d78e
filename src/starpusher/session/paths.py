"""Where the mouse sends the player: walking paths and pushing a star to a square.

The searches are the kernel's (:mod:`starpusher.bitboard`): the shortest
walk, and one star pushed alone with the fewest pushes, the other stars
standing still. They return LURD moves that a front end (the window or the
terminal) then plays, and may animate, like key presses.
"""

from __future__ import annotations

from ..bitboard import LoneStar, bits_of, expand_pushes, flood, lone_star_search, walk
from ..core import Level, State


def walk_path(level: Level, state: State, target: int, blocked: frozenset[int] | None = None) -> str | None:
    """Shortest walk (lower-case LURD) from the player to ``target``, or None.

    Stars (or ``blocked``, when given) are obstacles: a walk never pushes.
    """
    obstacles = state.boxes if blocked is None else blocked
    return walk(state.player, target, _floor(level) & ~bits_of(obstacles), level.width)


def push_path(level: Level, state: State, star: int, target: int) -> str | None:
    """Moves that push the star on ``star`` to ``target`` (fewest pushes), or None."""
    if star not in state.boxes:
        return None
    if star == target:
        return ""
    found = _pushes_of(level, state, star, 1 << target)
    if found.target < 0:
        return None
    pushes = [(square, direction, 1) for square, direction in found.route]
    return expand_pushes(_floor(level), level.width, state.player, bits_of(state.boxes), pushes)


def push_targets(level: Level, state: State, star: int) -> frozenset[int]:
    """Every square the star on ``star`` can be pushed to, the others standing still."""
    if star not in state.boxes:
        return frozenset()
    return frozenset(_pushes_of(level, state, star).reached) - {star}


def _pushes_of(level: Level, state: State, star: int, targets: int = 0) -> LoneStar:
    """The pushes of the star on ``star`` alone, until it reaches ``targets`` (none: everywhere)."""
    free = _floor(level) & ~bits_of(state.boxes - {star})
    reach = flood(1 << state.player, free & ~(1 << star), level.width)
    return lone_star_search(star, reach, free, level.width, targets=targets)


def _floor(level: Level) -> int:
    """The squares the player may ever walk on: the level's inside."""
    return level.interior_bits
