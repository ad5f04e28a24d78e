"""Helpers for the solver tests: levels they share, tiny random levels and an exhaustive reference search."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from math import comb

from hypothesis import assume
from hypothesis import strategies as st

from starpusher.bitboard import Board, Push, bits_of, expand_pushes, flood, squares_of
from starpusher.core import Direction, Level, LevelError, State
from starpusher.solver import Outcome, SolveResult
from starpusher.solver.outcome import SearchEnd, SearchRun

WIDTH, HEIGHT = 5, 4  # inside squares of a tiny level; walls go round them

TWO_STARS = Level.from_text(
    """
######
#@$ .#
#  $.#
######
"""
)

#: A level that needs search: the stars must go round each other.
ROOMS = Level.from_text(
    """
  #####
###   #
#.@$  #
### $.#
#.##$ #
# # . ##
#$ *$$.#
#   .  #
########
"""
)


def reachable_states(level: Level, starts: Iterable[State], limit: int = 200_000) -> Iterator[State]:
    """Every state play reaches from ``starts``, breadth first: the reference for tiny levels."""
    seen = set(starts)
    queue = deque(seen)
    while queue:
        current = queue.popleft()
        yield current
        for direction in Direction:
            moved = level.try_move(current, direction)
            if moved is not None and moved[0] not in seen:
                seen.add(moved[0])
                queue.append(moved[0])
        if len(seen) > limit:
            raise AssertionError("level too big for the reference search")


def brute_force_solvable(level: Level, state: State | None = None, limit: int = 200_000) -> bool:
    """Breadth-first search over every (player, stars) state: the reference answer for tiny levels."""
    return any(level.is_solved(current) for current in reachable_states(level, [state or level.start], limit))


def positions_along(level: Level, moves: str, start: State | None = None) -> list[State]:
    """Every state a solution passes through, start and end included.

    Checks the solution on the way: every move is legal, its letter is upper
    case exactly when it pushes, and the last position is solved.
    """
    states = [start or level.start]
    for number, letter in enumerate(moves, 1):
        state, played = level.move(states[-1], Direction.from_letter(letter))
        assert played == letter, f"move {number} of {moves!r} is {played!r}"
        states.append(state)
    assert level.is_solved(states[-1]), f"not a solution: {moves!r}"
    return states


def assert_solves(level: Level, result: SolveResult, start: State | None = None) -> None:
    """The search says solved, and its moves replay, push for push, to a solved position."""
    assert result.status is Outcome.SOLVED
    positions_along(level, result.moves, start)  # replays and checks every move
    assert result.pushes == sum(letter.isupper() for letter in result.moves)


def assert_agrees_with_exhaustive_search(level: Level, result: SolveResult) -> None:
    """Solved, with moves that replay, if exhaustive search solves ``level``; else proved unsolvable."""
    if brute_force_solvable(level):
        assert_solves(level, result)
    else:
        assert result.status is Outcome.UNSOLVABLE


@st.composite
def tiny_levels(draw: st.DrawFn) -> Level:
    cells = [[" " if draw(st.integers(0, 4)) else "#" for _ in range(WIDTH)] for _ in range(HEIGHT)]
    floor = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if cells[y][x] == " "]
    assume(len(floor) >= 4)
    stars = draw(st.integers(1, 2))
    spots = draw(st.permutations(floor))
    player, star_spots = spots[0], spots[1 : 1 + stars]
    goal_spots = draw(st.permutations(floor))[:stars]
    for x, y in star_spots:
        cells[y][x] = "$"
    for x, y in goal_spots:
        cells[y][x] = {"$": "*", " ": "."}[cells[y][x]]
    x, y = player
    cells[y][x] = "+" if (x, y) in goal_spots else "@"
    rows = ["#" * (WIDTH + 2), *("#" + "".join(row) + "#" for row in cells), "#" * (WIDTH + 2)]
    try:
        return Level.from_rows(rows)
    except LevelError:
        assume(False)
        raise


@st.composite
def pulled_levels(draw: st.DrawFn, side: int = 5) -> Level:
    """Small solvable levels with three or four stars, made by pulling stars off their goals.

    The stars start on the goals and the player walks backwards, pulling a
    star now and then: every move played forwards again solves the level.
    Pulled stars leave corrals and crowds behind them, which random
    placement almost never gives in a solvable level.
    """
    cells = [[" " if draw(st.integers(0, 7)) else "#" for _ in range(side)] for _ in range(side)]
    floor = [(x, y) for y in range(side) for x in range(side) if cells[y][x] == " "]
    count = draw(st.integers(3, 4))
    # Room for corrals, and few enough states for the reference searches.
    assume(len(floor) >= 2 * count + 2 and len(floor) * comb(len(floor), count) <= 60_000)
    spots = draw(st.permutations(floor))
    goals, stars, player = set(spots[:count]), set(spots[:count]), spots[count]
    for dx, dy, pull in draw(
        st.lists(st.tuples(*[st.sampled_from((-1, 0, 1))] * 2, st.booleans()), max_size=80)
    ):
        if abs(dx) + abs(dy) != 1:
            continue
        step = (player[0] + dx, player[1] + dy)
        if step not in floor or step in stars:
            continue
        behind = (player[0] - dx, player[1] - dy)
        if pull and behind in stars:
            stars = stars - {behind} | {player}
        player = step
    assume(stars != goals)
    for x, y in stars:
        cells[y][x] = "$"
    for x, y in goals:
        cells[y][x] = {"$": "*", " ": "."}[cells[y][x]]
    x, y = player
    cells[y][x] = "+" if player in goals else "@"
    rows = ["#" * (side + 2), *("#" + "".join(row) + "#" for row in cells), "#" * (side + 2)]
    try:
        return Level.from_rows(rows)
    except LevelError:
        assume(False)
        raise


def solvable_states(level: Level, limit: int = 200_000) -> set[State]:
    """Every state reachable from the start from which the level can still be solved.

    Builds the whole state graph once and walks it backwards from the solved
    states: the reference for checking a pruning on every position of a level.
    """
    predecessors: dict[State, list[State]] = {}
    solved = []
    for state in reachable_states(level, [level.start], limit):
        predecessors.setdefault(state, [])
        if level.is_solved(state):
            solved.append(state)
        for direction in Direction:
            moved = level.try_move(state, direction)
            if moved is not None:
                predecessors.setdefault(moved[0], []).append(state)
    good = set(solved)
    queue = deque(solved)
    while queue:
        for previous in predecessors[queue.popleft()]:
            if previous not in good:
                good.add(previous)
                queue.append(previous)
    return good


def pushes_from(level: Level, state: State) -> Iterator[tuple[int, State]]:
    """(square of the star pushed, state after) for every push the player can walk to and make."""
    area = {state}
    frontier = [state]
    while frontier:
        current = frontier.pop()
        for direction in Direction:
            moved = level.try_move(current, direction)
            if moved is None:
                continue
            after, pushed = moved
            if pushed:
                yield next(iter(state.boxes - after.boxes)), after
            elif after not in area:
                area.add(after)
                frontier.append(after)


def xy_of(level: Level, squares: int | list[int]) -> list[tuple[int, int]]:
    """(x, y) of squares given as a bitset or a list, to compare with squares read off a drawing."""
    return [level.xy(square) for square in (squares_of(squares) if isinstance(squares, int) else squares)]


def reach_of(board: Board, player: int, stars: int) -> int:
    """The player's area: the squares they can walk to without pushing."""
    return flood(1 << player, board.floor & ~stars, board.width)


def moves_of(level: Level, pushes: Iterable[Push], state: State | None = None) -> str:
    """The moves of ``pushes`` from ``state`` (default: the start), walking between them."""
    state = state or level.start
    return expand_pushes(level.interior_bits, level.width, state.player, bits_of(state.boxes), pushes)


def finish(run: SearchRun) -> SearchEnd:
    """Run a search to its end, turn after turn: how it ended and the pushes it found."""
    try:
        while True:
            next(run)
    except StopIteration as end:
        ended: SearchEnd = end.value  # what the generator returned
        return ended
