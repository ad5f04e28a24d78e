"""What the store keeps of Fifteen besides its best scores: the size played last, and an unfinished game.

The unfinished game is one setting holding JSON; this module is the only
place that reads or writes that text, so the window deals in
:class:`FifteenGame` values and never in JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..core.fifteen import MAX_SIDE, MIN_SIDE
from .settings import Setting

DEFAULT_SIZE = (4, 4)

FIFTEEN_SIZE = Setting[tuple[int, int]](
    "fifteen_size",
    DEFAULT_SIZE,
    "the size of the Fifteen board played last",
    allowed=lambda size: all(MIN_SIDE <= side <= MAX_SIDE for side in size),
    rule=f"a width and a height from {MIN_SIDE} to {MAX_SIDE}",
)
FIFTEEN_GAME = Setting[str](
    "fifteen_game",
    "",
    "the Fifteen game left unfinished (JSON: size, start, history, seconds, helped), resumed next time",
    allowed=lambda text: len(text) <= 1_000_000,
    rule="at most a million characters",
)


@dataclass(frozen=True)
class FifteenGame:
    """An unfinished game: its board's start, its history as text, and the seconds played."""

    size: tuple[int, int]
    start: tuple[int, ...]
    history: str
    seconds: float
    #: The solver helped (a hint, a solution played): solving it sets no best.
    helped: bool

    def to_text(self) -> str:
        return json.dumps(
            {
                "size": self.size,
                "start": self.start,
                "history": self.history,
                "seconds": self.seconds,
                "helped": self.helped,
            }
        )

    @classmethod
    def from_text(cls, text: str) -> FifteenGame | None:
        """The game, or None when there is none or it cannot be read (it is then simply not resumed)."""
        try:
            data = json.loads(text)
            width, height = data["size"]
            return cls(
                (int(width), int(height)),
                tuple(int(tile) for tile in data["start"]),
                str(data["history"]),
                float(data["seconds"]),
                bool(data["helped"]),
            )
        except (ValueError, TypeError, KeyError):
            return None
