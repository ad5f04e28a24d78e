"""Browsing folders for a level file: what a folder lists, in what order, and where the choice goes.

A front end keeps a :class:`FolderBrowser` while its file browser is open. The
browser lists the places the player opened files from before (most recent
first, then the home folder), then ``..``, the current folder's subfolders and
its level files, each group in natural order ("level 2" before "level 10").
Hidden names are left out unless asked for, and so are files that do not look
like level files. The front end only draws the entries and turns keys and
clicks into the browser's verbs; opening the chosen file is the front end's
business (the same as opening a typed path).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

#: The suffixes of level files: Star Pusher's ``.txt`` and the ``.sok``/``.xsb`` of other programs.
LEVEL_SUFFIXES = (".sok", ".xsb", ".txt")
#: How many recent folders are listed.
RECENT_FOLDERS = 8


class Kind(Enum):
    PLACE = "place"
    UP = "up"
    FOLDER = "folder"
    FILE = "file"


@dataclass(frozen=True)
class Entry:
    """One line of the browser."""

    kind: Kind
    #: What the line shows: a file's or folder's name, or a place's path.
    name: str
    #: The absolute path it leads to.
    path: str
    #: A few words beside it: a file's size, what a place is.
    detail: str = ""

    @property
    def opens_folder(self) -> bool:
        return self.kind is not Kind.FILE


@dataclass(frozen=True)
class Listing:
    """What one folder lists: its entries, or why it could not be read."""

    folder: str
    entries: tuple[Entry, ...]
    #: One line saying why the folder cannot be read ("" when it could).
    problem: str = ""


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sorts names without regard to case and with numbers by value: "Level 2" before "level 10"."""
    parts = re.split(r"(\d+)", name.casefold())
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in parts if part)


def is_level_file(name: str) -> bool:
    return name.lower().endswith(LEVEL_SUFFIXES)


def recent_folders(recent_files: Iterable[str], limit: int = RECENT_FOLDERS) -> list[str]:
    """The folders of the files opened before (absolute paths), most recent first, each once.

    Built-in collections (names without a folder) and folders that are gone are left out.
    """
    folders: list[str] = []
    for name in recent_files:
        if not os.path.isabs(name):
            continue
        folder = os.path.dirname(name)
        if folder not in folders and os.path.isdir(folder):
            folders.append(folder)
    return folders[:limit]


def shown_path(path: str) -> str:
    """A path as a player reads it: the home folder written ``~``."""
    home = os.path.expanduser("~")
    if path == home or path.startswith(home.rstrip(os.sep) + os.sep):
        return "~" + path[len(home) :]
    return path


def size_text(size: int) -> str:
    if size < 1000:
        return f"{size} bytes"
    if size < 1_000_000:
        return f"{size / 1000:.0f} KB"
    return f"{size / 1_000_000:.1f} MB"


def places(folder: str, recent: Sequence[str]) -> list[Entry]:
    """The recent folders (most recent first), then the home folder; never the folder shown."""
    found = [Entry(Kind.PLACE, shown_path(path), path, "opened from before") for path in recent]
    home = os.path.expanduser("~")
    if os.path.isdir(home) and home not in recent:
        found.append(Entry(Kind.PLACE, "~", home, "your home folder"))
    return [entry for entry in found if entry.path != folder]


def list_folder(
    folder: str, recent: Sequence[str] = (), *, all_files: bool = False, hidden: bool = False
) -> Listing:
    """Everything the browser shows for ``folder`` (an absolute path)."""
    folder = os.path.abspath(folder)
    head = places(folder, recent)
    parent = os.path.dirname(folder)
    if parent != folder:
        head.append(Entry(Kind.UP, "..", parent, "the folder above"))
    try:
        with os.scandir(folder) as scan:
            found = list(scan)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return Listing(folder, tuple(head), f"Cannot read the folder {shown_path(folder)}: {reason.lower()}")
    folders, files = [], []
    for item in found:
        if item.name.startswith(".") and not hidden:
            continue
        if _is_folder(item):
            folders.append(Entry(Kind.FOLDER, item.name, item.path))
        elif all_files or is_level_file(item.name):
            files.append(Entry(Kind.FILE, item.name, item.path, _size(item)))
    folders.sort(key=lambda entry: natural_key(entry.name))
    files.sort(key=lambda entry: natural_key(entry.name))
    return Listing(folder, (*head, *folders, *files))


