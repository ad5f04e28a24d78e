"""What is known about the level being edited: its problems once editing pauses, then the solver's verdict.

After each edit the judge waits :data:`CHECK_PAUSE` seconds (a run of clicks
is checked once, not click by click), then asks the :class:`~.session.EditSession`
what keeps its sketch from being a level. A sketch that is a level goes to the
solver (:class:`~.verdict.Judging`, a child process) through the front end's
task runner; the next edit cancels it. Verdicts are kept for the boards seen
last, so undo brings one back at once, with the best counts the store knows of
that level. Nothing here draws: :meth:`Judge.messages` says what to show, and
in which tone, and the front end chooses the colours.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

from ..background import Task, TaskRunner
from ..core import Level
from ..store import KnownSolutionKeeper, LevelKeeper, Solution
from .checks import Problem
from .session import EditSession
from .sketch import Sketch
from .verdict import Judging, Verdict

#: Seconds without an edit before the sketch is checked and sent to the solver.
CHECK_PAUSE = 0.35
#: Verdicts kept for boards seen before (undo brings them back at once).
VERDICTS_KEPT = 64
#: What the front end's spinner says while the solver thinks.
TASK_NAME = "Solving your level"

#: How the judge tells the player something: a one-line message and how many seconds it matters.
Say = Callable[[str, float], object]
#: The solutions the store knew of a level judged, and the fewest pushes proven before (if any).
Known = tuple[list[Solution], int | None]


class Remembers(LevelKeeper, KnownSolutionKeeper, Protocol):
    """What the judge asks the store: the player's bests of a level, and its known solutions."""


class Tone(Enum):
    """What kind of line a message is: the front end gives each its colour."""

    #: Not checked yet: editing has not paused.
    WAITING = "waiting"
    PROBLEM = "problem"
    #: Something to know: the solver thinking, the difficulty.
    NOTE = "note"
    SOLVABLE = "solvable"
    #: No solution exists, or none was found.
    NOT_SOLVED = "not solved"


class Judge:
    """The checks and the solver's verdict for one edit session, worked out when editing pauses."""

    def __init__(
        self,
        session: EditSession,
        keeper: Remembers,
        tasks: TaskRunner,
        say: Say,
        *,
        worker: type[Judging] = Judging,
    ) -> None:
        self.session = session
        self.keeper = keeper
        self.tasks = tasks
        self.say = say
        #: What works out verdicts (a child process; ``bench/bench_editor.py`` compares a thread).
        self.worker = worker
        #: The sketch whose problems and verdict are shown, and those problems.
        self.checked: Sketch | None = None
        self.problems: list[Problem] = []
        self.verdicts: dict[Sketch, Verdict] = {}
        #: Per sketch judged, the solutions the store knew of its level, and the fewest pushes proven.
        self.known: dict[Sketch, Known] = {}
        #: Called when a verdict comes (the front end draws again).
        self.on_verdict: Callable[[], object] = lambda: None
        self._task: Task | None = None
        self._pause = 0.0

    @property
    def sketch(self) -> Sketch:
        return self.session.sketch

    @property
    def verdict(self) -> Verdict | None:
        return self.verdicts.get(self.sketch)

    @property
    def judging(self) -> bool:
        """Whether the solver is working on the sketch now."""
        return self._task is not None

    @property
    def up_to_date(self) -> bool:
        """Whether what is shown was worked out for the sketch as it is."""
        return self.checked == self.sketch

    def changed(self) -> None:
        """The sketch changed (an edit, undo, redo): the solver stops, and the checks wait for a pause."""
        self.cancel()
        self._pause = CHECK_PAUSE

    def due_in(self) -> float | None:
        """Seconds until the sketch is checked; None when it is, up to date."""
        return None if self.up_to_date else max(0.0, self._pause)

    def update(self, dt: float) -> bool:
        """``dt`` seconds without an edit went by; True when the sketch was checked just now."""
        if self.up_to_date:
            return False
        self._pause -= dt
        if self._pause > 0:
            return False
        self.check()
        return True

    def check(self) -> None:
        """Find what keeps the sketch from being a level; a level goes to the solver."""
        self.checked = self.sketch
        self.problems = self.session.problems()
        level = self.session.level()
        if level is not None and self.sketch not in self.verdicts:
            self._judge(level)

    def _judge(self, level: Level) -> None:
        sketch = self.sketch
        judging = self.worker(level)

        def done(verdict: Verdict | None) -> None:
            self._task = None
            if verdict is not None:
                if len(self.verdicts) >= VERDICTS_KEPT:
                    oldest = next(iter(self.verdicts))
                    self.known.pop(oldest, None)
                    self.verdicts.pop(oldest)
                self.verdicts[sketch] = verdict
                self.known[sketch] = self.known_solutions(level)
                self.on_verdict()

        def failed(error: BaseException) -> None:
            self._task = None
            self.say(f"The solver failed: {error}", 5)

        self._task = self.tasks.submit(TASK_NAME, lambda token: judging.run(token.event), done, failed)

    def known_solutions(self, level: Level) -> Known:
        """The level's solutions the store keeps (the player's bests, the known ones), and the fewest
        pushes proven before, if any: the verdict gives the best counts of all it knows."""
        kept = self.keeper.progress_of([level])[0]
        solutions = [best for best in (kept.best_moves, kept.best_pushes) if best is not None]
        known = self.keeper.known_solutions(level)
        solutions += list(known)
        fewest = known.by_pushes.pushes if known.by_pushes is not None and known.by_pushes.optimal else None
        return solutions, fewest

    def cancel(self) -> None:
        """Stop the solver (the sketch changed, or the editor closes)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def messages(self) -> list[tuple[str, Tone]]:
        """What the editor says about the sketch: its problems, else the solver's verdict."""
        if not self.up_to_date:
            return [("…", Tone.WAITING)]
        if self.problems:
            return [(problem.message, Tone.PROBLEM) for problem in self.problems[:2]]
        verdict = self.verdict
        if verdict is None:
            return [("A level! The solver is thinking…", Tone.NOTE)]
        tone = Tone.SOLVABLE if verdict.solvable else Tone.NOT_SOLVED
        lines = [(verdict.describe(*self.known.get(self.sketch, ((), None))) + ".", tone)]
        if verdict.solvable:
            lines.append((f"Difficulty: {verdict.difficulty()}.   T plays it.", Tone.NOTE))
        return lines
