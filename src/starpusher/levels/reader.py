"""Reading level files: Star Pusher's ``.txt`` and the ``.sok``/``.xsb`` of Sokoban enthusiasts.

A level file is plain text. Each level is a *board*, a block of rows such as::

    ; 1                  <- a comment; the one nearest above a board is its title
    #####
    #@$.#                <- # wall, @ player, $ star, . goal, + player on goal,
    #####                   * star on goal, space (or - or _) floor
    Title: First push    <- metadata after a board belongs to it
    Author: Someone
    Comment:
    Any text, as many lines as you like.
    Comment-End:
    Solution (moves 2, pushes 1):
    R

The rules this reader follows, in the order it applies them:

* Line ends may be LF, CRLF or CR.
* A block of lines quoted as in e-mail replies and news posts (``>`` or
  ``> `` before every line) is read without its quoting when it holds a board.
* A *board line* holds only board characters (``# @ + $ * . - _ p P b B`` and
  space) and at least one wall. A line that also holds digits, ``|`` or
  parentheses is a run-length encoded board line (see :mod:`.rle`). Anything
  after a ``;`` on a board line is a comment.
* Consecutive board lines form one board. A line of bare floor (``----``,
  `` -``, RLE ``3-|``) is an empty row of the board when board lines follow
  it (a blank line would end the board); any other line ends it. Rows are
  padded with floor to a rectangle.
* A line starting with ``;`` is a comment. Blank lines separate levels.
* ``Key: value`` lines with a known key (``Title``, ``Author``, ``Comment``,
  ``Solution``, ...) after a board describe that board. Before the first
  board, ``Title:``/``Collection:`` and ``Author:`` describe the whole file.
* A level without ``Title:`` takes as its title the last comment or text line
  between it and the previous level, provided a blank line separates that
  line from the previous level (so a note right under a board is not taken
  for the next level's title) or it stands right above the board. Before
  the first board only a line right above it counts, or one alone between
  blank lines below the file's header (``Level 1``, ``; XSokoban 1``): the
  rest of the header is about the file, unless the file's first line is
  numbered as level 2's title is (``; XSokoban 1`` where ``; XSokoban 2``
  names the next level): then it is level 1's title. A trailing ``:`` is dropped, which turns
  Star Pusher's ``; Starting demo level:`` into "Starting demo level".
* Every board counts as a level, numbered from 1 in file order. A level that
  is not playable is skipped and its :class:`LevelError` names the file line.
  A ``Solution:`` that cannot be read is left out of its level, which still
  plays, and said in a notice naming the line.

What a line is (a board row, floor, a key, text) is asked of :mod:`.lines`;
a board's rows gathered and built into a level is :mod:`.building`'s work.
This module walks the lines, decides which level a title or key belongs to,
and keeps the collection.
"""

from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass, field, replace

from ..core import Level, LevelError, NotationError, parse_lurd
from ..files import read_regular_file
from .building import Draft
from .encoding import decode_level_bytes
from .lines import (
    LURD_CHARS,
    board_rows,
    first_board_without_walls,
    normalise_comment,
    split_key,
    split_lines,
    unquoted,
)
from .rle import RleSyntaxError, RleTooLargeError

#: Most bytes read from a level file: the largest published collections are a few
#: megabytes, and /dev/zero or a runaway file must not be read forever.
MAX_FILE_BYTES = 32 * 2**20

#: Unplayable levels after which a file is no longer read: each costs memory and a
#: line of report, and a file of millions of them is not a level collection.
MAX_PROBLEMS = 1000

#: Longest first comment line taken for the file's name (longer ones are sentences about it).
MAX_HEADER_NAME = 48

#: Keys after a board that hold the level's own data (with ``Solution``, however it is written).
_ENTRY_KEYS = frozenset({"title", "author", "comment"})


@dataclass
class Collection:
    """The levels of one file, and what went wrong with the ones that were skipped."""

    source: str
    title: str = ""
    author: str = ""
    levels: list[Level] = field(default_factory=list)
    #: The 1-based number in the file of each good level, parallel to ``levels``.
    numbers: list[int] = field(default_factory=list)
    #: One error per skipped level, in file order.
    problems: list[LevelError] = field(default_factory=list)
    #: What was left out of levels that still play (a ``Solution:`` that cannot be read), in file order.
    notices: list[LevelError] = field(default_factory=list)
    #: Where each good level stands in the file's text, parallel to ``levels``.
    places: list[LevelPlace] = field(default_factory=list)
    #: The file's first line when it is a comment that names it (``; Microban II``), "" otherwise.
    header_name: str = ""


@dataclass(frozen=True)
class LevelPlace:
    """Which lines of its file's text a level was read from (indexes from 0 into :func:`split_lines`).

    The lines of the file not listed here (comments, notes, other keys) are
    no level's: the editor keeps them when it saves a level over this one.
    """

    #: The lines of its board.
    board: range
    #: The lines of its ``Title``, ``Author``, ``Comment`` and ``Solution`` entries.
    entries: tuple[range, ...]
    #: The comment or text line its title was taken from; None for a ``Title:`` or no title.
    title_line: int | None


