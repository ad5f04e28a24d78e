"""Playing the level as drawn: play's own scene, with every comfort, over the editor.

Esc (or any key once it is solved) goes back to the editor, which is just
as it was. A solve is handed to the editor, which keeps it as the level's
solution; the store records it too, keyed by the board, as for any level.
A test game is not kept: each test starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...core import Level, State
from ...history import History
from ..kit.keys import Command
from ..kit.layout import draw_bars
from ..sokoban.play import PlayScene
from ..sokoban.window import StarPusherWindow

#: Commands of play that make no sense for the one level being tested.
_ELSEWHERE = frozenset(
    {
        Command.NEXT_LEVEL,
        Command.PREVIOUS_LEVEL,
        Command.NEXT_UNSOLVED,
        Command.LEVEL_SELECT,
        Command.UNLOCK_ONE_BY_ONE,
        Command.EDIT_LEVEL,
        Command.PASTE,
        Command.COLLECTIONS,
    }
)


class TestPlayScene(PlayScene):
    """The play scene over one level: the one in the editor."""

    __test__ = False  # a scene, not a test class, whatever pytest thinks of the name

    def __init__(self, app: StarPusherWindow, level: Level, on_solved: Callable[[str], None]) -> None:
        self.tested = [level]
        self.on_solved = on_solved
        super().__init__(app, 0)
        app.say("Testing your level: Esc goes back to the editor.", 3)

    @property
    def levels(self) -> list[Level]:
        return self.tested

    def load(self, index: int) -> None:
        place = self.app.level_index  # the collection's place stays where it was
        super().load(index)
        self.app.level_index = place

    def _restore_history(self, level: Level) -> History[State]:
        return History(level.start, level.apply)

    def save(self) -> None:
        """A test game is not kept."""

    def _celebrate(self) -> None:
        super()._celebrate()
        self.on_solved(self.history.moves)

    def next_level(self) -> None:
        """Once solved, the next key goes back to the editor."""
        self.app.pop()

    def do(self, command: Command) -> None:
        if command is Command.BACK:
            self.app.pop()
        elif command in _ELSEWHERE:
            self.app.say("This is a test of the level in the editor: Esc goes back to it.", 3)
        else:
            super().do(command)

    def _draw_hud(self, surface: pygame.Surface) -> list[pygame.Rect]:
        moves = self.history.moves
        pushes = sum(1 for letter in moves if letter.isupper())
        return draw_bars(
            surface,
            place="Testing",
            about=self.level.title or "your level",
            counts=f"Moves {len(moves)}   Pushes {pushes}",
            keys="Esc back to the editor   Z undo   R restart   H hint   F1 help",
        )
