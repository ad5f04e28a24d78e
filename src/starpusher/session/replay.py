"""A solution replayed step by step over the game: play, pause, step back and forth, speed, take over.

A replay is watched, not played: its history is the solution's
(:func:`solution_history`), so stepping back and forward are undo and redo
and any point can be reached, while the player's game waits untouched.
Taking over goes on from the replay's position as the player's own game
(:meth:`~starpusher.session.PlaySession.take_over`: undo takes it back).
Each front end shows it its own way (the window animates each move, the
terminal redraws the board) and binds its keys to these verbs.
"""

from __future__ import annotations

from ..core import Direction, Level, State, count_pushes
from ..history import History

#: Moves per second a replay plays at first, and the bounds of slower and faster.
START_SPEED = 8.0
SPEED_RANGE = (1.0, 64.0)


def solution_history(level: Level, moves: str) -> History[State]:
    """The solution as a history at its start: redo plays it, undo takes it back."""
    history = History(level.start, level.apply)
    state = level.start
    for letter in moves:
        state, played = level.move(state, Direction.from_letter(letter))  # the board says push or walk
        history.record(played, state)
    history.go_to(0)
    return history


class Replay:
    """A solution of ``level`` being watched, and where the watching is."""

    def __init__(self, level: Level, moves: str, label: str, *, helped: bool = False) -> None:
        """``helped``: someone else's solution (a known one), so taking it over is solving with help."""
        self.level = level
        self.label = label
        self.helped = helped
        self.history = solution_history(level, moves)
        self.playing = True
        self.speed = START_SPEED

    @property
    def total(self) -> int:
        return len(self.history.entries)

    @property
    def position(self) -> int:
        return self.history.position

    @property
    def state(self) -> State:
        return self.history.state

    def play_pause(self) -> None:
        """Play or pause; at the end, play starts again from the beginning."""
        if self.position == self.total:
            self.history.go_to(0)
        self.playing = not self.playing

    def forward(self) -> str | None:
        """One move forward: the move played (a LURD letter), or None at the end."""
        if self.position >= self.total:
            return None
        letter = self.history.entries[self.position]
        self.history.redo()
        return letter

    def step_forward(self) -> None:
        """A move forward by hand: the replay pauses."""
        self.playing = False
        self.forward()

    def back_a_move(self) -> None:
        self.playing = False
        self.history.undo()

    def first(self) -> None:
        self.playing = False
        self.history.go_to(0)

    def last(self) -> None:
        self.playing = False
        self.history.go_to(self.total)

    def change_speed(self, factor: float) -> str:
        """Play ``factor`` times as fast (within :data:`SPEED_RANGE`); what to tell the player."""
        low, high = SPEED_RANGE
        self.speed = max(low, min(high, self.speed * factor))
        moves = "move" if self.speed == 1 else "moves"
        return f"Replay at {self.speed:g} {moves} a second."

    @property
    def moves(self) -> str:
        """The moves up to where the replay is: what taking over plays as the player's."""
        return self.history.moves

    def where(self) -> str:
        """'playing', 'paused' or 'at the end'."""
        if self.playing:
            return "playing"
        return "at the end" if self.position == self.total else "paused"

    def counts(self) -> str:
        """'Move 12 of 40   Pushes 3'."""
        return f"Move {self.position} of {self.total}   Pushes {count_pushes(self.history.moves)}"
