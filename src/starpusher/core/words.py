"""Counts in words, as every part of the game says them: "1 level", "2 levels", never "1 levels"."""

from __future__ import annotations


def plural(count: int, word: str, words: str = "") -> str:
    """``"1 level"``, ``"2 levels"``: a count with its noun, singular for one.

    ``words`` is the plural when adding an s does not make it: ``plural(2, "push", "pushes")``.
    """
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


def goals_holding_stars(filled: int, goals: int) -> str:
    """How far from solved a position is: ``"1 of 3 goals holds a star"``, ``"its goal holds no star"``."""
    if goals == 1:
        return "its goal holds a star" if filled else "its goal holds no star"
    return f"{filled} of {goals} goals hold{'s' if filled == 1 else ''} a star"
