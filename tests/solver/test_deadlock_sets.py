"""Deadlock sets: every set proven, precalculated or learned, is a real deadlock, and the solver agrees.

Soundness first: on small levels every position the play can reach is
known to be solvable or not (an exhaustive search), and no solvable one may
ever hold a set, whichever kind of proof made it.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import (
    brute_force_solvable,
    pulled_levels,
    reachable_states,
    solvable_states,
    tiny_levels,
)

from starpusher.bitboard import Board, flood, lowest_square, squares_of
from starpusher.core import Level, State
from starpusher.solver import Outcome, Solving, deadlocked_stars, portfolio, solve
from starpusher.solver import proofs as proofs_module
from starpusher.solver.corrals import corral_regions
from starpusher.solver.deadlock_sets import DeadlockSet, DeadlockSets, SquareSets
from starpusher.solver.deadlocks import frozen_group
from starpusher.solver.options import TECHNIQUES, SearchOptions
from starpusher.solver.precalculated import precalculate
from starpusher.solver.proofs import DeadlockProofs

#: The star at the bottom left shuts a pocket the player cannot get into, and
#: the only push that would free the star beside it needs the player inside.
#: No star is frozen and none stands on a dead square.
POCKET = Level.from_text(
    """
########
#*   @ #
#     .#
# #    #
#$ .$  #
# $ .# #
########
"""
)

#: Two stars in a corridor with walls above and below, the player outside the
#: gap between them: each can only be pushed into the gap, towards the other,
#: and there they stick. From inside the gap the player pushes them apart, one
#: onto the goal at the end, the other out to where it can be pushed down.
CLOSED_EDGE = Level.from_text(
    """
##########
######  ##
#.$  $   #
######   #
#@       #
#      . #
##########
"""
)


def _reach(board: Board, state: State) -> int:
    stars = board.stars(state)
    return flood(1 << state.player, board.floor & ~stars, board.width)


def _holds(sets: DeadlockSets, board: Board, state: State) -> list[DeadlockSet]:
    stars, reach = board.stars(state), _reach(board, state)
    return [found for found in sets.sets if found.holds(stars, reach)]


def _learn_from_corrals(proofs: DeadlockProofs, level: Level) -> None:
    board = proofs.board
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        for corral in corral_regions(board, stars, _reach(board, state)):
            proofs.corral_is_dead(corral, stars)


def test_a_pocket_the_player_cannot_enter_is_proven_dead_where_simple_rules_see_nothing() -> None:
    assert deadlocked_stars(POCKET, POCKET.start) == frozenset()
    assert not brute_force_solvable(POCKET)
    proofs = DeadlockProofs(POCKET.compiled())
    board = proofs.board
    stars = board.stars(POCKET.start)
    corrals = corral_regions(board, stars, _reach(board, POCKET.start))
    assert any(proofs.corral_is_dead(corral, stars) for corral in corrals)
    assert proofs.sets.learned >= 1
    assert _holds(proofs.sets, board, POCKET.start)
    # Tallied as a corral question, with all that its proof cost (keeping the set too).
    tally = proofs.tallies[proofs_module.CORRAL]
    assert list(proofs.tallies) == [proofs_module.CORRAL]
    assert tally.asked == proofs.searched and tally.dead >= 1
    assert tally.nodes == proofs.nodes and tally.seconds >= proofs.seconds
    # A verdict met again is not asked again.
    assert any(proofs.corral_is_dead(corral, stars) for corral in corrals)
    assert proofs.tallies[proofs_module.CORRAL].asked == tally.asked


def test_a_pair_along_a_wall_is_dead_with_the_player_outside_it_and_not_inside() -> None:
    board = CLOSED_EDGE.compiled()
    proofs = DeadlockProofs(board)
    assert precalculate(board, proofs, time.perf_counter() + 60) >= 1
    left, right = CLOSED_EDGE.index(2, 2), CLOSED_EDGE.index(5, 2)
    pair = 1 << left | 1 << right
    kept = [found for found in proofs.sets.sets if found.stars == pair]
    tally = proofs.tallies[proofs_module.PAIR]
    assert tally.dead == proofs.sets.precalculated >= 1 and tally.asked > tally.dead
    between = CLOSED_EDGE.index(3, 2)
    # Dead with the player anywhere outside the gap (and in the pocket at the left end too).
    assert any(found.area >> CLOSED_EDGE.start.player & 1 for found in kept)
    assert not any(found.area >> between & 1 for found in kept)  # from between them, they part
    assert not brute_force_solvable(CLOSED_EDGE)
    inside = State(between, CLOSED_EDGE.start.boxes)
    assert brute_force_solvable(CLOSED_EDGE, inside)
    assert not _holds(proofs.sets, board, inside)
    assert _holds(proofs.sets, board, CLOSED_EDGE.start)


def test_the_search_proves_the_pocket_unsolvable_with_every_technique_and_without_each() -> None:
    assert solve(POCKET).status is Outcome.UNSOLVABLE
    for technique in ("corral_deadlocks", "deadlock_sets", "position_deadlocks"):
        assert solve(POCKET, options=SearchOptions.without(technique)).status is Outcome.UNSOLVABLE


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_no_solvable_position_holds_a_precalculated_set(level: Level) -> None:
    board = level.compiled()
    proofs = DeadlockProofs(board)
    precalculate(board, proofs, time.perf_counter() + 60)
    for state in solvable_states(level):
        assert not _holds(proofs.sets, board, state), level.to_text(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_no_solvable_position_holds_a_set_learned_from_a_corral(level: Level) -> None:
    proofs = DeadlockProofs(level.compiled())
    _learn_from_corrals(proofs, level)
    for state in solvable_states(level):
        assert not _holds(proofs.sets, proofs.board, state), level.to_text(state)


#: Microban's level 62: a corral the player leaves through its left side, many
#: times over with the same stars and a different corral around them. A verdict
#: kept for one corral and read back for another once made it unsolvable.
SAME_STARS_OTHER_CORRAL = Level.from_text(
    """
   ##########
