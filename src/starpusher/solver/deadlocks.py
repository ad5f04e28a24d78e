"""Positions that can never be solved, found by simple patterns.

Two patterns, both cheap enough to test after every push:

* a *dead square* is one from which a star can never reach any goal,
  whatever the player does (found by pulling stars away from every goal);
* a *frozen* star can move neither across nor along: walls, dead squares
  or other frozen stars block both axes. A frozen star off a goal stays off
  it for ever.

When a level has more stars than goals, a star may rest anywhere, so a
position is only dead when more stars are stuck off goals than are spare.
"""

from __future__ import annotations

from typing import NamedTuple

from ..bitboard import (
    Board,
    areas,
    flood,
    joined_squares,
    lone_star_search,
    sides_in,
    spread,
    squares_of,
    star_steps,
)
from ..core import Level, State


def dead_squares(level: Level) -> frozenset[int]:
    """Inside squares from which a star can never be pushed onto any goal."""
    board = level.compiled()
    return frozenset(squares_of(board.floor & ~board.alive))


def frozen_group(board: Board, square: int, stars: int) -> int:
    """The stars that keep the star on ``square`` frozen, as a bitset; 0 if it can move.

    The group includes ``square`` itself. Checking a neighbour treats the
    stars already under examination as walls: if neither of two touching
    stars can move until the other one does, neither ever moves.
    """
    across, along = board.stuck_axes
    return _frozen(square, stars, 0, board.width, across, along)


def _frozen(square: int, stars: int, assumed: int, width: int, across: int, along: int) -> int:
    """:func:`frozen_group`, with the stars of ``assumed`` (under examination) as walls.

    ``across`` and ``along``: the board's squares stuck on each axis
    (:attr:`.Board.stuck_axes`). Asked at every push: every test is a bit of
    a mask, and a neighbouring star is searched only when nothing else blocks.
    """
    assumed |= 1 << square
    group = 1 << square
    for delta, stuck in ((1, across), (width, along)):
        before, after = square - delta, square + delta
        if stuck >> square & 1 or assumed >> before & 1 or assumed >> after & 1:
            continue  # a wall, a dead pair or a star under examination: blocked
        blocked = 0
        if stars >> before & 1:
            blocked = _frozen(before, stars, assumed, width, across, along)
        if not blocked and stars >> after & 1:
            blocked = _frozen(after, stars, assumed, width, across, along)
        if not blocked:
            return 0
        group |= blocked
    return group


def frozen_on_goals(board: Board, stars: int, known: int = 0) -> int:
    """The stars of ``stars`` frozen on goals, with the stars that freeze them, and ``known``.

    ``known``: stars already found frozen, whose squares are not tested again.
    """
    frozen = known
    for square in squares_of(stars & board.goals & ~known):
        frozen |= frozen_group(board, square, stars)
    return frozen


def cuts_off_goals(board: Board, frozen: int, stars: int, player: int) -> bool:
    """Whether stars frozen on goals wall some other goal off from every movable star.

    First with the player anywhere (:func:`spread`), then with the player
    walking (:class:`GoalFillers`), which also finds goals and movable stars
    that cannot be paired off.

    Frozen stars, these and any frozen on goals before, are walls from now
    on. A goal in a dead-end corridor, say, can no longer be filled once a
    star freezes on the goal at its mouth, or where the player stands to
    push stars in.

    One spread finds every square some movable star could be pushed to (other
    stars ignored, the new walls not): a free goal outside it is lost.
    """
    # Stars frozen on goals earlier are walls too: counted as movable, a star
    # at the far end of a corridor of goals would seem able to fill it.
    frozen = frozen_on_goals(board, stars, frozen)
    open_squares = board.floor & ~frozen
    region = spread(stars & ~frozen, star_steps(open_squares, open_squares, board.width))
    if board.goals & ~frozen & ~region:
        return True
    return board.known(GoalFillers).lost_goal(frozen, stars, player)


#: States the backward search of one goal may meet (a few times the squares of most levels):
#: on huge boards the test gives up rather than hold a push up.
FILL_BUDGET = 20_000