def read_collection(path: str | os.PathLike[str]) -> Collection:
    """Read a level file. Raises :class:`LevelError` when the file cannot be read,
    is binary or empty, or holds no level at all."""
    source = os.fspath(path)
    try:
        data = read_regular_file(source, MAX_FILE_BYTES + 1)  # a named pipe or folder: refused at once
    except OSError as error:
        raise LevelError(f"cannot read the file: {error.strerror or error}", source=source) from None
    if len(data) > MAX_FILE_BYTES:
        raise LevelError(
            f"the file is larger than {MAX_FILE_BYTES // 2**20} MB, far more than any level collection",
            source=source,
        )
    if not data.strip():
        raise LevelError("the file is empty", source=source)
    text = decode_level_bytes(data, source)
    collection = parse_collection(text, source)
    if not collection.levels and not collection.problems:
        wall_less = first_board_without_walls(split_lines(text))
        if wall_less is not None:  # without a wall it was read as text: say why, where it is
            problem = "a board without walls: a level needs walls (#) all round the player's area"
            raise LevelError(problem, source=source, line=wall_less + 1)
        raise LevelError("no levels found (a level is a block of rows such as '#@$.#')", source=source)
    return collection


def parse_collection(text: str, source: str = "<text>") -> Collection:
    """The levels in ``text``. Unplayable levels go to ``.problems``; this never raises for them."""
    return _Reader(source).read(text)


#: A title that ends in a number, and the words before it: ``XSokoban 12``.
_NUMBERED_TITLE = re.compile(r"^(.*?\D)\s*\d+\W*$")


def _numbered_alike(title: str, other: str) -> bool:
    """Whether two titles are the same words with a number after them (``XSokoban 1``, ``XSokoban 2``)."""
    this, that = _NUMBERED_TITLE.match(title), _NUMBERED_TITLE.match(other)
    return bool(this and that and this.group(1).strip().casefold() == that.group(1).strip().casefold())


