"""The star the mouse chose in play, where it can go, and what a click on the board does.

A click walks the player to a square by a shortest path, or chooses a star:
every square it can be pushed to is marked (the window's blue dots, the
terminal's colons), and a click on one pushes the star there by the shortest
way the player can manage. The moves go to the session's queue like keys.
Every front end that has a mouse clicks through this: the window and the terminal.

The mouse never offers a push into a deadlock: a square where the star would
leave stars stuck for good (the deadlock check's "Deadlock!") is not marked,
and a click there is refused. The keys stay free to make any push.
A window may also drag a star: pressed on it, released on a square, the same
as a click on the star and then on the square.
"""

from __future__ import annotations

from ..core import Level, State
from ..solver import deadlocked_stars
from .paths import push_path, push_targets, walk_path
from .play import PlaySession


class StarChoice:
    """The chosen star (if any) of one level's game."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self._star: int | None = None
        #: Every square the chosen star can be pushed to safely (shown; a click there pushes it).
        self.targets: frozenset[int] = frozenset()
        #: Squares the chosen star could reach, but would be stuck there (not shown; refused).
        self.refused: frozenset[int] = frozenset()
        #: The star the button went down on, while it is held (a drag may push it), and
        #: whether it was the chosen star already (then a click forgets it).
        self._pressed: int | None = None
        self._was_chosen = False
        #: The square under the mouse while a star is chosen.
        self.hover: int | None = None

    @property
    def star(self) -> int | None:
        """The star the mouse chose, or None."""
        return self._star

    @star.setter
    def star(self, square: int | None) -> None:
        self._star = square
        self.targets = self.refused = frozenset()
        if square is not None:
            level, state = self.session.level, self.session.planned_state()
            reached = push_targets(level, state, square)
            self.refused = deadlocking(level, state, square, reached)
            self.targets = reached - self.refused

    def point_at(self, square: int | None) -> bool:
        """The mouse is over ``square``: whether the mark of where the chosen star would go moved."""
        if self.star is None or square == self.hover:
            return False
        self.hover = square
        return True

    def click(self, square: int | None) -> None:
        """Walk to a square, choose a star, or push the chosen star to a square (None: off the board)."""
        session, level = self.session, self.session.level
        if square is None or square not in level.interior:
            self.star = None
            return
        state = session.planned_state()
        if square in state.boxes:
            if session.reverse is not None:  # pulled by stepping away, never pushed to a square
                session.say("Backwards, a star comes along when you step away from it.", 3)
                return
            self.star = None if self.star == square else square
            return
        if self.star is not None:
            if square in self.refused:
                session.say("Not there: that push would leave stars stuck for good.", 3)
                return
            moves = push_path(level, state, self.star, square)
            self.star = None
            if moves is None:
                session.say("That star cannot be pushed there.", 3)
                return
        else:
            moves = walk_path(level, state, square)
            if moves is None:
                session.say("The player cannot get there.", 3)
                return
        session.follow_path(moves)

    def press(self, square: int | None) -> None:
        """The button went down on a square: a star is chosen (a drag may follow); else a click."""
        session = self.session
        if square is None or square not in session.planned_state().boxes or session.reverse is not None:
            self._pressed = None
            self.click(square)
            return
        self._pressed = square
        self._was_chosen = self.star == square
        self.star = square  # chosen while held, its dots shown: where to drag it

    def release(self, square: int | None) -> None:
        """The button came up: a star dragged to a square is pushed there, as by two clicks."""
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return  # the press was a click, done when the button went down
        if square == pressed:
            if self._was_chosen:
                self.star = None  # a click on the chosen star forgets it
        elif square is None or square not in self.session.planned_state().boxes:
            self.click(square)  # on a square pushes it there; off the board forgets it
        # dropped on another star: nothing happens, the star dragged stays chosen


def deadlocking(level: Level, state: State, star: int, targets: frozenset[int]) -> frozenset[int]:
    """The ``targets`` where the star on ``star``, pushed there, makes the deadlock the check calls.

    Only a new deadlock counts: in a position already stuck the player has
    been told so once, and every push is left to them.
    """
    if deadlocked_stars(level, state):
        return frozenset()
    others = state.boxes - {star}
    return frozenset(
        target for target in targets if deadlocked_stars(level, State(state.player, others | {target}))
    )
