"""Reverse play: pull the stars off their goals to find a starting position.

Every position reached by pulling from the solved position can be solved by
pushing the same stars back, so a level made this way is solvable by
construction, and the pulls read backwards are its solution.

The search is breadth first over pulls, from the solved position with the
player in each area they could be in. Breadth first means the number of
pulls to reach a position is the fewest pushes that solve it: the level's
solution is optimal in pushes, and "deepest" is an honest "longest".
(The method of Taylor and Parberry's "Procedural generation of Sokoban levels", 2011.)

Positions are bitmasks here (bit ``i`` for square ``i``), and a position is
known by its stars and the player's whole area, not the player's square.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from ..bitboard import areas, flood, lowest_square, pulls, squares_of, steps, walk_lengths
from ..core import Direction


@dataclass(frozen=True)
class Push:
    """One push of a solution: the star ``star`` at ``source`` moves one square ``direction``."""

    star: int
    source: int
    direction: Direction


@dataclass(frozen=True)
class Candidate:
    """A starting position found by reverse play, with the pushes that solve it."""

    player: int
    #: Where each star starts, indexed like the goals it was pulled from.
    stars: tuple[int, ...]
    pushes: tuple[Push, ...]
    box_lines: int
    box_changes: int

    @classmethod
    def of(cls, player: int, stars: tuple[int, ...], pushes: tuple[Push, ...]) -> Candidate:
        """A candidate with its box lines and box changes counted."""
        lines = changes = 0
        previous: Push | None = None
        for push in pushes:
            if previous is None or (previous.star, previous.direction) != (push.star, push.direction):
                lines += 1
            if previous is not None and previous.star != push.star:
                changes += 1
            previous = push
        return cls(player, stars, pushes, lines, changes)

    @property
    def score(self) -> int:
        return difficulty_score(len(self.pushes), self.box_lines, self.box_changes)


def difficulty_score(pushes: int, box_lines: int, box_changes: int) -> int:
    """How hard a solution looks from its shape alone.

    Box lines (straight runs of one star) and changes of star count most: a
    long push down a corridor is one idea, switching between stars is where
    the thinking goes.
    """
    return pushes + 3 * box_lines + 4 * box_changes


def step_offsets(width: int) -> dict[Direction, int]:
    """How far a step in each direction moves a square index on a map ``width`` wide."""
    return {
        Direction.LEFT: -1,
        Direction.UP: -width,
        Direction.RIGHT: 1,
        Direction.DOWN: width,
    }


#: A position as the search knows it: (stars, player's area), both bitmasks.
Key = tuple[int, int]


class _Visit(NamedTuple):
    pushes: int  # fewest pushes that solve this position
    player: int  # a square in the player's area
    parent: Key | None  # the position one pull nearer the solution
    source: int  # where the last pull took the star from ...
    target: int  # ... and where it left it


@dataclass
class SearchResult:
    """Every position the search reached, by how many pushes it takes to solve."""

    visits: dict[Key, _Visit]
    #: True when the search stopped at its limit before running out of positions.
    capped: bool
    width: int
    #: True when layers were cut down (a beam): pushes are then an upper bound.
    trimmed: bool = False

    @property
    def deepest(self) -> int:
        return max(self._by_depth, default=0)

    def at_depth(self, pushes: int) -> list[Key]:
        """The positions that take exactly ``pushes`` pushes, in the order they were found."""
        return self._by_depth.get(pushes, [])

    @cached_property
    def _by_depth(self) -> dict[int, list[Key]]:
        layers: dict[int, list[Key]] = {}
        for key, visit in self.visits.items():
            layers.setdefault(visit.pushes, []).append(key)
        return layers

    def candidate(self, key: Key, *, require_every_star: bool = True) -> Candidate | None:
        """The position ``key`` with its solution, or None if some star never moves in it
        (unless ``require_every_star`` is False)."""
        visit = self.visits[key]
        stars = squares_of(key[0])
        where = {square: star for star, square in enumerate(stars)}
        moved = [False] * len(stars)
        pushes = []
        while visit.parent is not None:
            star = where.pop(visit.target)
            where[visit.source] = star
            moved[star] = True
            pushes.append(Push(star, visit.target, _direction(visit.source - visit.target, self.width)))
            visit = self.visits[visit.parent]
        if require_every_star and not all(moved):
            return None
        return Candidate.of(self.visits[key].player, tuple(stars), tuple(pushes))


#: A step of the search waiting its turn: the stars, a player's square, the
#: position it was pulled from, where the star went from and to, pushes, and
#: (for a beam) how far the stars are from the goals.
_Pending = tuple[int, int, "Key | None", int, int, int, int]


def search_positions(
    floor_mask: int,
    width: int,
    goals: tuple[int, ...],
    limit: int,
    until: Key | None = None,
    *,
    beam: tuple[int, random.Random] | None = None,
    poll: Callable[[], None] | None = None,
) -> SearchResult:
    """Pull breadth first from the solved position, visiting at most ``limit`` positions.

    With ``until`` the search stops as soon as it reaches that position.
    With ``beam = (breadth, rng)`` each layer of positions is cut down to a
    random ``breadth`` of them, so the search goes deep in spaces far too big
    to cover; it then no longer proves that solutions have the fewest pushes.
    ``poll`` is called before each layer (it may raise to stop the search).
    """
    deltas = steps(width)
    solved = sum(1 << goal for goal in goals)
    free = floor_mask & ~solved
    # The player may finish in any area the stars leave.
    layer: list[_Pending] = [
        (solved, lowest_square(area), None, -1, -1, 0, 0) for area in areas(free, free, width)
    ]
    visits: dict[Key, _Visit] = {}
    # For each set of stars, every square of the player's areas visited so
    # far: a known position is recognised without a flood fill.
    known: dict[int, int] = {}
    trimmed = False
    distance = _distances(floor_mask, width, goals) if beam else None
    while layer and len(visits) < limit:
        if poll is not None:
            poll()
        following: list[_Pending] = []
        for stars, player, parent, source, target, pushes, farness in layer:
            seen = known.get(stars, 0)
            if seen >> player & 1:
                continue
            area = flood(1 << player, floor_mask & ~stars, width)
            known[stars] = seen | area
            key = (stars, area)
            visits[key] = _Visit(pushes, player, parent, source, target)
            if key == until or len(visits) >= limit:
                return SearchResult(visits, key != until, width, trimmed)
            # Star by star, then in LURD order: the order levels of a seed were always found in.
            moves = sorted(
                (stand - deltas[d], d, stand, moved) for d, stand, moved in pulls(stars, area, area, deltas)
            )
            for square, direction, stand, moved in moves:
                offset = deltas[direction]
                if not known.get(moved, 0) >> (stand + offset) & 1:
                    gain = distance[stand] - distance[square] if distance else 0
                    following.append((moved, stand + offset, key, square, stand, pushes + 1, farness + gain))
        if beam is not None and len(following) > beam[0]:
            following = _thin(following, *beam)
            trimmed = True
        layer = following
    return SearchResult(visits, bool(layer), width, trimmed)


def _thin(layer: list[_Pending], breadth: int, rng: random.Random) -> list[_Pending]:
    """Keep ``breadth`` positions of a layer: half those with stars farthest from
    the goals, so the search heads away from the solution, half at random, so
    it does not all go one way."""
    far = sorted(layer, key=lambda pending: -pending[6])
    half = breadth // 2
    return far[:half] + rng.sample(far[half:], breadth - half)


def _distances(floor_mask: int, width: int, goals: tuple[int, ...]) -> dict[int, int]:
    """Steps from each floor square to the nearest goal, walls aside."""
    return walk_lengths(sum(1 << goal for goal in goals), floor_mask, width)


def _direction(offset: int, width: int) -> Direction:
    for direction, step in step_offsets(width).items():
        if step == offset:
            return direction
    raise ValueError(f"{offset} is not one step on a map {width} wide")
