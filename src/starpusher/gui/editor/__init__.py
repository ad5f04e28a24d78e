"""The level editor: draw a level, know at once whether it works, play it, keep it.

* :mod:`.scene`: the editor's screen (palette, board, checks, verdict, saving).
* :mod:`.picture`: the sketch in play's art, with grid and problem marks.
* :mod:`.testplay`: play's scene over the level as drawn.
* :mod:`.dialogs`: a question with a few answers, and a line of text to type.
* :mod:`.drafts`: the unsaved level, kept in the store as it is drawn.
* :mod:`.keys`: the key map (the help and the README's table come from it).

The rules it works with (no pygame) are in ``starpusher.editing``. It borrows
Star Pusher's art, board picture, play scene and window, nothing else of a
game. :data:`GAME` offers it on the title screen; :func:`edit_copy` is what
play, the level list and Endless call (key E) through the window.
"""

from __future__ import annotations

import os

import pygame

from ...core import Level
from ...editing import EditSession, Origin
from ..kit.window import GameEntry, Window
from ..sokoban.window import StarPusherWindow
from .dialogs import Answer, ChoiceOverlay
from .drafts import Drafts
from .scene import EDITOR_NAME, EditorScene, open_editor

#: What the editor says when it opens on the level left unsaved.
RESTORED_DRAFT = "Your unsaved level is back, undo and all. Ctrl+Delete clears the board for a new one."


def start_editor(app: Window) -> EditorScene:
    """The title's "Make a level": the level left unsaved last time, else a new one."""
    assert isinstance(app, StarPusherWindow)
    draft = Drafts(app.progress).load()
    scene = EditorScene(app, draft)
    if draft is not None:
        # Said for the editor, which opens once the title has closed: the title's message would go with it.
        app.say(RESTORED_DRAFT, 8, owner=scene)
    return scene


def edit_copy(app: StarPusherWindow, level: Level, name: str, path: str | None, number: int | None) -> None:
    """Open the editor over the scene shown, on a copy of ``level`` (its file stays as it is).

    When a level drawn earlier is still unsaved, the player chooses which one to edit.
    """
    session = EditSession.of_level(level, Origin(name, path, number))
    draft = Drafts(app.progress).load()
    if draft is None or draft.sketch == session.sketch:
        open_editor(app, session, over=True)
        return
    answers = [
        Answer("Go on with the unsaved level", pygame.K_u, lambda: open_editor(app, draft, over=True)),
        Answer(
            f"Edit {name} (the unsaved level is dropped)",
            pygame.K_e,
            lambda: open_editor(app, session, over=True),
        ),
    ]
    app.push(ChoiceOverlay(app, "A level you drew earlier is not saved.", answers))


def new_level_for(app: StarPusherWindow, path: str) -> EditorScene:
    """A new level that saving can add to the file at ``path`` (``starpusher edit FILE``)."""
    name = os.path.basename(path)
    return EditorScene(app, EditSession(origin=Origin(f"a new level for {name}", path)))


GAME = GameEntry(EDITOR_NAME, start_editor)

__all__ = ["EDITOR_NAME", "GAME", "EditorScene", "edit_copy", "new_level_for", "open_editor", "start_editor"]
