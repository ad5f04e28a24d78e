"""Single pushes and pulls: which stars can move one square, and where to.

Every search that pushes stars finds its pushes here (:func:`pushes`), and
every search that pulls them (the solver's backward search, the generator's
reverse play) its pulls (:func:`pulls`). A direction is an index difference
``delta`` (one of :func:`.squares.steps`, in LURD order), so a whole set of
stars moves one step in one shift.

A star on ``s`` is pushed to ``s + delta`` by a player standing on
``s - delta``; it is pulled to ``s + delta`` by a player standing there who
steps back onto ``s + 2 * delta``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

#: One move of one star: (direction index, the square it moves to, every star after it).
StarMove = tuple[int, int, int]


def push_targets(stars: int, reach: int, into: int, delta: int) -> int:
    """The squares of ``into`` that stars of ``stars`` can be pushed onto, one step ``delta``.

    ``reach`` is the player's area: the player must stand behind the star.
    ``into`` holds the squares a star may go to: free, and usually not dead.
    """
    if delta > 0:
        return ((stars & (reach << delta)) << delta) & into
    return ((stars & (reach >> -delta)) >> -delta) & into


def pushes(stars: int, movable: int, reach: int, into: int, deltas: tuple[int, ...]) -> Iterator[StarMove]:
    """Every push of one square of a star of ``movable`` (some of ``stars``) onto ``into``.

    Directions in LURD order, and in each the targets lowest square first:
    the order the searches expand their children in.
    """
    return _one_square(stars, movable, reach, into, deltas, push_targets)


def pull_targets(stars: int, reach: int, into: int, delta: int) -> int:
    """The squares of ``into`` that stars of ``stars`` can be pulled onto, one step ``delta``.

    The player stands on the square the star goes to and steps back, so both
    it and the square beyond must be in the player's area ``reach``.
    """
    if delta > 0:
        return (stars << delta) & reach & (reach >> delta) & into
    return (stars >> -delta) & reach & (reach << -delta) & into


def pulls(stars: int, reach: int, into: int, deltas: tuple[int, ...]) -> Iterator[StarMove]:
    """Every pull of one square of a star of ``stars`` onto ``into``, the player's area ``reach``.

    Directions in LURD order, and in each the targets lowest square first.
    The player ends on ``target + delta``, a step beyond the star.
    """
    return _one_square(stars, stars, reach, into, deltas, pull_targets)


def _one_square(
    stars: int,
    movers: int,
    reach: int,
    into: int,
    deltas: tuple[int, ...],
    targets_of: Callable[[int, int, int, int], int],
) -> Iterator[StarMove]:
    """Each star of ``movers`` moved one square onto a target of ``targets_of``, every direction in turn."""
    for direction, delta in enumerate(deltas):
        targets = targets_of(movers, reach, into, delta)
        while targets:
            target_bit = targets & -targets
            targets ^= target_bit
            target = target_bit.bit_length() - 1
            yield direction, target, stars ^ (1 << (target - delta)) ^ target_bit
