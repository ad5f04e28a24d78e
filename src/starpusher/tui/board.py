"""A level's board in the terminal: where it is on the screen, scrolled to keep the player in sight.

The window has its camera; the terminal has this: the board between the bar
above and the lines below, each square two columns wide, centred when it
fits and scrolled near an edge when it does not. A click's column and row
become the square under it, for the mouse's walks and pushes.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass

from ..core import Direction, Level, State
from . import screen


@dataclass
class BoardView:
    """The part of ``level`` shown, from square ``origin`` (column, row), in rows from ``top``."""

    level: Level
    origin: tuple[int, int] = (0, 0)
    #: The screen row of the board's first row (under the bar above).
    top: int = 1
    #: How many screen rows the board has (worked out as it is drawn).
    height: int = 0
    #: How many screen columns it has.
    columns: int = 0

    def follow(self, player: int, columns: int, height: int) -> None:
        """Fit the board into ``columns`` x ``height``, keeping the square ``player`` in sight."""
        self.columns, self.height = columns, height
        x, y = self.level.xy(player)
        ox, oy = self.origin
        self.origin = (
            screen.follow(ox, x, self.level.width, columns // 2),
            screen.follow(oy, y, self.level.height, height),
        )

    def draw(
        self,
        window: curses.window,
        state: State,
        palette: screen.Palette,
        *,
        dead: frozenset[int] = frozenset(),
        stuck: frozenset[int] = frozenset(),
        hint: tuple[int, Direction] | None = None,
        marks: screen.Marks | None = None,
    ) -> None:
        """The board with ``state`` on it (and whatever is marked), where :meth:`follow` put it."""
        screen.draw_board(
            window,
            self.level,
            state,
            self.origin,
            palette,
            height=self.height,
            dead=dead,
            stuck=stuck,
            hint=hint,
            marks=marks,
            top=self.top,
        )

    def square_at(self, x: int, y: int) -> int | None:
        """The square under screen column ``x`` and row ``y``, or None off the board."""
        row = y - self.top
        if not 0 <= row < self.height or not 0 <= x < self.columns:
            return None
        column, line = self.origin[0] + x // 2, self.origin[1] + row
        if 0 <= column < self.level.width and 0 <= line < self.level.height:
            return self.level.index(column, line)
        return None
