"""Positions near a solution: at most a few stars off the squares of some position along it.

A position is *near* a trail when, for some position of the trail, at most
``stars_off`` of its stars stand on squares that position has no star on.
Those stars may be anywhere: the search's bound keeps them from wandering
far, since a star pushed out of its way costs pushes a cheaper solution
cannot have. With one star off, a search through the near positions finds
a better way for any one star, the others standing as they did at some
point of the solution; with two or three, stars sent to each other's goals,
or a star moved aside for as long as another needs. With as many as there
are stars, every position is near.

Which positions of the trail a position is near is worked out once, when
it is expanded (:meth:`Nearby.near`); each of its children differs by one
star, so whether it is near too is a few bit tests (:meth:`Nearness.admits`).
"""

from __future__ import annotations

from collections.abc import Sequence


class Nearby:
    """The positions with at most ``stars_off`` stars off the squares of some position of a trail."""

    def __init__(self, trail_stars: Sequence[int], stars_off: int) -> None:
        #: The stars of each position of the trail, in order, as complements (the squares without).
        self._without = [~stars for stars in trail_stars]
        self.stars_off = stars_off

    def near(self, stars: int) -> Nearness:
        """What the children of a position with stars on ``stars`` need to be admitted.

        Positions of the trail next to each other differ by one push, so
        the stars off them change by one at most from one to the next: a
        position of the trail with ``d`` stars off too many is followed by
        at least ``d - 1`` more with too many, which are skipped unseen.
        """
        most = self.stars_off
        without = self._without
        nearness = Nearness()
        index, end = 0, len(without)
        while index < end:
            off = (stars & without[index]).bit_count()
            if off < most:
                nearness.every_child = True
                return nearness
            if off == most:
                nearness.add_level(~without[index])
            elif off == most + 1:
                nearness.add_one_over(without[index])
            index += max(off - most - 1, 1)
        return nearness


class Nearness:
    """The positions of a trail a position is near, summed up for the test of each child.

    A child has the star of ``origin`` pushed to ``target``. Against one
    position of the trail it gains a star off when the target is off it,
    and loses one when the origin was off it. So the child is admitted when
    the parent is already within the limit by one star to spare (any child
    will do), or exactly at the limit and the push does not take it over
    (target on that position's squares, or origin off them), or one over
    and the push brings it back (both).
    """

    __slots__ = ("every_child", "in_all", "in_some", "one_over")

    def __init__(self) -> None:
        self.every_child = False
        #: Over the positions exactly at the limit: squares of any of them, of all of them.
        self.in_some = 0
        self.in_all = -1
        #: The positions one star over the limit, as complements.
        self.one_over: list[int] = []

    def add_level(self, stars: int) -> None:
        self.in_some |= stars
        self.in_all &= stars

    def add_one_over(self, without: int) -> None:
        self.one_over.append(without)

    def admits(self, origin: int, target: int) -> bool:
        """Whether the child made by pushing the star on ``origin`` to ``target`` is near too."""
        if self.every_child or self.in_some >> target & 1 or not self.in_all >> origin & 1:
            return True
        return any(without >> origin & 1 and not without >> target & 1 for without in self.one_over)
