"""One way to turn a name into levels, for every command and the window.

A name is a level file's path or the short name of a built-in collection
(``original``, ``starpusher``, ``demo``, ``generated``). A file that exists
wins over a built-in of the same name, so a file called ``original`` in the
current folder is still reachable (a folder does not: it is never a level
file); a name that is neither reads as a file, and the reader's error says
it cannot be read.

The store remembers collections by :func:`store_name`: a built-in's short
name, or a file's absolute path, so the same file opened from two folders is
one collection.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core import LevelError
from .builtin import builtin_collection_names, load_builtin
from .reader import Collection, read_collection


def builtin_names() -> list[str]:
    """The short names of the built-in collections, in their order."""
    return builtin_collection_names()  # not builtin_collections(): that reads every collection


def names_builtin(name: str) -> bool:
    """Whether ``name`` means a built-in collection (no file of that name exists).

    A folder of that name does not count: a folder is never a level file, and a
    folder called ``generated`` where the player works must not hide the collection.
    """
    path = Path(name)
    return name in builtin_names() and (path.is_dir() or not path.exists())


def open_named(name: str) -> Collection:
    """The collection ``name`` means; raises :class:`LevelError` naming the file when it cannot be read."""
    if names_builtin(name):
        return load_builtin(name)
    return read_collection(name)


def open_playable(name: str) -> Collection:
    """:func:`open_named`, refusing a collection with no level that can be played."""
    collection = open_named(name)
    if not collection.levels:
        if collection.problems:
            raise collection.problems[0]
        raise LevelError("no playable level", source=name)
    return collection


def store_name(name: str) -> str:
    """How the store keeps ``name``: a built-in's short name, or the file's absolute path."""
    return name if names_builtin(name) else os.path.abspath(name)
