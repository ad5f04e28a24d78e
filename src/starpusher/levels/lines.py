"""What one line of a level file is: a board row (plain, RLE, or with a typo), a row of bare
floor, a ``Key: value`` line, or text; and the lines themselves, split and unquoted.

The reader (:mod:`.reader`) asks these questions line by line; the rules they
follow are listed there. Nothing here keeps state: each answer depends on the
line (or the lines) asked about.
"""

from __future__ import annotations

import re

from .rle import MAX_SQUARES, RLE_MARKS, RleSyntaxError, RleTooLargeError, expand_rle

#: Characters of a plain board line (standard and alternate notation).
BOARD_CHARS = " #@+$*.-_pPbB"
_RLE_CHARS = BOARD_CHARS + "".join(RLE_MARKS)
#: Characters of the lines of moves under a ``Solution:`` header.
LURD_CHARS = "lurdLURD0123456789() "
FLOOR_CHARS = " -_"
_FLOOR_RLE_CHARS = FLOOR_CHARS + "".join(RLE_MARKS)

#: Keys that describe the level above them (or, before any board, the file).
_LEVEL_KEYS = frozenset({"title", "author", "comment", "comment-end", "collection"})
#: Keys other programs write that this reader accepts and does not keep.
_IGNORED_KEYS = frozenset(
    {"date created", "date of last change", "email", "homepage", "copyright", "difficulty"}
)
_SOLUTION_LINE = re.compile(r"solutions?(?:\s*/\s*\w+)?\s*(?:\([^)]*\))?\s*(?::\s*(.*))?", re.IGNORECASE)


def split_lines(text: str) -> list[str]:
    """Lines split at LF, CRLF or CR only (``str.splitlines`` also splits at rarer marks)."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


# -- board rows ----------------------------------------------------------------


def board_rows(line: str) -> list[str] | None:
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


def looks_like_broken_row(line: str) -> bool:
    """A board row with a typo (``#@$x#``) rather than text: walls, and mostly board characters."""
    body = line.split(";", 1)[0].strip()
    if "#" not in body or ":" in body:
        return False
    squares = body.replace(" ", "")
    return 2 * sum(ch in BOARD_CHARS for ch in squares) > len(squares)


def is_board_row(line: str) -> bool:
    """Whether ``line`` is a row of a board (plain, RLE, or with a typo), as rows after floor must be."""
    try:
        return board_rows(line) is not None or looks_like_broken_row(line)
    except (RleSyntaxError, RleTooLargeError):
        return False


def end_of_plain_rows(lines: list[str], start: int, board_chars: str = BOARD_CHARS) -> int:
    """The index after a run of plain board rows from ``start``: the fast path, str methods only."""
    end = start
    count = len(lines)
    while end < count:
        line = lines[end]
        if "#" not in line or line.strip(board_chars):
            break
        end += 1
    return end


def end_of_floor_rows(lines: list[str], start: int) -> int:
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
    if not body.strip(FLOOR_CHARS):
        return len(body)  # 0 for a blank line, which ends the board
    if body.strip(_FLOOR_RLE_CHARS):
        return 0
    try:
        return max(1, sum(map(len, expand_rle(body))))  # "|" alone is an empty row
    except (RleSyntaxError, RleTooLargeError):
        return 0  # "12", "(3)": text, which ends the board


#: Squares of a board row, with no letters: a line of only these, a player among them, is no text.
_WALL_LESS_ROW = re.compile(r"[ \-_$*.]*[@+][ \-_$*.@+]*")


def first_board_without_walls(lines: list[str]) -> int | None:
    """The index of the first line that would be a board row but for its walls (`` @$.``), or None."""
    return next((i for i, line in enumerate(lines) if _WALL_LESS_ROW.fullmatch(line.rstrip())), None)


# -- keys ----------------------------------------------------------------


def split_key(text: str) -> tuple[str | None, str]:
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


def normalise_comment(lines: list[str]) -> str:
    """Comment lines with trailing spaces and surrounding blank lines dropped."""
    return "\n".join(line.rstrip() for line in lines).strip("\n")


# -- quoting ----------------------------------------------------------------


def unquoted(lines: list[str]) -> list[str]:
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
        if any(is_board_row(line) for line in block):
            result[start:end] = block
        start = end
    return result


def _unquoted_block(block: list[str]) -> list[str]:
    """Every line of a block of quoted lines without its quoting (see :func:`unquoted`)."""
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
