"""The solver's help for one Star Pusher level: hints, whole solutions, deadlock warnings.

The session decides when to ask: a hint or a solution when the player asks
for one, a deadlock check after every move, undo and redo. Searching runs in
the background (a :class:`~starpusher.background.TaskRunner` of the front
end's), so the front end never freezes; a move, undo or a second press
cancels it. A solution found once is remembered for every position along it,
so a player who follows a hint gets the next one at once, and "play the
solution" after a hint needs no search. A solution played (Shift+H) is made
shorter by the optimizer for a moment first, and a solution made shorter
before (a known solution kept in the store) is played in preference. Front ends draw :attr:`Assistant.stuck`
and :meth:`Assistant.hinted_push`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ..background import CancelToken, TaskRunner
from ..core import Direction, Level, StarPusherError, State
from ..history import History
from ..optimize import optimize
from ..solver import Outcome, SolveResult, Solving, dead_squares, deadlocked_stars
from .common import HINT, SOLUTION, Say, Search
from .search_child import SearchChild

#: How long the solver may think for a hint or a solution, and how much memory it may take.
SEARCH_SECONDS = 20.0
SEARCH_MEMORY_MB = 512
#: How long the optimizer makes the solver's solution shorter before Shift+H plays it.
SHORTER_SECONDS = 1.5

_TASK_NAMES = {HINT: "Looking for a hint", SOLUTION: "Looking for a solution"}
#: The key that asks again (and, while the search runs, cancels it).
_CANCEL_KEYS = {HINT: "H", SOLUTION: "Shift+H"}


class AssistedGame(Protocol):
    """The game the assistant helps: its history, its voice, and how it plays a solution."""

    history: History[State]
    say: Say

    def play_moves(self, moves: str, message: str, *, helped: bool = False) -> None: ...

    def seen_way(self, direction: Direction) -> Direction:
        """The way the player sees a direction of the level (the board may be seen turned)."""
        ...


class PositionSearch(Protocol):
    """A search from one position that can be watched, stopped and continued: in this process
    (:class:`LocalSolving`) or in the level's child (:class:`.search_child.ChildSolving`)."""

    @property
    def state(self) -> State: ...

    @property
    def nodes(self) -> int: ...

    @property
    def seconds(self) -> float: ...

    @property
    def finished(self) -> bool: ...

    def run(self, time_limit: float, cancel: threading.Event | None = None) -> SolveResult: ...

    def shorter(
        self, result: SolveResult, seconds: float, cancel: threading.Event | None = None
    ) -> SolveResult: ...


class LocalSolving(Solving):
    """The solver's :class:`~starpusher.solver.Solving`, in a thread of this process."""

    def shorter(
        self, result: SolveResult, seconds: float, cancel: threading.Event | None = None
    ) -> SolveResult:
        """The solution made shorter by the optimizer for ``seconds`` (fewest pushes)."""
        return _shorter(self.level, self.state, result, seconds, cancel)