####    ##  #
#  $$$....$@#
#      ###  #
#   #### ####
#####
"""
)


def test_a_corral_verdict_is_kept_for_its_own_corral_only() -> None:
    assert solve(SAME_STARS_OTHER_CORRAL, time_limit=30).solved


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(pulled_levels(), tiny_levels()))
def test_no_solvable_position_has_a_corral_proven_dead(level: Level) -> None:
    proofs = DeadlockProofs(level.compiled())
    board = proofs.board
    good = solvable_states(level)
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        corrals = corral_regions(board, stars, _reach(board, state))
        dead = [corral for corral in corrals if proofs.corral_is_dead(corral, stars)]
        assert not (dead and state in good), level.to_text(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_a_position_is_proven_dead_only_when_it_is_and_its_set_holds_in_no_solvable_one(level: Level) -> None:
    board = level.compiled()
    proofs = DeadlockProofs(board)
    good = solvable_states(level)
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        # Round the first star, as round the star the search pushed last.
        near = lowest_square(stars)
        dead = proofs.position_is_dead(stars, _reach(board, state), budget=500, near=near)
        assert not (dead and state in good), level.to_text(state)
    for state in good:
        assert not _holds(proofs.sets, board, state), level.to_text(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_idle_stars_are_proven_dead_only_when_they_are(level: Level) -> None:
    board = level.compiled()
    proofs = DeadlockProofs(board)
    good = solvable_states(level)
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        # Each star left out in turn: the others are the "idle" ones of a stalled search.
        for left_out in squares_of(stars):
            dead = proofs.stars_are_dead(stars & ~(1 << left_out), state.player, budget=300)
            assert not (dead and state in good), level.to_text(state)
    for state in good:
        assert not _holds(proofs.sets, board, state), level.to_text(state)


#: CLOSED_EDGE's dead pair, with two more stars out in the room that have nothing
#: to do with it.
CLOSED_EDGE_AND_MORE = Level.from_text(
    """