class GoalFillers:
    """For stars frozen on goals, the squares from which each goal they leave free can still be filled.

    The spread of :func:`cuts_off_goals` lets the player stand anywhere. Here
    the player walks: a goal in a pocket that the player can only get into
    past the goal's own square (with the frozen stars as walls) can only be
    filled by a star already on the square beside it. Each goal is searched
    backwards once per group of frozen stars (a lone star pulled away from
    it, the player walking round it), and kept for the board.

    A star outside a goal's squares never gets in: from where it got in, it
    could fill the goal, so it could from outside too. So the goals whose
    squares all lie within one goal's squares need as many stars there now,
    one each; and the stars that can reach only goals among those one star can
    reach need as many of those goals (after YASS's underflow and overflow
    areas).

    On a square that parts the floor (a doorway, a corridor) which goals a
    star can reach depends on the side the player is on: a star in the mouth
    of a pocket may fill the goal beyond it only with the player inside the
    pocket, behind it. Such a star counts for the goals the pull searches
    reached it from with the player on the side the player is on now.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        #: Frozen stars -> what they leave free (:class:`_FreeGoals`).
        self.free_goals: dict[int, _FreeGoals] = {}

    def lost_goal(self, frozen: int, stars: int, player: int) -> bool:
        """Whether the goals left free by the ``frozen`` stars and the other stars cannot be paired off.

        Too few stars for the goals of an area (underflow), or too many for the goals they can
        reach (overflow). ``player``: the square the player stands on.
        """
        free = self.free_goals.get(frozen)
        if free is None:
            free = self.free_goals[frozen] = self._free_goals(frozen)
        movable = stars & ~frozen
        reachable = free.reachable_from(movable, player)
        return free.underflow(movable, reachable) or free.overflow(movable, reachable)

    def _free_goals(self, frozen: int) -> _FreeGoals:
        board = self.board
        width = board.width
        free = board.floor & ~frozen
        fillers = []
        joined = joined_squares(free, width)  # one look at the floor serves every goal's search
        for goal in squares_of(board.goals & ~frozen):
            walk = free & ~(1 << goal)
            beside = _sides_around(goal, width) & walk
            # The player ends the last push beside the goal, on any side: every area around it.
            reach = flood(beside, walk, width) if beside else 0
            pulled = lone_star_search(
                goal, reach, free, width, pulling=True, several_areas=True, budget=FILL_BUDGET, joined=joined
            )
            if pulled.gave_up:  # a search cut short proves nothing: any square, any side
                fillers.append(_Fillers(goal, free, None))
                continue
            squares = 1 << goal
            for square in pulled.reached:
                squares |= 1 << square
            fillers.append(_Fillers(goal, squares, pulled.states))
        return _FreeGoals(board.size, fillers, _goals_by_side(free, width, joined, fillers))


class _Fillers(NamedTuple):
    """Where one goal can be filled from: the squares, and the states of the pull search that found them."""

    goal: int
    squares: int
    #: (square, sides of it the player can walk to) met pulling a star away from the goal; None: any.
    states: set[tuple[int, int]] | None


#: For a square that parts the floor: (an area round it, the goals a star there can fill with
#: the player in that area) for each area, where the areas differ.
GoalsBySide = dict[int, list[tuple[int, int]]]


def _goals_by_side(free: int, width: int, joined: int, fillers: list[_Fillers]) -> GoalsBySide:
    """The squares where the goals a star can fill depend on the player's side, and the goals by side."""
    parting = 0
    for filler in fillers:
        parting |= filler.squares & ~(1 << filler.goal)
    by_side: GoalsBySide = {}
    for square in squares_of(parting & ~joined):  # the squares found lie on the free floor
        rest = free & ~(1 << square)
        beside = _sides_around(square, width) & rest
        round_it = areas(beside, rest, width)
        if len(round_it) < 2:
            continue
        goals_by_area = []
        for area in round_it:
            state = (square, sides_in(area, square, width))
            goals = 0
            for goal, squares, states in fillers:
                # A star on the goal itself fills it whatever the side.
                if squares >> square & 1 and (states is None or goal == square or state in states):
                    goals |= 1 << goal
            goals_by_area.append((area, goals))
        if len({goals for _, goals in goals_by_area}) > 1:
            by_side[square] = goals_by_area
    return by_side


def _sides_around(square: int, width: int) -> int:
    """The four squares beside ``square``, as a bitset."""
    return 1 << (square - 1) | 1 << (square + 1) | 1 << (square - width) | 1 << (square + width)


class _FreeGoals:
    """The goals some frozen stars leave free, with the squares each can be filled from."""

    def __init__(self, size: int, fillers: list[_Fillers], by_side: GoalsBySide) -> None:
        squares_by_goal = [filler.squares for filler in fillers]
        #: (squares, the goals that can only be filled from them, how many) for each goal's squares.
        self.areas = []
        for squares in set(squares_by_goal):
            within = [filler.goal for filler in fillers if not filler.squares & ~squares]
            self.areas.append((squares, sum(1 << goal for goal in within), len(within)))
        #: The goals a star can reach from each square, the player on any side of it.
        self.reachable = [0] * size
        for goal, squares, _ in fillers:
            for square in squares_of(squares):
                self.reachable[square] |= 1 << goal
        self.by_side = by_side
        #: The squares of :attr:`by_side`, as a bitset.
        self.parting = sum(1 << square for square in by_side)

    def reachable_from(self, movable: int, player: int) -> dict[int, int]:
        """The goals each star on a square of :attr:`by_side` can reach, the player on ``player``."""
        reachable = {}
        for square in squares_of(movable & self.parting):
            for area, goals in self.by_side[square]:
                if area >> player & 1:
                    reachable[square] = goals
                    break
        return reachable

    def underflow(self, movable: int, reachable: dict[int, int]) -> bool:
        """Whether some goal's squares hold fewer stars than the goals that can only be filled from them.

        ``reachable``: the goals of the stars that depend on the player's side (:meth:`reachable_from`).
        """
        for squares, goals, count in self.areas:
            held = (movable & squares).bit_count()
            if held >= count:
                for square, reached in reachable.items():
                    if squares >> square & 1 and not reached & goals:
                        held -= 1  # in the area, but reaches none of its goals from the player's side
            if held < count:
                return True
        return False

    def overflow(self, movable: int, reachable: dict[int, int]) -> bool:
        """Whether the stars that can reach only goals some star can reach are more than those goals."""
        by_square = self.reachable
        stars_by_goals: dict[int, int] = {}
        for square in squares_of(movable):
            goals = reachable.get(square, by_square[square])
            stars_by_goals[goals] = stars_by_goals.get(goals, 0) + 1
        return any(
            sum(count for others, count in stars_by_goals.items() if not others & ~goals) > goals.bit_count()
            for goals in stars_by_goals
        )


def deadlocked_stars(level: Level, state: State) -> frozenset[int]:
    """Stars caught in a simple deadlock: on a dead square, or frozen with a star off its goal.

    Returns an empty set when the position is not deadlocked by these patterns.
    """
    board = level.compiled()
    stars = board.stars(state)
    stuck = stars & ~board.alive
    for square in squares_of(stars & ~stuck):
        group = frozen_group(board, square, stars)
        if group & ~board.goals:
            stuck |= group
    if board.spare_stars and (stuck & ~board.goals).bit_count() <= board.spare_stars:
        return frozenset()
    return frozenset(squares_of(stuck))
