"""Shorten a solution found by a beam search: cut the loops a star makes.

A beam search does not prove its solutions shortest, and its random choices
leave stars wandering: pushed away and later back to a square they stood on.
When a star comes back to a square, every push it made in between can be
dropped, provided the rest of the solution still works with the star
waiting there; that is checked by replaying the pushes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bitboard import flood
from .reverse import Candidate, Push, step_offsets


def cut_loops(candidate: Candidate, floor_mask: int, width: int) -> Candidate:
    """The candidate with as many of its stars' loops cut as keep the solution working."""
    pushes = list(candidate.pushes)
    improved = True
    while improved:
        improved = False
        for star, start, end in _loops(candidate.stars, pushes, width):
            shorter = [p for i, p in enumerate(pushes) if not (start <= i < end and p.star == star)]
            every_star_moves = len({p.star for p in shorter}) == len(candidate.stars)
            if every_star_moves and _works(candidate, shorter, floor_mask, width):
                pushes = shorter
                improved = True
                break
    return Candidate.of(candidate.player, candidate.stars, tuple(pushes))


def _loops(stars: Sequence[int], pushes: Sequence[Push], width: int) -> list[tuple[int, int, int]]:
    """(star, first push, end): spans of pushes in which a star leaves a square and comes
    back to it, longest first."""
    offsets = step_offsets(width)
    where = list(stars)
    visits: list[dict[int, int]] = [{square: 0} for square in stars]  # square -> push index left at
    loops = []
    for index, push in enumerate(pushes):
        where[push.star] = push.source + offsets[push.direction]
        earlier = visits[push.star].get(where[push.star])
        if earlier is not None:
            loops.append((push.star, earlier, index + 1))
        visits[push.star][where[push.star]] = index + 1
    return sorted(loops, key=lambda loop: loop[1] - loop[2])


def _works(candidate: Candidate, pushes: Sequence[Push], floor_mask: int, width: int) -> bool:
    """Whether the pushes can be played in order from the candidate's position."""
    offsets = step_offsets(width)
    stars = sum(1 << square for square in candidate.stars)
    player = candidate.player
    for push in pushes:
        offset = offsets[push.direction]
        stand, target = push.source - offset, push.source + offset
        free = floor_mask & ~stars
        if not (stars >> push.source & 1 and free >> target & 1):
            return False
        if not flood(1 << player, free, width) >> stand & 1:
            return False
        stars ^= (1 << push.source) | (1 << target)
        player = push.source
    return True
