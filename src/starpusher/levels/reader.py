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
  rest of the header is about the file. A trailing ``:`` is dropped, which turns
  Star Pusher's ``; Starting demo level:`` into "Starting demo level".
* Every board counts as a level, numbered from 1 in file order. A level that
  is not playable is skipped and its :class:`LevelError` names the file line.
  A ``Solution:`` that cannot be read is left out of its level, which still
  plays, and said in a notice naming the line.
"""

from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass, field, replace

from ..core import Level, LevelError, NotationError, parse_lurd
from ..files import read_regular_file
from .encoding import decode_level_bytes
from .rle import MAX_SQUARES, RLE_MARKS, RleSyntaxError, RleTooLargeError, expand_rle

#: Most bytes read from a level file: the largest published collections are a few
#: megabytes, and /dev/zero or a runaway file must not be read forever.
MAX_FILE_BYTES = 32 * 2**20

#: Unplayable levels after which a file is no longer read: each costs memory and a
#: line of report, and a file of millions of them is not a level collection.
MAX_PROBLEMS = 1000

#: Longest first comment line taken for the file's name (longer ones are sentences about it).
MAX_HEADER_NAME = 48

#: Characters of a plain board line (standard and alternate notation).
BOARD_CHARS = " #@+$*.-_pPbB"
_RLE_CHARS = BOARD_CHARS + "".join(RLE_MARKS)
_LURD_CHARS = "lurdLURD0123456789() "
_FLOOR_CHARS = " -_"
_FLOOR_RLE_CHARS = _FLOOR_CHARS + "".join(RLE_MARKS)

#: Keys that describe the level above them (or, before any board, the file).
_LEVEL_KEYS = frozenset({"title", "author", "comment", "comment-end", "collection"})
#: Keys after a board that hold the level's own data (with ``Solution``, however it is written).
_ENTRY_KEYS = frozenset({"title", "author", "comment"})
#: Keys other programs write that this reader accepts and does not keep.
_IGNORED_KEYS = frozenset(
    {"date created", "date of last change", "email", "homepage", "copyright", "difficulty"}
)
_SOLUTION_LINE = re.compile(r"solutions?(?:\s*/\s*\w+)?\s*(?:\([^)]*\))?\s*(?::\s*(.*))?", re.IGNORECASE)


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
        wall_less = _first_board_without_walls(split_lines(text))
        if wall_less is not None:  # without a wall it was read as text: say why, where it is
            problem = "a board without walls: a level needs walls (#) all round the player's area"
            raise LevelError(problem, source=source, line=wall_less + 1)
        raise LevelError("no levels found (a level is a block of rows such as '#@$.#')", source=source)
    return collection


def parse_collection(text: str, source: str = "<text>") -> Collection:
    """The levels in ``text``. Unplayable levels go to ``.problems``; this never raises for them."""
    return _Reader(source).read(text)


def split_lines(text: str) -> list[str]:
    """Lines split at LF, CRLF or CR only (``str.splitlines`` also splits at rarer marks)."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


@dataclass(slots=True)
class _Draft:
    """A level while it is being read: its rows and the file line of each."""

    number: int
    title: str
    rows: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    author: str = ""
    comments: list[str] = field(default_factory=list)
    solutions: list[str] = field(default_factory=list)
    #: What is left out of it (a solution that cannot be read); said only if the level plays.
    notices: list[LevelError] = field(default_factory=list)
    error: LevelError | None = None
    #: Squares in RLE and other unusual rows, kept under the RLE size limit.
    unusual_squares: int = 0
    #: Where it stands in the file (see :class:`LevelPlace`).
    board: range = range(0)
    entries: list[range] = field(default_factory=list)
    title_line: int | None = None


