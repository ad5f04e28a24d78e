"""Writing levels as ``.sok`` text that :func:`parse_collection` reads back unchanged.

The layout is the one Sokoban programs such as YASC and JSoko share::

    Collection: Lessons
    Author: Star Pusher team

    #####
    #@$.#
    #####
    Title: First push
    Author: Star Pusher team
    Comment: one line, or "Comment:" then lines up to "Comment-End:"
    Solution (moves 1, pushes 1):
    R

Metadata is written on one line each, so a title or author with line breaks
comes back with spaces instead; comments keep their lines but lose trailing
spaces and blank lines at either end. A comment line starting with
``Comment-End`` cannot be written (it would end the comment early).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..core import Level, count_pushes
from .rle import encode_rle

#: Solutions are wrapped at this many moves per line.
SOLUTION_WIDTH = 70


def format_collection(
    levels: Iterable[Level],
    *,
    title: str = "",
    author: str = "",
    notes: Sequence[Mapping[str, str]] = (),
) -> str:
    """The text of a level file holding ``levels``, with an optional file header.

    ``notes`` gives, level by level, words to add to the headers of some
    solutions (see :func:`format_level`).
    """
    header = []
    if title:
        header.append(f"Collection: {_one_line(title)}")
    if author:
        header.append(f"Author: {_one_line(author)}")
    blocks = ["\n".join(header)] if header else []
    for index, level in enumerate(levels):
        blocks.append(format_level(level, notes[index] if index < len(notes) else None))
    return "\n\n".join(blocks) + "\n"


def format_level(level: Level, notes: Mapping[str, str] | None = None) -> str:
    """One level: its board, then its metadata and solutions.

    ``notes`` maps some solutions to words added to their headers, after
    the counts: ``Solution (moves 33, pushes 10, optimized for pushes):``.
    Readers take what is in the brackets as a comment.
    """
    lines = level.to_rows()
    if "" in lines:
        # A row of bare floor would be a blank line, which ends a board: say it in RLE.
        lines = [encode_rle(lines)]
    if level.title:
        lines.append(f"Title: {_one_line(level.title)}")
    if level.author:
        lines.append(f"Author: {_one_line(level.author)}")
    lines.extend(_comment_lines(level.comment))
    for solution in level.solutions:
        if solution:
            note = (notes or {}).get(solution)
            counts = f"moves {len(solution)}, pushes {count_pushes(solution)}{f', {note}' if note else ''}"
            lines.append(f"Solution ({counts}):")
            lines.extend(solution[i : i + SOLUTION_WIDTH] for i in range(0, len(solution), SOLUTION_WIDTH))
    return "\n".join(lines)


def _one_line(text: str) -> str:
    return text.replace("\r", " ").replace("\n", " ").strip()


def _comment_lines(comment: str) -> list[str]:
    lines = [line.rstrip() for line in comment.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        return []
    if len(lines) == 1:
        return [f"Comment: {lines[0].strip()}"]
    return ["Comment:", *lines, "Comment-End:"]
