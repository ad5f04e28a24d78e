"""Known solutions: shorter ones than the player found, kept apart from the player's own.

The optimizer (:mod:`starpusher.optimize`) makes solutions shorter, the
player's or a level file's. What it finds is kept here, the shortest by
moves and the shortest by pushes of each level (often the same one), with
whether it was proven optimal. They are never the player's best scores:
those are the player's own achievement (:meth:`.Store.record_solution`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

from ..core import Level
from .database import utc_now
from .keys import level_key
from .solutions import Solution, verified_solution
from .tables import Tables

#: The counts a known solution can be the shortest by.
METRICS = ("moves", "pushes")


@dataclass(frozen=True)
class KnownSolution(Solution):
    """A solution kept as known, and whether no solution has fewer (moves or pushes, by its place)."""

    optimal: bool = False


@dataclass(frozen=True)
class KnownSolutions:
    """The shortest known solutions of a level, by moves and by pushes (often the same one)."""

    by_moves: KnownSolution | None = None
    by_pushes: KnownSolution | None = None

    def by(self, metric: str) -> KnownSolution | None:
        return self.by_moves if metric == "moves" else self.by_pushes

    def __iter__(self) -> Iterator[KnownSolution]:
        """Each different known solution once, the shortest by moves first."""
        seen = set()
        for known in (self.by_moves, self.by_pushes):
            if known is not None and known.lurd not in seen:
                seen.add(known.lurd)
                yield known


class KnownSolutionTables(Tables):
    """The known solutions of each level."""

    def keep_known_solution(self, level: Level, moves: str, *, optimal_by: str | None = None) -> list[str]:
        """Keep moves that solve ``level`` as a known solution, never as the player's own.

        Replayed first, like :meth:`~.levels.LevelTables.record_solution`. Kept
        where shorter than the known solution by moves, or by pushes; returns
        where (``"moves"``, ``"pushes"``). ``optimal_by`` names the count
        (``"moves"`` or ``"pushes"``) no solution has fewer of, when that was proven.
        """
        solution = verified_solution(level, moves)
        key = level_key(level)
        with self._transaction() as db:
            now = utc_now()
            self._remember_level(db, key, level, now)
            return keep_known(db, key, solution, now, optimal_by)

    def known_solutions(self, level: Level) -> KnownSolutions:
        """The shortest known solutions of ``level`` (none until the optimizer found one)."""
        with self._errors():
            return read_known(self._db, level_key(level))


def read_known(db: sqlite3.Connection, key: str) -> KnownSolutions:
    """The known solutions of the level of ``key``."""
    rows = db.execute(
        "SELECT metric, lurd, moves, pushes, found_at, optimal FROM known_solutions WHERE key = ?", (key,)
    ).fetchall()
    found = {
        metric: KnownSolution(lurd, moves, pushes, found_at, bool(optimal))
        for metric, lurd, moves, pushes, found_at, optimal in rows
    }
    return KnownSolutions(found.get("moves"), found.get("pushes"))


def keep_known(
    db: sqlite3.Connection, key: str, solution: Solution, now: str, optimal_by: str | None
) -> list[str]:
    """Keep ``solution`` where it is shorter than the known one (by moves, by pushes); say where."""
    known, kept = with_solution(read_known(db, key), solution, now, optimal_by)
    for metric in kept:
        new = known.by(metric)
        assert new is not None
        db.execute(
            "INSERT OR REPLACE INTO known_solutions (key, metric, lurd, moves, pushes, optimal, found_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, metric, new.lurd, new.moves, new.pushes, int(new.optimal), now),
        )
    return kept


def with_solution(
    known: KnownSolutions, solution: Solution, now: str | None, optimal_by: str | None
) -> tuple[KnownSolutions, list[str]]:
    """``known`` with ``solution`` in each place where it is shorter (by moves, by pushes); and which.

    ``optimal_by`` names the count it was proven optimal by, if any: kept
    in that place, it is marked optimal. A known solution as short, proven
    now, is marked too; one as short by that count as a proven one is optimal.
    """
    places = {}
    for metric in METRICS:
        old = known.by(metric)
        better = solution.better_by_moves(old) if metric == "moves" else solution.better_by_pushes(old)
        as_short = old is not None and _count(old, metric) == _count(solution, metric)
        optimal = optimal_by == metric or (as_short and old is not None and old.optimal)
        now_proven = as_short and optimal and old is not None and not old.optimal and _same(old, solution)
        if better or now_proven:
            places[metric] = KnownSolution(solution.lurd, solution.moves, solution.pushes, now, optimal)
    if not places:
        return known, []
    kept = KnownSolutions(places.get("moves", known.by_moves), places.get("pushes", known.by_pushes))
    return kept, list(places)


def _count(solution: Solution, metric: str) -> int:
    return solution.moves if metric == "moves" else solution.pushes


def _same(first: Solution, second: Solution) -> bool:
    return (first.moves, first.pushes) == (second.moves, second.pushes)
