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

from ..core.runs import RunSyntaxError, RunTooLongError, expand_runs

#: Most characters one RLE line may expand to, and most squares any board may
#: have (a 500 x 500 board).
MAX_SQUARES = 250_000

#: Characters that only appear in RLE (a board line holding one of them is RLE).
RLE_MARKS = frozenset("0123456789|()")


class RleSyntaxError(ValueError):
    """Text that is not RLE after all (the caller treats the line as text)."""


class RleTooLargeError(ValueError):
    """RLE that would expand past :data:`MAX_SQUARES` characters."""


def expand_rle(text: str) -> list[str]:
    """The board rows an RLE line stands for.

    A ``|`` at the very end ends the last row, as the end of the line would:
    boards written one RLE row a line (``7#|``, ``#@$--.#|``, ``7#|``) have
    no empty rows between their rows.

    Raises :class:`RleSyntaxError` for a dangling count or unbalanced
    parentheses, :class:`RleTooLargeError` when it expands too far.

    >>> expand_rle("4#|#@$.#|4#"), expand_rle("4#|")
    (['####', '#@$.#', '####'], ['####'])
    """
    try:
        expanded = expand_runs(text, limit=MAX_SQUARES)
    except RunSyntaxError as error:
        raise RleSyntaxError(str(error)) from None
    except RunTooLongError:
        raise RleTooLargeError(f"expands to more than {MAX_SQUARES:,} squares") from None
    return expanded.removesuffix("|").split("|")


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
