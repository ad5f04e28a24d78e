"""How hard a level is: measures of a solution, and the solver's effort when there is one.

The shape measures read a LURD solution by replaying it: pushes and moves,
box lines (straight runs of pushes of one star, however far the player walks
between them, ended by a turn or by pushing another star) and box changes
(how often the player switches to another star).

The solver is a sibling package that may be missing from a build; the
generator then goes on without its opinion.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core import Direction, Level
from .reverse import reach, search_positions
from .shaping import solution_moves

if TYPE_CHECKING:  # the solver is optional at run time
    from ..solver import Outcome


@dataclass(frozen=True)
class Measures:
    """The difficulty measures of one level and solution."""

    pushes: int
    moves: int
    box_lines: int
    box_changes: int
    #: Search nodes the solver needed, when it was asked and succeeded.
    solver_nodes: int | None = None
    #: Seconds the solver needed (never written to files: it varies from run to run).
    solver_seconds: float | None = None

    def describe(self) -> str:
        """One line for a level's comment; only the reproducible measures."""
        return (
            f"{self.pushes} pushes, {self.moves} moves, "
            f"{self.box_lines} box lines, {self.box_changes} box changes"
        )


def solution_measures(level: Level, moves: str) -> Measures:
    """Replay ``moves`` on ``level`` and measure them. Raises IllegalMoveError if they do not fit."""
    state = level.start
    pushes = lines = changes = 0
    last_star: int | None = None  # where the last pushed star came to rest
    last_direction: Direction | None = None
    for number, letter in enumerate(moves, 1):
        direction = Direction.from_letter(letter)
        result = level.try_move(state, direction)
        if result is None:
            level.replay(moves[:number])  # raises the error that names the move
            raise AssertionError("unreachable")
        new_state, pushed = result
        if pushed:
            source = new_state.player
            pushes += 1
            if source != last_star or direction != last_direction:
                lines += 1
            if last_star is not None and source != last_star:
                changes += 1
            last_star = level.neighbour(source, direction)
            last_direction = direction
        state = new_state
    return Measures(pushes, len(moves), lines, changes)


def fewest_pushes_solution(level: Level, limit: int = 2_000_000) -> str | None:
    """A solution with the fewest pushes, by searching back from the solved position.

    For small levels (such as 10x10 with 4 stars); None when the search visits
    ``limit`` positions without meeting the start, or the level has more
    stars than goals (the solved position is then not one position).
    """
    if len(level.start.boxes) != len(level.goals):
        return None
    floor = sum(1 << square for square in level.interior)
    stars = sum(1 << square for square in level.start.boxes)
    start = (stars, reach(level.start.player, floor & ~stars, level.width))
    result = search_positions(floor, level.width, tuple(sorted(level.goals)), limit, until=start)
    if start not in result.visits:
        return None
    candidate = result.candidate(start, require_every_star=False)
    assert candidate is not None
    moves, _ = solution_moves(
        frozenset(level.interior), level.width, level.start.player, candidate.stars, candidate.pushes
    )
    return moves


@dataclass(frozen=True)
class SolverEffort:
    """How the project's solver fared on a level."""

    solved: bool
    status: Outcome
    pushes: int
    moves: int
    nodes: int
    seconds: float


def solver_effort(level: Level, time_limit: float = 10.0) -> SolverEffort | None:
    """Run the solver on ``level``; None when the solver package is not installed."""
    try:
        from ..solver import solve  # optional: the generator works without it
    except ImportError:
        return None
    result = solve(level, time_limit=time_limit)
    return SolverEffort(
        result.solved, result.status, result.pushes, len(result.moves), result.nodes, result.seconds
    )


def with_solver_effort(measures: Measures, level: Level, time_limit: float = 10.0) -> Measures:
    """``measures`` with the solver's nodes and seconds filled in, when the solver can say."""
    effort = solver_effort(level, time_limit)
    if effort is None or not effort.solved:
        return measures
    return replace(measures, solver_nodes=effort.nodes, solver_seconds=effort.seconds)
