"""LURD move notation: ``l u r d`` for a step, ``L U R D`` for a push.

This is the notation of every serious Sokoban program and its solution files.
Run-length encoding is accepted and can be written: ``3r2U`` is ``rrrUU`` and a
count may apply to a parenthesised group, ``2(lu)`` is ``lulu``.
Whitespace (solutions are often wrapped over lines) is ignored.
"""

from __future__ import annotations

from .errors import NotationError

MOVE_LETTERS = frozenset("lurdLURD")
DIGITS = frozenset("0123456789")

#: Longest move list a text may expand to, so that a hostile count such as
#: ``999999999999r`` cannot exhaust memory.
MAX_MOVES = 10_000_000


def parse_lurd(text: str, *, letters: frozenset[str] = MOVE_LETTERS) -> str:
    """Expand LURD text (RLE allowed) to one letter per move.

    >>> parse_lurd("3r2U2(ld)")
    'rrrUUldld'
    """
    moves, end = _parse_run(text, 0, letters)
    if end < len(text):
        raise NotationError(f"move text column {end + 1}: unmatched ')'")
    return moves


def _parse_run(text: str, i: int, letters: frozenset[str]) -> tuple[str, int]:
    """Parse until the end of text or a closing parenthesis; return (moves, index)."""
    parts: list[str] = []
    total = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == ")":
            break
        count = 1
        if ch in DIGITS:
            start = i
            while i < len(text) and text[i] in DIGITS:
                i += 1
            count = int(text[start:i]) if i - start <= 9 else MAX_MOVES + 1
            if i >= len(text) or text[i].isspace() or text[i] == ")":
                raise NotationError(f"move text column {start + 1}: a count must come before what it repeats")
            ch = text[i]
        if ch in letters:
            unit = ch
            i += 1
        elif ch == "(":
            unit, i = _parse_run(text, i + 1, letters)
            if i >= len(text):
                raise NotationError(f"move text column {len(text)}: missing ')'")
            i += 1
        else:
            raise NotationError(f"move text column {i + 1}: {ch!r} is not a move")
        total += count * len(unit)
        if total > MAX_MOVES:
            raise NotationError(f"move text is longer than {MAX_MOVES:,} moves")
        parts.append(unit * count)
    return "".join(parts), i


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
