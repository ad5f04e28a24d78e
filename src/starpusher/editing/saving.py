"""Keeping a drawn level: in "My levels" (a file in the data folder) or in a file the player names.

A ``.sok`` file gets the level with its title, author and solutions (the
layout every Sokoban program reads); a ``.txt`` file gets plain text: the
title as a comment line, then the board, as Star Pusher's own files have it.

Adding a level appends it and leaves the text before it as it was; saving
over a level changes that level's lines alone: the file's comments, notes
and other levels stay where they were. Either way the file keeps its
encoding (UTF-16 stays UTF-16) and its line ends. Every write is whole or
nothing, as :mod:`starpusher.files` writes files: a crash never leaves half
a file, and the file keeps its mode and its links.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..core import Level, LevelError
from ..files import read_regular_file, replace_file
from ..levels import Collection, format_collection, format_level, parse_collection, read_collection
from ..levels.encoding import UTF_8, FileEncoding, decode_level_file
from ..levels.lines import split_lines

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
    file = _FileText("", UTF_8, "\n")
    before = f"Collection: {collection_title}" if collection_title and not plain else ""
    count = 0
    if target.exists():
        collection = read_collection(target) if target.stat().st_size else None
        count = 0 if collection is None else len(collection.levels) + len(collection.problems)
        file = _FileText.read(target)
        before = "\n".join(split_lines(file.text)).rstrip()
    text = (before + "\n\n" if before else "") + level_text(level, plain=plain) + "\n"
    _write_atomically(target, file.encoded(text, target))
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
    index = collection.numbers.index(number)
    file = _FileText.read(target)
    plain = is_plain(target)
    for title_on_its_line in (True, False):
        text = _spliced(file.text, collection, index, level, plain=plain, title_on_its_line=title_on_its_line)
        if _reads_back(text, collection, index, level):
            break
    else:  # a layout the splice cannot keep: the file is written anew, its notes lost
        levels = list(collection.levels)
        levels[index] = level
        if plain:
            text = "\n\n".join(level_text(each, plain=True) for each in levels) + "\n"
        else:
            text = format_collection(levels, title=collection.title, author=collection.author)
    _write_atomically(target, file.encoded(text, target))


def _spliced(
    text: str, collection: Collection, index: int, level: Level, *, plain: bool, title_on_its_line: bool
) -> str:
    """The file's text with the lines of level ``index`` changed to ``level``, every other line kept.

    The new level takes the place of the old one's board, and its entries
    (``Title``, ``Author``, ``Comment``, ``Solution``) replace the old ones.
    A title taken from a comment line above the board stays on that line
    (changed if it changed) when ``title_on_its_line``.
    """
    lines = split_lines(text)
    place = collection.places[index]
    changed: dict[int, list[str]] = {}
    if place.title_line is not None and title_on_its_line:
        if level.title != collection.levels[index].title:
            changed[place.title_line] = _retitled(lines[place.title_line], level.title)
        level = replace(level, title="")  # not written again with the board
    body = level_text(level, plain=plain).split("\n")
    dropped = {n for lines_of_entry in (place.board, *place.entries) for n in lines_of_entry}
    result: list[str] = []
    for n, line in enumerate(lines):
        if n == place.board.start:
            result += body
        if n not in dropped:
            result += changed.get(n, [line])
    return "\n".join(result)


def _retitled(line: str, title: str) -> list[str]:
    """A title line (``; Corridor``, ``Level 1``) with another title: [] for none."""
    lead = re.match(r"\s*(;\s*)?", line)
    return [(lead.group(0) if lead else "") + title] if title.strip() else []


def _reads_back(text: str, collection: Collection, index: int, level: Level) -> bool:
    """Whether ``text`` reads as the collection with level ``index`` changed to ``level``, and no more."""
    again = parse_collection(text)
    expected = [*collection.levels[:index], level, *collection.levels[index + 1 :]]
    return (
        not again.problems
        and again.numbers == collection.numbers
        and (again.title, again.author) == (collection.title, collection.author)
        and list(map(format_level, again.levels)) == list(map(format_level, expected))
    )


@dataclass(frozen=True)
class _FileText:
    """A level file's text, with what it takes to write it back alike: its encoding and line end."""

    text: str
    encoding: FileEncoding
    newline: str

    @classmethod
    def read(cls, path: Path) -> _FileText:
        try:
            text, encoding = decode_level_file(read_regular_file(path), str(path))
        except OSError as error:
            raise LevelError(f"cannot read the file: {error.strerror or error}", source=str(path)) from None
        newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
        return cls(text, encoding, newline)

    def encoded(self, text: str, path: Path) -> bytes:
        """``text`` (its lines ended by ``\\n``) as this file stores text."""
        try:
            return self.encoding.encode(text.replace("\n", self.newline))
        except UnicodeEncodeError as error:
            missing = error.object[error.start : error.end]
            message = f"the file is {self.encoding.name} text, which cannot hold {missing!r}"
            raise LevelError(message + "; save as a new file instead", source=str(path)) from None


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` whole or not at all, as every file is written (see :mod:`starpusher.files`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, data)
    except OSError as error:
        raise LevelError(f"cannot write the file: {error.strerror or error}", source=str(path)) from None
