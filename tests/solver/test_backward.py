"""The backward search: pulls from the solved position back to the start."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from solver_helpers import (
    ROOMS,
    TWO_STARS,
    assert_agrees_with_exhaustive_search,
    finish,
    moves_of,
    positions_along,
    tiny_levels,
)

from starpusher.bitboard import INFINITE, UNREACHABLE, Board, Push, squares_of
from starpusher.core import Level
from starpusher.solver import Outcome, solve
from starpusher.solver.backward import BackwardSearch, PullTables
from starpusher.solver.bound import Assignment
from starpusher.solver.limits import Limits
from starpusher.solver.options import SearchOptions
from starpusher.solver.portfolio import PORTFOLIO, search_for

BACKWARD = SearchOptions(backward=True)


def _backward(level: Level, time_limit: float = 10) -> tuple[Outcome, str, BackwardSearch]:
    """Run the backward search alone; how it ended and, when solved, the moves."""
    board = Board(level)
    limits = Limits(time_limit, 2048, check_every=8)
    search = BackwardSearch(board, board.stars(level.start), level.start.player, BACKWARD, limits)
    outcome, pushes = finish(search.run())
    moves = moves_of(level, pushes) if outcome is Outcome.SOLVED else ""
    return outcome, moves, search


@pytest.mark.parametrize("level", [TWO_STARS, ROOMS])
def test_the_pulls_found_undo_into_a_solution(level: Level) -> None:
    outcome, moves, search = _backward(level)
    assert outcome is Outcome.SOLVED
    positions_along(level, moves)  # every move legal, the last position solved
    assert search.nodes >= 1


def test_a_pull_distance_is_the_push_distance_from_the_start_square() -> None:
    level = Level.from_text("######\n#@$ .#\n#    #\n######")
    board = Board(level)
    tables = PullTables(board, board.stars(level.start))
    (row,) = tables.matching.rows
    (star,) = level.start.boxes
    width = level.width
    # Along the top row, one push per square either way.
    assert [row[star - 1], row[star], row[star + 1], row[star + 2]] == [1, 0, 1, 2]
    # Down it is never pushed (the player cannot stand above it): from the bottom row
    # a star is never pulled home.
    assert all(row[square] == UNREACHABLE for square in range(width + width + 1, 3 * width - 1))
    assert not tables.alive >> (star + width) & 1


def test_every_area_of_the_solved_position_is_a_start() -> None:
    # The stars on their goals cut the floor in two: the player may have finished on either side.
    level = Level.from_text("#######\n#@$#$ #\n# #.# #\n#  .  #\n#######")
    board = Board(level)
    search = BackwardSearch(board, board.stars(level.start), level.start.player, BACKWARD, Limits(10, 2048))
    starts = list(search.starts())
    assert len(starts) == 2
    assert all(stars == board.goals for stars, _ in starts)


#: The backward searches of the portfolio: the matching bound, the nearest start, newest first.
VARIANTS = [
    BACKWARD,
    SearchOptions(backward=True, matching=False),
    SearchOptions(backward=True, matching=False, newest_first=True),
]


@pytest.mark.parametrize("options", VARIANTS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_backwards_agrees_with_exhaustive_search_on_tiny_levels(options: SearchOptions, level: Level) -> None:
    result = solve(level, time_limit=20, options=options)
    assert_agrees_with_exhaustive_search(level, result)


def test_a_level_with_spare_stars_is_searched_forwards() -> None:
    # Where a spare star ends up is unknown, so there is no solved position to pull from.
    level = Level.from_text("#######\n#@$ $.#\n#  $  #\n#######")
    result = solve(level, options=BACKWARD)
    assert result.status is Outcome.SOLVED
    positions_along(level, result.moves)


def test_the_default_solver_searches_backwards_too() -> None:
    assert any(options.backward for options, _ in PORTFOLIO)
    assert not all(options.backward for options, _ in PORTFOLIO)


#: Microban 140: the forward searches alone do not solve it in 10 s; backwards it takes a second.
ROOM_LEVEL = Level.from_text(
    """
 ####
##  ####
#   ...#
#   ...#
#   # ##
#   #@ #### ####
##### $   ###  #
    #  ##$ $   #
   ###     $$  #
   # $  ##   ###
   #    ######
   ######
"""
)


@pytest.mark.parametrize("options", VARIANTS)
def test_a_level_of_goal_rooms_is_solved_backwards(options: SearchOptions) -> None:
    result = solve(ROOM_LEVEL, time_limit=60, options=options)
    assert result.status is Outcome.SOLVED
    positions_along(ROOM_LEVEL, result.moves)


def test_the_default_solver_finds_what_the_backward_search_finds() -> None:
    result = solve(ROOM_LEVEL, time_limit=60)
    assert result.status is Outcome.SOLVED
    positions_along(ROOM_LEVEL, result.moves)


def _steps(run: Iterator[None], count: int) -> None:
    """Let a search expand about ``count`` positions (it yields after each one here)."""
    for _ in range(count):
        try:
            next(run)
        except StopIteration:
            return


#: The searches from the start, each of which joins the backward searches.
FORWARD_KINDS = {
    "forward": SearchOptions(matching=False),
    "feature": SearchOptions(features=True),
    "packing": SearchOptions(packing_order=True),
}


@pytest.mark.parametrize("kind", FORWARD_KINDS)
@pytest.mark.parametrize("first", ["forward", "backward"])
def test_searches_of_the_two_directions_join_where_they_meet(
    kind: str, first: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    level = ROOM_LEVEL
    board = Board(level)
    stars, player = board.stars(level.start), level.start.player
    limits = Limits(60, 2048, check_every=1)  # both searches yield after every position
    options = FORWARD_KINDS[kind]
    forward = search_for(options)(board, stars, player, options, limits)
    assert not isinstance(forward, BackwardSearch)
    backward = BackwardSearch(board, stars, player, BACKWARD, limits)
    forward.partners, backward.partners = [backward], [forward]
    forward_run = forward.run()
    backward_run = backward.run()
    joins: list[int] = []

    def noted(joining: Callable[[int], list[Push]]) -> Callable[[int], list[Push]]:
        """``joining``, noting each position where the searches join."""

        def join(key: int) -> list[Push]:
            joins.append(key)
            return joining(key)

        return join

    monkeypatch.setattr(forward, "path_to", noted(forward.path_to))
    monkeypatch.setattr(backward, "pushes_on_from", noted(backward.pushes_on_from))
    # One search explores a while; the other then runs until it finds a way. (The
    # searches are deterministic: with these counts they meet within a few thousand
    # positions, where the forward search alone would need hundreds of thousands.)
    explorer, finisher = (forward_run, backward_run) if first == "forward" else (backward_run, forward_run)
    _steps(explorer, 3000 if first == "forward" else 15000)
    outcome, pushes = finish(finisher)
    assert outcome is Outcome.SOLVED
    assert joins, "the solution should come from the two searches joined"
    positions_along(level, moves_of(level, pushes))


@pytest.mark.parametrize("level", [TWO_STARS, ROOMS, ROOM_LEVEL])
def test_no_position_along_a_solution_is_cut_off_from_the_start(level: Level) -> None:
    # Read backwards, a solution pulls every star home: the backward search must never call
    # one of its positions hopeless (a star where it cannot be pulled home from, no matching).
    result = solve(level, time_limit=60)
    assert result.solved
    board = Board(level)
    tables = PullTables(board, board.stars(level.start))
    for state in positions_along(level, result.moves):
        stars = board.stars(state)
        assert stars & ~tables.alive == 0
        assert Assignment.best(tables.matching, tuple(squares_of(stars))).cost < INFINITE
