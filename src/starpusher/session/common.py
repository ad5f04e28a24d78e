"""What both games' sessions share: moves waiting their turn, and the way a session speaks.

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
