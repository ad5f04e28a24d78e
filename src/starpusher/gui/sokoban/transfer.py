"""Ctrl+C and Ctrl+V: levels and moves through the clipboard, as other Sokoban programs trade them.

Copying gives the level in the ``.sok`` form the level reader takes back,
with the moves played so far as a ``Solution`` block when there are any.
Pasting takes plain LURD moves (replayed on the current level from its
start), a copy of the current level with moves (the same), or any other
level text (played as a new collection).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ...core import Level, NotationError, StarPusherError, State, count_pushes, parse_lurd
from ...history import History
from ...levels import Collection, format_level, parse_collection
from ...session.progress import board_key
from ..kit.clipboard import ClipboardError
from ..kit.window import Window


class PlayScene(Protocol):
    """What the clipboard needs of the play scene: its level and history, and ways to replay or open."""

    # Read-only here, so that a scene whose window is a :class:`Window` subclass fits.
    @property
    def app(self) -> Window: ...

    @property
    def level(self) -> Level: ...

    @property
    def history(self) -> History[State]: ...

    def action_restart(self) -> None: ...

    def play_moves(self, moves: str, message: str) -> None: ...

    def open_levels(self, collection: Collection) -> None: ...


#: Letters of LURD text, and what may separate or count them (run lengths, line breaks).
_LURD_TEXT = set("lurdLURD0123456789() \t\r\n")


def level_text(scene: PlayScene) -> str:
    """The current level, and the moves so far as a solution block (marked unfinished if so)."""
    level = replace(scene.level, solutions=())
    text = format_level(level)
    moves = scene.history.moves
    if moves:
        done = "" if scene.level.is_solved(scene.history.state) else "unfinished, "
        text += f"\nSolution ({done}moves {len(moves)}, pushes {count_pushes(moves)}):\n{moves}"
    return text + "\n"


def copy_level(scene: PlayScene) -> None:
    app = scene.app
    try:
        app.clipboard.put_text(level_text(scene))
    except ClipboardError as error:
        app.say(f"Nothing copied: {error}.")
        return
    count = len(scene.history.moves)
    moves = f" and {count} move{'s' if count != 1 else ''}" if count else ""
    app.say(f"Copied the level{moves}.", 3)


def paste(scene: PlayScene) -> None:
    app = scene.app
    try:
        text = app.clipboard.get_text()
    except ClipboardError as error:
        app.say(f"Nothing pasted: {error}.")
        return
    if not text.strip():
        app.say("The clipboard holds no text to paste.", 3)
    elif set(text) <= _LURD_TEXT:
        _replay(scene, text)
    else:
        _paste_levels(scene, text)


def _replay(scene: PlayScene, text: str) -> None:
    """Play pasted moves from the level's start; restarting first is itself undoable."""
    try:
        moves = parse_lurd(text)
        scene.level.replay(moves)
    except (NotationError, StarPusherError) as error:
        scene.app.say(f"The pasted moves do not fit this level: {error}")
        return
    scene.action_restart()
    scene.play_moves(moves, f"Replaying {len(moves)} pasted moves: undo (Z) takes them back.")


def _paste_levels(scene: PlayScene, text: str) -> None:
    collection = parse_collection(text, "<clipboard>")
    if not collection.levels:
        problem = collection.problems[0] if collection.problems else "no level or LURD moves in it"
        scene.app.say(f"Cannot paste that: {problem}")
        return
    first = collection.levels[0]
    if len(collection.levels) == 1 and board_key(first) == board_key(scene.level) and first.solutions:
        _replay(scene, first.solutions[0])  # this level with moves: play them here, progress and all
        return
    if not collection.title:
        collection.title = "Pasted levels"
    scene.open_levels(collection)
    count = len(collection.levels)
    scene.app.say(f"Pasted {count} level{'s' if count != 1 else ''}: playing the first.", 4)
