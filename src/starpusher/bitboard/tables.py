"""Push distances by goal and by square: the table a lower bound on the pushes is read from.

The compiled board (:mod:`.board`) fills one for the goals of its level;
the solver's matching of stars to goals (:mod:`starpusher.solver.bound`)
reads it by rows (a goal's distances) and by columns (a square's).
"""

from __future__ import annotations

#: Distance given for "can never get there", and a bound for "no assignment of stars to goals".
INFINITE = 1 << 20
#: The same, where it names a distance: a square from which a target cannot be reached.
UNREACHABLE = INFINITE


class CostTable:
    """Push distances from every square to every goal, by rows and by columns.

    ``rows[i][square]`` is the cost of goal ``i`` (from 0) taking a star on
    ``square``; ``columns[square]`` lists the same costs per row, after a
    dummy row 0 whose cost is too high to ever be the cheapest.
    """

    def __init__(self, rows: list[list[int]]) -> None:
        self.rows = rows
        squares = len(rows[0]) if rows else 0
        self.columns = [(INFINITE * 4, *(row[square] for row in rows)) for square in range(squares)]
