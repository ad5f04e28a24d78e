"""Lower bound on the pushes still needed: stars matched to goals at least cost.

Each goal needs its own star, so the cheapest one-to-one assignment of stars
to goals (by push distance ignoring the other stars) never overestimates. It
also spots positions where two stars can only ever reach the same single
goal: no assignment exists and the bound is infinite.

The push distances come from the compiled board (its :class:`.CostTable`).
The assignment is found by the Hungarian method in its shortest augmenting
path form, keeping the dual potentials ``u`` (per goal) and ``v`` (per star).
A push moves one star, which changes one column of the cost matrix, so a
child position reuses its parent's potentials: it frees that star's goal
and re-seats it with a single augmenting path, O(n²) instead of O(n³).

Most children of a position are never searched, and on a level of fifty
stars re-seating a goal for each of them took most of the backward search's
time. The parent's potentials, adjusted for the one star moved, give a
lower bound on a child's cost at once (O(n)), which is its cost whenever no
goal needs re-seating; the searches queue children by it and make the
assignment only for those they take out (:mod:`.backward`, :mod:`.forward`).
"""

from __future__ import annotations

from operator import sub

from ..bitboard import INFINITE, CostTable


class Assignment:
    """An optimal assignment of goals (rows, from 1) to stars (columns, from 1).

    There must be as many rows as stars: spare stars get rows of zeros (a
    "goal" anywhere), which keeps every star matched and the method simple.

    ``stars[j - 1]`` is the square of column ``j``; a star keeps its column
    for as long as it is pushed around, so the parent's work carries over.
    """

    __slots__ = ("_fits", "_potentials", "cost", "owner", "stars", "u", "v")

    def __init__(
        self,
        stars: tuple[int, ...],
        u: list[int],
        v: list[int],
        owner: list[int],
        fits: dict[int, int] | None = None,
    ) -> None:
        self.stars = stars
        self.u = u
        self.v = v
        #: Row (goal) holding each column (star); 0 for a spare star.
        self.owner = owner
        self.cost = 0
        self._potentials: int | None = None
        #: :meth:`_fit` by square, shared by every assignment with these row potentials ``u``.
        self._fits = {} if fits is None else fits

    @classmethod
    def best(cls, table: CostTable, stars: tuple[int, ...]) -> Assignment:
        """The cheapest assignment of the goals to ``stars``, from scratch."""
        rows = len(table.rows)
        assignment = cls(stars, [0] * (rows + 1), [0] * (len(stars) + 1), [0] * (len(stars) + 1))
        for row in range(1, rows + 1):
            assignment._seat(table, row)
        assignment._total(table)
        return assignment

    def cost_after_push(self, table: CostTable, origin: int, target: int) -> int:
        """The cost of :meth:`after_push`'s assignment (the weaker bound works it out without one)."""
        return self.after_push(table, origin, target).cost

    @property
    def potentials(self) -> int:
        """The sum of the potentials (row 0 and column 0 are bookkeeping): the cost, by duality."""
        if self._potentials is None:  # worked out once the assignment is made, which never changes
            u, v = self.u, self.v
            self._potentials = sum(u) - u[0] + sum(v) - v[0]
        return self._potentials

    def least_cost_after_push(self, table: CostTable, origin: int, target: int) -> int:
        """A lower bound on :meth:`cost_after_push` (this assignment's cost finite), made without
        re-seating any goal.

        A search can queue a child by it and make the assignment only for the
        children it takes out again (a fraction: re-seating a goal costs time
        in proportion to the square of the stars). The potentials with the
        moved star's column lowered to fit (as :meth:`after_push` starts) are
        feasible for the new costs, so their sum is at most the cheapest
        assignment's (weak duality), and equal to it when the star's goal
        stays one of its tightest, the common case. Otherwise that goal's
        potential is raised by its least slack, as the first round of
        :meth:`_seat` would, which keeps them feasible and comes nearer.
        """
        stars, u, v = self.stars, self.u, self.v
        column = stars.index(origin) + 1
        potential = self._fit(table, target)
        least = self.potentials - v[column] + potential
        row = self.owner[column]
        distances = table.rows[row - 1]
        if distances[target] - u[row] != potential:
            costs = [distances[star] for star in stars]
            costs[column - 1] = distances[target]
            column_potentials = v[1:]
            column_potentials[column - 1] = potential
            least_slack: int = min(map(sub, costs, column_potentials)) - u[row]
            least += least_slack
        return min(least, INFINITE)

    def after_push(self, table: CostTable, origin: int, target: int) -> Assignment:
        """The cheapest assignment once the star on ``origin`` stands on ``target``.

        Assignments are never changed once made: a child shares what it does
        not change with its parent.
        """
        column = self.stars.index(origin) + 1
        stars = (*self.stars[: column - 1], target, *self.stars[column:])
        u = self.u
        potential = self._fit(table, target)
        v = self.v[:]
        v[column] = potential
        row = self.owner[column]
        distances = table.rows[row - 1]
        if distances[target] - u[row] == potential:
            # The star's goal is still one of its tightest: the assignment stays optimal.
            child = Assignment(stars, u, v, self.owner, self._fits)
            child.cost = min(self.cost - distances[origin] + distances[target], INFINITE)
            return child
        child = Assignment(stars, u[:], v, self.owner[:])
        child.owner[column] = 0
        child._seat(table, row)
        child._total(table)
        return child

    def _fit(self, table: CostTable, square: int) -> int:
        """The potential of a star's column on ``square``: the highest that keeps every reduced cost >= 0.

        (Row 0 is bookkeeping; a huge cost keeps it out of the minimum.) It depends only on
        the row potentials, which a child shares with its parent until a goal is re-seated,
        and the siblings and their children ask for the same squares again and again.
        """
        fits = self._fits
        potential = fits.get(square)
        if potential is None:
            potential = fits[square] = min(map(sub, table.columns[square], self.u))
        return potential

    def _seat(self, table: CostTable, row: int) -> None:
        """Give ``row`` a column along a shortest augmenting path (Dijkstra on reduced costs).

        Each round grows the tree by the column of least slack, ``delta``,
        which the textbook method then subtracts from every other column's
        slack and moves into the potentials of every column on the tree. Here
        ``shift`` adds up the deltas instead: slacks are kept plus ``shift``,
        and a column's potentials take what ``shift`` grew by since it joined,
        once, at the end. Same arithmetic, one pass over the columns a round.
        """
        u, v, owner, stars = self.u, self.v, self.owner, self.stars
        goal_distances = table.rows
        big = INFINITE * (len(goal_distances) + 1)
        owner[0] = row
        column0 = 0
        slack = [big] * (len(stars) + 1)
        previous = [0] * (len(stars) + 1)
        off_tree = list(range(1, len(stars) + 1))
        #: (column, ``shift`` when it joined the tree)
        joined = []
        shift = 0
        while True:
            joined.append((column0, shift))
            row0 = owner[column0]
            distances = goal_distances[row0 - 1]
            base = shift - u[row0]
            least = big + shift
            column1 = 0
            for column in off_tree:
                reduced = distances[stars[column - 1]] - v[column] + base
                held = slack[column]
                if reduced < held:
                    slack[column] = held = reduced
                    previous[column] = column0
                if held < least:
                    least = held
                    column1 = column
            shift = least
            off_tree.remove(column1)
            column0 = column1
            if owner[column0] == 0:
                break
        for column, joined_at in joined:
            grown = shift - joined_at
            u[owner[column]] += grown
            v[column] -= grown
        while column0:
            column1 = previous[column0]
            owner[column0] = owner[column1]
            column0 = column1
        owner[0] = 0

    def _total(self, table: CostTable) -> None:
        total = 0
        for column, row in enumerate(self.owner):
            if row and column:
                total += table.rows[row - 1][self.stars[column - 1]]
        self.cost = min(total, INFINITE)


class NearestGoals:
    """The weaker bound the matching replaces: each star's distance to its nearest goal.

    Kept to measure what the matching is worth; same interface as :class:`Assignment`.
    """

    __slots__ = ("cost", "nearest")

    def __init__(self, nearest: list[int], stars: tuple[int, ...], cost: int | None = None) -> None:
        self.nearest = nearest
        total = sum(nearest[star] for star in stars) if cost is None else cost
        self.cost = min(total, INFINITE)

    def after_push(self, table: CostTable, origin: int, target: int) -> NearestGoals:
        return NearestGoals(self.nearest, (), self.cost_after_push(table, origin, target))

    def cost_after_push(self, table: CostTable, origin: int, target: int) -> int:
        nearest = self.nearest
        return min(self.cost - nearest[origin] + nearest[target], INFINITE)

    def least_cost_after_push(self, table: CostTable, origin: int, target: int) -> int:
        """:meth:`cost_after_push`, which is exact."""
        return self.cost_after_push(table, origin, target)
