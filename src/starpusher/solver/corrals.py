"""PI-corral pruning: when a closed area must be opened, only its pushes are searched.

A *corral* is a region the player cannot enter, shut in by stars and walls.
It is a *PI-corral* (after Brian Damgaard) when every push the player can
make of its stars goes into it (I, for "inside") and the player can make
every push of its border stars into it (P, for "player"). Unless the corral
is already settled (its stars all on goals, its goals all filled), some push
of its stars is needed sooner or later, and doing one now loses nothing:
the pushes elsewhere do not change what the corral's pushes can do. So the
search may ignore every other push of the position.

Corrals that touch through a star are taken as one, so every square next to
a corral's star is a wall, part of the corral, or in the player's area. A
push the player cannot make now needs them on a wall (never possible) or
inside the corral (possible only once it is opened, by a push of its own):
P always holds, and only I is checked.
"""

from __future__ import annotations

from ..bitboard import Board, areas, push_targets


def corral_regions(board: Board, stars: int, reach: int, *, stars_only: bool = False) -> list[int]:
    """The unsettled corrals of a position: squares the player cannot reach, stars included.

    Corrals that touch through a star are taken together: pushing that star
    opens one into the other. A corral is settled when its stars are all on
    goals and its goals all filled: nothing in it needs to move. With
    ``stars_only`` (a proof about a few stars, which need not fill every
    goal) its stars all on goals are enough.
    """
    floor, width, goals = board.floor, board.width, board.goals
    free = floor & ~stars
    regions = []
    for corral in areas(free & ~reach, floor & ~reach, width):
        if corral & stars & ~goals or (not stars_only and corral & free & goals):
            regions.append(corral)
    return regions


def pi_corral_stars(board: Board, stars: int, reach: int, regions: list[int]) -> int:
    """The stars worth pushing: those of the PI-corral with the fewest pushes, or all of them.

    ``reach`` is the player's area, ``regions`` the unsettled corrals
    (:func:`corral_regions`). A push onto a dead square counts for nothing:
    the search would never make it.
    """
    width = board.width
    into = board.floor & ~stars & board.pushable_to
    around_reach = (reach << 1 | reach >> 1 | reach << width | reach >> width) & stars
    best, best_pushes = stars, -1
    for corral in regions:
        corral_stars = corral & stars
        border = corral_stars & around_reach
        pushes = 0
        for delta in board.deltas:
            targets = push_targets(border, reach, into, delta)
            if targets & ~corral:
                break  # a push out of the corral: not I
            pushes += targets.bit_count()
        else:
            if best_pushes < 0 or pushes < best_pushes:
                best, best_pushes = corral_stars, pushes
    return best
