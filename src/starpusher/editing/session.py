"""One level being edited: its sketch with undo and redo, its title and author, where it came from.

The editor's window draws and sends edits here; everything that decides
something (what changed, what is unsaved, which solution the level keeps,
what the draft in the store holds) lives here, without pygame, so tests can
drive it directly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..core import Level, LevelError
from ..history import History
from ..solver import dead_squares
from .checks import Problem, find_problems
from .saving import MY_LEVELS_TITLE, add_level, replace_level
from .sketch import Sketch


@dataclass(frozen=True)
class Origin:
    """Where the level being edited came from: a level of a file, or a built-in or generated one."""

    #: What the player calls it: "level 3 of microban.sok".
    name: str
    #: The file that holds it, and its number there, when saving over it makes sense.
    path: str | None = None
    number: int | None = None


#: The kinds of :class:`Destination`: over the level edited, into My levels, added to its file.
OVER = "over"
MINE = "mine"
ADDED = "added"


@dataclass(frozen=True)
class Destination:
    """A place to save the level: a file, and the level of it saved over (None: added at its end)."""

    #: :data:`OVER`, :data:`MINE` or :data:`ADDED`.
    kind: str
    #: What the player is offered: "Add to My levels".
    label: str
    path: Path
    number: int | None = None


def _sketch_of_rows(rows: object) -> Sketch:
    """A sketch from the rows kept in the store; ValueError for anything else."""
    if not isinstance(rows, list) or not rows or not all(isinstance(row, str) for row in rows):
        raise ValueError("a board is a list of rows")
    if len({len(row) for row in rows}) != 1:
        raise ValueError("rows of a board are all as long")
    return Sketch(tuple(rows))


def _recorded_only(sketch: Sketch, edit: str) -> Sketch:
    raise AssertionError("edits are recorded with the sketch they made, never replayed")


class EditSession:
    """A sketch under edit, with the project's one :class:`History` for undo and redo."""

    def __init__(
        self,
        sketch: Sketch | None = None,
        *,
        title: str = "",
        author: str = "",
        origin: Origin | None = None,
        solutions: tuple[str, ...] = (),
    ) -> None:
        sketch = sketch or Sketch.empty()
        self.history: History[Sketch] = History(sketch, _recorded_only)
        self.title = title
        self.author = author
        self.origin = origin
        #: Solutions that came with the level, good while its board is unchanged.
        self._original = (sketch, solutions)
        #: A solve made while test-playing, with the board it solved.
        self._solved: tuple[Sketch, str] | None = None
        self._saved = self._snapshot()
        self._problems: tuple[Sketch, list[Problem]] | None = None
        self._dead: tuple[Sketch, frozenset[int]] | None = None

    @classmethod
    def of_level(cls, level: Level, origin: Origin | None = None) -> EditSession:
        """A copy of ``level`` to edit (the level itself, and its file, stay as they are)."""
        return cls(
            Sketch.from_level(level),
            title=level.title,
            author=level.author,
            origin=origin,
            solutions=level.solutions,
        )

    # -- the sketch ----------------------------------------------------------------

    @property
    def sketch(self) -> Sketch:
        return self.history.state

    def edit(self, sketch: Sketch, what: str) -> bool:
        """Make ``sketch`` the current one (``what`` names the edit); False when nothing changed."""
        if sketch == self.sketch:
            return False
        self.history.record(what, sketch)
        return True

    def undo(self) -> bool:
        return self.history.undo()

    def redo(self) -> bool:
        return self.history.redo()

    # -- what the sketch is ----------------------------------------------------------------

    def problems(self) -> list[Problem]:
        """What keeps the sketch from being a level (worked out once per sketch)."""
        if self._problems is None or self._problems[0] != self.sketch:
            self._problems = (self.sketch, find_problems(self.sketch))
        return self._problems[1]

    def dead_squares(self) -> frozenset[int]:
        """The squares (``y * width + x``) from which no star reaches a goal; none while it is no level."""
        if self._dead is None or self._dead[0] != self.sketch:
            level = self.level()
            self._dead = (self.sketch, dead_squares(level) if level is not None else frozenset())
        return self._dead[1]

    def level(self) -> Level | None:
        """The level drawn, with title, author and the solutions it keeps; None while it has problems."""
        if self.problems():
            return None
        try:
            return self.sketch.to_level(title=self.title, author=self.author, solutions=self.solutions())
        except LevelError:  # the checks cover every rule of a level; this is their safety net
            return None

    def solutions(self) -> tuple[str, ...]:
        """The solutions good for the board as it is now: a test solve, or the ones it came with."""
        if self._solved is not None and self._solved[0] == self.sketch:
            return (self._solved[1],)
        if self._original[0] == self.sketch:
            return self._original[1]
        return ()

    def keep_solution(self, sketch: Sketch, moves: str) -> None:
        """A solve made while test-playing ``sketch``: the level keeps it while the board stays so."""
        if self._solved is None or self._solved[0] != sketch or len(moves) < len(self._solved[1]):
            self._solved = (sketch, moves)

    # -- saving ----------------------------------------------------------------

    def _snapshot(self) -> tuple[Sketch, str, str]:
        return (self.sketch, self.title, self.author)

    @property
    def unsaved(self) -> bool:
        return self._snapshot() != self._saved

    def mark_saved(self, origin: Origin | None = None) -> None:
        self._saved = self._snapshot()
        if origin is not None:
            self.origin = origin

    def destinations(self, my_levels: Path | None) -> list[Destination]:
        """Where the level can be saved: over the level edited, into My levels (``my_levels``, the
        store's file, if any), as a new level of the file it came from."""
        found = []
        origin = self.origin
        if origin is not None and origin.path and origin.number:
            found.append(Destination(OVER, f"Save over {origin.name}", Path(origin.path), origin.number))
        if my_levels is not None:
            found.append(Destination(MINE, f"Add to {MY_LEVELS_TITLE}", my_levels))
        if origin is not None and origin.path and Path(origin.path) != my_levels:
            name = Path(origin.path).name
            found.append(Destination(ADDED, f"Add to {name} as a new level", Path(origin.path)))
        return found

    def save(self, level: Level, path: Path, number: int | None, *, my_levels: Path | None) -> Origin:
        """Write ``level`` into the file at ``path``, over its level ``number`` or added (None).

        The level now belongs to that file: the session is saved, and its
        origin names the level there ("level 4 of My levels"), which it returns.
        Raises :class:`~starpusher.core.StarPusherError` (nothing saved) when
        the file cannot be read or written.
        """
        mine = path == my_levels
        if number is None:
            number = add_level(path, level, collection_title=MY_LEVELS_TITLE if mine else "")
        else:
            replace_level(path, number, level)
        collection = MY_LEVELS_TITLE if mine else path.name
        origin = Origin(f"level {number} of {collection}", str(path), number)
        self.mark_saved(origin)
        return origin

    # -- the draft in the store ----------------------------------------------------------------

    def draft(self) -> tuple[str, str, str, str]:
        """What the store keeps so a crash loses nothing: board, title, author, origin."""
        origin = self.origin
        where = ""
        if origin is not None:
            where = "\t".join((origin.name, origin.path or "", str(origin.number or "")))
        return (self.sketch.to_text(), self.title, self.author, where)

    @classmethod
    def from_draft(cls, draft: tuple[str, str, str, str]) -> EditSession | None:
        """The session a draft keeps; None for no draft (or one that holds no board)."""
        board, title, author, where = draft
        if not board.strip("\n"):
            return None
        origin = None
        if where:
            name, path, number = ([*where.split("\t"), "", ""])[:3]
            origin = Origin(name, path or None, int(number) if number.isdigit() else None)
        session = cls(Sketch.from_text(board), title=title, author=author, origin=origin)
        session._saved = (Sketch.empty(), "", "")  # a draft is never saved: that is why it was kept
        return session

    def history_text(self, limit: int) -> str:
        """The undo history as text the store keeps beside the draft, at most ``limit`` characters.

        JSON: every board (the first is where undo stops), the edits between them, and
        how many are done. Beyond ``limit`` the redo tail goes first, then the oldest edits.
        """
        boards = [list(sketch.rows) for sketch in self.history.states]
        edits = list(self.history.entries)
        done = self.history.position

        def text() -> str:
            return json.dumps({"boards": boards, "edits": edits, "done": done})

        while len(text()) > limit and len(boards) > done + 1:
            boards.pop()
            edits.pop()
        while len(text()) > limit and done > 0:
            del boards[0], edits[0]
            done -= 1
        return text() if len(text()) <= limit else ""

    def restore_history(self, text: str) -> bool:
        """Take back the undo history :meth:`history_text` wrote, when it ends at this board.

        False (and nothing changed) for a history of another board, or one that cannot be read.
        """
        try:
            kept = json.loads(text)
            boards = [_sketch_of_rows(rows) for rows in kept["boards"]]
            edits = [str(edit) for edit in kept["edits"]]
            done = kept["done"]
        except (ValueError, KeyError, TypeError):
            return False
        if len(boards) != len(edits) + 1 or not isinstance(done, int) or not 0 <= done < len(boards):
            return False
        if boards[done] != self.sketch:
            return False
        history: History[Sketch] = History(boards[0], _recorded_only)
        for edit, board in zip(edits, boards[1:], strict=True):
            history.record(edit, board)
        history.go_to(done)
        self.history = history
        return True
