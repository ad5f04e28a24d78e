"""Known solutions: shorter ones than the player found, kept apart from the player's own.

The optimizer (:mod:`starpusher.optimize`) makes solutions shorter, the
player's or a level file's. What it finds is kept here, the shortest by
moves and the shortest by pushes of each level (often the same one), with
whether it was proven optimal. They are never the player's best scores:
those are the player's own achievement (:meth:`.Store.record_solution`).

Every row is replayed when read, so a damaged or tampered one can never
stop a level opening: one that does not solve its level is left out (and
said why), and the counts are always the replay's, never the row's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

from ..core import Level, StarPusherError
from .database import DATABASE_NAME, utc_now
from .keys import level_key
from .solutions import Solution, replayed_row, verified_solution
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
    #: One line for each kept solution left out because it does not solve the level (a damaged row).
    left_out: tuple[str, ...] = ()

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

    def keep_known_solution(
        self,
        level: Level,
        moves: str,
        *,
        optimal_by: str | None = None,
        made_from: Solution | None = None,
    ) -> list[str]:
        """Keep moves that solve ``level`` as a known solution, never as the player's own.

        Replayed first, like :meth:`~.levels.LevelTables.record_solution`. Kept
        where shorter than the known solution by moves, or by pushes; returns
        where (``"moves"``, ``"pushes"``). ``optimal_by`` names the count
        (``"moves"`` or ``"pushes"``) no solution has fewer of, when that was proven.
        ``made_from``: the solution the optimizer started from; kept only where
        shorter than that one too (fewer pushes bought with more moves is no
        shorter solution by moves). A known solution that no longer solves the
        level is replaced by any that does.
        """
        solution = verified_solution(level, moves)
        key = level_key(level)
        with self._transaction() as db:
            now = utc_now()
            self._remember_level(db, key, level, now)
            return keep_known(db, level, solution, now, optimal_by, made_from)

    def known_solutions(self, level: Level) -> KnownSolutions:
        """The shortest known solutions of ``level`` (none until the optimizer found one), replayed.

        One whose row does not solve the level is left out, and
        :attr:`KnownSolutions.left_out` says why.
        """
        with self._errors():
            return read_known(self._db, level)


def read_known(db: sqlite3.Connection, level: Level) -> KnownSolutions:
    """The known solutions of ``level``, each replayed: counts from the replay, never from the row."""
    rows = db.execute(
        "SELECT metric, lurd, moves, pushes, found_at, optimal FROM known_solutions WHERE key = ?",
        (level_key(level),),
    ).fetchall()
    found: dict[str, KnownSolution] = {}
    damaged: dict[str, list[str]] = {}  # why a row is left out -> the places it was kept in
    for metric, lurd, moves, pushes, found_at, optimal in rows:
        if metric not in METRICS:
            continue
        try:
            solution = replayed_row(level, lurd)
        except StarPusherError as error:
            damaged.setdefault(str(error), []).append(metric)
            continue
        # A proof is of the counts it was found with: a row whose counts are wrong has lost it.
        proven = optimal == 1 and (moves, pushes) == (solution.moves, solution.pushes)
        when = found_at if isinstance(found_at, str) else None
        found[metric] = KnownSolution(solution.lurd, solution.moves, solution.pushes, when, proven)
    return KnownSolutions(found.get("moves"), found.get("pushes"), _left_out(damaged))


def _left_out(damaged: dict[str, list[str]]) -> tuple[str, ...]:
    """One line for each damaged solution: ``the known solution by moves kept in ... is left out: why``."""
    lines = []
    for why, places in damaged.items():
        which = "the known solution" if len(places) > 1 else f"the known solution by {places[0]}"
        lines.append(f"{which} kept in {DATABASE_NAME} is left out: {why}")
    return tuple(lines)


def keep_known(
    db: sqlite3.Connection,
    level: Level,
    solution: Solution,
    now: str,
    optimal_by: str | None,
    made_from: Solution | None = None,
) -> list[str]:
    """Keep ``solution`` where it is shorter than the known one (by moves, by pushes); say where."""
    key = level_key(level)
    known, kept = with_solution(read_known(db, level), solution, now, optimal_by, made_from)
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
    known: KnownSolutions,
    solution: Solution,
    now: str | None,
    optimal_by: str | None,
    made_from: Solution | None = None,
) -> tuple[KnownSolutions, list[str]]:
    """``known`` with ``solution`` in each place where it is shorter (by moves, by pushes); and which.

    ``optimal_by`` names the count it was proven optimal by, if any: kept
    in that place, it is marked optimal. A known solution as short, proven
    now, is marked too; one as short by that count as a proven one is optimal.
    ``made_from``, the solution the optimizer started from: a place is only
    taken where ``solution`` is shorter than that one as well.
    """
    places = {}
    for metric in METRICS:
        old = known.by(metric)
        than_given = made_from is None or _better(solution, made_from, metric)
        better = _better(solution, old, metric) and than_given
        as_short = old is not None and _count(old, metric) == _count(solution, metric)
        optimal = optimal_by == metric or (as_short and old is not None and old.optimal)
        now_proven = as_short and optimal and old is not None and not old.optimal and _same(old, solution)
        if better or now_proven:
            places[metric] = KnownSolution(solution.lurd, solution.moves, solution.pushes, now, optimal)
    if not places:
        return known, []
    kept = KnownSolutions(places.get("moves", known.by_moves), places.get("pushes", known.by_pushes))
    return kept, list(places)


def _better(solution: Solution, other: Solution | None, metric: str) -> bool:
    """Shorter than ``other`` by ``metric``, the other count breaking ties."""
    return solution.better_by_moves(other) if metric == "moves" else solution.better_by_pushes(other)


def _count(solution: Solution, metric: str) -> int:
    return solution.moves if metric == "moves" else solution.pushes


def _same(first: Solution, second: Solution) -> bool:
    return (first.moves, first.pushes) == (second.moves, second.pushes)
