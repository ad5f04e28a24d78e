"""Keeping a drawn level: in "My levels" (a file in the data folder) or in a file the player names.

A ``.sok`` file gets the level with its title, author and solutions (the
layout every Sokoban program reads); a ``.txt`` file gets plain text: the
title as a comment line, then the board, as Star Pusher's own files have it.
Adding a level appends it and leaves every byte before it as it was; saving
over a level writes the file again with that one level changed. Every write
is whole or nothing, as :mod:`starpusher.files` writes files: a crash never
leaves half a file, and the file keeps its mode and its links.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core import Level, LevelError
from ..files import replace_file
from ..levels import format_collection, format_level, read_collection
from ..levels.encoding import decode_level_bytes

#: The title written at the head of "My levels" (the store says where its file is:
#: ``Store.my_levels_path``).
MY_LEVELS_TITLE = "My levels"
#: Files saved as plain text (anything else is written as ``.sok``).
PLAIN_SUFFIXES = (".txt",)


def is_plain(path: str | os.PathLike[str]) -> bool:
    return Path(path).suffix.lower() in PLAIN_SUFFIXES


def level_text(level: Level, *, plain: bool = False) -> str:
    """One level as a file holds it: ``.sok`` with its metadata, or a titled plain board."""
    if not plain:
        return format_level(level)
    title = [f"; {level.title}"] if level.title.strip() else []
    return "\n".join([*title, *level.to_rows()])


def add_level(path: str | os.PathLike[str], level: Level, *, collection_title: str = "") -> int:
    """Append ``level`` to the file (made if missing); return its number in the file, from 1.

    A new file starts with ``collection_title`` as its header, when given.
    Raises :class:`LevelError` naming the file when it cannot be read or written.
    """
    target = Path(path)
    plain = is_plain(target)
    before = ""
    count = 0
    if target.exists():
        collection = read_collection(target) if target.stat().st_size else None
        count = 0 if collection is None else len(collection.levels) + len(collection.problems)
        before = _read_text(target).rstrip()
    elif collection_title and not plain:
        before = f"Collection: {collection_title}"
    text = (before + "\n\n" if before else "") + level_text(level, plain=plain) + "\n"
    _write_atomically(target, text)
    return count + 1


def replace_level(path: str | os.PathLike[str], number: int, level: Level) -> None:
    """Write the file again with its level ``number`` (from 1) changed to ``level``."""
    target = Path(path)
    collection = read_collection(target)
    if collection.problems:
        raise LevelError(
            "the file has levels that cannot be read, which saving would drop; save as a new file instead",
            source=str(target),
        )
    if number not in collection.numbers:
        raise LevelError(f"there is no level {number} to save over", source=str(target))
    levels = list(collection.levels)
    levels[collection.numbers.index(number)] = level
    if is_plain(target):
        text = "\n\n".join(level_text(each, plain=True) for each in levels) + "\n"
    else:
        text = format_collection(levels, title=collection.title, author=collection.author)
    _write_atomically(target, text)


def _read_text(path: Path) -> str:
    try:
        return decode_level_bytes(path.read_bytes(), str(path))
    except OSError as error:
        raise LevelError(f"cannot read the file: {error.strerror or error}", source=str(path)) from None


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` whole or not at all, as every file is written (see :mod:`starpusher.files`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, text.encode("utf-8"))
    except OSError as error:
        raise LevelError(f"cannot write the file: {error.strerror or error}", source=str(path)) from None
