"""How hard a level is: measures of a solution, and the solver's effort when there is one.

The shape measures read a LURD solution by replaying it: pushes and moves,
box lines (straight runs of pushes of one star, however far the player walks
between them, ended by a turn or by pushing another star) and box changes
(how often the player switches to another star).

The solver is a sibling package that may be missing from a build; the
generator then goes on without its opinion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Direction, Level


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


#: What the solver gives back that the generator uses: (solution LURD or None, nodes, seconds).
SolverVerdict = tuple[str | None, int, float]


def find_solver() -> Callable[[Level, float], SolverVerdict] | None:
    """The project's solver as a simple function, or None when it is not installed."""
    try:
        from ..solver import solve  # the solver is optional for the generator
    except ImportError:
        return None

    def run(level: Level, time_limit: float) -> SolverVerdict:
        result: Any = _call_solver(solve, level, time_limit)
        moves = result.moves if _is_solved(result) else None
        return moves, int(getattr(result, "nodes", 0)), float(getattr(result, "seconds", 0.0))

    return run


def _call_solver(solve: Callable[..., Any], level: Level, time_limit: float) -> Any:
    try:
        return solve(level, time_limit=time_limit)
    except TypeError:  # a solver without a time limit option
        return solve(level)


def _is_solved(result: Any) -> bool:
    status = getattr(result, "status", None)
    return str(getattr(status, "value", status)).lower() in {"solved", "status.solved"} and bool(result.moves)
