"""The solver's help in the window: hints, whole solutions, deadlock warnings.

Searching runs in the background (``app.tasks``) so the window never
freezes; a move, undo or a second press cancels it. A solution found once is
remembered for every position along it, so a player who follows a hint gets
the next one at once, and "play the solution" after a hint needs no search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from ...core import Direction, Level, State
from ...history import History
from ...solver import Outcome, SolveResult, dead_squares, deadlocked_stars, solve
from ..kit.tasks import CancelToken, Task
from ..kit.window import Window
from .art import Geometry

#: How long the solver may think for a hint or a solution, and how much memory it may take.
SEARCH_SECONDS = 20.0
SEARCH_MEMORY_MB = 512

HINT = "hint"
SOLUTION = "solution"
_TASK_NAMES = {HINT: "Looking for a hint", SOLUTION: "Looking for a solution"}


class AssistedScene(Protocol):
    """The scene the assistant helps: its window, its history, and how it plays a solution."""

    # Read-only here, so that a scene whose window is a :class:`Window` subclass fits.
    @property
    def app(self) -> Window: ...

    history: History[State]

    def play_moves(self, moves: str, message: str, *, helped: bool = False) -> None: ...


class Assistant:
    """Solver help for the level a play scene shows."""

    def __init__(self, scene: AssistedScene, level: Level) -> None:
        self.scene = scene
        self.level = level
        #: Squares from which no star can ever reach a goal: shown faintly on the board.
        self.dead = dead_squares(level)
        #: Stars caught in a simple deadlock in the current position (marked on the board).
        self.stuck: frozenset[int] = frozenset()
        #: The rest of a known solution from each position along it.
        self._plan: dict[State, str] = {}
        #: The moves up to and including the hinted push, from the position the hint is for.
        self.hint: tuple[State, str] | None = None
        self._task: Task | None = None
        self._task_kind = HINT

    # -- asking ----------------------------------------------------------------

    @property
    def searching(self) -> bool:
        return self._task is not None

    def ask(self, kind: str) -> None:
        """A hint or the whole solution from the current position; a second hint press cancels."""
        if self._task is not None:
            asked = self._task_kind
            self.cancel()
            if kind == asked == HINT:
                self.scene.app.say("Hint cancelled.", 2)
                return
        if kind == HINT and self.hint is not None:
            self.hint = None  # pressing H on a shown hint hides it
            return
        state = self.scene.history.state
        if self.level.is_solved(state):
            return
        known = self._plan.get(state)
        if known is not None:
            self._use(kind, state, known)
            return
        if self.stuck:
            self.scene.app.say("No solution from here: the marked stars are stuck. Undo with Z.")
            return
        self._search(kind, state)

    def _search(self, kind: str, state: State) -> None:
        level = self.level

        def work(token: CancelToken) -> SolveResult:
            return solve(
                level, state, time_limit=SEARCH_SECONDS, memory_limit_mb=SEARCH_MEMORY_MB, cancel=token.event
            )

        def done(result: SolveResult) -> None:
            self._task = None
            if self.scene.history.state == state:  # else the player moved on; the answer is stale
                self._answer(kind, state, result)

        def failed(error: BaseException) -> None:
            self._task = None
            self.scene.app.say(f"The solver failed: {error}")

        self._task_kind = kind
        self._task = self.scene.app.tasks.submit(_TASK_NAMES[kind], work, done, failed)

    def cancel(self) -> None:
        """Stop a search nobody waits for any more (the player moved, undid, left)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self.scene.app.dirty = True

    def _answer(self, kind: str, state: State, result: SolveResult) -> None:
        say = self.scene.app.say
        if result.solved:
            self._remember(state, result.moves)
            self._use(kind, state, result.moves)
        elif result.status is Outcome.UNSOLVABLE:
            if state == self.level.start:
                say("This level has no solution: the solver searched every position.", 8)
            else:
                say("No solution from here: this position cannot be solved. Undo with Z.", 8)
        elif result.status is Outcome.TIMEOUT:
            say(f"No solution found in {SEARCH_SECONDS:g} seconds. Try from a position nearer the end.", 8)
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
            self.scene.play_moves(moves, message, helped=True)
            return
        first_push = _first_push(moves)
        self.hint = (state, first_push)
        direction = self.hinted_push()[1]
        walk = len(first_push) - 1
        where = f"after {walk} step{'s' if walk != 1 else ''}" if walk else "from where you stand"
        self.scene.app.say(f"Hint: push the marked star {direction.name.lower()}, {where}.", 6)
        self.scene.app.dirty = True

    # -- the position changed ----------------------------------------------------------------

    def position_changed(self, *, pushed: bool) -> None:
        """After a move, undo or redo: drop a stale hint, look for deadlocks."""
        state = self.scene.history.state
        if self.hint is not None and self.hint[0] != state:
            self.hint = None
        before = self.stuck
        self.stuck = deadlocked_stars(self.level, state)
        if pushed and self.stuck and not before:
            stars = "The marked stars are" if len(self.stuck) > 1 else "The marked star is"
            self.scene.app.say(f"Deadlock! {stars} stuck for good: undo with Z.", 6)

    # -- the picture ----------------------------------------------------------------

    def hinted_push(self) -> tuple[int, Direction]:
        """The star the hint pushes and which way."""
        assert self.hint is not None
        state, moves = self.hint
        for letter in moves[:-1]:
            state = self.level.move(state, Direction.from_letter(letter))[0]
        direction = Direction.from_letter(moves[-1])
        star = self.level.neighbour(state.player, direction)
        assert star is not None, "a hint ends with a push, so a star stands beside the player"
        return star, direction

    def overlay_key(self) -> tuple[object, ...]:
        """What the marks drawn over the board depend on: the frame is redrawn whole when it changes."""
        return (self.stuck, self.hint)

    def draw(
        self, surface: pygame.Surface, square_center: Callable[[int], tuple[int, int]], geometry: Geometry
    ) -> None:
        """Deadlocked stars ringed in red; the hinted push as footprints and an arrow beside the star."""
        width = geometry.width
        radius = max(4, round(geometry.step * (0.5 if geometry.flat else 0.55)))
        for star in self.stuck:
            x, y = square_center(star)
            if not geometry.flat:
                y -= geometry.step // 4  # the star stands up from its square
            pygame.draw.circle(surface, (20, 0, 0), (x, y), radius + 2, max(2, width // 14))
            pygame.draw.circle(surface, (235, 40, 40), (x, y), radius, max(2, width // 18))
        if self.hint is None:
            return
        state, moves = self.hint
        for letter in moves[:-1]:  # footprints of the walk to the push
            state = self.level.move(state, Direction.from_letter(letter))[0]
            x, y = square_center(state.player)
            pygame.draw.circle(surface, (40, 30, 10), (x, y), max(2, width // 12) + 1)
            pygame.draw.circle(surface, (255, 214, 60), (x, y), max(2, width // 12))
        star, direction = self.hinted_push()
        beyond = self.level.neighbour(star, direction)
        if beyond is not None:  # always, for a legal push: the square the star will go to
            _draw_arrow(surface, square_center(beyond), direction, width)


def _first_push(moves: str) -> str:
    for index, letter in enumerate(moves):
        if letter.isupper():
            return moves[: index + 1]
    return moves


def _draw_arrow(surface: pygame.Surface, center: tuple[int, int], direction: Direction, width: int) -> None:
    """A fat golden arrow on the square the star goes to, pointing the way: the star stays in sight."""
    size = width * 0.38
    dx, dy = direction.dx, direction.dy
    cx, cy = center

    def point(along: float, across: float) -> tuple[float, float]:
        return (cx + dx * along - dy * across, cy + dy * along + dx * across)

    shape = [
        point(size, 0),
        point(0.1 * size, 0.75 * size),
        point(0.1 * size, 0.32 * size),
        point(-size, 0.32 * size),
        point(-size, -0.32 * size),
        point(0.1 * size, -0.32 * size),
        point(0.1 * size, -0.75 * size),
    ]
    pygame.draw.polygon(surface, (255, 214, 60), shape)
    pygame.draw.polygon(surface, (60, 30, 0), shape, max(2, width // 20))