##########
######  ##
#.$  $   #
######   #
#@     $ #
#   $ .. #
##########
"""
)


def test_a_dead_position_keeps_only_its_dead_pair_and_finds_it_sooner_round_the_last_push() -> None:
    level = CLOSED_EDGE_AND_MORE
    board = level.compiled()
    stars, reach = board.stars(level.start), _reach(board, level.start)
    pair = 1 << level.index(2, 2) | 1 << level.index(5, 2)
    visited = {}
    for near in (-1, level.index(2, 2)):
        proofs = DeadlockProofs(board)
        assert proofs.position_is_dead(stars, reach, near=near)
        assert [found.stars for found in proofs.sets.sets] == [pair]
        visited[near] = proofs.nodes
    # Round the last push: the pair's own searches, not three- and four-star ones.
    assert visited[level.index(2, 2)] < visited[-1]


#: The player is shut in a dead end by two stars in a row: no star can be pushed,
#: so the position is dead as it stands, and only those two stars are needed for
#: that (the third could move if the player got out).
SHUT_IN = Level.from_text(
    """
#######
###@###
###$###
#  $ $#
# . ..#
#######
"""
)


def test_a_stuck_position_keeps_only_the_stars_that_keep_it_stuck() -> None:
    board = SHUT_IN.compiled()
    proofs = DeadlockProofs(board)
    stars = board.stars(SHUT_IN.start)
    assert proofs.stuck_is_dead(stars, _reach(board, SHUT_IN.start))
    shut = 1 << SHUT_IN.index(3, 2) | 1 << SHUT_IN.index(3, 3)
    assert proofs.sets.sets == [DeadlockSet(shut, 1 << SHUT_IN.start.player)]


def test_a_position_with_a_push_is_not_stuck() -> None:
    board = CLOSED_EDGE.compiled()
    proofs = DeadlockProofs(board)
    assert not proofs.stuck_is_dead(board.stars(CLOSED_EDGE.start), _reach(board, CLOSED_EDGE.start))
    assert not proofs.sets.sets


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_a_stuck_position_is_proven_dead_only_when_it_is_and_its_set_holds_in_no_solvable_one(
    level: Level,
) -> None:
    board = level.compiled()
    proofs = DeadlockProofs(board)
    good = solvable_states(level)
    for state in reachable_states(level, [level.start]):
        dead = proofs.stuck_is_dead(board.stars(state), _reach(board, state))
        assert not (dead and state in good), level.to_text(state)
    for state in good:
        assert not _holds(proofs.sets, board, state), level.to_text(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_proofs_that_take_a_star_off_after_a_few_pushes_stay_sound(level: Level) -> None:
    # A star pushed DEPTH_LIMIT deep is taken off and the rest proven alone: the
    # smaller the limit, the more often that happens.
    board = level.compiled()
    proofs = DeadlockProofs(board)
    good = solvable_states(level)
    limit = proofs_module.DEPTH_LIMIT
    proofs_module.DEPTH_LIMIT = 2
    try:
        for state in reachable_states(level, [level.start]):
            dead = proofs.position_is_dead(board.stars(state), _reach(board, state), budget=300)
            assert not (dead and state in good), level.to_text(state)
    finally:
        proofs_module.DEPTH_LIMIT = limit
    for state in good:
        assert not _holds(proofs.sets, board, state), level.to_text(state)


#: Two stars frozen on goals in the top corners of a room wall off the top
#: row's middle from every goal left: a star there could only go along the
#: wall, onto the frozen stars.
FROZEN_CORNERS = Level.from_text(
    """
