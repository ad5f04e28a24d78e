"""The rules of Sokoban: a level, a state, and the moves between states.

Squares are numbered row by row, ``index = y * width + x``, so a set of stars
is a frozenset of ints: cheap to copy, hash and compare. ``Level.xy`` and
``Level.index`` convert for front ends that think in columns and rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import InitVar, dataclass, field
from functools import cached_property
from itertools import compress
from typing import Any, NamedTuple, cast

from ..bitboard import Board, bits_of, edge_masks, flood
from .directions import Direction
from .errors import IllegalMoveError, LevelError, NotASolutionError, NotationError
from .lurd import MOVE_LETTERS
from .words import goals_holding_stars, plural

WALL = "#"
PLAYER = "@"
PLAYER_ON_GOAL = "+"
STAR = "$"
STAR_ON_GOAL = "*"
GOAL = "."
FLOOR = " "

#: Every character a board may hold, in the standard notation.
CELLS = frozenset((WALL, PLAYER, PLAYER_ON_GOAL, STAR, STAR_ON_GOAL, GOAL, FLOOR))

#: Characters other programs use for the same things.
ALTERNATE_CELLS = {"-": FLOOR, "_": FLOOR, "p": PLAYER, "P": PLAYER_ON_GOAL, "b": STAR, "B": STAR_ON_GOAL}


_ALTERNATES = str.maketrans(ALTERNATE_CELLS)
#: For bytes.translate: 1 for a wall, 0 for anything else.
_WALL_FLAGS = bytes(code == ord(WALL) for code in range(256))
#: Wall flags (reversed) to the binary digits of the floor bits: "0" for a wall.
_FLOOR_DIGITS = bytes.maketrans(b"\x00\x01", b"10")


def _indices(board: str, *chars: str) -> list[int]:
    """Positions in ``board`` of any of ``chars`` (fast for rare characters)."""
    found = []
    for ch in chars:
        i = board.find(ch)
        while i >= 0:
            found.append(i)
            i = board.find(ch, i + 1)
    return found


def _raise_unknown_character(rows: Sequence[str]) -> None:
    for y, row in enumerate(rows):
        for x, raw in enumerate(row):
            if ALTERNATE_CELLS.get(raw, raw) not in CELLS:
                raise LevelError(f"unknown character {raw!r} in column {x + 1}", line=y + 1)


class State(NamedTuple):
    """Where the player and the stars are. Immutable and hashable."""

    player: int
    boxes: frozenset[int]


@dataclass(frozen=True, eq=True)
class Level:
    """A Sokoban level: the fixed board plus its starting state and metadata."""

    width: int
    height: int
    walls: frozenset[int]
    goals: frozenset[int]
    start: State
    title: str = ""
    author: str = ""
    comment: str = ""
    #: Known solutions as expanded LURD, as read from or written to ``.sok`` files.
    solutions: tuple[str, ...] = ()
    #: The squares that are not walls, as bits: the inside floor and the grass outside.
    _floor: int = field(init=False, repr=False, compare=False)
    #: Squares the player could ever reach: the inside floor, told apart from
    #: the grass outside the walls.
    _interior_bits: int = field(init=False, repr=False, compare=False)
    #: The squares that are not walls, as bits, when the caller has them at hand
    #: (``from_rows`` does, cheaply); otherwise they are worked out from ``walls``.
    _floor_bits: InitVar[int | None] = None

    def __post_init__(self, _floor_bits: int | None) -> None:
        floor = self._floor_from_walls() if _floor_bits is None else _floor_bits
        object.__setattr__(self, "_floor", floor)
        # The map may be open (its walls are checked after): the flood keeps to the map's edges,
        # and finishes square by square a region that keeps growing for many rounds.
        edges = edge_masks(self.width, self.height)
        object.__setattr__(self, "_interior_bits", flood(1 << self.start.player, floor, self.width, edges))

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps: not the compiled board, which is made again where it is needed."""
        state = dict(self.__dict__)
        state.pop("_compiled", None)
        return state

    # -- construction from and to the standard characters ---------------------

    @classmethod
    def from_rows(cls, rows: Sequence[str], *, title: str = "", author: str = "", comment: str = "") -> Level:
        """Build and validate a level from rows of standard characters.

        Rows may be ragged (they are padded with floor) and may use the
        alternate characters ``- _ p P b B``. Raises :class:`LevelError` with
        ``line`` set to the 1-based row of the problem.
        """
        # Floor after a row's last wall is outside the level: trimming it keeps the
        # width what the written-out text gives back.
        rows = [row.rstrip(" -_") for row in rows]
        width = max(map(len, rows), default=0)
        if width == 0:
            raise LevelError("the level has no squares")
        # One padded string for the whole board: str methods do the per-square work.
        board = "".join(row.ljust(width) for row in rows).translate(_ALTERNATES)
        if not CELLS.issuperset(board):
            _raise_unknown_character(rows)
        # Every character is in CELLS now, so the board is ASCII: bytes.translate marks the walls.
        wall_flags = board.encode("ascii").translate(_WALL_FLAGS)
        walls = frozenset(compress(range(len(board)), wall_flags))
        goals = frozenset(_indices(board, GOAL, STAR_ON_GOAL, PLAYER_ON_GOAL))
        boxes = frozenset(_indices(board, STAR, STAR_ON_GOAL))
        players = _indices(board, PLAYER, PLAYER_ON_GOAL)
        if not players:
            raise LevelError("a level needs exactly one player; found none", line=1)
        if len(players) > 1:
            # Blame the second player in reading order: the line a fix most likely touches.
            second = sorted(players)[1]
            raise LevelError(
                f"a level needs exactly one player; found {len(players)}, "
                f"the second in column {second % width + 1}",
                line=second // width + 1,
            )
        if not goals:
            raise LevelError("a level needs at least one goal", line=1)
        if len(boxes) < len(goals):
            raise LevelError(f"{plural(len(goals), 'goal')} but only {plural(len(boxes), 'star')}", line=1)
        level = cls(
            width,
            len(rows),
            walls,
            goals,
            State(players[0], boxes),
            title=title,
            author=author,
            comment=comment,
            _floor_bits=int(wall_flags[::-1].translate(_FLOOR_DIGITS), 2),
        )
        level._check_closed()
        return level

    @classmethod
    def from_text(cls, text: str, **metadata: str) -> Level:
        """A level from its board text (lines of standard characters)."""
        return cls.from_rows(text.strip("\n").splitlines(), **metadata)

    def to_rows(self, state: State | None = None) -> list[str]:
        """The board as rows of standard characters, trailing floor trimmed."""
        state = state or self.start
        rows = []
        for y in range(self.height):
            cells = []
            for x in range(self.width):
                i = y * self.width + x
                cells.append(self.char_at(i, state))
            rows.append("".join(cells).rstrip())
        return rows

    def to_text(self, state: State | None = None) -> str:
        return "\n".join(self.to_rows(state)) + "\n"

    def char_at(self, index: int, state: State) -> str:
        """The standard character for one square in a state."""
        if index in self.walls:
            return WALL
        goal = index in self.goals
        if index == state.player:
            return PLAYER_ON_GOAL if goal else PLAYER
        if index in state.boxes:
            return STAR_ON_GOAL if goal else STAR
        return GOAL if goal else FLOOR

    @cached_property
    def interior(self) -> frozenset[int]:
        """Squares the player could ever reach (ignoring stars): the inside floor,
        told apart from the grass outside the walls."""
        return frozenset(_indices(bin(self._interior_bits)[:1:-1], "1"))

    @property
    def interior_bits(self) -> int:
        """:attr:`interior` as a bitset: bit ``i`` for square ``i``, as :mod:`starpusher.bitboard` has it."""
        return self._interior_bits

    def _check_closed(self) -> None:
        inside = self._interior_bits
        on_edge = inside & edge_masks(self.width, self.height).edge
        if on_edge:
            x, y = self.xy((on_edge & -on_edge).bit_length() - 1)
            raise LevelError(
                f"the walls do not enclose the player, who could walk off the map at column {x + 1}",
                line=y + 1,
            )
        for what, squares in (("star", self.start.boxes), ("goal", self.goals)):
            outside = [square for square in squares if not inside >> square & 1]
            if outside:
                x, y = self.xy(min(outside))
                raise LevelError(f"{what} in column {x + 1} is outside the player's area", line=y + 1)

    # -- geometry -----------------------------------------------------------------

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def neighbour(self, index: int, direction: Direction) -> int | None:
        """The square next to ``index`` that is on the map and not a wall, else None."""
        target = self._neighbours[direction.letter][index]
        return None if target < 0 else target

    @cached_property
    def _neighbours(self) -> dict[str, tuple[int, ...]]:
        """For each direction, the open neighbour of every square, or -1 for wall/off-map.

        One table lookup then answers both "can I step there" and "can a star
        be pushed there": the hot path of play and of the solver.
        """
        tables = {}
        for d in Direction:
            table = []
            for index in range(self.width * self.height):
                x, y = index % self.width + d.dx, index // self.width + d.dy
                target = y * self.width + x
                inside = 0 <= x < self.width and 0 <= y < self.height
                table.append(target if inside and target not in self.walls else -1)
            tables[d.letter] = tuple(table)
        return tables

    def _floor_from_walls(self) -> int:
        size = self.width * self.height
        digits = bytearray(b"1") * size  # most significant first: square i is digit size-1-i
        for wall in self.walls:
            digits[size - 1 - wall] = 48  # "0"
        return int(digits, 2)

    def region_from(self, start: int, blocked: Iterable[int] = ()) -> frozenset[int]:
        """Every square reachable from ``start`` without crossing walls or ``blocked``."""
        free = self._floor & ~bits_of(blocked) | 1 << start
        region = flood(1 << start, free, self.width, edge_masks(self.width, self.height))
        return frozenset(_indices(bin(region)[:1:-1], "1"))

    def compiled(self, check: Callable[[], None] | None = None) -> Board:
        """The level compiled for search (:class:`starpusher.bitboard.Board`), made once and kept with it.

        The solver, the optimizer and the deadlock marks of the window all
        search this level's board: its distance tables are built on first
        use (``check`` is called now and then while they are, and may raise
        to stop a long build; a board whose build stopped is not kept), and
        what the searches learn is kept with it for as long as the level.
        """
        board = self.__dict__.get("_compiled")
        if board is None:
            # Built outside any lock (a big board takes a while); of two threads that
            # build one at the same time, both keep the one stored first.
            board = self.__dict__.setdefault("_compiled", Board(self, check))
        return cast(Board, board)

    # -- the rules ------------------------------------------------------------------

    def try_move(self, state: State, direction: Direction) -> tuple[State, bool] | None:
        """The state after moving, and whether a star was pushed; None if blocked."""
        table = self._neighbours[direction.letter]
        target = table[state.player]
        if target < 0:
            return None
        boxes = state.boxes
        if target not in boxes:
            return State(target, boxes), False
        beyond = table[target]
        if beyond < 0 or beyond in boxes:
            return None
        return State(target, (boxes - {target}) | {beyond}), True

    def move(self, state: State, direction: Direction) -> tuple[State, str]:
        """Move the player; return the new state and the move's LURD letter.

        Raises :class:`IllegalMoveError` saying why the move is blocked.
        """
        result = self.try_move(state, direction)
        if result is None:
            raise IllegalMoveError(self._why_blocked(state, direction))
        new_state, pushed = result
        return new_state, direction.letter.upper() if pushed else direction.letter

    def apply(self, state: State, letter: str) -> State:
        """Apply one LURD letter. Its case is not trusted: the board decides push or step."""
        return self.move(state, Direction.from_letter(letter))[0]

    def _why_blocked(self, state: State, direction: Direction) -> str:
        name = direction.name.lower()
        target = self._neighbours[direction.letter][state.player]
        if target < 0:
            return f"cannot move {name}: a wall is in the way"
        beyond = self._neighbours[direction.letter][target]
        if beyond < 0:
            return f"cannot push {name}: the star would go into a wall"
        return f"cannot push {name}: the star would go into another star"

    def legal_moves(self, state: State) -> list[str]:
        """The LURD letters of every move possible from a state."""
        letters = []
        for d in Direction:
            result = self.try_move(state, d)
            if result is not None:
                letters.append(d.letter.upper() if result[1] else d.letter)
        return letters

    def replay(self, moves: str, state: State | None = None) -> State:
        """Apply a string of expanded LURD letters; on a blocked move, say which one.

        Raises :class:`IllegalMoveError` naming the 1-based move number.
        """
        state = state or self.start
        for number, letter in enumerate(moves, 1):
            try:
                state = self.apply(state, letter)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number} ({letter!r}): {error}") from None
        return state

    def played_solution(self, moves: str) -> str:
        """``moves`` (expanded LURD, the case not trusted) as the rules play them, up to the solve.

        Moves after the level is first solved are dropped, as play stops there;
        a push comes back upper case, a step lower case. Raises
        :class:`NotationError` for a letter that is no move,
        :class:`IllegalMoveError` naming the move that is blocked, or
        :class:`NotASolutionError` when the moves leave the level unsolved.
        """
        strange = set(moves) - MOVE_LETTERS
        if strange:
            raise NotationError(f"{sorted(strange)[0]!r} is not a move (expected LURD letters)")
        state = self.start
        letters: list[str] = []
        for number, letter in enumerate(moves, 1):
            if self.is_solved(state):
                break
            try:
                state, played = self.move(state, Direction.from_letter(letter))
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number} ({letter!r}): {error}") from None
            letters.append(played)
        if not self.is_solved(state):
            filled = len(self.goals & state.boxes)
            raise NotASolutionError(
                f"the moves do not solve the level: {goals_holding_stars(filled, len(self.goals))}"
                f" after {plural(len(letters), 'move')}"
            )
        return "".join(letters)

    def is_solved(self, state: State) -> bool:
        """Every goal holds a star (extra stars may stand anywhere)."""
        return self.goals <= state.boxes


def count_pushes(moves: str) -> int:
    """Pushes in expanded LURD text: the upper-case letters."""
    return sum(1 for letter in moves if letter.isupper())
