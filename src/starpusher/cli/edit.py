"""``starpusher edit [FILE] [--level N]``: open the level editor.

* no FILE: the level left unsaved last time, else a new one;
* ``FILE --level N``: a copy of level N of FILE (a built-in name too); the
  file changes only if the level is saved over it;
* ``FILE`` alone: a new level, which saving can add to FILE (made if missing);
  for a built-in name, a copy of its first level.
"""

from __future__ import annotations

import argparse
import os

from ..core import Level, LevelError, StarPusherError
from ..levels import Collection, names_builtin, open_playable, store_name
from ..store import Store
from .common import open_store_for_window, say_notices
from .play import choose_levels


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "edit",
        help="open the level editor",
        description=(
            "Draw a level: the editor checks it as you draw and asks the solver whether it can be "
            "solved. With FILE and --level N, edit a copy of that level."
        ),
    )
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help="a level file (.sok, .txt) or a built-in name"
    )
    parser.add_argument(
        "--level", type=int, default=None, metavar="N", help="edit a copy of level N (from 1)"
    )
    parser.set_defaults(run=run)


class EditTarget:
    """What the editor opens on: the collection of the window, and the level (or file) to edit."""

    def __init__(
        self,
        collection: Collection,
        name: str | None,
        level: Level | None = None,
        number: int | None = None,
        path: str | None = None,
    ) -> None:
        self.collection = collection
        self.name = name
        self.level = level
        self.number = number
        #: The file saving may write to: the level's own, or the one named for a new level.
        self.path = path


def choose_target(file: str | None, number: int | None, store: Store | None) -> EditTarget:
    """Read FILE and find level N in it; raises :class:`LevelError` naming the file when it cannot
    (and :class:`StarPusherError` for a level number without a file)."""
    if file is None:
        if number is not None:
            raise StarPusherError(
                f"--level {number} needs a level file or built-in name to take the level from,"
                f" as in 'starpusher edit original --level {number}'"
            )
        last = store.last_played() if store is not None else None
        collection, name, _ = choose_levels([], last)
        return EditTarget(collection, name)
    builtin = names_builtin(file)
    if not builtin and not os.path.exists(file):
        if number is not None:
            raise LevelError("the file does not exist", source=file)
        collection, name, _ = choose_levels([], None)
        return EditTarget(collection, name, path=os.path.abspath(file))
    collection = open_playable(file)
    if number is None and not builtin:
        return EditTarget(collection, store_name(file), path=os.path.abspath(file))
    number = 1 if number is None else number
    if number not in collection.numbers:
        total = len(collection.levels) + len(collection.problems)
        skipped = next((problem for problem in collection.problems if problem.level == number), None)
        if skipped is not None:
            raise skipped
        raise LevelError(f"there is no level {number}; there are {total}", source=file)
    level = collection.levels[collection.numbers.index(number)]
    say_notices([notice for notice in collection.notices if notice.level == number])
    return EditTarget(collection, store_name(file), level, number, None if builtin else os.path.abspath(file))


def run(args: argparse.Namespace) -> int:
    store, problem = open_store_for_window(
        getattr(args, "data_dir", None), "Drafts and My levels need the data folder"
    )
    try:
        target = choose_target(args.file, args.level, store)
        return open_editor_window(store, target, problem)
    finally:
        if store is not None:
            store.close()


def open_editor_window(store: Store | None, target: EditTarget, problem: str | None) -> int:
    from ..gui.editor import edit_copy, new_level_for, start_editor
    from ..gui.launch import run_and_save, window_on_store
    from .play import check_screen

    check_screen()
    app = window_on_store(target.collection, store, collection_name=target.name)
    # The editor opens over the title screen: Esc from it goes there, as from any game.
    if target.level is not None:
        name = os.path.basename(target.path) if target.path else target.collection.title or str(target.name)
        edit_copy(app, target.level, f"level {target.number} of {name}", target.path, target.number)
    elif target.path is not None:
        app.push(new_level_for(app, target.path))
    else:
        app.push(start_editor(app))
    return run_and_save(app, problem)
