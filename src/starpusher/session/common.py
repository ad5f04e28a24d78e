"""What both games' sessions share: moves waiting their turn, the solver's help, the clock, and how a
session speaks.

A front end hands a session moves faster than it shows them (keys pressed
during an animation, a mouse path, a solution): they wait in a
:class:`MoveQueue` and the front end takes them one at a time, when it is ready
to show the next. Moves handed over all at once to play by themselves (the
solver's solution, pasted moves) are marked as such: the front end paces
them, and a move key stops them instead of joining them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from ..background import Task, TaskRunner
from ..core import count_pushes
from ..core.words import plural
from ..history import History
from .timing import AWAY, WAITING, PlayClock

#: How a session tells the player something: a one-line message and how many seconds it matters.
Say = Callable[[str, float], object]


class MoveQueue:
    """Moves waiting to be played, oldest first (a LURD letter each, or a click's letters in Fifteen)."""

    def __init__(self) -> None:
        self._moves: deque[str] = deque()
        #: How many moves were handed over to play by themselves, while they play; None otherwise.
        self.autoplay: int | None = None
        #: Whether the moves playing by themselves are the solver's: a solve with them is "with help".
        self.helped = False

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[str]:
        return iter(self._moves)

    def add(self, moves: str) -> None:
        """The player's own moves (one entry)."""
        self._moves.append(moves)

    def add_each(self, moves: str) -> None:
        """The player's own moves, a letter an entry (a mouse path)."""
        self._moves.extend(moves)

    def play_by_themselves(self, moves: str, *, helped: bool) -> None:
        """Replace what waits with ``moves``, a letter an entry, to be played without the player."""
        self._moves.clear()
        self._moves.extend(moves)
        self.autoplay = len(moves)
        self.helped = helped

    def pop(self) -> str:
        return self._moves.popleft()

    def clear(self) -> None:
        self._moves.clear()

    def finish(self) -> None:
        """Once nothing waits, moves no longer play by themselves."""
        if not self._moves:
            self.autoplay = None

    def stop(self) -> bool:
        """Forget what waits; True when that stopped moves playing by themselves."""
        stopped = self.autoplay is not None and bool(self._moves)
        self._moves.clear()
        self.autoplay = None
        return stopped


def counts_text(moves: str) -> str:
    """'14 moves, 1 push': the counts of a line of moves, in words."""
    return f"{plural(len(moves), 'move')}, {plural(count_pushes(moves), 'push', 'pushes')}"


HINT = "hint"
SOLUTION = "solution"


class Search:
    """The solver's help for a game: one search at a time in the background, for a hint or a solution."""

    def __init__(self, tasks: TaskRunner) -> None:
        self.tasks = tasks
        self._task: Task | None = None
        self._task_kind = HINT

    @property
    def searching(self) -> bool:
        return self._task is not None

    def cancel(self) -> None:
        """Stop a search nobody waits for any more (the player moved, undid, left)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _stop_asked(self) -> str | None:
        """Cancel the search under way, if any; what it was looking for (``HINT``, ``SOLUTION``)."""
        if self._task is None:
            return None
        asked = self._task_kind
        self.cancel()
        return asked

    def ask(self, kind: str) -> None:
        """A hint (``HINT``) or the solution played (``SOLUTION``), from the position shown."""
        raise NotImplementedError


class Session:
    """What a game's session does the same for every game: the queue, undo and redo, the solver's help,
    the clock."""

    queue: MoveQueue
    say: Say
    assistant: Search
    history: History[Any]
    timer: PlayClock

    def being_played(self, played: bool) -> None:
        """The front end shows the game to be played (True), or something else over it or instead
        (False: a list, the help, the title, another window in front): the clock runs only while it is."""
        self.timer.hold_if(AWAY, not played)

    def pause_while_waiting(self) -> None:
        """The player waiting for a hint or a solution is not playing: the clock waits too."""
        self.timer.hold_if(WAITING, self.assistant.searching)

    def undo(self) -> None:
        self._travel(self.history.undo)

    def redo(self) -> None:
        self._travel(self.history.redo)

    def _travel(self, change: Callable[[], object]) -> None:
        """Undo, redo, restart...: queued moves go first; a search for the position left is wasted."""
        self.stop_playing()
        before = self.history.state
        change()
        moved = self.history.state != before
        if moved:
            self.assistant.cancel()
        self._arrived(moved=moved)

    def _arrived(self, *, moved: bool) -> None:
        """After undo, redo or restart (``moved``: to another position): the game checks where it is."""

    def stop_playing(self) -> None:
        """Forget the moves still queued (the player took over)."""
        if self.queue.stop():
            self.say("Stopped.", 2)

    def hint(self) -> None:
        """H: the next move of a solution (a second press cancels, or hides it)."""
        self._ask(HINT)

    def play_solution(self) -> None:
        """Shift+H: the solver plays the rest; a solve with it is "solved with help"."""
        self._ask(SOLUTION)

    def _ask(self, kind: str) -> None:
        if self.queue.autoplay is not None:
            self.stop_playing()
        self.assistant.ask(kind)
