"""A level seen turned or mirrored in play: a way of looking at it, never a change to it.

The player may turn the board a quarter at a time, or mirror it (T, Shift+T,
Y), as the editor turns a level for good with the same symmetries
(:class:`~starpusher.editing.Symmetry`). In play only the picture turns:
the game goes on on the level as it is drawn, so its progress, its saved
game and the solutions recorded are the level's own, and a solution played
on a turned board replays on the board as drawn. :class:`Orientation` says
where each square and each step of the level is seen, and back: the
camera places squares with it and reads clicks through it, the frame places
the pieces, and the play scene turns an arrow key seen on the screen into
the level's step.
"""

from __future__ import annotations

from ...core import Direction, Level, State
from ...editing.sketch import IDENTITY, Symmetry


class Orientation:
    """How ``level`` is seen on the screen: as drawn, or by one of the eight symmetries."""

    def __init__(self, level: Level, symmetry: Symmetry = IDENTITY) -> None:
        self.level = level
        self.symmetry = symmetry
        width, height = level.width, level.height
        seen_width, _ = symmetry.size(width, height)
        #: The index, on the board as seen, of each square of the level (by the level's index).
        self._seen = [
            seen_x + seen_y * seen_width
            for y in range(height)
            for x in range(width)
            for seen_x, seen_y in (symmetry.square(x, y, width, height),)
        ]
        self._square = [0] * len(self._seen)
        for square, seen in enumerate(self._seen):
            self._square[seen] = square
        #: The board as seen, to draw: the level's walls, goals and start put where they are seen.
        self.shown = level if symmetry == IDENTITY else self._shown_level()

    def _shown_level(self) -> Level:
        width, height = self.symmetry.size(self.level.width, self.level.height)
        walls, goals = self.squares_seen(self.level.walls), self.squares_seen(self.level.goals)
        return Level(width, height, walls, goals, self.state(self.level.start))

    @property
    def as_drawn(self) -> bool:
        """Seen as the level is drawn: neither turned nor mirrored."""
        return self.symmetry == IDENTITY

    def turned(self, symmetry: Symmetry) -> Orientation:
        """The view after turning or mirroring what is seen now by ``symmetry``."""
        return Orientation(self.level, self.symmetry.then(symmetry))

    # -- from the level to the screen ------------------------------------------------------------

    def seen(self, square: int) -> int:
        """The index, on the board as seen (:attr:`shown`), of a square of the level."""
        return self._seen[square]

    def xy(self, square: int) -> tuple[int, int]:
        """The column and row a square of the level is seen at."""
        return self.shown.xy(self._seen[square])

    def squares_seen(self, squares: frozenset[int]) -> frozenset[int]:
        return frozenset(self._seen[square] for square in squares)

    def state(self, state: State) -> State:
        """A position of the level as it is seen."""
        return State(self._seen[state.player], self.squares_seen(state.boxes))

    def direction(self, direction: Direction) -> Direction:
        """The way a step of the level is seen going."""
        return _DIRECTIONS[self.symmetry.step(direction.dx, direction.dy)]

    # -- from the screen to the level ------------------------------------------------------------

    def square(self, seen: int) -> int:
        """The square of the level seen at index ``seen`` of the board as seen."""
        return self._square[seen]

    def level_direction(self, seen: Direction) -> Direction:
        """The level's step that is seen going ``seen`` (an arrow key, as on the screen)."""
        return _DIRECTIONS[self.symmetry.inverse.step(seen.dx, seen.dy)]


_DIRECTIONS = {(direction.dx, direction.dy): direction for direction in Direction}
