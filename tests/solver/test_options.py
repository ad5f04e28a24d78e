"""The search's options: each technique can be switched off and the search still solves, still
agrees with exhaustive search, and the macros are worth the positions they save."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from solver_helpers import ROOMS, TWO_STARS, assert_solves, brute_force_solvable, tiny_levels

from starpusher.core import Level
from starpusher.solver import Outcome, solve
from starpusher.solver.options import TECHNIQUES, SearchOptions

#: A star to push down a long corridor: the tunnel macro takes it to the end in one step.
TUNNEL = Level.from_text(
    """
####
#  ###########
# @$        .#
#  ###########
####
"""
)


#: A dead end of goals: each star entering goes to the deepest free goal at once.
GOAL_CORRIDOR = Level.from_text(
    """
#########
#@      #
# $ $ $ #
#       #
####.####
   #.#
   #.#
   ###
"""
)


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_each_technique_can_be_switched_off_and_the_search_still_solves(technique: str) -> None:
    options = SearchOptions.without(technique)
    assert not getattr(options, technique)
    for level in (TWO_STARS, ROOMS, TUNNEL, GOAL_CORRIDOR):
        assert_solves(level, solve(level, options=options))


@pytest.mark.parametrize("technique", TECHNIQUES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_with_a_technique_off_the_solver_still_agrees_with_exhaustive_search(
    technique: str, level: Level
) -> None:
    result = solve(level, time_limit=0.5, options=SearchOptions.without(technique))
    if brute_force_solvable(level):
        assert_solves(level, result)
    elif technique == "transpositions":  # without a table a search can go round in circles
        assert result.status in (Outcome.UNSOLVABLE, Outcome.TIMEOUT)
    else:
        assert result.status is Outcome.UNSOLVABLE


def test_an_unknown_technique_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown techniques: warp"):
        SearchOptions.without("freeze, warp")


@pytest.mark.parametrize(
    ("level", "technique"), [(TUNNEL, "tunnel_macros"), (GOAL_CORRIDOR, "goal_room_macros")]
)
def test_macros_save_positions(level: Level, technique: str) -> None:
    single = SearchOptions()  # one search with everything on, as the bench measures
    with_macro = solve(level, options=single)
    without = solve(level, options=SearchOptions.without(technique))
    assert_solves(level, with_macro)
    assert_solves(level, without)
    assert with_macro.nodes < without.nodes