class Assistant(Search):
    """Solver help for the level a play session plays."""

    def __init__(
        self,
        game: AssistedGame,
        level: Level,
        tasks: TaskRunner,
        known: Sequence[str] = (),
        *,
        in_child: bool = False,
    ) -> None:
        """``known``: solutions of the level made shorter before, played in preference (the last first).
        ``in_child``: searches run in a child process of the level's (:mod:`.search_child`), so the
        front end keeps its frames; else in a thread of this process."""
        super().__init__(tasks)
        self.game = game
        self.level = level
        #: Squares from which no star can ever reach a goal: shown faintly on the board.
        self.dead = dead_squares(level)
        #: Stars caught in a simple deadlock in the current position (marked on the board).
        self.stuck: frozenset[int] = frozenset()
        #: The rest of a known solution from each position along it.
        self._plan: dict[State, str] = {}
        #: The moves up to and including the hinted push, from the position the hint is for.
        self.hint: tuple[State, str] | None = None
        #: The search for the position shown, kept when its time ran out or it was cancelled:
        #: asked again there, it carries on instead of starting again.
        self._solving: PositionSearch | None = None
        #: The child process that searches, when searches run in one.
        self.child = SearchChild(level, SEARCH_MEMORY_MB) if in_child else None
        for moves in known:
            self.learn(moves)

    def learn(self, moves: str) -> None:
        """A solution from the level's start to help with from now on, wherever the game is along it."""
        self._remember(self.level.start, moves)

    # -- asking ----------------------------------------------------------------

    def ask(self, kind: str) -> None:
        """A hint or the whole solution from the current position; a second press cancels the search."""
        say = self.game.say
        if kind == self._stop_asked():
            # Asked again, the search carries on from where it was cancelled.
            say("Hint cancelled." if kind == HINT else "Search for the solution cancelled.", 2)
            return
        if kind == HINT and self.hint is not None:
            self.hint = None  # pressing H on a shown hint hides it
            return
        state = self.game.history.state
        if self.level.is_solved(state):
            return
        known = self._plan.get(state)
        if known is not None:
            self._use(kind, state, known)
            return
        if self.stuck:
            say("No solution from here: the marked stars are stuck. Undo with Z.", 5)
            return
        self._search(kind, state)

    def _search(self, kind: str, state: State) -> None:
        solving = self._solving
        if solving is None or solving.state != state:
            solving = self._solving = self._new_search(state)
        going_on = solving.seconds > 0

        shortening = False

        def work(token: CancelToken) -> SolveResult:
            nonlocal shortening
            result = solving.run(SEARCH_SECONDS, cancel=token.event)
            if kind == SOLUTION and result.solved and not token.cancelled:
                shortening = True  # the solution played is the optimizer's, when it has a moment
                result = solving.shorter(result, SHORTER_SECONDS, token.event)
            return result

        def done(result: SolveResult) -> None:
            self._task = None
            if self.game.history.state == state:  # else the player moved on; the answer is stale
                self._answer(kind, state, result, solving)

        def failed(error: BaseException) -> None:
            self._task = None
            self.game.say(f"The solver failed: {error}", 5)

        def progress() -> str:
            if shortening:
                return f"Making the solution shorter ({_CANCEL_KEYS[kind]} cancels)"
            doing = f"{'Still looking' if going_on else _TASK_NAMES[kind]} ({_CANCEL_KEYS[kind]} cancels)"
            return f"{doing}: {solving.nodes:,} positions, {solving.seconds:.0f} s"

        self._task_kind = kind
        self._task = self.tasks.submit(_TASK_NAMES[kind], work, done, failed, describe=progress)

    def _new_search(self, state: State) -> PositionSearch:
        if self.child is not None:
            return self.child.search(state)
        return LocalSolving(self.level, state, memory_limit_mb=SEARCH_MEMORY_MB)

    def close(self) -> None:
        """The level is left: the search is stopped, and the child that searched ended."""
        self.cancel()
        self._solving = None
        if self.child is not None:
            self.child.close()

    def _answer(self, kind: str, state: State, result: SolveResult, solving: PositionSearch) -> None:
        say = self.game.say
        if solving.finished:
            self._solving = None
        if result.solved:
            self._remember(state, result.moves)
            self._use(kind, state, result.moves)
        elif result.status is Outcome.UNSOLVABLE:
            if state == self.level.start:
                say("This level has no solution: the solver searched every position.", 8)
            else:
                say("No solution from here: this position cannot be solved. Undo with Z.", 8)
        elif result.status is Outcome.TIMEOUT:
            key = _CANCEL_KEYS[kind]
            say(
                f"No solution found yet: {solving.nodes:,} positions in {solving.seconds:.0f} s."
                f" {key} again keeps looking from there.",
                10,
            )
        else:
            say("The solver ran out of room before it found a solution.", 8)

    def _remember(self, state: State, moves: str) -> None:
        """Keep the rest of the solution for every position along it."""
        for index, letter in enumerate(moves):
            self._plan[state] = moves[index:]
            state = self.level.move(state, Direction.from_letter(letter))[0]

    def _use(self, kind: str, state: State, moves: str) -> None:
        if kind == SOLUTION:
            self.hint = None
            message = "Playing the solution: undo (Z) takes it back, any move stops it."
            self.game.play_moves(moves, message, helped=True)
            return
        first_push = _first_push(moves)
        self.hint = (state, first_push)
        direction = self.game.seen_way(self.hinted_push()[1])
        walk = len(first_push) - 1
        where = f"after {walk} step{'s' if walk != 1 else ''}" if walk else "from where you stand"
        self.game.say(f"Hint: push the marked star {direction.name.lower()}, {where}.", 6)

    # -- the position changed ----------------------------------------------------------------

    def position_changed(self, *, pushed: bool) -> None:
        """After a move, undo or redo: drop a stale hint, look for deadlocks."""
        state = self.game.history.state
        if self.hint is not None and self.hint[0] != state:
            self.hint = None
        if self._solving is not None and self._solving.state != state:
            self._solving = None  # its tables are big: a search for a position left is dropped
        before = self.stuck
        self.stuck = deadlocked_stars(self.level, state)
        if pushed and self.stuck and not before:
            stars = "The marked stars are" if len(self.stuck) > 1 else "The marked star is"
            self.game.say(f"Deadlock! {stars} stuck for good: undo with Z.", 6)

    # -- what front ends show ----------------------------------------------------------------

    def hinted_push(self) -> tuple[int, Direction]:
        """The star the hint pushes and which way."""
        assert self.hint is not None
        state = self.hint_walk()[-1]
        direction = Direction.from_letter(self.hint[1][-1])
        star = self.level.neighbour(state.player, direction)
        assert star is not None, "a hint ends with a push, so a star stands beside the player"
        return star, direction

    def hint_walk(self) -> list[State]:
        """The positions of the walk to the hinted push, the hint's own first (its footprints)."""
        assert self.hint is not None
        state, moves = self.hint
        walk = [state]
        for letter in moves[:-1]:
            state = self.level.move(state, Direction.from_letter(letter))[0]
            walk.append(state)
        return walk

    def overlay_key(self) -> tuple[object, ...]:
        """What the marks drawn over the board depend on: the picture is redrawn whole when it changes."""
        return (self.stuck, self.hint)


def _shorter(
    level: Level, state: State, result: SolveResult, seconds: float, cancel: threading.Event | None
) -> SolveResult:
    """The solver's solution from ``state``, made shorter for ``seconds`` (fewest pushes)."""
    from_here = level if state == level.start else replace(level, start=state)
    try:
        shorter = optimize(from_here, result.moves, time_limit=seconds, cancel=cancel)
    except StarPusherError:  # pragma: no cover - the solver's moves always solve
        return result
    return replace(result, moves=shorter.moves, pushes=shorter.pushes)


def _first_push(moves: str) -> str:
    for index, letter in enumerate(moves):
        if letter.isupper():
            return moves[: index + 1]
    return moves
