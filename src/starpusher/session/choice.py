"""The star the mouse chose in play, where it can go, and what a click on the board does.

A click walks the player to a square by a shortest path, or chooses a star:
every square it can be pushed to is marked (the window's blue dots, the
terminal's colons), and a click on one pushes the star there by the shortest
way the player can manage. The moves go to the session's queue like keys.
Every front end that has a mouse clicks through this: the window and the terminal.
"""

from __future__ import annotations

from .paths import push_path, push_targets, walk_path
from .play import PlaySession


class StarChoice:
    """The chosen star (if any) of one level's game."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self._star: int | None = None
        #: Every square the chosen star can be pushed to (shown; a click there pushes it).
        self.targets: frozenset[int] = frozenset()
        #: The square under the mouse while a star is chosen.
        self.hover: int | None = None

    @property
    def star(self) -> int | None:
        """The star the mouse chose, or None."""
        return self._star

    @star.setter
    def star(self, square: int | None) -> None:
        self._star = square
        session = self.session
        self.targets = (
            frozenset() if square is None else push_targets(session.level, session.planned_state(), square)
        )

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
