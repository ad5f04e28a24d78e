"""What "shorter" means: fewest pushes, or fewest moves, the other count breaking ties.

Sokoban programs rank solutions by one count first and the other second
("pushes/moves" and "moves/pushes"). Both fit in one integer: the first
count shifted up far enough that no second count can ever reach it, so
comparing costs compares the first counts, then the second. A search adds
costs push by push: a push after a walk of ``w`` steps is one push and
``w + 1`` moves, ``push_unit + (w + 1) * move_unit``.
"""

from __future__ import annotations

from enum import Enum

#: Bits left for the second count of a cost (far more moves than any solution has).
SECOND_BITS = 32


class Metric(Enum):
    """The count an optimizer makes smallest first."""

    PUSHES = "pushes"
    MOVES = "moves"

    @property
    def push_unit(self) -> int:
        """What one push adds to a cost."""
        return 1 << SECOND_BITS if self is Metric.PUSHES else 1

    @property
    def move_unit(self) -> int:
        """What one move (a step or a push) adds to a cost."""
        return 1 if self is Metric.PUSHES else 1 << SECOND_BITS

    def cost(self, moves: int, pushes: int) -> int:
        """One number that orders solutions as this metric ranks them."""
        return pushes * self.push_unit + moves * self.move_unit

    def first(self, cost: int) -> int:
        """The count this metric ranks by first, out of a cost."""
        return cost >> SECOND_BITS

    @property
    def other(self) -> Metric:
        return Metric.MOVES if self is Metric.PUSHES else Metric.PUSHES
