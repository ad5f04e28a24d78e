"""Titles as the player sees them: what a file's title line means, without its scaffolding.

Collections write titles in many ways: ``; 44`` (only the level's number in its
file, which the window already shows), ``'Duh!'`` in quotes, or both:
``44 'Duh!'``. :func:`display_title` keeps the name and drops the rest; the
level keeps its title as written (files are written back unchanged).

>>> display_title("44 'Duh!'"), display_title("200"), display_title('"Lockdown"')
('Duh!', '', 'Lockdown')
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .reader import Collection

#: A number, then a quoted name: ``49 'Parallel Logic'``.
_NUMBERED_NAME = re.compile(r"^\s*#?\d+[.:)]?\s+(['\"‘“])(.+)(['\"’”])\s*$")
_QUOTES = {"'": "'", '"': '"', "‘": "’", "“": "”"}


def display_title(title: str) -> str:
    """The title to show: "" for a bare number, the name inside quotes, else the title itself."""
    title = title.strip()
    if re.fullmatch(r"#?\d+[.:)]?", title):
        return ""
    numbered = _NUMBERED_NAME.match(title)
    if numbered and _QUOTES.get(numbered.group(1)) == numbered.group(3):
        title = numbered.group(2).strip()
    elif len(title) >= 2 and _QUOTES.get(title[0]) == title[-1]:
        title = title[1:-1].strip()
    return title


def collection_name(collection: Collection) -> str:
    """A file's one name, the same on every screen: its ``Collection:``/``Title:`` header, else a
    first comment line that names it (``; Microban II``), else the file's name."""
    if collection.title:
        return collection.title
    if collection.header_name:
        return collection.header_name
    source = collection.source
    if not source or source.startswith("<"):
        return "Levels"  # read from text, not from a file
    return PurePath(source).name or "Levels"
