"""The packing plan: in which order the goals can be filled, worked out backwards.

Warehouse levels keep their goals in a room behind a door or two, and the
stars must go in deepest goal first: a star left on the goal by the door too
early shuts the rest of the room. The strongest solvers (YASS, JSoko,
Festival) find that order before searching, by playing the end backwards:

* put a star on every goal and take the real stars away;
* every star that can now be *pulled* out to a square where a star starts is
  one the player could have brought in last: together they are the last
  *step* of the plan. Take them all away and repeat, until the goals are
  empty;
* turned round, the steps are the order of filling: first step first.

Taking stars away only makes room, so a star that could be pulled out stays
so after others go: within a step any order works. A level with its goals in
the open has a one-step plan (any goal, any time), which orders nothing.

A star may come out to any start square, even one another star came out
to. YASS and JSoko give each star a square of its own; tried here (each
step's stars matched to the squares left), the packing-order search alone
solved the same levels, some in far fewer positions, but the whole solver
in time solved fewer (classic 39 against 42): where many stars start on
goals (classic 48), the squares run out inside the goal room and the plan
parks stars all over the start area.

Sometimes no star can be pulled out: the room is filled through a square
that must itself hold a star for a while (a star *parked* there lets the
player stand behind the next one). Backwards, a star is then pulled to a
parking square that lets another star out, and stays there until it can be
pulled out in turn. Forwards, that is a step that fills the parking square,
and a later step that takes the star from it to its goal and so *releases*
the parking square. A parking square is out of the way if it can be (not in
a corridor or a doorway); and when no parking lets another star out at once,
the star that can go farthest is parked all the same, since a room packed
tight may open only after a few stars have waited outside. A parking that
leads nowhere is taken back and the next tried, depth first (after YASS's
planner), within a budget. Never on a square no star can be pushed to from
where stars start: pulled backwards a star gets there, forwards none ever
does, and the plan's first step would wait for it for ever (classic level 35
parked two stars so, in a room below its goals; parked where a star can go,
the packing-order search alone solves it in 8,245 positions, and not in
60,000 before). Without a plan for the rest, the goals left form one first
step, in any order.

Playing the end backwards also shows where some stars must come from. A
goal whose star, at its step, can be pulled out to one start square only
can only be filled late by the star starting there (or by one brought there
first): that star is *kept back* for it (:attr:`PackingPlan.reserves`). The
star nearest the goal room is often such a star, and the first one a search
would send in (on classic level 31, the only star that can fill the goal by
the door once the goals round it are filled; YASS's solution leaves it
where it is until push 301 of 314). Only plans without parking have them.

The feature search (:mod:`.feature_search`) ranks positions by how far the
plan has come (:meth:`PackingPlan.standing`): a plan never forbids a push,
it only says which positions to look at first.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from ..bitboard import Board, areas, flood, lone_star_search, squares_of
from .kept import KeptAnswers

#: The most answers of :meth:`PackingPlan.standing` kept at once.
KEPT_STANDINGS = 100_000


@dataclass(frozen=True)
class Step:
    """One step of a plan: squares to fill (goals or parking squares), and parking squares it empties."""

    fill: int
    release: int = 0


@dataclass(frozen=True)
class PackingPlan:
    """The steps of filling the goals, first to fill first, squares as bitsets."""

    steps: tuple[Step, ...]
    #: (start square, goal) for each goal whose star can only come from that start square.
    reserves: tuple[tuple[int, int], ...] = ()

    @cached_property
    def squares(self) -> int:
        """Every square some step fills: the goals, and the parking squares."""
        squares = 0
        for step in self.steps:
            squares |= step.fill
        return squares

    @property
    def fills(self) -> int:
        """The most squares :meth:`standing` counts filled: a square parked on twice counts twice."""
        return sum(step.fill.bit_count() for step in self.steps)

    @cached_property
    def _parked(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each step, the parking squares holding a star then: (the square as a bitset, its goal).

        A square is parked from the step that fills it to the step before the
        one that releases it, whose goal the parked star goes on to.
        """
        parked: list[list[tuple[int, int]]] = [[] for _ in self.steps]
        for released_at, step in enumerate(self.steps):
            if not step.release:
                continue
            goal = step.fill.bit_length() - 1  # a releasing step fills the one goal
            filled_at = max(index for index in range(released_at) if self.steps[index].fill & step.release)
            for index in range(filled_at, released_at):
                parked[index].append((step.release, goal))
        return tuple(tuple(squares) for squares in parked)

    def kept_back(self, due: int) -> int:
        """The start squares whose stars are kept for goals not yet ``due`` (filled, or to fill next)."""
        kept = 0
        for square, goal in self.reserves:
            if not due >> goal & 1:
                kept |= 1 << square
        return kept

    @property
    def ordered(self) -> bool:
        """Whether the plan says anything: a single step allows any order."""
        return len(self.steps) > 1

    @cached_property
    def _standings(self) -> KeptAnswers[int, tuple[int, int, int]]:
        """:meth:`standing` worked out so far, by the plan's squares that hold stars."""
        return KeptAnswers(self._standing_of, KEPT_STANDINGS)

    def standing(self, stars: int) -> tuple[int, int, int]:
        """How far ``stars`` have come: (squares filled as planned, those squares, the squares to fill next).

        Steps count in order: every square of the steps done, then those of
        the first step not done. A star on a goal of a later step does not
        count: filling that goal early is what the plan is there to prevent.
        A parking square whose star has gone on to the goal it was parked for
        counts as filled until the step that releases it: the parking's step
        stays done.

        Only the stars on the plan's squares count, and a search asks for
        every child of every position: the answers are kept by those stars.
        """
        return self._standings[stars & self.squares]

    def _standing_of(self, stars: int) -> tuple[int, int, int]:
        """:meth:`standing`, worked out."""
        required = 0
        done = 0
        for step, parked in zip(self.steps, self._parked, strict=True):
            required = (required | step.fill) & ~step.release
            missing = required & ~stars
            if missing:
                for parking, goal in parked:
                    if stars >> goal & 1:
                        missing &= ~parking
            if missing:
                placed = required & stars
                return done + (step.fill & stars).bit_count(), placed, missing
            done += step.fill.bit_count()
        return done, required, 0


