"""The level being drawn: a grid of standard characters, and the edits a drawing tool makes.

A :class:`Sketch` is immutable, so the project's one
:class:`~starpusher.history.History` keeps every version for undo and redo.
It may hold anything a player draws, also what is not a level yet (no
player, an open wall): :mod:`.checks` says what is wrong in words, and
:meth:`Sketch.to_level` turns a sound sketch into a :class:`Level`.

Painting follows the layers of a square: a goal lies on the floor, a star or
the player stands on it. Painting a star on a goal gives a star on the goal;
the eraser takes away the top layer only; floor clears the square. There is
only ever one player: painting it elsewhere moves it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from enum import Enum

from ..bitboard import bits_of, edge_masks, flood, squares_of
from ..core import Level
from ..core.sokoban import FLOOR, GOAL, PLAYER, PLAYER_ON_GOAL, STAR, STAR_ON_GOAL, WALL

#: The largest board the editor grows to (columns and rows): beyond it nothing fits a screen.
MAX_SIDE = 64
#: A new level: a room with walls around it, to fill.
NEW_SIZE = (10, 8)

Square = tuple[int, int]


class Piece(Enum):
    """What a drawing tool puts down; the value is the character it draws on bare floor."""

    _value_: str

    WALL = WALL
    FLOOR = FLOOR
    GOAL = GOAL
    STAR = STAR
    PLAYER = PLAYER
    STAR_ON_GOAL = STAR_ON_GOAL
    PLAYER_ON_GOAL = PLAYER_ON_GOAL
    ERASER = "eraser"

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


#: The goal under a character, and the thing (star, player) standing on it.
_HAS_GOAL = {GOAL, STAR_ON_GOAL, PLAYER_ON_GOAL}
_WITH_GOAL = {FLOOR: GOAL, STAR: STAR_ON_GOAL, PLAYER: PLAYER_ON_GOAL}
_WITHOUT_GOAL = {GOAL: FLOOR, STAR_ON_GOAL: STAR, PLAYER_ON_GOAL: PLAYER}


def painted(old: str, piece: Piece) -> str:
    """The character a square shows after ``piece`` is painted on ``old``."""
    goal = old in _HAS_GOAL
    drawn = piece.value  # read before the tests below narrow ``piece`` (mypy loses the value's type then)
    if piece is Piece.ERASER:
        if old in (STAR_ON_GOAL, PLAYER_ON_GOAL):
            return GOAL
        return FLOOR
    if piece is Piece.GOAL:
        return _WITH_GOAL.get(_WITHOUT_GOAL.get(old, old if old != WALL else FLOOR), GOAL)
    if piece in (Piece.STAR, Piece.PLAYER):
        return _WITH_GOAL[drawn] if goal else drawn
    return drawn


@dataclass(frozen=True)
class Sketch:
    """A rectangle of standard characters (``# @ + $ * .`` and space), row by row."""

    rows: tuple[str, ...]

    # -- making one ----------------------------------------------------------------

    @classmethod
    def empty(cls, width: int = NEW_SIZE[0], height: int = NEW_SIZE[1]) -> Sketch:
        """A room walled all round with nothing in it."""
        if width < 3 or height < 3:
            return cls(tuple(FLOOR * width for _ in range(height)))
        middle = WALL + FLOOR * (width - 2) + WALL
        return cls((WALL * width, *(middle for _ in range(height - 2)), WALL * width))

    @classmethod
    def from_level(cls, level: Level) -> Sketch:
        return cls.from_text(level.to_text())

    @classmethod
    def from_text(cls, text: str) -> Sketch:
        """Rows of standard characters (ragged rows are padded with floor)."""
        lines = [line.rstrip() for line in text.strip("\n").split("\n")] or [""]
        width = max(1, *(len(line) for line in lines))
        return cls(tuple(line.ljust(width) for line in lines))

    # -- reading ----------------------------------------------------------------

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def at(self, square: Square) -> str:
        x, y = square
        return self.rows[y][x]

    def on_board(self, square: Square) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def squares(self, *chars: str) -> list[Square]:
        """Every square holding one of ``chars``, in reading order."""
        return [(x, y) for y, row in enumerate(self.rows) for x, ch in enumerate(row) if ch in chars]

    def enclosed(self) -> set[Square]:
        """Squares that walls close off from beyond the board's edge: the inside of the level."""
        last_x, last_y = self.width - 1, self.height - 1
        edge = [
            (x, y)
            for y in range(self.height)
            for x in range(self.width)
            if (x in (0, last_x) or y in (0, last_y)) and self.rows[y][x] != WALL
        ]
        outside = self.region(edge, lambda ch: ch != WALL)
        return {
            (x, y)
            for y in range(self.height)
            for x in range(self.width)
            if (x, y) not in outside and self.rows[y][x] != WALL
        }

    def region(self, starts: Iterable[Square], through: Callable[[str], bool]) -> set[Square]:
        """The squares joined side by side to ``starts`` through squares whose character ``through`` lets by.

        The starts are in it whatever they hold; the board's edge stops it (the flood of
        :mod:`starpusher.bitboard`, on an open map).
        """
        width, height = self.width, self.height
        # Bit y * width + x for square (x, y): the last square's character is the first digit.
        open_bits = int(
            "".join("1" if through(ch) else "0" for row in reversed(self.rows) for ch in row[::-1]), 2
        )
        seeds = bits_of(y * width + x for x, y in starts)
        region = flood(seeds, open_bits | seeds, width, edge_masks(width, height))
        return {(square % width, square // width) for square in squares_of(region)}

    def to_text(self) -> str:
        return "\n".join(row.rstrip() for row in self.rows) + "\n"

    def to_level(self, *, title: str = "", author: str = "", solutions: tuple[str, ...] = ()) -> Level:
        """The level drawn; raises :class:`~starpusher.core.LevelError` when it is not one."""
        level = Level.from_rows(list(self.rows), title=title, author=author)
        return replace(level, solutions=solutions) if solutions else level

    # -- editing ----------------------------------------------------------------

    def paint(self, squares: Iterable[Square], piece: Piece) -> tuple[Sketch, Square]:
        """Paint ``piece`` on ``squares``; squares past the edge grow the board.

        Returns the new sketch and how far the old squares moved (right, down)
        when the board grew to the left or the top, so a caller can keep its
        own squares in step.
        """
        wanted = list(squares)
        if not wanted:
            return self, (0, 0)
        grown, shift = self._grown_to(wanted)
        grid = [list(row) for row in grown.rows]
        if piece in (Piece.PLAYER, Piece.PLAYER_ON_GOAL):
            for x, y in grown.squares(PLAYER, PLAYER_ON_GOAL):  # only one player: it moves
                grid[y][x] = GOAL if grid[y][x] == PLAYER_ON_GOAL else FLOOR
            wanted = wanted[-1:]
        for x, y in wanted:
            x, y = x + shift[0], y + shift[1]
            if 0 <= x < grown.width and 0 <= y < grown.height:
                grid[y][x] = painted(grid[y][x], piece)
        return Sketch(tuple("".join(row) for row in grid)), shift

    def _grown_to(self, squares: list[Square]) -> tuple[Sketch, Square]:
        """This sketch grown so that ``squares`` lie on it, up to :data:`MAX_SIDE` a side.

        Returns the grown sketch and the shift of the old squares; squares that
        would pass the limit stay off the board.
        """
        left, right = _growth(min(x for x, _ in squares), max(x for x, _ in squares), self.width)
        top, bottom = _growth(min(y for _, y in squares), max(y for _, y in squares), self.height)
        if not (left or right or top or bottom):
            return self, (0, 0)
        width = left + self.width + right
        rows = [FLOOR * width] * top
        rows += [FLOOR * left + row + FLOOR * right for row in self.rows]
        rows += [FLOOR * width] * bottom
        return Sketch(tuple(rows)), (left, top)

    def fill(self, start: Square, piece: Piece) -> Sketch:
        """Paint ``piece`` over the area of squares alike to ``start`` that touch it side by side."""
        if not self.on_board(start):
            return self
        return self.paint(sorted(self.area(start)), piece)[0]

    def area(self, start: Square) -> set[Square]:
        """The squares holding what ``start`` holds, reachable from it side by side."""
        same = self.at(start)
        return self.region([start], lambda ch: ch == same)

    def crop(self) -> Sketch:
        """Cut the board down to its walls and pieces (bare floor around them goes)."""
        used = [(x, y) for y, row in enumerate(self.rows) for x, ch in enumerate(row) if ch != FLOOR]
        if not used:
            return self
        left = min(x for x, _ in used)
        right = max(x for x, _ in used)
        top = min(y for _, y in used)
        bottom = max(y for _, y in used)
        return Sketch(tuple(row[left : right + 1] for row in self.rows[top : bottom + 1]))

    def cleared(self) -> Sketch:
        """The same size, all bare floor."""
        return Sketch(tuple(FLOOR * self.width for _ in self.rows))

    def transformed(self, symmetry: Symmetry) -> Sketch:
        """The board turned or mirrored (one of the eight symmetries of a rectangle)."""
        rows = self.rows
        if symmetry.transpose:
            rows = tuple("".join(column) for column in zip(*rows, strict=True))
        if symmetry.flip_x:
            rows = tuple(row[::-1] for row in rows)
        if symmetry.flip_y:
            rows = rows[::-1]
        return Sketch(rows)


def _growth(low: int, high: int, size: int) -> tuple[int, int]:
    """Squares to add before and after a side of ``size`` to reach ``low``..``high``, within the limit."""
    budget = max(0, MAX_SIDE - size)
    before = min(max(0, -low), budget)
    after = min(max(0, high - size + 1), budget - before)
    return before, after


@dataclass(frozen=True)
class Symmetry:
    """Transpose (swap columns and rows) first, then mirror left-right, then top-bottom.

    The editor turns the board itself by one (:meth:`Sketch.transformed`);
    play only shows it turned, and asks where a square or a step of the
    board is seen (:meth:`square`, :meth:`step`).
    """

    name: str
    transpose: bool = False
    flip_x: bool = False
    flip_y: bool = False

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The width and height of a board of ``width`` by ``height`` once transformed."""
        return (height, width) if self.transpose else (width, height)

    def square(self, x: int, y: int, width: int, height: int) -> Square:
        """Where square (``x``, ``y``) of a board of ``width`` by ``height`` goes."""
        if self.transpose:
            x, y, width, height = y, x, height, width
        return (width - 1 - x if self.flip_x else x), (height - 1 - y if self.flip_y else y)

    def step(self, dx: int, dy: int) -> tuple[int, int]:
        """Where a step (``dx``, ``dy``) points once transformed: a square's, without the board's size."""
        if self.transpose:
            dx, dy = dy, dx
        return (-dx if self.flip_x else dx), (-dy if self.flip_y else dy)

    def then(self, other: Symmetry) -> Symmetry:
        """This symmetry followed by ``other``, one of :data:`SYMMETRIES`.

        Two symmetries are the same when they take the steps right and down
        to the same steps, so the one that does what both do is found that way.
        """
        wanted = [other.step(*self.step(dx, dy)) for dx, dy in ((1, 0), (0, 1))]
        return next(one for one in SYMMETRIES if [one.step(1, 0), one.step(0, 1)] == wanted)

    @property
    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
        return next(one for one in SYMMETRIES if self.then(one) == IDENTITY)


IDENTITY = Symmetry("as drawn")
ROTATE_RIGHT = Symmetry("turned right", transpose=True, flip_x=True)
ROTATE_LEFT = Symmetry("turned left", transpose=True, flip_y=True)
HALF_TURN = Symmetry("turned around", flip_x=True, flip_y=True)
MIRROR_LEFT_RIGHT = Symmetry("mirrored left to right", flip_x=True)
MIRROR_TOP_BOTTOM = Symmetry("mirrored top to bottom", flip_y=True)
MIRROR_DIAGONAL = Symmetry("mirrored on the diagonal", transpose=True)
MIRROR_OTHER_DIAGONAL = Symmetry("mirrored on the other diagonal", transpose=True, flip_x=True, flip_y=True)

#: All eight ways to turn and mirror a rectangle.
SYMMETRIES = (
    IDENTITY,
    ROTATE_RIGHT,
    HALF_TURN,
    ROTATE_LEFT,
    MIRROR_LEFT_RIGHT,
    MIRROR_TOP_BOTTOM,
    MIRROR_DIAGONAL,
    MIRROR_OTHER_DIAGONAL,
)


def line(start: Square, end: Square) -> Iterator[Square]:
    """The squares of a straight line from ``start`` to ``end``, both included.

    It steps one side at a time, never diagonally: a wall drawn as a slanted
    line has no corner gaps for the player to slip through.
    """
    (x, y), (x1, y1) = start, end
    nx, ny = abs(x1 - x), abs(y1 - y)
    sx, sy = (1 if x1 > x else -1), (1 if y1 > y else -1)
    ix = iy = 0
    yield x, y
    while ix < nx or iy < ny:
        # Step along whichever axis the ideal line crosses a square's side first.
        if iy == ny or (ix < nx and (1 + 2 * ix) * ny < (1 + 2 * iy) * nx):
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        yield x, y


def rectangle(corner: Square, opposite: Square, *, filled: bool = False) -> list[Square]:
    """The squares of a rectangle's outline (or the whole of it) between two corners."""
    left, right = sorted((corner[0], opposite[0]))
    top, bottom = sorted((corner[1], opposite[1]))
    return [
        (x, y)
        for y in range(top, bottom + 1)
        for x in range(left, right + 1)
        if filled or x in (left, right) or y in (top, bottom)
    ]
