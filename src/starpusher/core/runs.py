"""Run-length expansion, shared by LURD move text and RLE boards.

A count repeats the character after it (``3r`` is ``rrr``) or a group in
parentheses (``2(lu)`` is ``lulu``), and groups nest up to :data:`MAX_DEPTH`
deep. The expansion keeps its open groups on a list rather than recursing, so
deep nesting cannot overflow Python's stack, and it stops once the open groups
together hold more than ``limit`` characters, so no count, however nested,
exhausts memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DIGITS = frozenset("0123456789")

#: Counts with more digits than this are over any limit; int() never sees them.
_MAX_COUNT_DIGITS = 9

#: Deepest nesting of groups: real move and board texts nest two or three deep,
#: and each open group costs memory (a file of millions of '(' would take gigabytes).
MAX_DEPTH = 1000


class RunSyntaxError(ValueError):
    """Text that does not expand: a dangling count or unbalanced parentheses."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(f"column {column}: {message}")
        self.message = message
        self.column = column


class RunTooLongError(ValueError):
    """Text that would expand past its limit."""


@dataclass
class _Group:
    """An open group: its count and what it holds so far."""

    count: int
    parts: list[str] = field(default_factory=list)
    size: int = 0


def expand_runs(text: str, *, limit: int, skip: str = "") -> str:
    """``text`` with every count and group expanded; characters in ``skip`` are dropped.

    Raises :class:`RunSyntaxError` (with the 1-based column) for a count
    with nothing after it, unbalanced parentheses and too deep nesting, :class:`RunTooLongError`
    past ``limit`` characters.
    """
    if DIGITS.isdisjoint(text) and "(" not in text and ")" not in text:
        plain = text.translate(dict.fromkeys(map(ord, skip)))
        if len(plain) > limit:
            raise RunTooLongError(f"expands to more than {limit:,} characters")
        return plain
    groups = [_Group(1)]
    held = 0  # characters in all open groups together
    i, end = 0, len(text)
    while i < end:
        ch = text[i]
        if ch in skip:
            i += 1
            continue
        if ch == ")":
            if len(groups) == 1:
                raise RunSyntaxError("unmatched ')'", i + 1)
            closed = groups.pop()
            unit, count = "".join(closed.parts), closed.count
            held -= closed.size
            i += 1
        else:
            count, i = _read_count(text, i, skip, limit)
            if text[i] == "(":
                if len(groups) > MAX_DEPTH:
                    raise RunSyntaxError(f"groups nested more than {MAX_DEPTH:,} deep", i + 1)
                groups.append(_Group(count))
                i += 1
                continue
            unit = text[i]
            i += 1
        size = count * len(unit)
        held += size
        if held > limit:
            raise RunTooLongError(f"expands to more than {limit:,} characters")
        groups[-1].parts.append(unit * count)
        groups[-1].size += size
    if len(groups) > 1:
        raise RunSyntaxError("missing ')'", end)
    return "".join(groups[0].parts)


def _read_count(text: str, i: int, skip: str, limit: int) -> tuple[int, int]:
    """A count at ``i`` (1 when there is none) and the index of what it repeats."""
    start = i
    while i < len(text) and text[i] in DIGITS:
        i += 1
    if i == start:
        return 1, i
    if i >= len(text) or text[i] == ")" or text[i] in skip:
        raise RunSyntaxError("a count must come before what it repeats", start + 1)
    digits = text[start:i]
    return (int(digits) if len(digits) <= _MAX_COUNT_DIGITS else limit + 1), i
