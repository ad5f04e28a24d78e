"""Helpers for the optimizer tests: the exhaustive reference, and solutions with detours."""

from __future__ import annotations

import heapq
import random

from starpusher.core import Direction, Level, State
from starpusher.optimize import Metric
from starpusher.solver import solve


def fewest(level: Level, metric: Metric, limit: int = 300_000) -> tuple[int, int]:
    """(moves, pushes) of a shortest solution by ``metric``, the other count breaking ties.

    Dijkstra over every (player, stars) state, one step at a time: the
    reference the optimizer's proofs are checked against, on tiny levels.
    """
    start = level.start
    costs = {start: (0, 0)}
    queue: list[tuple[tuple[int, int], int, State]] = [((0, 0), 0, start)]
    counter = 0
    while queue:
        cost, _, state = heapq.heappop(queue)
        if costs[state] < cost:
            continue
        if level.is_solved(state):
            first, second = cost
            return (first, second) if metric is Metric.MOVES else (second, first)
        for direction in Direction:
            moved = level.try_move(state, direction)
            if moved is None:
                continue
            child, pushed = moved
            step = (1, int(pushed)) if metric is Metric.MOVES else (int(pushed), 1)
            new = (cost[0] + step[0], cost[1] + step[1])
            if new < costs.get(child, (1 << 60, 0)):
                costs[child] = new
                counter += 1
                heapq.heappush(queue, (new, counter, child))
        if len(costs) > limit:
            raise AssertionError("level too big for the reference search")
    raise AssertionError("no solution")


def with_detour(level: Level, seed: int, steps: int = 12) -> str | None:
    """A solution that wanders first (random moves, pushes included), then solves from there.

    None when the wandering spoils the level (the solver finds no way on).
    """
    chance = random.Random(seed)
    state, played = level.start, []
    for _ in range(steps):
        direction = chance.choice(list(Direction))
        moved = level.try_move(state, direction)
        if moved is not None and not level.is_solved(moved[0]):
            state = moved[0]
            played.append(direction.letter.upper() if moved[1] else direction.letter)
    rest = solve(level, state, time_limit=5)
    return "".join(played) + rest.moves if rest.solved else None
