"""Run-length encoded (RLE) boards.

Some collections squeeze boards with run-length encoding: a count repeats the
character after it, ``|`` ends a row, and a count may repeat a group in
parentheses. Floor is usually written ``-`` so that spaces are not lost::

    4#|#@$.#|4#            is   ####
                                #@$.#
                                ####
    #2(-$)#                is   #-$-$#

A hostile count such as ``999999999#`` would ask for gigabytes, so expansion
stops with an error past :data:`MAX_SQUARES` characters.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Most characters one RLE line may expand to (a 500 x 500 board).
MAX_SQUARES = 250_000

#: Characters that only appear in RLE (a board line holding one of them is RLE).
RLE_MARKS = frozenset("0123456789|()")


class RleSyntaxError(ValueError):
    """Text that is not RLE after all (the caller treats the line as text)."""


class RleTooLargeError(ValueError):
    """RLE that would expand past :data:`MAX_SQUARES` characters."""


def expand_rle(text: str) -> list[str]:
    """The board rows an RLE line stands for.

    Raises :class:`RleSyntaxError` for a dangling count or unbalanced
    parentheses, :class:`RleTooLargeError` when it expands too far.

    >>> expand_rle("4#|#@$.#|4#")
    ['####', '#@$.#', '####']
    """
    expanded, end = _expand_run(text, 0)
    if end < len(text):
        raise RleSyntaxError(f"column {end + 1}: unmatched ')'")
    return expanded.split("|")


def _expand_run(text: str, i: int) -> tuple[str, int]:
    """Expand from ``i`` to the end of text or a closing parenthesis; return (text, index)."""
    parts: list[str] = []
    total = 0
    while i < len(text) and text[i] != ")":
        count, i = _read_count(text, i)
        if text[i] == "(":
            unit, i = _expand_run(text, i + 1)
            if i >= len(text):
                raise RleSyntaxError("missing ')'")
        else:
            unit = text[i]
        i += 1
        total += count * len(unit)
        if total > MAX_SQUARES:
            raise RleTooLargeError(f"expands to more than {MAX_SQUARES:,} squares")
        parts.append(unit * count)
    return "".join(parts), i


def _read_count(text: str, i: int) -> tuple[int, int]:
    """A count at ``i`` (1 when there is none) and the index of what it repeats."""
    start = i
    while i < len(text) and text[i].isdigit():
        i += 1
    if i == start:
        return 1, i
    if i >= len(text) or text[i] == ")":
        raise RleSyntaxError(f"column {start + 1}: a count must come before what it repeats")
    # More than 9 digits is over any limit; do not let int() chew on a huge number.
    return (int(text[start:i]) if i - start <= 9 else MAX_SQUARES + 1), i


def encode_rle(rows: Sequence[str]) -> str:
    """One RLE line for a board: floor as ``-``, runs counted, rows joined by ``|``.

    >>> encode_rle(["####", "#@$.#", "####"])
    '4#|#@$.#|4#'
    """
    return "|".join(_encode_row(row.replace(" ", "-")) for row in rows)


def _encode_row(row: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(row):
        j = i
        while j < len(row) and row[j] == row[i]:
            j += 1
        out.append(f"{j - i}{row[i]}" if j - i > 1 else row[i])
        i = j
    return "".join(out)
