"""The solver: every solution replays, proofs of unsolvability are right, limits are honoured."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from solver_helpers import brute_force_solvable, tiny_levels

from starpusher.core import Level
from starpusher.levels import parse_collection
from starpusher.solver import SolveResult, solve
from starpusher.solver.search import SearchOptions

CORRIDOR = Level.from_text(
    """
#######
#@ $ .#
#######
"""
)

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

#: Microban 140: far too hard to finish in a fraction of a second.
HARD = Level.from_text(
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


def assert_solves(level: Level, result: SolveResult) -> None:
    assert result.status == "solved"
    assert level.is_solved(level.replay(result.moves))
    assert result.pushes == sum(letter.isupper() for letter in result.moves)


@pytest.mark.parametrize("level", [CORRIDOR, TWO_STARS, ROOMS])
def test_solutions_replay_to_a_solved_position(level: Level) -> None:
    result = solve(level)
    assert_solves(level, result)
    assert result.nodes >= 1 and result.seconds >= 0


def test_a_corridor_takes_the_obvious_moves() -> None:
    assert solve(CORRIDOR).moves == "rRR"


def test_solves_from_a_position_in_the_middle_of_play() -> None:
    state = TWO_STARS.replay("R")
    result = solve(TWO_STARS, state)
    assert result.solved
    assert TWO_STARS.is_solved(TWO_STARS.replay(result.moves, state))


def test_an_already_solved_position_needs_no_moves() -> None:
    state = CORRIDOR.replay("rRR")
    result = solve(CORRIDOR, state)
    assert (result.status, result.moves, result.pushes) == ("solved", "", 0)


def test_a_level_with_a_spare_star_is_solved_with_it_left_anywhere() -> None:
    level = Level.from_text(
        """
#######
#@$ $.#
#  $  #
#######
"""
    )
    assert_solves(level, solve(level))
    assert_solves(level, solve(level, options=SearchOptions(matching=False)))


def test_stars_sealed_in_by_walls_are_left_alone() -> None:
    # Microban 155 walls in stars on goals as decoration; the level reader accepts them.
    level = parse_collection("#######\n#*#####\n#######\n#@ $ .#\n#######\n").levels[0]
    assert level.start.boxes - level.interior
    assert_solves(level, solve(level))


@pytest.mark.parametrize(
    "text",
    [
        "#####\n#@ .#\n#  $#\n#####",  # a star in a corner
        "######\n#@$$.#\n#   .#\n######",  # two stars against a wall, only one can reach a goal row
        "#######\n#.#@$ #\n#  $ .#\n#######",
    ],
)
def test_unsolvable_levels_are_proved_so(text: str) -> None:
    level = Level.from_text(text)
    assert not brute_force_solvable(level)
    assert solve(level).status == "unsolvable"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(tiny_levels())
def test_the_solver_agrees_with_exhaustive_search_on_tiny_levels(level: Level) -> None:
    result = solve(level, time_limit=20)
    if brute_force_solvable(level):
        assert_solves(level, result)
    else:
        assert result.status == "unsolvable"


def test_the_time_limit_is_honoured() -> None:
    started = time.perf_counter()
    result = solve(HARD, time_limit=0.3)
    assert result.status == "timeout"
    assert time.perf_counter() - started < 2
    assert result.moves == "" and result.nodes > 0


def test_a_cancel_from_another_thread_stops_the_search() -> None:
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    started = time.perf_counter()
    result = solve(HARD, time_limit=30, cancel=cancel)
    assert result.status == "cancelled"
    assert time.perf_counter() - started < 2


def test_a_search_stops_at_its_memory_limit() -> None:
    result = solve(HARD, time_limit=30, memory_limit_mb=0.5)
    assert result.status == "memory"


def test_the_first_push_of_a_solution_is_a_hint() -> None:
    result = solve(TWO_STARS, TWO_STARS.replay("d"))
    hint = result.first_push
    assert hint and hint[-1].isupper()
    assert sum(letter.isupper() for letter in hint) == 1
    assert result.moves.startswith(hint)
