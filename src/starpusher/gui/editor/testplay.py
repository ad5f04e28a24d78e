"""Playing the level as drawn: play's own scene, with every comfort, over the editor.

Esc (or any key once it is solved) goes back to the editor, which is just
as it was. A solve is handed to the editor, which keeps it as the level's
solution; the store records it too, keyed by the board, as for any level.
A test game is not kept: each test starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import Level
from ...session import PlaySession
from ..sokoban.play import PlayScene
from ..sokoban.window import StarPusherWindow

#: Actions of play that make no sense for the one level being tested.
_ELSEWHERE = frozenset(
    {
        "next_level",
        "previous_level",
        "next_unsolved",
        "level_select",
        "go_to_level",
        "find",
        "unlock_one_by_one",
        "edit_level",
        "paste",
        "collections",
    }
)

#: The solved banner's keys in a test: any key goes back to the editor.
BACK_TO_EDITOR_KEYS = "Any key: back to the editor    Z: undo    R: play again    M: replay"


class TestPlayScene(PlayScene):
    """The play scene over one level: the one in the editor."""

    __test__ = False  # a scene, not a test class, whatever pytest thinks of the name
    #: The solved banner says where the next key goes: back to the editor, not to a next level.
    solved_keys = BACK_TO_EDITOR_KEYS

    def __init__(self, app: StarPusherWindow, level: Level, on_solved: Callable[[str], None]) -> None:
        self.tested = [level]
        self.on_solved = on_solved
        super().__init__(app, 0)
        app.say("Testing your level: Esc goes back to the editor.", 3)

    @property
    def levels(self) -> list[Level]:
        return self.tested

    def new_session(self, level: Level) -> PlaySession:
        """A test game is not kept: each test starts afresh."""
        app = self.app
        return PlaySession(
            level, app.progress, say=app.say, tasks=app.tasks, kept=False, search_in_child=app.hints_in_child
        )

    def solved_now(self) -> None:
        self.on_solved(self.session.moves)

    def next_level(self) -> None:
        """Once solved, the next key goes back to the editor."""
        self.app.pop()

    def act(self, action: str) -> None:
        if action in _ELSEWHERE:
            self.app.say("This is a test of the level in the editor: Esc goes back to it.", 3)
        else:
            super().act(action)

    def action_back(self) -> None:
        self.app.pop()

    def bar_texts(self) -> tuple[str, str, str, str]:
        keys = "Esc back to the editor   Z undo   R restart   H hint   F1 help"
        return "Testing", self.level.title or "your level", self.session.counters(), keys
