"""Whether a drawn level can be solved, and how hard it is: the solver's verdict.

The search runs in a child process, not a thread: a thread would share the
interpreter with the window, which then draws in the gaps the search leaves
it. A child has an interpreter (and, on a machine with two cores, a core) of
its own, so the editor keeps its full frame rate while the solver thinks, and
cancelling is immediate: the child is ended, wherever its search stands.

:func:`judge` is the verdict itself, usable anywhere: the solver's solution,
made shorter by the optimizer for a moment, with its measures; :class:`Judging`
runs it in a child and waits for the answer, or is cancelled by the next edit.
"""

from __future__ import annotations

import multiprocessing.connection
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from ..core import Level
from ..generate.measures import solution_measures
from ..optimize import optimize
from ..processes import Child
from ..solver import Outcome, solve
from ..store import Solution

#: Seconds the solver gets for a verdict, and the memory it may take.
TIME_LIMIT = 10.0
MEMORY_LIMIT_MB = 512
#: Seconds the optimizer then makes the solver's solution shorter (fewest pushes).
OPTIMIZE_SECONDS = 2.0
#: How often the waiting thread looks whether the verdict is still wanted (seconds).
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class Verdict:
    """The solver's answer about one level, with the difficulty measures when it is solvable.

    ``status`` is how the solver ended: solved, unsolvable, or the limit that stopped it.
    """

    status: Outcome
    #: A solution (expanded LURD) when solvable.
    moves: str = ""
    pushes: int = 0
    box_lines: int = 0
    box_changes: int = 0
    #: Positions the solver examined: its effort.
    nodes: int = 0
    seconds: float = 0.0
    time_limit: float = TIME_LIMIT
    #: Proven: no solution has fewer pushes than :attr:`pushes`.
    fewest_pushes: bool = False

    @property
    def solvable(self) -> bool:
        return self.status is Outcome.SOLVED

    def describe(self, others: Iterable[Solution] = (), fewest_known: int | None = None) -> str:
        """The verdict in a few words: "Solvable: 48 pushes (the fewest), 131 moves".

        The counts are the best known: of the verdict's solution and of
        ``others`` (the player's bests, the known solutions kept before).
        "The fewest" says that no solution has fewer pushes, as the optimizer
        proved now, or before for ``fewest_known`` pushes; else the counts are
        said to be those of one solution, since shorter ones may exist.
        """
        if self.status is Outcome.SOLVED:
            pushes, moves = self.pushes, len(self.moves)
            for other in others:
                pushes, moves = min(pushes, other.pushes), min(moves, other.moves)
            proven = pushes == fewest_known or (pushes == self.pushes and self.fewest_pushes)
            counts = f"{_count(pushes, 'push')}, {_count(moves, 'move')}"
            if proven:
                return f"Solvable: {_count(pushes, 'push')} (the fewest), {_count(moves, 'move')}"
            return f"Solvable: a solution of {counts}; shorter may exist"
        if self.status is Outcome.UNSOLVABLE:
            return "No solution exists"
        if self.status is Outcome.MEMORY:
            return "No solution found: the solver ran out of room"
        return f"No solution found in {self.time_limit:g} s"

    def difficulty(self) -> str:
        """The generator's measures of difficulty, for a solvable level ("" otherwise)."""
        if self.status is not Outcome.SOLVED:
            return ""
        return (
            f"{_count(self.box_lines, 'box line')}, {_count(self.box_changes, 'box change')}, "
            f"solver effort {_count(self.nodes, 'position')}"
        )


def _count(number: int, thing: str) -> str:
    plural = thing + ("es" if thing.endswith("sh") else "s")
    return f"{number:,} {thing if number == 1 else plural}"


def judge(level: Level, time_limit: float = TIME_LIMIT, cancel: threading.Event | None = None) -> Verdict:
    """Ask the solver about ``level`` (here, in this process) and measure what it found."""
    result = solve(level, time_limit=time_limit, memory_limit_mb=MEMORY_LIMIT_MB, cancel=cancel)
    if result.solved:
        shorter = optimize(
            level, result.moves, time_limit=OPTIMIZE_SECONDS, memory_limit_mb=MEMORY_LIMIT_MB, cancel=cancel
        )
        measures = solution_measures(level, shorter.moves)
        return Verdict(
            Outcome.SOLVED,
            shorter.moves,
            measures.pushes,
            measures.box_lines,
            measures.box_changes,
            result.nodes,
            result.seconds,
            time_limit,
            fewest_pushes=shorter.optimal,
        )
    return Verdict(result.status, nodes=result.nodes, seconds=result.seconds, time_limit=time_limit)


def _judge_in_child(board: str, time_limit: float, answer: multiprocessing.connection.Connection) -> None:
    """The child's work: the level comes as text (cheap to send), the verdict goes back."""
    try:
        answer.send(judge(Level.from_text(board), time_limit))
    except Exception as error:  # any failure goes back as words, never lost
        answer.send(RuntimeError(f"{type(error).__name__}: {error}"))
    finally:
        answer.close()


class Judging:
    """One verdict being worked out in a child process."""

    def __init__(self, level: Level, time_limit: float = TIME_LIMIT) -> None:
        self.level = level
        self.time_limit = time_limit
        #: The child process, once started.
        self.child: Child | None = None

    def run(self, cancelled: threading.Event) -> Verdict | None:
        """Start the child and wait for its verdict; None once ``cancelled`` is set (the child is ended)."""
        child = self.child = Child(
            _judge_in_child, (self.level.to_text(), self.time_limit), name="starpusher-verdict"
        )
        try:
            while not cancelled.is_set():
                answer = child.receive(POLL_SECONDS)
                if answer is None:
                    continue
                if isinstance(answer, Exception):
                    raise answer
                if not isinstance(answer, Verdict):
                    raise RuntimeError(f"the solver answered {answer!r}, not a verdict")
                return answer
            return None
        finally:
            child.end()
