"""Lower bound on the pushes still needed: stars matched to goals at least cost.

Each goal needs its own star, so the cheapest one-to-one assignment of stars
to goals (by push distance ignoring the other stars) never overestimates. It
also spots positions where two stars can only ever reach the same single
goal: no assignment exists and the bound is infinite.
"""

from __future__ import annotations

from .board import UNREACHABLE

#: Bound returned when no assignment of stars to goals exists.
INFINITE = UNREACHABLE


def matching_cost(costs: list[list[int]]) -> int:
    """Least total cost of giving every row (goal) its own column (star).

    ``costs`` has at most as many rows as columns. This is the Hungarian
    method in its shortest-augmenting-path form, O(rows² · columns), with
    potentials ``u``/``v`` and 1-based bookkeeping to keep it short.
    """
    rows = len(costs)
    columns = len(costs[0]) if rows else 0
    u = [0] * (rows + 1)
    v = [0] * (columns + 1)
    owner = [0] * (columns + 1)  # row holding each column, 0 = free
    big = INFINITE * (rows + 1)
    for row in range(1, rows + 1):
        owner[0] = row
        column0 = 0
        slack = [big] * (columns + 1)
        previous = [0] * (columns + 1)
        used = [False] * (columns + 1)
        while True:
            used[column0] = True
            row0 = owner[column0]
            cost_row = costs[row0 - 1]
            u_row0 = u[row0]
            delta = big
            column1 = 0
            for column in range(1, columns + 1):
                if not used[column]:
                    reduced = cost_row[column - 1] - u_row0 - v[column]
                    if reduced < slack[column]:
                        slack[column] = reduced
                        previous[column] = column0
                    if slack[column] < delta:
                        delta = slack[column]
                        column1 = column
            for column in range(columns + 1):
                if used[column]:
                    u[owner[column]] += delta
                    v[column] -= delta
                else:
                    slack[column] -= delta
            column0 = column1
            if owner[column0] == 0:
                break
        while column0:
            column1 = previous[column0]
            owner[column0] = owner[column1]
            column0 = column1
    total = -v[0]
    return total if total < INFINITE else INFINITE
