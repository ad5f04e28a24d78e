"""A solution seen as the positions it passes through, one after each push.

The optimizer never keeps the walking between pushes: where the stars are
after each push, and where the player stands (on the square the star just
left), say everything about a solution. The walks are put back by
:func:`starpusher.bitboard.expand_pushes`, which takes a shortest one between
each two pushes, so a solution only ever gets shorter by being read in and
written out again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ..bitboard import Board, Push, expand_pushes, walk_lengths
from ..core import Direction, Level
from .metric import Metric

#: Direction indexes as the solver numbers them (LURD order).
_DIRECTION_INDEX = {direction: index for index, direction in enumerate(Direction)}

#: Moves walked between two looks at the limits while a solution becomes a trail.
CHECK_EVERY = 4096


@dataclass(frozen=True)
class Trail:
    """The pushes of a solution and the positions after each one (the start first)."""

    board: Board
    #: Every push, one square each: (square the star leaves, direction index in LURD order, 1).
    pushes: tuple[Push, ...]
    #: The stars as a bitset (the board's movable ones), at the start and after each push.
    stars: tuple[int, ...]
    #: The player's square at the start and after each push.
    players: tuple[int, ...]

    @classmethod
    def of_moves(cls, level: Level, board: Board, moves: str) -> Trail:
        """The trail of ``moves`` (expanded LURD, the case not trusted), which must solve ``level``.

        Raises a :class:`.StarPusherError` saying why when they do not.
        Moves after the level is solved are dropped, as play stops there.
        """
        return cls.of_solution(level, board, level.played_solution(moves))

    @classmethod
    def of_solution(
        cls, level: Level, board: Board, lurd: str, check: Callable[[], None] = lambda: None
    ) -> Trail:
        """The trail of a solution already replayed (``lurd`` as the rules played it, up to the solve).

        ``check`` is called every :data:`CHECK_EVERY` moves: a solution of
        millions of moves takes seconds to walk, and a limit may stop it.
        """
        state = level.start
        pushes: list[Push] = []
        for number, letter in enumerate(lurd):
            if number % CHECK_EVERY == 0:
                check()
            if letter.isupper():
                direction = Direction.from_letter(letter)
                origin = level.neighbour(state.player, direction)
                assert origin is not None  # the player steps onto the star's square
                pushes.append((origin, _DIRECTION_INDEX[direction], 1))
            state = level.apply(state, letter)
        return cls.of_pushes(board, level, pushes)

    @classmethod
    def of_pushes(cls, board: Board, level: Level, pushes: list[Push] | tuple[Push, ...]) -> Trail:
        """The trail of pushes from the level's start (a push of several squares becomes several)."""
        single: list[Push] = []
        now = board.stars(level.start)
        stars, players = [now], [level.start.player]
        for origin, direction, steps in pushes:
            delta = board.deltas[direction]
            for step in range(steps):
                square = origin + step * delta
                single.append((square, direction, 1))
                now ^= 1 << square | 1 << (square + delta)
                stars.append(now)
                players.append(square)
        return cls(board, tuple(single), tuple(stars), tuple(players))

    def __len__(self) -> int:
        """The number of pushes."""
        return len(self.pushes)

    @cached_property
    def walks(self) -> tuple[int, ...]:
        """The steps of the shortest walk before each push."""
        board = self.board
        lengths = []
        for index, (origin, direction, _) in enumerate(self.pushes):
            behind = origin - board.deltas[direction]
            free = board.floor & ~self.stars[index]
            lengths.append(walk_lengths(1 << self.players[index], free, board.width, 1 << behind)[behind])
        return tuple(lengths)

    @property
    def moves(self) -> int:
        """The number of moves, walking the shortest way between pushes."""
        return sum(self.walks) + len(self.pushes)

    def cost(self, metric: Metric) -> int:
        return metric.cost(self.moves, len(self.pushes))

    def costs_so_far(self, metric: Metric) -> list[int]:
        """The cost of the first ``i`` pushes and the walks before them, for every ``i``."""
        totals = [0]
        for walk in self.walks:
            totals.append(totals[-1] + metric.cost(walk + 1, 1))
        return totals

    def lurd(self, level: Level) -> str:
        """The moves of this trail, walking a shortest way before each push."""
        board, start = self.board, level.start
        return expand_pushes(board.floor, board.width, start.player, board.stars(start), self.pushes)

    def moving(self, first: int, last: int) -> int:
        """The stars pushed between positions ``first`` and ``last``, by their squares at ``first``."""
        deltas = self.board.deltas
        started_on: dict[int, int] = {}  # a pushed star's square now -> its square at ``first``
        moved = 0
        for origin, direction, _ in self.pushes[first:last]:
            square = started_on.pop(origin, origin)
            moved |= 1 << square
            started_on[origin + deltas[direction]] = square
        return moved

    def spliced(self, level: Level, first: int, last: int, pushes: list[Push]) -> Trail:
        """This trail with the pushes between positions ``first`` and ``last`` replaced by ``pushes``."""
        return Trail.of_pushes(self.board, level, [*self.pushes[:first], *pushes, *self.pushes[last:]])
