"""The solution a command works on: typed, the player's best, the file's K-th, or the shortest known.

``optimize`` starts from it and ``render --animate`` draws it; both take
``LURD``, ``--best`` or ``--known K`` alike.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from ..core import Level, StarPusherError, parse_lurd, shown
from ..optimize import Metric
from ..store import Store
from ..store.solutions import replayed_row
from .common import plural


def say(message: str) -> None:
    """A line on standard error, never on standard output (where a result is read)."""
    print(f"starpusher: {message}", file=sys.stderr)


def chosen_solution(
    level: Level,
    *,
    file: str,
    number: int,
    moves: str | None,
    best: bool,
    known: int | None,
    metric: Metric,
    data_dir: str | os.PathLike[str] | None,
    purpose: str = "to start from",
    notice: Callable[[str | None], object] = lambda notice: None,
) -> tuple[str, str]:
    """The moves to work on, and what they are (for messages).

        Typed (``moves``), the player's best by ``metric`` (``best``), the file's
        ``known``-th, or else the shortest by the metric of all of those and the
        known solutions kept before. ``purpose`` says what the solution is for,
    in messages ("to start from"). ``notice`` is handed the store's notice (a
        damaged database moved aside), if the store is opened.
    """
    if sum([moves is not None, best, known is not None]) > 1:
        raise StarPusherError(f"give one solution {purpose}: LURD, --best or --known K")
    if moves is not None:
        return parse_lurd(moves), "the moves given"
    if known is not None:
        if known > len(level.solutions):
            given = plural(len(level.solutions), "solution")
            raise StarPusherError(
                f"{shown(file)}: level {number} has no solution {known} (the file gives {given})"
            )
        return level.solutions[known - 1], f"the file's solution {known}"
    with Store.open(data_dir, read_only=True) as store:
        notice(store.notice)
        progress = store.progress(level)
        yours = progress.best_pushes if metric is Metric.PUSHES else progress.best_moves
        if best:
            if yours is None:
                raise StarPusherError(f"level {number}: no solution of yours is kept yet (solve it first)")
            return yours.lurd, "your best solution"
        kept = store.known_solutions(level)
    for reason in kept.left_out:
        say(f"{shown(file)}: level {number}: {reason}")
    candidates = [solution.lurd for solution in kept]
    if yours is not None:
        candidates.append(yours.lurd)
    candidates += level.solutions
    shortest: tuple[int, str] | None = None
    for lurd in candidates:
        try:
            solution = replayed_row(level, lurd)
        except StarPusherError:
            continue  # a file's broken solution, or a damaged best, is not one to start from
        cost = metric.cost(solution.moves, solution.pushes)
        if shortest is None or cost < shortest[0]:
            shortest = cost, solution.lurd
    if shortest is None:
        raise StarPusherError(
            f"level {number}: no solution {purpose}: give one (LURD), or solve the level first"
        )
    return shortest[1], "the shortest solution known"
