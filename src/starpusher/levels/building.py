"""A level being read, and the level it becomes: its rows gathered line by line, then built.

The reader (:mod:`.reader`) starts a :class:`Draft` at a board's first line
and gives it the lines that follow; the draft takes the board's rows (plain,
RLE, empty floor rows between them), its title, author, comments and
solutions, and :meth:`Draft.finish` builds the level, or says with the file's
line number why it is not one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core import Level, LevelError
from .lines import (
    FLOOR_CHARS,
    board_rows,
    end_of_floor_rows,
    end_of_plain_rows,
    is_board_row,
    looks_like_broken_row,
)
from .rle import MAX_SQUARES, RleSyntaxError, RleTooLargeError, expand_rle


@dataclass(slots=True)
class Draft:
    """A level while it is being read: its rows and the file line of each."""

    #: The file it is read from (errors name it).
    source: str
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
    #: Where it stands in the file (see :class:`~.reader.LevelPlace`).
    board: range = range(0)
    entries: list[range] = field(default_factory=list)
    title_line: int | None = None

    def take_board(self, lines: list[str], i: int) -> int:
        """Take the board's rows from the line at ``i``; return the index after the board."""
        start = i
        while True:
            end = end_of_plain_rows(lines, i)
            self.rows += [line.rstrip() for line in lines[i:end]]
            self.lines += range(i + 1, end + 1)
            i = end
            while i < len(lines) and self._add_unusual_row(lines[i], i + 1):
                i += 1
            end = end_of_floor_rows(lines, i)
            if end == i or end == len(lines) or not is_board_row(lines[end]):
                self.board = range(start, i)
                return i  # no floor rows, or no board row below them: they are text
            for n in range(i, end):
                line = lines[n].rstrip()
                if line.strip(FLOOR_CHARS):
                    self._add_rows(expand_rle(line), n + 1)  # RLE, held to its size limit
                else:
                    self.rows.append(line)
                    self.lines.append(n + 1)
            i = end

    def _add_unusual_row(self, line: str, line_number: int) -> bool:
        """Add a row (RLE, with a comment, broken, or plain); False when ``line`` ends the board."""
        if "#" not in line:
            return False  # every kind of board row has a wall
        try:
            rows = board_rows(line)
        except (RleSyntaxError, RleTooLargeError) as error:
            self.fail(f"bad run-length encoding: {error}", line_number)
            return True
        if rows is None:
            if not looks_like_broken_row(line):
                return False
            rows = [line.rstrip()]  # Level.from_rows names the unknown character
        self._add_rows(rows, line_number)
        return True

    def _add_rows(self, rows: list[str], line_number: int) -> None:
        """Add the rows of one line that is not a plain board row, within the RLE size limit."""
        self.unusual_squares += sum(map(len, rows))
        if self.unusual_squares > MAX_SQUARES:  # many RLE lines, each under the limit
            self.fail(
                f"bad run-length encoding: the board has more than {MAX_SQUARES:,} squares", line_number
            )
            return
        self.rows.extend(rows)
        self.lines.extend([line_number] * len(rows))

    def fail(self, message: str, line_number: int) -> None:
        """The level is not playable: the first reason found is the one said."""
        if self.error is None:
            self.error = LevelError(message, source=self.source, line=line_number, level=self.number)

    def finish(self) -> Level:
        """The level read; :class:`LevelError` naming the file's line when it is not playable."""
        if self.error is not None:
            raise self.error
        rows, lines = _without_empty_edge_rows(self.rows, self.lines)
        too_large = _size_problem(rows)
        if too_large:
            raise LevelError(too_large, source=self.source, line=lines[0], level=self.number)
        try:
            comment = "\n".join(self.comments)
            level = build_level(rows, title=self.title, author=self.author, comment=comment)
        except LevelError as error:
            row = error.line - 1 if error.line and error.line <= len(lines) else 0
            raise LevelError(error.message, source=self.source, line=lines[row], level=self.number) from None
        if self.solutions:
            level = replace(level, solutions=tuple(self.solutions))
        return level


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