class _Reader:
    """One pass over the lines of a file, building a :class:`Collection`."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.collection = Collection(source)
        self.draft: _Draft | None = None
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
        self.lines = lines = _unquoted(lines) if ">" in text else lines
        i = 0
        while i < len(lines):
            i = self._read_line(i)
        self._finish_draft()
        self.collection.header_name = self._header_name()
        return self.collection

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
            if _board_rows(line) is not None:
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
            key, value = _split_key(text)
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
        self.draft = draft = _Draft(len(self.collection.levels) + len(self.collection.problems) + 1, title)
        draft.title_line = title_line if title else None
        self.title_candidate = ("", -1)
        self.attached = True
        lines = self.lines
        start = i
        while True:
            end = _end_of_plain_rows(lines, i)
            draft.rows += [line.rstrip() for line in lines[i:end]]
            draft.lines += range(i + 1, end + 1)
            i = end
            while i < len(lines) and self._add_unusual_row(draft, lines[i], i + 1):
                i += 1
            end = _end_of_floor_rows(lines, i)
            if end == i or end == len(lines) or not _is_board_row(lines[end]):
                draft.board = range(start, i)
                return i  # no floor rows, or no board row below them: they are text
            for n in range(i, end):
                line = lines[n].rstrip()
                if line.strip(_FLOOR_CHARS):
                    self._add_rows(draft, expand_rle(line), n + 1)  # RLE, held to its size limit
                else:
                    draft.rows.append(line)
                    draft.lines.append(n + 1)
            i = end

    def _add_unusual_row(self, draft: _Draft, line: str, line_number: int) -> bool:
        """Add a row (RLE, with a comment, broken, or plain); False when ``line`` ends the board."""
        if "#" not in line:
            return False  # every kind of board row has a wall
        try:
            rows = _board_rows(line)
        except (RleSyntaxError, RleTooLargeError) as error:
            self._fail(draft, f"bad run-length encoding: {error}", line_number)
            return True
        if rows is None:
            if not _looks_like_broken_row(line):
                return False
            rows = [line.rstrip()]  # Level.from_rows names the unknown character
        self._add_rows(draft, rows, line_number)
        return True

    def _add_rows(self, draft: _Draft, rows: list[str], line_number: int) -> None:
        """Add the rows of one line that is not a plain board row, within the RLE size limit."""
        draft.unusual_squares += sum(map(len, rows))
        if draft.unusual_squares > MAX_SQUARES:  # many RLE lines, each under the limit
            self._fail(
                draft,
                f"bad run-length encoding: the board has more than {MAX_SQUARES:,} squares",
                line_number,
            )
            return
        draft.rows.extend(rows)
        draft.lines.extend([line_number] * len(rows))

    def _fail(self, draft: _Draft, message: str, line_number: int) -> None:
        if draft.error is None:
            draft.error = LevelError(message, source=self.source, line=line_number, level=draft.number)

    def _finish_draft(self) -> None:
        draft, self.draft = self.draft, None
        if draft is None:
            return
        if draft.error is not None:
            self.collection.problems.append(draft.error)
            return
        rows, lines = _without_empty_edge_rows(draft.rows, draft.lines)
        too_large = _size_problem(rows)
        if too_large:
            error = LevelError(too_large, source=self.source, line=lines[0], level=draft.number)
            self.collection.problems.append(error)
            return
        try:
            comment = "\n".join(draft.comments)
            level = build_level(rows, title=draft.title, author=draft.author, comment=comment)
        except LevelError as error:
            row = error.line - 1 if error.line and error.line <= len(lines) else 0
            self.collection.problems.append(
                LevelError(error.message, source=self.source, line=lines[row], level=draft.number)
            )
            return
        if draft.solutions:
            level = replace(level, solutions=tuple(draft.solutions))
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
        return _normalise_comment(self.lines[i + 1 : end]), after

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
            if not text or text.strip(_LURD_CHARS):
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


def _unquoted(lines: list[str]) -> list[str]:
    """The lines with the e-mail quoting taken off every block of quoted lines that holds a board.

    A block is a run of lines that all start with ``>``. Its lines lose their
    quote marks, and the space after the last one too when every line that
    is not blank has it (``> #####``; not ``>#####`` beside ``> ####``, where
    the space is the board's). Nested quotes are judged level by level, so
    ``> Mary wrote:`` and the ``>> #####`` under it each lose their own. A
    block without a board keeps its quoting: it is text, a comment perhaps.
    """
    result = list(lines)
    start = 0
    while start < len(lines):
        if not lines[start].startswith(">"):
            start += 1
            continue
        end = start + 1
        while end < len(lines) and lines[end].startswith(">"):
            end += 1
        block = _unquoted_block(lines[start:end])
        if any(_is_board_row(line) for line in block):
            result[start:end] = block
        start = end
    return result


def _unquoted_block(block: list[str]) -> list[str]:
    """Every line of a block of quoted lines without its quoting (see :func:`_unquoted`)."""
    marks = [_quote_marks(line) for line in block]
    depths = [mark.count(">") for mark in marks]
    # Lines quoted alike are quoted as deep with no shallower line between them:
    # they share the line before them that is quoted less deep (-1: none).
    alike: dict[tuple[int, int], list[int]] = {}
    shallower: list[int] = []  # lines so far, each quoted deeper than the one before it
    for n, depth in enumerate(depths):
        while shallower and depths[shallower[-1]] >= depth:
            shallower.pop()
        alike.setdefault((shallower[-1] if shallower else -1, depth), []).append(n)
        shallower.append(n)
    texts = [line[len(mark) :] for line, mark in zip(block, marks, strict=True)]
    for group in alike.values():
        spaced = all(texts[n].startswith(" ") for n in group if texts[n].strip())
        for n in group:
            text = texts[n]
            texts[n] = "" if not text.strip() else text[1:] if spaced else text
    return texts


def _quote_marks(line: str) -> str:
    """The quote marks before a line's text, up to the last ``>``: ``> >`` in ``> > #####``."""
    marks = line[: len(line) - len(line.lstrip("> "))]
    return marks[: marks.rfind(">") + 1]


def _without_empty_edge_rows(rows: list[str], lines: list[int]) -> tuple[list[str], list[int]]:
    """The rows (and their line numbers) without rows of bare floor above or below the board.

    Only RLE makes such rows (``|#####``); they are outside the level, and a
    blank line written for one would end the board when the file is read back.
    """
    if rows[0].strip(" -_") and rows[-1].strip(" -_"):
        return rows, lines  # the usual case, and the only one outside RLE
    kept = [i for i, row in enumerate(rows) if row.strip(" -_")]
    if not kept:
        return rows, lines
    first, last = kept[0], kept[-1] + 1
    return rows[first:last], lines[first:last]


def _size_problem(rows: list[str]) -> str:
    """Why a board is too large to be a level ("" when it is not): a plain board
    of millions of squares would cost hundreds of megabytes, as a hostile RLE count would."""
    if max(map(len, rows)) * len(rows) <= MAX_SQUARES:
        return ""  # the usual case, decided without trimming every row
    width = max(len(row.rstrip(" -_")) for row in rows)
    if width * len(rows) <= MAX_SQUARES:
        return ""
    return f"the board is {width} x {len(rows)} squares, more than the {MAX_SQUARES:,} a level may have"


def build_level(rows: list[str], *, title: str, author: str, comment: str) -> Level:
    """``Level.from_rows``, but also accepting stars sealed away on goals.

    Some published levels (Microban 155 among them) wall in a few stars that
    already stand on goals, as decoration. ``Level.from_rows`` rejects any star
    outside the player's area; such a level is still playable, so it is built
    here with those stars, provided every star and goal out of reach is a
    star on a goal and the player's area stays closed.
    """
    try:
        return Level.from_rows(rows, title=title, author=author, comment=comment)
    except LevelError as error:
        level = _with_sealed_stars(rows, title=title, author=author, comment=comment)
        if level is None:
            raise error from None
        return level


def _with_sealed_stars(rows: list[str], *, title: str, author: str, comment: str) -> Level | None:
    """The level with its stars on goals taken as walls first, then put back; None if that fails."""
    try:
        walled = Level.from_rows([row.replace("*", "#").replace("B", "#") for row in rows])
    except LevelError:
        return None
    width = walled.width
    sealed = frozenset(y * width + x for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in "*B")
    level = Level(
        width,
        walled.height,
        walled.walls - sealed,
        walled.goals | sealed,
        walled.start._replace(boxes=walled.start.boxes | sealed),
        title=title,
        author=author,
        comment=comment,
    )
    outside_stars = level.start.boxes - level.interior
    reaches_edge = any(
        x in (0, width - 1) or y in (0, level.height - 1) for x, y in map(level.xy, level.interior)
    )
    if reaches_edge or not outside_stars or outside_stars != level.goals - level.interior:
        return None
    return level


def _end_of_plain_rows(lines: list[str], start: int, board_chars: str = BOARD_CHARS) -> int:
    """The index after a run of plain board rows from ``start``: the fast path, str methods only."""
    end = start
    count = len(lines)
    while end < count:
        line = lines[end]
        if "#" not in line or line.strip(board_chars):
            break
        end += 1
    return end


def _end_of_floor_rows(lines: list[str], start: int) -> int:
    """The index after a run of lines of bare floor from ``start``.

    A board's empty rows are written ``----`` (or ``3-|`` in RLE), since a
    blank line would end it. They belong to the board only when a board row
    follows them; the caller checks that. The run stops at more squares than
    a board may have, so RLE lines are not expanded without end to find out.
    """
    end, squares = start, 0
    while end < len(lines):
        size = _floor_squares(lines[end])
        squares += size
        if not size or squares > MAX_SQUARES:
            break
        end += 1
    return end


def _floor_squares(line: str) -> int:
    """The squares in a row of bare floor (``----``, `` -``, RLE ``2-|``); 0 for any other line."""
    body = line.rstrip()
    if not body.strip(_FLOOR_CHARS):
        return len(body)  # 0 for a blank line, which ends the board
    if body.strip(_FLOOR_RLE_CHARS):
        return 0
    try:
        return max(1, sum(map(len, expand_rle(body))))  # "|" alone is an empty row
    except (RleSyntaxError, RleTooLargeError):
        return 0  # "12", "(3)": text, which ends the board


def _is_board_row(line: str) -> bool:
    """Whether ``line`` is a row of a board (plain, RLE, or with a typo), as rows after floor must be."""
    try:
        return _board_rows(line) is not None or _looks_like_broken_row(line)
    except (RleSyntaxError, RleTooLargeError):
        return False


def _board_rows(line: str) -> list[str] | None:
    """The board rows a line stands for, or None when it is not a board line.

    Raises the :mod:`.rle` errors for lines that can only be RLE but are broken.
    """
    if "#" not in line:
        return None
    body = line.split(";", 1)[0].rstrip()
    if "#" not in body:
        return None
    if not body.strip(BOARD_CHARS):
        return [body]
    if not body.strip(_RLE_CHARS):
        return expand_rle(body)
    return None


def _looks_like_broken_row(line: str) -> bool:
    """A board row with a typo (``#@$x#``) rather than text: walls, and mostly board characters."""
    body = line.split(";", 1)[0].strip()
    if "#" not in body or ":" in body:
        return False
    squares = body.replace(" ", "")
    return 2 * sum(ch in BOARD_CHARS for ch in squares) > len(squares)


#: Squares of a board row, with no letters: a line of only these, a player among them, is no text.
_WALL_LESS_ROW = re.compile(r"[ \-_$*.]*[@+][ \-_$*.@+]*")


def _first_board_without_walls(lines: list[str]) -> int | None:
    """The index of the first line that would be a board row but for its walls (`` @$.``), or None."""
    return next((i for i, line in enumerate(lines) if _WALL_LESS_ROW.fullmatch(line.rstrip())), None)


def _split_key(text: str) -> tuple[str | None, str]:
    """``("author", "Me")`` for ``Author: Me``; ``(None, "")`` for a line that is not metadata."""
    if text[0] in "sS":
        match = _SOLUTION_LINE.fullmatch(text)
        if match:
            return "solution", (match.group(1) or "").strip()
    key, colon, value = text.partition(":")
    key = key.strip().lower()
    if colon and (key in _LEVEL_KEYS or key in _IGNORED_KEYS):
        return key, value.strip()
    return None, ""


def _normalise_comment(lines: list[str]) -> str:
    """Comment lines with trailing spaces and surrounding blank lines dropped."""
    return "\n".join(line.rstrip() for line in lines).strip("\n")
