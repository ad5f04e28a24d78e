"""How hard a level is: measures of a solution, and the solver's effort.

The shape measures read a LURD solution by replaying it: pushes and moves,
box lines (straight runs of pushes of one star, however far the player walks
between them, ended by a turn or by pushing another star) and box changes
(how often the player switches to another star).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..bitboard import bits_of, flood, spread, star_steps
from ..core import Direction, Level
from ..solver import Outcome, solve
from .reverse import search_positions
from .shaping import solution_moves


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
    start = (stars, flood(1 << level.start.player, floor & ~stars, level.width))
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


def solver_effort(level: Level, time_limit: float = 10.0) -> SolverEffort:
    """Run the solver on ``level``."""
    result = solve(level, time_limit=time_limit)
    return SolverEffort(
        result.solved, result.status, result.pushes, len(result.moves), result.nodes, result.seconds
    )


def with_solver_effort(measures: Measures, level: Level, time_limit: float = 10.0) -> Measures:
    """``measures`` with the solver's nodes and seconds filled in, when the solver can say."""
    effort = solver_effort(level, time_limit)
    if not effort.solved:
        return measures
    return replace(measures, solver_nodes=effort.nodes, solver_seconds=effort.seconds)


@dataclass(frozen=True)
class Quality:
    """What makes a level worth playing, beyond how long its solution is.

    Each is a share or a ratio, so levels of any size can be compared:

    - ``floor_used``: share of the floor the solution touches (the player's
      walk and every square a star stands on). Low means spare room.
    - ``changes_per_push``: box changes per push. Low means long hauls of one
      star; high means the stars get in each other's way.
    - ``moves_per_push``: moves per push: how much walking goes with each push.
    - ``dead_floor``: share of the floor no star can ever stand on: not
      reachable by pushing any star from its start, or no goal reachable from
      it by pushes (other stars ignored). Room only for walking.
    - ``floor_per_star``: floor squares per star: how open the level is.
    - ``wall_blocks``: share of the rock inside the level (floor on both sides
      of it, across and down) that lies in a solid 3x3 block of rock.
    """

    floor_used: float
    changes_per_push: float
    moves_per_push: float
    dead_floor: float
    floor_per_star: float
    wall_blocks: float


def level_quality(level: Level, moves: str) -> Quality:
    """Measure ``level`` and its solution ``moves``. Raises IllegalMoveError if they do not fit."""
    shape = solution_measures(level, moves)
    floor = level.interior
    return Quality(
        floor_used=len(squares_touched(level, moves)) / len(floor),
        changes_per_push=shape.box_changes / shape.pushes if shape.pushes else 0.0,
        moves_per_push=shape.moves / shape.pushes if shape.pushes else 0.0,
        dead_floor=len(dead_floor(level)) / len(floor),
        floor_per_star=len(floor) / max(1, len(level.start.boxes)),
        wall_blocks=wall_block_share(level),
    )


def squares_touched(level: Level, moves: str) -> frozenset[int]:
    """Every square the player walks on or a star stands on while ``moves`` are played."""
    state = level.start
    touched = {state.player, *state.boxes}
    for letter in moves:
        state = level.apply(state, letter)
        touched.add(state.player)
        touched.update(state.boxes)
    return frozenset(touched)


def dead_floor(level: Level) -> frozenset[int]:
    """Floor no star can ever stand on, each star pushed alone on the empty level.

    A square counts as live when some star can be pushed to it from its start
    and a goal can be reached from it by pushes (the player's walk and the
    other stars are ignored, so this errs towards live).
    """
    floor = bits_of(level.interior)
    pushed = spread(bits_of(level.start.boxes), star_steps(floor, floor, level.width))
    # Backwards, by pulls: room for the player to step back beyond the square the star comes to.
    pulled = spread(bits_of(level.goals), star_steps(floor, floor, level.width, pulling=True))
    live = pushed & pulled
    return frozenset(square for square in level.interior if not live >> square & 1)


def wall_block_share(level: Level) -> float:
    """Share of the rock inside the level that lies in a solid 3x3 block of rock.

    Rock is inside when floor lies on both sides of it in its row and in its
    column: the walls between rooms, not the frame around them. A square is
    in a block when some 3x3 square of rock covers it.
    """
    floor = level.interior
    width, height = level.width, level.height

    def rock(x: int, y: int) -> bool:
        return not (0 <= x < width and 0 <= y < height) or y * width + x not in floor

    inside = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if rock(x, y)
        and any(not rock(left, y) for left in range(x))
        and any(not rock(right, y) for right in range(x + 1, width))
        and any(not rock(x, up) for up in range(y))
        and any(not rock(x, down) for down in range(y + 1, height))
    ]
    if not inside:
        return 0.0

    def solid(cx: int, cy: int) -> bool:
        return all(rock(cx + dx, cy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    blocked = [
        (x, y) for x, y in inside if any(solid(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    ]
    return len(blocked) / len(inside)