class _Reader:
    """One pass over the lines of a file, building a :class:`Collection`."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.collection = Collection(source)
        self.draft: Draft | None = None
        #: The note that would be the next level's title, and its line.
        self.title_candidate = ("", -1)
        #: True from the end of a board to the next blank line: notes there belong to that level.
        self.attached = False
        self.note_under_board = ("", -1)
        #: The last note before the first board, and its line: perhaps the first level's title.
        self.header_note = ("", -1)
        #: The file's first note (before any board or key), and its line.
        self.first_note = ("", -1)
        self.lines: list[str] = []
        self._comment_ends: list[int] | None = None

    def read(self, text: str) -> Collection:
        lines = split_lines(text)
        self.lines = lines = unquoted(lines) if ">" in text else lines
        i = 0
        while i < len(lines):
            i = self._read_line(i)
        self._finish_draft()
        self._title_first_level_like_the_next()
        self.collection.header_name = self._header_name()
        return self.collection

    def _title_first_level_like_the_next(self) -> None:
        """Make the file's first line level 1's title when it is numbered as level 2's title is:
        ``; XSokoban 1`` above a blank line, where ``; XSokoban 2`` names the next level."""
        text, at = self.first_note
        collection = self.collection
        if at < 0 or len(collection.levels) < 2 or collection.levels[0].title or collection.title:
            return
        first, place = collection.levels[0], collection.places[0]
        if collection.numbers[:2] != [1, 2] or not _numbered_alike(text, collection.levels[1].title):
            return
        collection.levels[0] = replace(first, title=text)
        collection.places[0] = replace(place, title_line=at)

    def _header_name(self) -> str:
        """The file's first line, when it is short words that name the file rather than a sentence
        about it, a web address, or the first level's title."""
        text, at = self.first_note
        places = self.collection.places
        if at < 0 or (places and places[0].title_line == at) or len(text) > MAX_HEADER_NAME:
            return ""
        if text[-1] in ".,;:!?" or text.isdigit() or "://" in text or "@" in text:
            return ""
        return text

    def _read_line(self, i: int) -> int:
        """Read the line at ``i`` (and any lines that belong to it); return the next index."""
        line = self.lines[i]
        try:
            if board_rows(line) is not None:
                return self._read_board(i)
        except RleSyntaxError:
            pass  # digits and '#' but not valid RLE: a text line such as "#12"
        except RleTooLargeError:
            return self._read_board(i)
        text = line.strip()
        if not text:
            self.attached = False
            if self.draft is None:
                self.title_candidate = ("", -1)  # header text is about the file, not the first level
        elif text[0] == ";":
            self._note(text[1:].strip(), i)
        else:
            key, value = split_key(text)
            if key is None:
                self._note(text, i)
            else:
                return self._read_key(key, value, i)
        return i + 1

    def _note(self, text: str, i: int) -> None:
        """A comment or free text line: the title of the next level, unless it belongs to the last.

        A note right under a board belongs to it, unless it is also right above the next board.
        """
        if not text:
            return
        title = text.removesuffix(":").strip()
        if self.draft is None:
            if self.header_note[1] < 0 and not (self.collection.title or self.collection.author):
                self.first_note = (text, i)  # the file's first words: perhaps its name
            self.header_note = (title, i)
        if not self.attached:
            self.title_candidate = (title, i)
        else:
            self.note_under_board = (title, i)

    def _title_after_header(self, board: int) -> str:
        """The first level's title set apart from the file's header: "" when there is none.

        It is the last note before the first board, alone between blank lines
        and below other text, as ``Level 1`` or ``; XSokoban 1`` after a header::

            ; A collection         <- the header, about the file
            ; by someone

            ; XSokoban 1           <- the first level's title

            #####
        """
        title, at = self.header_note
        lines = self.lines
        if at < 2 or lines[at - 1].strip():
            return ""  # the file's first line, or the end of a longer paragraph of the header
        if any(line.strip() for line in lines[at + 1 : board]):
            return ""  # something else, such as a key, stands between it and the board
        if not any(line.strip() for line in lines[: at - 1]):
            return ""  # the file's first text: about the file
        return title

    # -- boards ----------------------------------------------------------------

    def _read_board(self, i: int) -> int:
        first = self.draft is None
        self._finish_draft()
        problems = self.collection.problems
        if len(problems) >= MAX_PROBLEMS:
            number = len(self.collection.levels) + len(problems) + 1
            message = f"stopped reading here: {len(problems):,} levels before this one are not playable"
            problems.append(LevelError(message, source=self.source, line=i + 1, level=number))
            return len(self.lines)
        title, title_line = self.title_candidate
        if self.attached and self.note_under_board[1] == i - 1:
            title, title_line = self.note_under_board
        elif first and not title:
            title = self._title_after_header(i)
            title_line = self.header_note[1]
        number = len(self.collection.levels) + len(self.collection.problems) + 1
        self.draft = draft = Draft(self.source, number, title)
        draft.title_line = title_line if title else None
        self.title_candidate = ("", -1)
        self.attached = True
        return draft.take_board(self.lines, i)

    def _finish_draft(self) -> None:
        draft, self.draft = self.draft, None
        if draft is None:
            return
        try:
            level = draft.finish()
        except LevelError as error:
            self.collection.problems.append(error)
            return
        self.collection.notices.extend(draft.notices)
        self.collection.levels.append(level)
        self.collection.numbers.append(draft.number)
        self.collection.places.append(LevelPlace(draft.board, tuple(draft.entries), draft.title_line))

    # -- metadata --------------------------------------------------------------

    def _read_key(self, key: str, value: str, i: int) -> int:
        """Apply a ``Key: value`` line at ``i``; return the index after it (and its block)."""
        after = self._apply_key(key, value, i)
        if self.draft is not None and (key in _ENTRY_KEYS or key.startswith("solution")):
            self.draft.entries.append(range(i, after))
        return after

    def _apply_key(self, key: str, value: str, i: int) -> int:
        """What :meth:`_read_key` does with the key's value."""
        draft, collection = self.draft, self.collection
        if key == "comment":
            comment, i = self._read_comment(value, i)
            if draft is not None and comment:
                draft.comments.append(comment)
            return i
        if key.startswith("solution"):
            return self._read_solution(value, i)
        if key == "collection" or (key == "title" and draft is None):
            collection.title = value
        elif key == "title" and draft is not None:
            draft.title, draft.title_line = value, None
        elif key == "author":
            if draft is None:
                collection.author = value
            else:
                draft.author = value
        return i + 1

    def _read_comment(self, value: str, i: int) -> tuple[str, int]:
        """``Comment: text`` on one line, or ``Comment:`` then lines up to ``Comment-End:``.

        Without a ``Comment-End:`` the comment stops at the next blank line.
        """
        if value:
            return value, i + 1
        end = self._next_comment_end(i + 1)
        if end is None:
            end = i + 1
            while end < len(self.lines) and self.lines[end].strip():
                end += 1
            after = end
        else:
            after = end + 1
        return normalise_comment(self.lines[i + 1 : end]), after

    def _next_comment_end(self, start: int) -> int | None:
        if self._comment_ends is None:
            self._comment_ends = [
                n for n, line in enumerate(self.lines) if line.strip().lower().startswith("comment-end")
            ]
        k = bisect.bisect_left(self._comment_ends, start)
        return self._comment_ends[k] if k < len(self._comment_ends) else None

    def _read_solution(self, value: str, i: int) -> int:
        """A solution header (LURD may follow on it) and the LURD lines under it."""
        header = i
        parts = [value]
        i += 1
        while i < len(self.lines):
            text = self.lines[i].strip()
            if not text or text.strip(LURD_CHARS):
                break
            parts.append(text)
            i += 1
        draft = self.draft
        if draft is None:
            return i
        try:
            moves = parse_lurd("".join(parts))
        except NotationError as error:  # the level still plays: only this solution is lost
            notice = f"solution left out: {error}"
            draft.notices.append(LevelError(notice, source=self.source, line=header + 1, level=draft.number))
            return i
        if moves:
            draft.solutions.append(moves)
        return i