def _is_folder(item: os.DirEntry[str]) -> bool:
    try:
        return item.is_dir()
    except OSError:
        return False


def _size(item: os.DirEntry[str]) -> str:
    try:
        return size_text(item.stat().st_size)
    except OSError:
        return ""


@dataclass
class FolderBrowser:
    """The folder shown, the entry chosen, and what the player asked to see."""

    folder: str
    #: Folders files were opened from before, most recent first (see :func:`recent_folders`).
    recent: list[str] = field(default_factory=list)
    #: Files of any name, not only level files.
    all_files: bool = False
    #: Names starting with a dot too.
    hidden: bool = False
    selected: int = 0

    def __post_init__(self) -> None:
        self.listing = self._read(self.folder)
        self.folder = self.listing.folder
        self.selected = self.first_in_folder()

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.listing.entries

    @property
    def chosen(self) -> Entry | None:
        return self.entries[self.selected] if self.entries else None

    def first_in_folder(self) -> int:
        """The first subfolder or file (or ``..`` in an empty folder): where a new folder starts."""
        kinds = [entry.kind for entry in self.entries]
        for wanted in ((Kind.FOLDER, Kind.FILE), (Kind.UP,)):
            for index, kind in enumerate(kinds):
                if kind in wanted:
                    return index
        return 0

    def _read(self, folder: str) -> Listing:
        return list_folder(folder, self.recent, all_files=self.all_files, hidden=self.hidden)

    # -- the player's verbs ---------------------------------------------------------

    def move(self, step: int) -> None:
        """The entry ``step`` lines down (up when negative), stopping at either end."""
        self.selected = max(0, min(len(self.entries) - 1, self.selected + step))

    def choose(self, index: int) -> None:
        self.move(index - self.selected)

    def enter(self, folder: str, *, select: str | None = None) -> str:
        """Show ``folder``; returns "" or, when it cannot be read, why (staying where it was).

        ``select``: the path of the entry to choose there (the folder just left, going up).
        """
        listing = self._read(folder)
        if listing.problem:
            return listing.problem
        self.listing, self.folder = listing, listing.folder
        paths = [entry.path for entry in self.entries]
        self.selected = paths.index(select) if select in paths else self.first_in_folder()
        return ""

    def up(self) -> str:
        """The folder above, with the folder just left chosen in it."""
        parent = os.path.dirname(self.folder)
        if parent == self.folder:
            return "This is the top folder."
        return self.enter(parent, select=self.folder)

    def open_chosen(self) -> tuple[str | None, str]:
        """Go into the chosen folder, or hand back the chosen file: (file to open or None, problem)."""
        entry = self.chosen
        if entry is None:
            return None, ""
        if entry.kind is Kind.UP:
            return None, self.up()
        if entry.opens_folder:
            return None, self.enter(entry.path)
        return entry.path, ""

    def jump(self, letter: str) -> bool:
        """Choose the next subfolder or file whose name starts with ``letter`` (again: the one after).

        False when no name does.
        """
        letter = letter.casefold()
        count = len(self.entries)
        for offset in range(1, count + 1):
            index = (self.selected + offset) % count
            entry = self.entries[index]
            if entry.kind in (Kind.FOLDER, Kind.FILE) and entry.name.casefold().startswith(letter):
                self.selected = index
                return True
        return False

    def toggle_all_files(self) -> None:
        self.all_files = not self.all_files
        self._reread()

    def toggle_hidden(self) -> None:
        self.hidden = not self.hidden
        self._reread()

    def _reread(self) -> None:
        """Read the folder again, keeping the chosen entry chosen when it is still listed."""
        chosen = self.chosen
        self.enter(self.folder, select=chosen.path if chosen is not None else None)