def largest_goal_room(board: Board) -> int:
    """The most goals joined side by side: the size of the level's biggest room of goals."""
    return max((room.bit_count() for room in areas(board.goals, board.goals, board.width)), default=0)


def plan_for(board: Board, stars: int, player: int, deadline: float = float("inf")) -> PackingPlan:
    """:func:`packing_plan`, kept with the board: the portfolio and its search both ask for it."""
    return board.known(PackingPlans).plan(stars, player, deadline)


class PackingPlans:
    """The plans of one board, by start (the stars and the player's square), kept with the board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._plans: dict[tuple[int, int], PackingPlan] = {}
        self._lock = threading.Lock()

    def plan(self, stars: int, player: int, deadline: float) -> PackingPlan:
        with self._lock:
            plan = self._plans.get((stars, player))
        if plan is None:
            plan = packing_plan(self.board, stars, player, deadline)
            if time.perf_counter() <= deadline:  # a plan cut short by the deadline is not kept
                with self._lock:
                    self._plans[(stars, player)] = plan
        return plan


def packing_plan(board: Board, stars: int, player: int, deadline: float = float("inf")) -> PackingPlan:
    """The plan for ``board`` with the stars starting on ``stars`` and the player on ``player``.

    Stops at ``deadline`` (a ``time.perf_counter`` reading) with the goals not
    yet placed in a step of their own, first.
    """
    planner = _Planner(board, stars, player, deadline)
    steps = tuple(planner.steps())
    return PackingPlan(steps, planner.reserves(steps))


#: Parking squares tried for each star when the plan is stuck: the farthest it can be pulled to.
PARKING_CHOICES = 4
#: Whether a star is parked in a corridor or a doorway when no other square lets another star out.
PARK_IN_DOORWAYS = True
#: Whether, when no parking square lets another star out at once, a star is parked all the same.
PARK_ANYWAY = True
#: Parking moves in one plan at most: each costs a search over many pulls.
MAX_PARKING = 8
#: Parkings tried in all, over every way of parking the planner tries.
PLAN_TRIES = 24


class _Planner:
    """Playing the end backwards: stars pulled out of the goals, last filled first."""

    def __init__(self, board: Board, stars: int, player: int, deadline: float) -> None:
        self.board = board
        self.deadline = deadline
        # The player comes from where the level starts: the floor joined to the start squares.
        self.seeds = stars | 1 << player
        starts = stars & ~board.goals
        # A level whose stars all start on goals: any square off the goals will do.
        self.starts = starts or board.floor & ~board.goals
        #: Squares a star is parked on only if nowhere else will do: corridors, doorways (goals never).
        self.in_the_way = board.goals | board.cuts
        for tunnel in board.tunnels:
            self.in_the_way |= tunnel
        #: Parkings tried so far.
        self.tries = 0
        #: The plan that got furthest: (goals still holding a star, the squares, its steps last first).
        self.best: tuple[int, int, list[Step]] = (board.goals.bit_count(), board.goals, [])

    def steps(self) -> list[Step]:
        """The plan's steps, first to fill first (see :func:`packing_plan`)."""
        self._plan(self.board.goals, [], 0)
        _, left, last_first = self.best
        steps = [Step(left)] if left else []
        steps.extend(reversed(last_first))
        return steps

    def reserves(self, steps: tuple[Step, ...]) -> tuple[tuple[int, int], ...]:
        """(start square, goal) for each goal whose star, at its step, comes out to that start square only.

        Taken last step first, as the plan was made: the goals of the steps
        before stay filled. A start square several goals would keep is kept
        for the one filled last, the longest wait; a plan with parking keeps none.
        """
        if any(step.release for step in steps):
            return ()
        left = self.board.goals
        kept: dict[int, int] = {}
        for step in reversed(steps):
            for goal in squares_of(step.fill):
                reached = self._pulls(goal, left & ~(1 << goal), 0, first=False)
                starts = [square for square in reached if self.starts >> square & 1]
                if len(starts) == 1:
                    kept.setdefault(starts[0], goal)
            left &= ~step.fill
        return tuple(kept.items())

    def _plan(self, left: int, last_first: list[Step], parkings: int) -> bool:
        """Take the stars on ``left`` out, after ``last_first``; whether all of them came out.

        Every star that can be pulled out goes, a step at a time; when none
        can, a star is parked, each parking worth trying in turn until the
        rest comes out (depth first, :data:`PLAN_TRIES` parkings in all). The
        furthest any of them got is kept in :attr:`best`.
        """
        mark = len(last_first)
        try:
            while left and time.perf_counter() < self.deadline:
                out = 0
                for star in squares_of(left):
                    if self._comes_out(star, left):
                        out |= 1 << star
                if not out:
                    break
                last_first.append(Step(out))
                left &= ~out
            still = (left & self.board.goals).bit_count()
            if still < self.best[0]:
                self.best = (still, left, list(last_first))
            if not left:
                return True
            if parkings >= MAX_PARKING:
                return False
            for goal, square in self._parkings(left):
                if self.tries >= PLAN_TRIES or time.perf_counter() > self.deadline:
                    return False
                self.tries += 1
                # Forwards: the star goes from the parking square to the goal, which empties the square.
                last_first.append(Step(1 << goal, release=1 << square))
                if self._plan(left & ~(1 << goal) | 1 << square, last_first, parkings + 1):
                    return True
                last_first.pop()
            return False
        finally:
            del last_first[mark:]  # as it came: the caller tries its next parking from there

    def _parkings(self, left: int) -> Iterator[tuple[int, int]]:
        """Stars of ``left`` and squares off the goals to park them on, the likeliest first.

        First those after which another star gets out: never a corridor or a
        doorway, which a star standing there would block, if anywhere else
        will do; else anywhere off the goals (the door of a corridor of goals,
        say, may be the only square to wait on). Then, for a room no single
        parking opens (its stars come out only after two or three have waited
        outside), each star on the farthest square it can be pulled to (YASS
        parks the same way); but only once some goal has been emptied: a room
        no star at all comes out of is no room filled in order, and its level
        is left to the other searches (:func:`.portfolio.is_warehouse`).
        """
        goals = self.board.goals
        pulled = {
            star: self._pulls(star, left & ~(1 << star), 0, first=False) for star in squares_of(left & goals)
        }
        offered = set()  # each parking once, though it may be found both ways
        # Never a square no star can get to: first none in a corridor or doorway, then any off the goals.
        unfit, on_goals = self.in_the_way | self.unreachable, goals | self.unreachable
        for in_the_way in (unfit, on_goals) if PARK_IN_DOORWAYS else (unfit,):
            for star, reached in pulled.items():
                others = left & ~(1 << star)
                for square in self._farthest(reached, in_the_way)[:PARKING_CHOICES]:
                    if (star, square) in offered:
                        continue
                    after = others | 1 << square
                    if any(self._comes_out(other, after) for other in squares_of(others)):
                        offered.add((star, square))
                        yield star, square
        if PARK_ANYWAY and left & goals != goals:
            farthest = []
            for star, reached in pulled.items():
                squares = self._farthest(reached, unfit) or self._farthest(reached, on_goals)
                if squares and (star, squares[0]) not in offered:
                    out_of_the_way = not self.in_the_way >> squares[0] & 1
                    farthest.append((out_of_the_way, reached[squares[0]], star, squares[0]))
            for *_, star, square in sorted(farthest, reverse=True):
                yield star, square

    @cached_property
    def unreachable(self) -> int:
        """Squares no star can be pushed to from where stars start, even on an empty board.

        Never a parking square: the star parked there would have come from nowhere.
        Pulled backwards it gets there, but it can never be pulled out again to a
        start square, and forwards the plan's first step would wait for it for ever.
        """
        board = self.board
        pushable = self.starts
        for start in squares_of(self.starts):
            free = board.floor & ~(1 << start)
            found = lone_star_search(start, free, board.floor, board.width, several_areas=True)
            pushable |= sum(1 << square for square in found.reached)
        return board.floor & ~pushable

    def _comes_out(self, star: int, left: int) -> bool:
        """Whether the star on ``star`` can be pulled to a start square, the rest of ``left`` staying."""
        return bool(self._pulls(star, left & ~(1 << star), self.starts, first=True))

    @staticmethod
    def _farthest(reached: dict[int, int], in_the_way: int) -> list[int]:
        """The squares of ``reached`` not ``in_the_way``, farthest first (out of the way of the rest)."""
        return sorted(
            (square for square in reached if not in_the_way >> square & 1),
            key=lambda square: -reached[square],
        )

    def _pulls(self, star: int, others: int, targets: int, *, first: bool) -> dict[int, int]:
        """Where the star on ``star`` can be pulled to, ``others`` staying put: square -> pulls.

        With ``first``, stops at the first square of ``targets`` reached (and
        returns only it), or returns nothing. Breadth-first over pulls of one
        star; the player begins on the floor joined to where the level starts,
        which may be several areas.
        """
        board = self.board
        free = board.floor & ~others
        reach = flood(self.seeds & free & ~(1 << star), free & ~(1 << star), board.width)
        found = lone_star_search(
            star, reach, free, board.width, pulling=True, targets=targets if first else 0, several_areas=True
        )
        if first:
            return {found.target: len(found.route)} if found.target >= 0 else {}
        return found.reached
