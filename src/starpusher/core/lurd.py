"""LURD move notation: ``l u r d`` for a step, ``L U R D`` for a push.

This is the notation of every serious Sokoban program and its solution files.
Run-length encoding is accepted and can be written: ``3r2U`` is ``rrrUU`` and a
count may apply to a parenthesised group, ``2(lu)`` is ``lulu``.
Whitespace (solutions are often wrapped over lines) is ignored.
"""

from __future__ import annotations

from .errors import NotationError
from .runs import DIGITS, RunSyntaxError, RunTooLongError, expand_runs

MOVE_LETTERS = frozenset("lurdLURD")

#: Longest move list a text may expand to, so that a hostile count such as
#: ``999999999999r`` cannot exhaust memory.
MAX_MOVES = 10_000_000


def parse_lurd(text: str, *, letters: frozenset[str] = MOVE_LETTERS) -> str:
    """Expand LURD text (RLE allowed) to one letter per move.

    >>> parse_lurd("3r2U2(ld)")
    'rrrUUldld'
    """
    others = set(text) - letters - DIGITS - {"(", ")"}
    spaces = "".join(ch for ch in others if ch.isspace())
    if len(spaces) < len(others):
        first = min(text.index(ch) for ch in others if not ch.isspace())
        raise NotationError(f"move text column {first + 1}: {text[first]!r} is not a move")
    try:
        return expand_runs(text, limit=MAX_MOVES, skip=spaces)
    except RunSyntaxError as error:
        raise NotationError(f"move text column {error.column}: {error.message}") from None
    except RunTooLongError:
        raise NotationError(f"move text is longer than {MAX_MOVES:,} moves") from None


def format_lurd(moves: str, *, rle: bool = False) -> str:
    """Write moves as LURD text, run-length encoded when ``rle`` is set.

    >>> format_lurd("rrrUUl", rle=True)
    '3r2Ul'
    """
    if not rle:
        return moves
    out: list[str] = []
    i = 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        run = j - i
        out.append(f"{run}{moves[i]}" if run > 1 else moves[i])
        i = j
    return "".join(out)
