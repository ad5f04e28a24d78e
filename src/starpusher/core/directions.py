"""The four directions a player (or a sliding tile) can move in."""

from __future__ import annotations

from enum import Enum


class Direction(Enum):
    """A direction on the grid, with its LURD letter for a step (lower case).

    ``dx`` grows to the right and ``dy`` grows downwards, as on screen.
    """

    LEFT = ("l", -1, 0)
    UP = ("u", 0, -1)
    RIGHT = ("r", 1, 0)
    DOWN = ("d", 0, 1)

    def __init__(self, letter: str, dx: int, dy: int) -> None:
        self.letter = letter
        self.dx = dx
        self.dy = dy

    @property
    def opposite(self) -> Direction:
        return _OPPOSITES[self]

    @classmethod
    def from_letter(cls, letter: str) -> Direction:
        """The direction of a LURD letter, either case (``"L"`` and ``"l"`` are LEFT)."""
        try:
            return _BY_LETTER[letter.lower()]
        except KeyError:
            raise ValueError(f"not a direction letter: {letter!r}") from None


_BY_LETTER = {d.letter: d for d in Direction}
_OPPOSITES = {
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
}
