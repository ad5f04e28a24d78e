"""Finding a level in a long collection: by its number, by words of its title, or among the unsolved.

A front end keeps a :class:`LevelSearch` while its level list is open: the
player types a number to go to that level, or words to keep only the levels
whose titles hold them, and may hide the solved ones. The search decides which
levels show and which one a typed number means; the front end only draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.words import plural

#: The longest number a player may type: more digits than any collection has levels.
MAX_DIGITS = 6


@dataclass
class LevelSearch:
    """What the player asked the level list to show."""

    #: Words typed to find levels by title (matched without regard to case).
    words: str = ""
    #: Only levels not solved yet.
    unsolved_only: bool = False
    #: A number being typed to go to that level ("" when none).
    number: str = ""

    @property
    def filtering(self) -> bool:
        """Whether some levels are hidden."""
        return bool(self.words.strip()) or self.unsolved_only

    def shown(self, titles: Sequence[str], solved: Sequence[bool]) -> list[int]:
        """The indices of the levels to show, in the collection's order."""
        words = self.words.casefold().split()
        return [
            index
            for index, title in enumerate(titles)
            if not (self.unsolved_only and solved[index]) and _holds(title, index, words)
        ]

    def type_digit(self, digit: str, count: int) -> int | None:
        """A digit typed: the level (index from 0) the number now names, or None if there is none."""
        if len(self.number) < MAX_DIGITS and not (digit == "0" and not self.number):
            self.number += digit
        return self.target(count)

    def erase_digit(self, count: int) -> int | None:
        self.number = self.number[:-1]
        return self.target(count)

    def target(self, count: int) -> int | None:
        """The level the typed number names (its index from 0), or None when it names none."""
        if not self.number:
            return None
        index = int(self.number) - 1
        return index if 0 <= index < count else None

    def describe(self, shown: int, total: int) -> str:
        """What is shown, in words: '12 of 155 levels: unsolved, titles with "box"'."""
        parts = []
        if self.unsolved_only:
            parts.append("unsolved")
        if self.words.strip():
            parts.append(f'titles with "{self.words.strip()}"')
        return f"{shown} of {plural(total, 'level')}: {', '.join(parts)}" if parts else plural(total, "level")


def _holds(title: str, index: int, words: list[str]) -> bool:
    """Whether every word is in the title, or is the level's number."""
    folded = title.casefold()
    return all(word in folded or word == str(index + 1) for word in words)
