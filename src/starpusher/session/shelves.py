"""The collections within reach, for a front end's chooser: built in, the player's own, opened before.

A chooser (the window's, the terminal's) lists :func:`shelves`: the built-in
collections, the player's own levels (the file the level editor saves into,
once it exists), the files played before, most recent first (a file since
moved or deleted shows as missing and can be taken off the list), and the
lines that open any other file (browsing folders for it, or typing its path).
Each shelf knows where the player left the collection, and how much of it is
solved. The front end draws the shelves and opens the chosen one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..core import LevelError, StarPusherError
from ..levels import Collection, builtin_collections, collection_name, load_builtin, open_playable
from .progress import Progress
from .records import level_records

BUILT_IN, YOURS, OPENED_BEFORE, ELSEWHERE = "Built in", "Your levels", "Opened before", "Another file"
#: How the lines of ELSEWHERE open a file.
BROWSE, TYPE = "browse", "type"

#: Files read for the list are kept while unchanged: the list opens again at once.
_READ: dict[tuple[str, int, int, int, int, int], Collection] = {}
_READ_LIMIT = 40


@dataclass(frozen=True)
class Shelf:
    """One line of the chooser: a collection, or a line that opens a file."""

    group: str
    title: str
    detail: str
    #: How the store knows the collection (a built-in name or an absolute path); "" to open a file.
    name: str = ""
    #: The level to open at (1-based): where the player left it.
    level: int = 1
    collection: Collection | None = None
    #: Why it cannot be opened (a missing file), or "".
    problem: str = ""
    solved: int = 0
    #: For the lines that open another file: BROWSE or TYPE.
    opens: str = ""

    @property
    def total(self) -> int:
        return len(self.collection.levels) if self.collection is not None else 0

    @property
    def removable(self) -> bool:
        return self.group == OPENED_BEFORE

    @property
    def start(self) -> int:
        """The level to open at, from 0, within the collection."""
        return min(max(self.level, 1), max(1, self.total)) - 1


def read_cached(path: str) -> Collection:
    """A level file's playable levels, read again only when the file changed.

    A file is taken as unchanged while it is the same file (device and inode) with the
    same size and times, as git decides: the time of the change to its inode as well
    as its modification time, which copies that keep times (``cp -p``) set back.
    """
    stat = os.stat(path)
    key = (path, stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    collection = _READ.get(key)
    if collection is None:
        collection = open_playable(path)
        if len(_READ) >= _READ_LIMIT:
            _READ.pop(next(iter(_READ)))
        _READ[key] = collection
    return collection


def shelves(progress: Progress, *, typing: bool = True) -> list[Shelf]:
    """Every line of the chooser, top to bottom (``typing``: with the line to type a file's path)."""
    recent = progress.recent_collections()
    left_at = dict(reversed(recent))
    found = []
    for builtin in builtin_collections():
        collection = load_builtin(builtin.name)
        found.append(
            Shelf(
                BUILT_IN,
                collection.title or builtin.name,
                builtin.description,
                builtin.name,
                left_at.get(builtin.name, 1),
                collection,
                solved=solved_in(progress, collection),
            )
        )
    mine_path = progress.my_levels_path
    mine = str(mine_path) if mine_path is not None else None
    if mine is not None and os.path.exists(mine):
        found.append(file_shelf(progress, YOURS, mine, left_at.get(mine, 1), title="My levels"))
    builtin_names = {builtin.name for builtin in builtin_collections()}
    for name, level in recent:
        if name not in builtin_names and name != mine:
            found.append(file_shelf(progress, OPENED_BEFORE, name, level))
    found.append(
        Shelf(
            ELSEWHERE, "Browse for a file…", "Folders and level files, the recent folders first", opens=BROWSE
        )
    )
    if typing:
        found.append(
            Shelf(
                ELSEWHERE, "Type a file's path…", "Tab completes it; or drop a file on the window", opens=TYPE
            )
        )
    return found


def file_shelf(progress: Progress, group: str, path: str, level: int, title: str = "") -> Shelf:
    """The shelf of a level file: its levels and how many are solved, or why it cannot be opened."""
    name = os.path.basename(path)
    if not os.path.exists(path):
        return Shelf(group, title or name, path, path, level, problem="missing")
    try:
        collection = read_cached(path)
    except (OSError, StarPusherError) as error:
        return Shelf(group, title or name, str(error), path, level, problem="cannot be read")
    return Shelf(
        group,
        title or collection_name(collection),
        path,
        path,
        level,
        collection,
        solved=solved_in(progress, collection),
    )


def solved_in(progress: Progress, collection: Collection) -> int:
    """How many levels of ``collection`` are solved (by the player, not with help)."""
    return sum(record.solved for record in level_records(progress, collection.levels))


def refusal(shelf: Shelf) -> str:
    """Why a shelf cannot be opened, in one line ("" when it can)."""
    return f"{shelf.title} {shelf.problem}: {shelf.detail}" if shelf.collection is None else ""


def skipped_message(collection: Collection) -> str:
    """The levels a file holds that cannot be played, each with its problem (the first few),
    then what was left out of levels that play (a solution that cannot be read)."""
    said = [_first_few(collection.notices)] if collection.notices else []
    problems = collection.problems
    if problems:
        count = len(problems)
        said.insert(0, f"{count} level{'' if count == 1 else 's'} skipped: {_first_few(problems)}")
    return "; ".join(said)


def _first_few(errors: list[LevelError]) -> str:
    return "; ".join(str(error) for error in errors[:3]) + ("; …" if len(errors) > 3 else "")