#######
#*   *#
#     #
# $$ .#
#.  @ #
#######
"""
)


def test_stars_frozen_on_goals_make_the_squares_they_leave_no_goal_for_dead() -> None:
    board = FROZEN_CORNERS.compiled()
    proofs = DeadlockProofs(board)
    stars = board.stars(FROZEN_CORNERS.start)
    frozen = frozen_group(board, FROZEN_CORNERS.index(1, 1), stars)
    assert frozen == 1 << FROZEN_CORNERS.index(1, 1)
    dead = proofs.dead_beside_frozen(frozen)
    # Along the top wall, a star can now only be pushed towards the frozen one.
    assert dead >> FROZEN_CORNERS.index(2, 1) & 1
    assert not dead >> FROZEN_CORNERS.index(2, 2) & 1
    assert proofs.sets.learned == dead.bit_count()
    on_top = State(
        FROZEN_CORNERS.start.player,
        FROZEN_CORNERS.start.boxes - {FROZEN_CORNERS.index(2, 3)} | {FROZEN_CORNERS.index(2, 1)},
    )
    assert _holds(proofs.sets, board, on_top)
    assert not brute_force_solvable(FROZEN_CORNERS, on_top)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(pulled_levels(), tiny_levels()))
def test_no_solvable_position_holds_a_set_of_stars_frozen_on_goals(level: Level) -> None:
    board = level.compiled()
    proofs = DeadlockProofs(board)
    good = solvable_states(level)
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        for square in squares_of(stars & board.goals):
            group = frozen_group(board, square, stars)
            if group and not group & ~board.goals:
                proofs.dead_beside_frozen(group)
    for state in good:
        assert not _holds(proofs.sets, board, state), level.to_text(state)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(pulled_levels(), tiny_levels()))
def test_the_solver_with_every_set_agrees_with_exhaustive_search(level: Level) -> None:
    result = solve(level, time_limit=20)
    assert result.status in (Outcome.SOLVED, Outcome.UNSOLVABLE)
    assert result.solved == brute_force_solvable(level)


def test_every_technique_can_be_switched_off_on_its_own() -> None:
    assert {"corral_deadlocks", "deadlock_sets", "position_deadlocks"} <= set(TECHNIQUES)
    for technique in TECHNIQUES:
        options = SearchOptions.without(technique)
        assert getattr(options, technique) is False


def test_a_search_continued_after_its_time_limit_keeps_its_sets_and_finds_the_same_solution() -> None:
    level = POCKET_FREE
    first = Solving(level)
    result = first.run(0.0)
    assert result.status is Outcome.TIMEOUT
    kept = len(first_board_sets(level))
    continued = first.run(30)
    assert continued.solved
    assert len(first_board_sets(level)) >= kept
    assert continued.moves == solve(level, time_limit=30).moves


#: A level with a room of goals and corrals on the way: every kind of set is met.
POCKET_FREE = Level.from_text(
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


def first_board_sets(level: Level) -> DeadlockSets:

    return level.compiled().known(DeadlockProofs).sets


@settings(deadline=None)
@given(
    sets=st.lists(st.tuples(st.integers(1, 2**12 - 1), st.integers(1, 2**12 - 1)), max_size=12),
    stars=st.integers(0, 2**12 - 1),
    reach=st.integers(0, 2**12 - 1),
)
def test_the_index_of_a_square_holds_exactly_when_some_set_holds(
    sets: list[tuple[int, int]], stars: int, reach: int
) -> None:
    # The bitset index must agree with trying the sets one by one.
    index = SquareSets()
    for squares, area in sets:
        index.add(DeadlockSet(squares, area))
    holds = any(stars & squares == squares and reach & area for squares, area in sets)
    assert index.hold(stars, reach) == holds


def test_a_set_is_kept_once_and_counted_by_where_it_came_from() -> None:
    sets = DeadlockSets()
    sets.add(0b11, 0b1100, learned=False)
    sets.add(0b11, 0b1100, learned=True)
    sets.add(0b101, 0b1000, learned=True)
    assert len(sets) == 2 and sets.precalculated == 1 and sets.learned == 1
    assert sets.hold_after_push(0, 0b111, 0b100)
    assert not sets.hold_after_push(0, 0b111, 0b10000)
    assert sets.hold_since(1, 0b101, 0b1000) and not sets.hold_since(2, 0b101, 0b1000)


def test_a_level_solved_at_once_never_pays_for_precalculated_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    quick = Level.from_text("#######\n#@$ . #\n#######")
    assert solve(quick).solved
    assert not quick.compiled().known(DeadlockProofs).precalculation_started
    monkeypatch.setattr(portfolio, "QUICK_SECONDS", 0.0)
    slow = Level.from_text("#######\n#@$ . #\n#######")
    assert solve(slow).solved
    assert slow.compiled().known(DeadlockProofs).precalculation_started
