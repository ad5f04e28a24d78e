"""Reverse mode of a level's game: V plays it backwards, pulling the stars from their goals.

The rules are :mod:`starpusher.core.reverse`'s; the reverse game has a history
of its own (undo, restart and snapshots work on it as on the forward game),
and the session swaps the two when the mode changes. When the stars meet the
start, the pulls turned around are checked by the forward rules and kept like
any solve, and the forward game shows them played out. :class:`PlaysBackwards`
is a part of :class:`~.play.PlaySession` kept apart so that the session stays
one screen of reading.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Level, StarPusherError, State
from ..core.reverse import REVERSE_MARK, ReverseRules
from ..history import History
from .assist import Assistant
from .common import MoveQueue, Say, counts_text


class PlaysBackwards:
    """The reverse game beside the forward one, and the swap between them."""

    level: Level
    say: Say
    queue: MoveQueue
    assistant: Assistant
    history: History[State]
    solved: bool
    solved_note: str
    #: The rules played backwards while reverse mode is on (None: forward play).
    reverse: ReverseRules | None
    #: The forward game while reverse mode is on, and the reverse game while it is off.
    _other_history: History[State] | None
    _solver_positions: set[int]
    _other_solver_positions: set[int]
    # The session's own verbs, which reverse mode uses as they are.
    stop_playing: Callable[[], None]
    save: Callable[[], None]
    continue_with: Callable[..., None]
    _arrived: Callable[..., None]
    _restart: Callable[[], None]
    _mark_entry: Callable[..., None]
    _celebrate: Callable[[], None]

    def toggle_reverse(self) -> None:
        """V: play backwards from the solved position, or go back to forward play; each keeps its game."""
        if self.reverse is None:
            self._enter_reverse()
        else:
            self._leave_reverse()

    def go_back_to(self, text: str) -> None:
        """Play a kept game (``kept_text``) as the player's, in the mode it was kept in (undo returns)."""
        backwards = text.startswith(REVERSE_MARK)
        if backwards != (self.reverse is not None):
            if backwards and not self._enter_reverse():
                return
            if not backwards:
                self._leave_reverse()
        rules = self.reverse if self.reverse is not None else self.level
        moves = History.from_text(rules.start, rules.apply, text.removeprefix(REVERSE_MARK)).moves
        self.continue_with(moves)

    def _enter_reverse(self) -> bool:
        try:
            rules = ReverseRules(self.level)
        except StarPusherError as error:
            self.say(f"No reverse mode here: {error}.", 4)
            return False
        self.stop_playing()
        self.assistant.cancel()
        self.queue.clear()
        self.save()
        self.reverse = rules
        if self._other_history is None:
            self._other_history = History(rules.start, rules.apply)
        self._swap_games()
        self.solved = False
        self.say("Reverse mode: pull the stars from their goals to where they start. V plays forward.", 6)
        return True

    def _leave_reverse(self) -> None:
        assert self._other_history is not None
        self.queue.clear()
        self.reverse = None
        self._swap_games()
        self._arrived(moved=True)
        self.say("Forward play again: your game as you left it. V plays backwards.", 4)

    def _swap_games(self) -> None:
        """Show the other game (forward or reverse): its history and which of its moves the solver played."""
        assert self._other_history is not None
        self.history, self._other_history = self._other_history, self.history
        other = self._other_solver_positions
        self._solver_positions, self._other_solver_positions = other, self._solver_positions

    def _reverse_solved(self) -> None:
        """The stars met the start: the pulls, turned around and checked, are the forward game's solve."""
        assert self.reverse is not None
        try:
            solution = self.reverse.forward_solution(self.history.moves)
        except StarPusherError as error:  # cannot happen by the rules: say it rather than lose the game
            self.say(f"The reverse solve did not turn into a solution: {error}.", 6)
            return
        self.queue.clear()
        self.reverse = None
        self._swap_games()
        self._restart()
        for letter in solution:
            self.history.play(letter)
            self._mark_entry(by_solver=False)
        self.assistant.position_changed(pushed=False)
        self._celebrate()
        self.solved_note = f"Solved backwards: {self.solved_note[:1].lower()}{self.solved_note[1:]}"
        self.say(f"Solved backwards! Turned around it is {counts_text(solution)}, kept like any solve.", 6)
