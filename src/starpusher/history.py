"""The middle end: undo, redo and restart over immutable states, for every game.

A game hands :class:`History` its starting state and a function that applies
one move (a short string, such as a LURD letter) to a state. History keeps
every state reached, so undo and redo are instant and unlimited.

Restart is itself an entry, so it can be undone. A new move after some undos
drops the redo tail, as in every editor.

As text, a history is its entries in order, with ``!`` for a restart and
``|`` marking the current position when there is something to redo:
``rrUl!dd|Lu`` means the moves ``rrUl``, a restart, ``dd`` played, and ``Lu``
waiting to be redone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from .core.errors import NotationError

S = TypeVar("S")

RESTART = "!"
CURSOR = "|"


class History(Generic[S]):
    """A line of play that can be undone, redone and restarted."""

    def __init__(self, start: S, apply: Callable[[S, str], S]) -> None:
        self._apply = apply
        self._start = start
        self._entries: list[str] = []
        self._states: list[S] = [start]
        self._position = 0

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> S:
        return self._states[self._position]

    @property
    def start(self) -> S:
        return self._start

    @property
    def can_undo(self) -> bool:
        return self._position > 0

    @property
    def can_redo(self) -> bool:
        return self._position < len(self._entries)

    @property
    def position(self) -> int:
        """How many entries are played: 0 at the start, ``len(entries)`` with nothing to redo."""
        return self._position

    @property
    def entries(self) -> tuple[str, ...]:
        """Every entry, the redo tail included (``!`` for a restart)."""
        return tuple(self._entries)

    @property
    def states(self) -> tuple[S, ...]:
        """The start and the state after each entry, the redo tail included."""
        return tuple(self._states)

    @property
    def moves(self) -> str:
        """The moves that lead from the start to the current state (after the last restart)."""
        done = self._entries[: self._position]
        if RESTART in done:
            done = done[len(done) - done[::-1].index(RESTART) :]
        return "".join(done)

    # -- changing --------------------------------------------------------------

    def play(self, move: str) -> S:
        """Apply a move (the game's ``apply`` may raise); drop anything to redo."""
        new_state = self._apply(self.state, move)
        self._push(move, new_state)
        return new_state

    def record(self, move: str, new_state: S) -> S:
        """Add a move whose result the caller already computed (saves a second apply)."""
        self._push(move, new_state)
        return new_state

    def restart(self) -> S:
        """Back to the start, as a step that undo can take back.

        A no-op only when nothing was played since the start (or the last
        restart): walking back to the start square still leaves moves to count.
        """
        if self._position and self._entries[self._position - 1] != RESTART:
            self._push(RESTART, self._start)
        return self.state

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._position -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._position += 1
        return True

    def go_to(self, position: int) -> bool:
        """Undo or redo many entries at once, to ``position`` (clamped); whether anything changed."""
        position = max(0, min(len(self._entries), position))
        changed = position != self._position
        self._position = position
        return changed

    def _push(self, entry: str, new_state: S) -> None:
        del self._entries[self._position :]
        del self._states[self._position + 1 :]
        self._entries.append(entry)
        self._states.append(new_state)
        self._position += 1

    # -- text ------------------------------------------------------------------

    def to_text(self) -> str:
        done = "".join(self._entries[: self._position])
        if self.can_redo:
            return done + CURSOR + "".join(self._entries[self._position :])
        return done

    @classmethod
    def from_text(
        cls,
        start: S,
        apply: Callable[[S, str], S],
        text: str,
        *,
        split: Callable[[str], list[str]] = list,
    ) -> History[S]:
        """Rebuild a history from :meth:`to_text`, replaying every entry.

        ``split`` turns a run of moves into single moves (one letter each by
        default). Raises the game's own error if a move is illegal.
        """
        done, _, redo = text.partition(CURSOR)
        if CURSOR in redo:
            raise NotationError("history text has more than one '|'")
        history = cls(start, apply)
        for entry in _entries(done, split) + _entries(redo, split):
            if entry == RESTART:
                history._push(RESTART, start)
            else:
                history.play(entry)
        history._position = len(_entries(done, split))
        return history


def _entries(text: str, split: Callable[[str], list[str]]) -> list[str]:
    entries: list[str] = []
    for i, run in enumerate(text.split(RESTART)):
        if i:
            entries.append(RESTART)
        entries.extend(split(run))
    return entries
