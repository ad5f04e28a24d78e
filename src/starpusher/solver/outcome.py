"""What a search ends with: how it ended (:class:`Outcome`) and what it found (:class:`SolveResult`).

Every search, forwards or backwards, finishes with an :class:`Outcome` and
the pushes of its solution (none unless solved); :func:`expand_pushes` turns
those pushes into the moves a player makes, walking between them.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import Enum

from ..core import Direction, Level, State


class Outcome(Enum):
    """How a search ended. The values are the words the command line prints."""

    SOLVED = "solved"
    #: The whole space reachable from the start was searched, pruned only by sound rules.
    UNSOLVABLE = "unsolvable"
    TIMEOUT = "timeout"
    MEMORY = "memory"
    CANCELLED = "cancelled"


#: A push of a solution: (square the star leaves, direction index in LURD order, squares pushed).
Push = tuple[int, int, int]
#: How a search ended and the pushes of its solution (none unless solved).
SearchEnd = tuple[Outcome, list[Push]]
#: A search run a turn at a time: it yields between turns and returns its :data:`SearchEnd`.
SearchRun = Generator[None, None, SearchEnd]


@dataclass(frozen=True)
class DeadlockStatistics:
    """The deadlock sets of a level and what they cost, for comparing with other solvers."""

    #: Sets proven before the search (:mod:`.precalculated`) and during it (:mod:`.proofs`).
    precalculated: int = 0
    learned: int = 0
    #: Seconds the precalculated sets took to build.
    precalculation_seconds: float = 0.0
    #: Proofs searched, and positions they visited.
    proofs: int = 0
    proof_nodes: int = 0


@dataclass(frozen=True)
class SolveResult:
    """What :func:`.portfolio.solve` found: ``moves`` is expanded LURD, replayed and checked."""

    status: Outcome
    moves: str = ""
    pushes: int = 0
    seconds: float = 0.0
    #: Positions examined: a measure of how hard the level was.
    nodes: int = 0
    #: What the solver knew of the level's deadlocks by the end (none when it never got that far).
    deadlocks: DeadlockStatistics | None = None

    @property
    def solved(self) -> bool:
        return self.status is Outcome.SOLVED

    @property
    def first_push(self) -> str:
        """The moves up to and including the solution's first push: a hint."""
        for index, letter in enumerate(self.moves):
            if letter.isupper():
                return self.moves[: index + 1]
        return self.moves


def expand_pushes(level: Level, state: State, pushes: list[Push]) -> str:
    """The LURD moves of a list of pushes, walking the player between them."""
    directions = list(Direction)
    moves: list[str] = []
    player, boxes = state.player, set(state.boxes)
    for origin, direction_index, steps in pushes:
        direction = directions[direction_index]
        behind = origin - (direction.dx + direction.dy * level.width)
        moves.append(_walk(level, player, behind, boxes))
        moves.append(direction.letter.upper() * steps)
        delta = direction.dx + direction.dy * level.width
        boxes.remove(origin)
        boxes.add(origin + steps * delta)
        player = origin + (steps - 1) * delta
    return "".join(moves)


def _walk(level: Level, start: int, goal: int, boxes: set[int]) -> str:
    """Shortest walk (lower-case LURD) from ``start`` to ``goal`` around the stars."""
    if start == goal:
        return ""
    came_from: dict[int, tuple[int, str]] = {start: (start, "")}
    frontier = [start]
    while frontier:
        next_frontier = []
        for square in frontier:
            for direction in Direction:
                step = level.neighbour(square, direction)
                if step is None or step in boxes or step in came_from:
                    continue
                came_from[step] = (square, direction.letter)
                if step == goal:
                    letters = []
                    while step != start:
                        step, letter = came_from[step]
                        letters.append(letter)
                    return "".join(reversed(letters))
                next_frontier.append(step)
        frontier = next_frontier
    raise AssertionError("the search recorded a push the player cannot reach")
