"""The packing plan shown on the board: which goals to fill first, worked out in the background.

On a warehouse level the goals sit in a room that must be filled in order,
deepest goal first: the solver works that order out backwards before it
searches (:mod:`starpusher.solver.packing`). A front end shows it to the
player: each goal numbered by the step of the plan that fills it (one
number for goals that may be filled in any order among themselves), the
*parking* squares marked (a star waits there for a while so the player can
stand behind the next one), the goals of the steps still to come greyed.
A level whose plan is a single step (goals in the open) orders nothing:
any goal, any time.

The plan is the level's, from its start, as the solver makes it. Working it
out builds the solver's tables of the level, seconds on a large one, so it
runs in the background with the hint's limits (:data:`.assist.SEARCH_SECONDS`,
:data:`.assist.SEARCH_MEMORY_MB`). Use::

    plan = PlanShown(level, tasks, say)
    order = plan.shown(on)         # at each frame; None while off or until worked out
    order.numbers, order.parking   # what to draw; order.current(stars): the step to fill now
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cached_property

from ..background import CancelToken, Task, TaskRunner
from ..bitboard import squares_of
from ..core import Level
from ..solver.limits import LimitReached, Limits
from ..solver.outcome import Outcome
from ..solver.packing import plan_for
from ..solver.portfolio import TABLE_BYTES_PER_ENTRY
from .assist import SEARCH_MEMORY_MB, SEARCH_SECONDS
from .common import Say

#: The hint's limits: how long working the plan out may take, and how much memory.
PLAN_SECONDS = SEARCH_SECONDS
PLAN_MEMORY_MB = SEARCH_MEMORY_MB

#: What is said of a plan that orders nothing: at length, and in a few words (the editor's panel).
ANY_ORDER = "Packing plan: any goal, any time: this level's goals can be filled in any order."
ANY_ORDER_SHORT = "Packing plan: any goal, any time."


@dataclass(frozen=True)
class GoalOrder:
    """The packing plan as a board shows it; squares are indexes (``y * width + x``)."""

    #: The squares each step fills, first step first: goals, and parking squares.
    fills: tuple[frozenset[int], ...]
    #: The parking squares each step empties (their stars go on to their goals).
    releases: tuple[frozenset[int], ...]
    goals: frozenset[int]
    #: The time ran out first: the goals not placed in a step share the first one.
    cut_short: bool = False

    @property
    def ordered(self) -> bool:
        """Whether the plan says anything: a single step allows any order."""
        return len(self.fills) > 1

    @cached_property
    def numbers(self) -> dict[int, int]:
        """Each goal's step, counted from 1: the order of filling."""
        return {square: step for step, fill in enumerate(self.fills, 1) for square in fill & self.goals}

    @cached_property
    def parking(self) -> dict[int, tuple[int, int]]:
        """Each parking square, with the step that fills it and the one that empties it (from 1)."""
        found = {}
        for step, fill in enumerate(self.fills, 1):
            for square in fill - self.goals:
                emptied = next(
                    (
                        later
                        for later in range(step, len(self.fills) + 1)
                        if square in self.releases[later - 1]
                    ),
                    len(self.fills),
                )
                found[square] = (step, emptied)
        return found

    def current(self, stars: frozenset[int]) -> int:
        """The step to fill now, counted from 1: the first with a goal that holds no star (one past
        the last once every goal holds one). A star on a goal of a later step does not count, and
        parking squares do not either: they are advice on the way, not part of the goal."""
        empty = (step for goal, step in self.numbers.items() if goal not in stars)
        return min(empty, default=len(self.fills) + 1)


def goal_order(level: Level, limits: Limits) -> GoalOrder:
    """The packing plan of ``level`` from its start. Raises :class:`LimitReached` at a limit."""
    if len(level.goals) * level.width * level.height * TABLE_BYTES_PER_ENTRY > limits.memory_limit:
        raise LimitReached(Outcome.MEMORY)  # the solver's tables alone would not fit
    board = level.compiled(limits.check)
    plan = plan_for(board, board.stars(level.start), level.start.player, limits.deadline)
    cut_short = time.perf_counter() > limits.deadline
    if cut_short and not plan.ordered:
        raise LimitReached(Outcome.TIMEOUT)  # no step found in time: that is no "any order"
    return GoalOrder(
        fills=tuple(frozenset(squares_of(step.fill)) for step in plan.steps),
        releases=tuple(frozenset(squares_of(step.release)) for step in plan.steps),
        goals=frozenset(squares_of(board.goals)),
        cut_short=cut_short,
    )


class PlanShown:
    """One level's packing plan for a front end: worked out once, in the background, when first wanted."""

    def __init__(self, level: Level, tasks: TaskRunner, say: Say, *, quiet: bool = False) -> None:
        """``quiet``: say nothing of the plan (a front end that shows :attr:`said` itself)."""
        self.level = level
        self.tasks = tasks
        self.say = say
        self.quiet = quiet
        #: The plan, once worked out.
        self.order: GoalOrder | None = None
        #: Why there is no plan (a limit was reached), once that is known.
        self.problem: str | None = None
        self._task: Task | None = None
        self._on = False

    def shown(self, on: bool) -> GoalOrder | None:
        """The plan to draw: None while it is off or not worked out yet.

        A front end asks each time it draws, ``on`` when the player wants the
        plan. The first time it is on, the plan is worked out in the
        background; each time it comes on, a plan that orders nothing is said
        to (when known; else when it comes).
        """
        coming_on, self._on = on and not self._on, on
        if not on:
            return None
        if self.order is None and self.problem is None and self._task is None:
            self._start()
        elif coming_on and self.order is not None and not self.order.ordered:
            self._say(ANY_ORDER)
        return self.order

    @property
    def said(self) -> str | None:
        """What there is to say of the plan instead of numbers, in a few words: it orders nothing,
        or there is none."""
        if self.order is not None and not self.order.ordered:
            return ANY_ORDER_SHORT
        return self.problem

    def _say(self, message: str) -> None:
        if not self.quiet:
            self.say(message, 6)

    @property
    def working(self) -> bool:
        return self._task is not None

    def cancel(self) -> None:
        """Nobody waits for the plan any more (the level was left)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _start(self) -> None:
        level = self.level

        def work(token: CancelToken) -> GoalOrder:
            return goal_order(level, Limits(PLAN_SECONDS, PLAN_MEMORY_MB, token.event))

        self._task = self.tasks.submit("Working out the packing plan", work, self._done, self._failed)

    def _done(self, order: GoalOrder) -> None:
        self._task = None
        self.order = order
        if not order.ordered:
            self._say(ANY_ORDER)
        elif order.cut_short:
            self._say(
                f"The packing plan is not whole: it took over {PLAN_SECONDS:g} s. The goals numbered 1"
                " are in no order among themselves."
            )

    def _failed(self, error: BaseException) -> None:
        self._task = None
        if not isinstance(error, LimitReached):
            self.problem = f"The packing plan could not be worked out: {error}"
        elif error.outcome is Outcome.MEMORY:
            self.problem = f"No packing plan: this level is too large for it ({PLAN_MEMORY_MB} MB)."
        else:
            self.problem = f"No packing plan: working it out took over {PLAN_SECONDS:g} s."
        self._say(self.problem)
