"""Sokoban played backwards: from the solved position, the player pulls stars off the goals.

Reverse play (as JSoko and YASC offer it) starts with every star on a goal. The
player walks as usual, and stepping away from a star pulls it along; a star
can be pulled but never pushed. Once the stars stand where the level starts
them and the player can walk to the level's own start square, the moves played
backwards, turned around, are a forward solution: a pull becomes a push the
other way, a step a step the other way, after a walk from the start to where
reverse play ended (and without the steps after the last push).

As in forward play a move is a LURD letter, upper case for a pull; here the
case is trusted (a lower-case step never pulls), so a reverse game kept as
text comes back exactly. :meth:`ReverseRules.key_move` is what a key does:
pull when a star stands behind the player.
"""

from __future__ import annotations

from ..bitboard import bits_of, walk, walk_lengths
from .directions import Direction
from .errors import IllegalMoveError, StarPusherError
from .sokoban import Level, State

#: Marks a reverse game kept as text (a snapshot taken in reverse mode): ``<`` before its history.
REVERSE_MARK = "<"


class ReverseRules:
    """The rules of playing ``level`` backwards: the start, the moves, when it meets the level's start."""

    def __init__(self, level: Level) -> None:
        if len(level.start.boxes) != len(level.goals):
            raise StarPusherError("reverse play needs as many stars as goals")
        self.level = level
        #: The solved position: every star on a goal, the player as near the level's start as can be.
        self.start = State(_free_square_near(level, level.start.player), level.goals)

    def try_move(self, state: State, direction: Direction, *, pull: bool) -> tuple[State, bool] | None:
        """The state after a step (``pull``: taking the star behind along, if one stands there), and
        whether a star was pulled; None when a wall or a star is in the way."""
        target = self.level.neighbour(state.player, direction)
        if target is None or target in state.boxes:
            return None
        behind = self.level.neighbour(state.player, direction.opposite)
        if pull and behind is not None and behind in state.boxes:
            return State(target, (state.boxes - {behind}) | {state.player}), True
        return State(target, state.boxes), False

    def key_move(self, state: State, letter: str) -> str | None:
        """The move a direction key makes: a pull (upper case) when a star stands behind; None if blocked."""
        result = self.try_move(state, Direction.from_letter(letter), pull=True)
        if result is None:
            return None
        return letter.upper() if result[1] else letter.lower()

    def apply(self, state: State, letter: str) -> State:
        """One move as written: upper case must pull a star, lower case only steps."""
        direction = Direction.from_letter(letter)
        result = self.try_move(state, direction, pull=letter.isupper())
        if result is None:
            raise IllegalMoveError(f"cannot move {direction.name.lower()}: something is in the way")
        if letter.isupper() and not result[1]:
            raise IllegalMoveError(f"cannot pull {direction.name.lower()}: no star behind the player")
        return result[0]

    def meets_start(self, state: State) -> bool:
        """The stars stand where the level starts them, and the player can walk to its start square."""
        return state.boxes == self.level.start.boxes and self.level.start.player in self.level.region_from(
            state.player, state.boxes
        )

    def forward_solution(self, moves: str) -> str:
        """The forward solution ``moves`` (played backwards from :attr:`start`, meeting the level's
        start) turn into, checked by the rules of forward play.

        Raises StarPusherError when they do not meet the start, or the turned moves do not solve it.
        """
        end = self.start
        for letter in moves:
            end = self.apply(end, letter)
        if not self.meets_start(end):
            raise StarPusherError("the reverse moves do not reach the level's start")
        walk = walk_between(self.level, self.level.start.player, end.player, end.boxes)
        assert walk is not None, "meets_start found the walk"
        turned = "".join(_turned(letter) for letter in reversed(moves))
        # Steps after the last push only walk back to where reverse play began: a solve needs none.
        solution = (walk + turned).rstrip("lurd")
        if not self.level.is_solved(self.level.replay(solution)):
            raise StarPusherError("the reverse moves, turned around, do not solve the level")
        return solution


def _turned(letter: str) -> str:
    """A reverse move played forward: the other way, a pull becoming a push."""
    other = Direction.from_letter(letter).opposite.letter
    return other.upper() if letter.isupper() else other


def walk_between(level: Level, start: int, target: int, blocked: frozenset[int]) -> str | None:
    """The shortest walk (lower-case LURD) from ``start`` to ``target`` around ``blocked``, or None."""
    return walk(start, target, level.interior_bits & ~bits_of(blocked), level.width)


def _free_square_near(level: Level, square: int) -> int:
    """``square`` when no goal is on it, else the nearest inside square without one.

    Of the nearest, the one whose walk from ``square`` comes first in LURD order.
    """
    inside, goals = level.interior_bits, bits_of(level.goals)
    lengths = walk_lengths(1 << square, inside, level.width, inside & ~goals)
    if not lengths:
        raise StarPusherError("every square of the level holds a goal: there is nowhere to stand")
    nearest = min(lengths.values())
    free = [free_square for free_square, length in lengths.items() if length == nearest]
    return min(free, key=lambda free_square: _in_lurd_order(walk(square, free_square, inside, level.width)))


def _in_lurd_order(walk: str | None) -> str:
    """A walk written so that walks compare in LURD order, not the alphabet's (all are found)."""
    assert walk is not None
    return walk.translate(_LURD_DIGITS)


_LURD_DIGITS = str.maketrans("lurd", "0123")
