"""The rules of Fifteen, the sliding-tile puzzle, for sizes from 3x3 to 8x8, square or not.

A board is ``width * height`` cells read row by row; tiles are numbered from 1
and ``0`` is the gap. A move is named by the direction in which a tile slides
into the gap, which is the arrow the player presses: ``U`` slides the tile
*below* the gap up, so the gap itself goes down.

>>> board = Board.solved(3, 3)
>>> board.slide("D").tiles         # the tile above the gap comes down
(1, 2, 3, 4, 5, 0, 7, 8, 6)
>>> board.slide("D").apply("U") == board
True

Half of all arrangements can never be solved. Which half is told by the
*parity* of the arrangement (see :meth:`Board.can_reach`): every slide keeps it,
so a shuffle made of legal slides is always solvable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from .directions import Direction
from .errors import StarPusherError

MIN_SIDE = 3
MAX_SIDE = 8

#: Letters of the four slides, in the order moves are tried.
MOVE_LETTERS = "UDLR"


class FifteenError(StarPusherError):
    """A malformed or unsolvable board, or a slide that cannot be made."""


def slide_direction(letter: str) -> Direction:
    """The direction a tile moves for a move letter (``U D L R``, either case)."""
    try:
        return Direction.from_letter(letter)
    except ValueError:
        raise FifteenError(f"not a move: {letter!r} (use U, D, L or R)") from None


@dataclass(frozen=True)
class Board:
    """One arrangement of the tiles: immutable and hashable, so history and search can share it."""

    width: int
    height: int
    tiles: tuple[int, ...]

    # -- making boards ---------------------------------------------------------

    @classmethod
    def solved(cls, width: int = 4, height: int = 4, *, blank_first: bool = False) -> Board:
        """The goal: tiles in order, the gap last (or first)."""
        check_size(width, height)
        count = width * height
        tiles = (0, *range(1, count)) if blank_first else (*range(1, count), 0)
        return cls(width, height, tiles)

    @classmethod
    def from_tiles(cls, values: list[int] | tuple[int, ...], width: int, height: int) -> Board:
        """A board from its numbers row by row; a clear error names what is wrong."""
        check_size(width, height)
        count = width * height
        if len(values) != count:
            raise FifteenError(f"a {width}x{height} board needs {count} numbers, got {len(values)}")
        expected = set(range(count))
        if set(values) != expected:
            missing = sorted(expected - set(values))
            extra = sorted({v for v in values if v not in expected or values.count(v) > 1})
            detail = f"missing {_list(missing)}" if missing else ""
            if extra:
                detail += ("; " if detail else "") + f"unexpected or repeated {_list(extra)}"
            raise FifteenError(f"the numbers must be 0 to {count - 1}, each once: {detail}")
        return cls(width, height, tuple(values))

    @classmethod
    def shuffled(
        cls, width: int = 4, height: int = 4, *, rng: random.Random | None = None, slides: int | None = None
    ) -> Board:
        """A random board made by legal slides from the goal, so always solvable.

        The gap is then walked back to the bottom-right corner (as the tutorial
        does), and a board that happens to come out solved is shuffled again.
        """
        rng = rng or random.Random()
        goal = cls.solved(width, height)
        slides = slides if slides is not None else 20 * width * height
        while True:
            board, previous = goal, ""
            for _ in range(slides):
                choices = [m for m in board.legal_moves() if m != _REVERSE.get(previous)]
                previous = rng.choice(choices)
                board = board.slide(previous)
            board = board.apply(board.gap_home_moves())
            if board != goal:
                return board

    # -- reading ---------------------------------------------------------------

    @cached_property
    def gap(self) -> int:
        return self.tiles.index(0)

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def is_solved(self, *, blank_first: bool = False) -> bool:
        return self == Board.solved(self.width, self.height, blank_first=blank_first)

    def source_of(self, letter: str) -> int | None:
        """The cell of the tile that a move would slide into the gap, or None at the edge."""
        direction = slide_direction(letter)
        gx, gy = self.xy(self.gap)
        x, y = gx - direction.dx, gy - direction.dy  # the tile comes *from* the opposite side
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def legal_moves(self) -> list[str]:
        return [m for m in MOVE_LETTERS if self.source_of(m) is not None]

    # -- moving ----------------------------------------------------------------

    def try_slide(self, letter: str) -> Board | None:
        """The board after one slide, or None when no tile sits on that side of the gap."""
        source = self.source_of(letter)
        if source is None:
            return None
        tiles = list(self.tiles)
        tiles[self.gap], tiles[source] = tiles[source], 0
        return Board(self.width, self.height, tuple(tiles))

    def slide(self, letter: str) -> Board:
        board = self.try_slide(letter)
        if board is None:
            raise FifteenError(f"no tile can slide {slide_direction(letter).name.lower()} into the gap")
        return board

    def apply(self, moves: str) -> Board:
        """The board after a string of move letters (spaces ignored)."""
        board = self
        for number, letter in enumerate(moves.replace(" ", ""), start=1):
            try:
                board = board.slide(letter)
            except FifteenError as error:
                raise FifteenError(f"move {number} ({letter}): {error}") from None
        return board

    def moves_to_slide(self, index: int) -> str:
        """The slides that bring the gap to ``index`` when it shares the gap's row or column.

        A click on a tile in line with the gap slides every tile between them at
        once; empty when the cell is not in line with the gap (or is the gap).
        """
        x, y = self.xy(index)
        gx, gy = self.xy(self.gap)
        if y == gy and x != gx:
            return ("L" if x > gx else "R") * abs(x - gx)
        if x == gx and y != gy:
            return ("U" if y > gy else "D") * abs(y - gy)
        return ""

    def gap_home_moves(self) -> str:
        """Slides that walk the gap to the bottom-right corner (right first, then down)."""
        gx, gy = self.xy(self.gap)
        return "L" * (self.width - 1 - gx) + "U" * (self.height - 1 - gy)

    # -- solvability -----------------------------------------------------------

    def parity(self) -> int:
        """0 or 1; two boards of one size reach each other exactly when their parities agree.

        The parity of the tile permutation (gap left out) flips with every
        vertical slide when the width is even, and so does the gap's row; their
        sum never changes. With an odd width no slide changes the permutation's
        parity at all.
        """
        tiles = [t for t in self.tiles if t]
        inversions = sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1 :] if a > b)
        if self.width % 2:
            return inversions % 2
        return (inversions + self.gap // self.width) % 2

    def can_reach(self, other: Board) -> bool:
        return (self.width, self.height) == (other.width, other.height) and self.parity() == other.parity()

    # -- text ------------------------------------------------------------------

    def to_text(self) -> str:
        """Rows of right-aligned numbers, ``.`` for the gap."""
        cell = len(str(self.width * self.height - 1))
        rows = []
        for y in range(self.height):
            row = self.tiles[y * self.width : (y + 1) * self.width]
            rows.append(" ".join(str(t).rjust(cell) if t else ".".rjust(cell) for t in row))
        return "\n".join(rows)


def check_size(width: int, height: int) -> None:
    for name, side in (("width", width), ("height", height)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise FifteenError(f"{name} must be from {MIN_SIDE} to {MAX_SIDE}, not {side}")


def parse_size(text: str) -> tuple[int, int]:
    """``"4"`` or ``"5x3"`` (width x height) as ``(width, height)``."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise FifteenError(f"size must look like 4 or 5x3, not {text!r}") from None
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) != 2:
        raise FifteenError(f"size must look like 4 or 5x3, not {text!r}")
    check_size(*numbers)
    return numbers[0], numbers[1]


def apply_move(board: Board, move: str) -> Board:
    """One history entry applied (a slide's letter, or the letters of one click's slides):
    the ``apply`` that :class:`~starpusher.history.History` needs."""
    return board.apply(move)


def _list(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:8]))
    return shown + (", ..." if len(numbers) > 8 else "")


_REVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
