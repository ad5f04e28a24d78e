"""The packing-order search: ranked by the packing plan, it fills warehouses, and loses no solvable level."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import HealthCheck, given, settings
from solver_helpers import (
    assert_agrees_with_exhaustive_search,
    finish,
    positions_along,
    pulled_levels,
    tiny_levels,
)

from starpusher.bitboard import flood, squares_of
from starpusher.core import Level
from starpusher.levels.builtin import load_builtin
from starpusher.solver import Outcome, packing, packing_search, solve
from starpusher.solver.limits import Limits
from starpusher.solver.options import SearchOptions
from starpusher.solver.outcome import SearchEnd
from starpusher.solver.packing import plan_for
from starpusher.solver.packing_search import PackingSearch
from starpusher.solver.portfolio import Solving
from starpusher.solver.proofs import STALLED, DeadlockProofs

PACKING = SearchOptions(packing_order=True)

#: Microban 107 (level 108 of the built-in Star Pusher collection): eleven goals in a
#: room that fills from the back.
WAREHOUSE = load_builtin("starpusher").levels[107]

#: Goals along a dead-end corridor: the far end must be filled first.
CORRIDOR_OF_GOALS = Level.from_text(
    """
#######
#@    #
# $$$ #
#     ####
#    ...#
#########
"""
)


def search_from_start(level: Level) -> PackingSearch:
    """A packing-order search of ``level`` from its start (30 s, 2 GB)."""
    board = level.compiled()
    return PackingSearch(board, board.stars(level.start), level.start.player, PACKING, Limits(30, 2048))


def test_the_packing_order_search_solves_a_warehouse_and_the_solution_replays() -> None:
    result = solve(WAREHOUSE, options=PACKING, time_limit=20)
    assert result.status is Outcome.SOLVED
    positions_along(WAREHOUSE, result.moves)


def test_it_fills_a_corridor_of_goals_far_end_first_and_looks_at_few_positions() -> None:
    result = solve(CORRIDOR_OF_GOALS, options=PACKING, time_limit=20)
    assert result.status is Outcome.SOLVED
    positions_along(CORRIDOR_OF_GOALS, result.moves)
    # Ranked by the plan, it goes straight for it: far fewer positions than the level has.
    assert result.nodes < 60


def test_from_every_position_along_a_solution_it_finds_one() -> None:
    # No pruning, stalled-position proof or advice may call a position dead that has a solution.
    known = solve(CORRIDOR_OF_GOALS, time_limit=20)
    for state in positions_along(CORRIDOR_OF_GOALS, known.moves):
        result = solve(CORRIDOR_OF_GOALS, state, options=PACKING, time_limit=20)
        assert result.status is Outcome.SOLVED
        positions_along(CORRIDOR_OF_GOALS, result.moves, state)


@pytest.mark.parametrize(
    "options",
    [PACKING, SearchOptions(packing_order=True, tunnel_macros=False, corrals=False, freeze=False)],
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_it_agrees_with_exhaustive_search_on_tiny_levels(options: SearchOptions, level: Level) -> None:
    result = solve(level, time_limit=20, options=options)
    assert_agrees_with_exhaustive_search(level, result)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels())
def test_with_stalled_positions_tested_at_once_it_still_solves_every_solvable_level(level: Level) -> None:
    # Every position counts as stalled: every one is tested for deadlock, and learned from.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "STALL", 1)
        outcome, _ = finish(search_from_start(level).run())
    assert outcome is Outcome.SOLVED  # pulled levels are solvable


def test_a_stalled_search_tests_positions_and_learns_from_the_dead_ones() -> None:
    board = WAREHOUSE.compiled()
    proofs = board.known(DeadlockProofs)
    # The board, and its proofs' figures, are kept with the level from the tests before.
    seconds_before = proofs.seconds
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "STALL", 1)
        result = solve(WAREHOUSE, options=PACKING, time_limit=30)
    assert result.solved
    assert proofs.searched > 0
    assert result.deadlocks is not None and result.deadlocks.proofs == proofs.searched
    # What the proofs cost is reported beside what they found.
    assert result.deadlocks.proof_nodes == proofs.nodes > 0
    assert result.deadlocks.proof_seconds == proofs.seconds
    assert 0 < proofs.seconds - seconds_before <= result.seconds
    # ... and by question: the stalled positions among them, the questions adding up to the whole.
    by_question = result.deadlocks.by_question
    assert by_question[STALLED].asked > 0
    assert all(tally.dead <= tally.asked for tally in by_question.values())
    assert sum(tally.nodes for tally in by_question.values()) == proofs.nodes
    assert sum(tally.seconds for tally in by_question.values()) >= proofs.seconds - 1e-9
    assert by_question == proofs.tallies and by_question[STALLED] is not proofs.tallies[STALLED]


def _children(search: PackingSearch, node: int, lazy: int = 0) -> dict[tuple[int, int], tuple[int, int]]:
    """Position ``node``'s children by one push, ``lazy`` the lazy stars: (from, to) -> (rank, child)."""
    board, nodes = search.board, search._nodes
    stars = nodes.stars[node]
    reach = flood(1 << nodes.players[node], board.floor & ~stars, board.width)
    movable = search.successors.movable(stars, reach)
    plan = plan_for(board, search.start_stars, search.start_player)
    children = search._pushes(nodes, node, reach, movable, plan, {}, 0, lazy)
    assert children is not None
    return {nodes.move_ends(child, board.deltas, board.size): (rank, child) for rank, child in children}


def test_a_push_of_a_lazy_star_is_a_plan_push_worth_the_bonus_and_its_run_goes_on() -> None:
    search = search_from_start(CORRIDOR_OF_GOALS)
    nodes = search._nodes
    root = nodes.add(search.start_stars, search.start_player, -1, -1, 0, False, 0, 0)
    before = _children(search, root)
    lazy_star = max(start for start, _ in before)  # the star by the corridor
    after = _children(search, root, lazy=1 << lazy_star)
    assert after.keys() == before.keys()
    for (start, target), (rank, child) in after.items():
        if start == lazy_star:
            # Never charged for where it goes, and worth the bonus besides.
            assert rank <= before[(start, target)][0] - packing_search.LAZY_BONUS
            assert nodes.on_plan[child] and nodes.lazy[child]
        else:
            assert rank == before[(start, target)][0]
            assert not nodes.lazy[child]
    # The star a lazy push moved keeps the bonus for its next push, the lazy set cleared;
    # after a push of another star, no star does.
    (_, target), (_, child) = next((ends, found) for ends, found in after.items() if ends[0] == lazy_star)
    assert all(
        nodes.lazy_run(other, moved_to) == 0
        for (start, moved_to), (_, other) in after.items()
        if start != lazy_star
    )
    grandchildren = _children(search, child, lazy=nodes.lazy_run(child, target))
    assert any(start == target for start, _ in grandchildren)
    assert all(nodes.lazy[node] == (start == target) for (start, _), (_, node) in grandchildren.items())


@pytest.mark.parametrize(
    ("switch", "off"),
    [
        ("LAZY_BONUS", 0),  # no bonus for pushing the stars a stalled search left alone
        ("EARLY_FREEZE_PENALTY", False),  # no charge for stars frozen on later goals
        ("FILLED_AS_WALLS", False),  # distances not walled by the squares filled before
        ("FILL_RAMP", 0),  # every square filled worth the full bonus
    ],
)
def test_with_a_ranking_technique_switched_off_it_still_solves_a_warehouse(switch: str, off: object) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, switch, off)
        result = solve(WAREHOUSE, options=PACKING, time_limit=30)
    assert result.solved, switch
    positions_along(WAREHOUSE, result.moves)


def test_a_position_whose_frozen_stars_leave_a_goal_no_star_can_fill_is_never_expanded() -> None:
    # Three stars frozen on goals; the goal between the top two can only be
    # filled from a pocket the player can get into only past the star that
    # would fill it (see tests/solver/test_deadlocks.py).
    level = Level.from_text(
        """
###########
##*.*##   #
###     $@#
### *##   #
###########
"""
    )
    search = search_from_start(level)
    outcome, _ = finish(search.run())
    assert outcome is Outcome.UNSOLVABLE
    assert search.nodes == 0


#: The player shut out below the room: the stars round the corral must move before any goal
#: can be reached, and every push that opens it takes a star away from the goals.
SHUT_OUT = Level.from_text(
    """
 ####
 #  ######
##    $  #
# .# $   #
# .#$#####
# .@ #
######
"""
)


def _start_children_ranks(level: Level) -> list[int]:
    """The ranks the packing-order search queued the start's children with, having solved ``level``."""
    search = search_from_start(level)
    outcome, _ = finish(search.run())
    assert outcome is Outcome.SOLVED
    nodes = search._nodes
    return [nodes.ranks[child] for child, parent in enumerate(nodes.parents) if parent == 0]


def test_the_pushes_that_open_a_corral_rank_no_worse_than_the_position_they_open() -> None:
    search = search_from_start(SHUT_OUT)
    board, stars = search.board, search.start_stars
    reach = flood(1 << search.start_player, board.floor & ~stars, board.width)
    assert search.successors.movable(stars, reach) != stars  # a corral: only its stars move
    assert max(_start_children_ranks(SHUT_OUT)) <= 0  # the start's rank
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "CORRAL_KEEPS_RANK", False)
        # Ranked by the plan alone, they wait behind the rest: they take stars from the goals.
        assert max(_start_children_ranks(SHUT_OUT)) > 0


#: A goal in a corner at the mouth of a pocket whose goals the plan would fill in turn.
CORNER_GOAL = Level.from_text(
    """
#########
#@      #
#   $ $ #
#$  #####
#.. #
###.#
  ###
"""
)


def test_a_star_pushed_onto_a_goal_it_freezes_on_is_early_until_the_plan_comes_to_that_goal() -> None:
    search = search_from_start(CORNER_GOAL)
    board = search.board
    corner, above = board.width * 4 + 1, board.width * 3 + 1
    after = search.start_stars & ~(1 << above) | 1 << corner  # the star by the pocket pushed down
    assert search._frozen_early(0, corner, after, planned=0) == 1 << corner
    # Not early once the plan has come to that goal; and a push elsewhere adds nothing.
    assert search._frozen_early(0, corner, after, planned=1 << corner) == 0
    assert search._frozen_early(1 << corner, corner, after, planned=1 << corner) == 0
    assert search._frozen_early(1 << corner, above, search.start_stars, planned=0) == 1 << corner
    # A star on the goal beside it can still move: not frozen, not early.
    beside = corner + 1
    assert search._frozen_early(0, beside, after & ~(1 << corner) | 1 << beside, planned=0) == 0
    # Each early star costs half the position's bound.
    assert packing_search._early_penalty(1 << corner | 1 << beside, 30) == 30


def test_the_first_squares_filled_are_worth_less_each_more_than_the_last_up_to_the_full_bonus() -> None:
    ramp, bonus = packing_search.FILL_RAMP, packing_search.FILL_BONUS
    values = packing_search.fill_values(12)
    worths = [after - before for before, after in itertools.pairwise(values)]
    assert values[0] == 0 and len(worths) == 12
    assert worths[0] == ramp < bonus
    assert all(worth == min(ramp * filled, bonus) for filled, worth in enumerate(worths, 1))
    assert worths[-1] == bonus
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "FILL_RAMP", 0)
        assert packing_search.fill_values(3) == [0, bonus, 2 * bonus, 3 * bonus]


def test_the_search_ranks_by_the_worth_of_the_squares_its_plan_can_fill() -> None:
    search = search_from_start(WAREHOUSE)
    assert search.plan is not None
    assert search.fill_values == packing_search.fill_values(search.plan.squares.bit_count())


#: The plan parks a star on (2, 2), sends it on to its goal, and parks another there: the
#: square is filled twice (found by hypothesis, where the search ran past its worth table).
PARKED_TWICE = Level.from_text(
    """
#######
## #  #
# @$. #
#** # #
#   # #
#     #
#######
"""
)


def test_a_square_the_plan_parks_on_twice_is_worth_its_fills_and_the_level_is_solved() -> None:
    search = search_from_start(PARKED_TWICE)
    assert search.plan is not None
    assert search.plan.fills > search.plan.squares.bit_count()
    assert search.fill_values == packing_search.fill_values(search.plan.fills)
    outcome, _ = finish(search.run())
    assert outcome is Outcome.SOLVED


def test_its_plan_is_made_with_the_search_so_a_quick_first_turn_cannot_cut_it_short() -> None:
    # The portfolio's first turns end early (its quick start lowers the deadline); the plan
    # the search steers by must be the whole one all the same.
    board = WAREHOUSE.compiled()
    limits = Limits(30, 2048)
    search = PackingSearch(board, board.stars(WAREHOUSE.start), WAREHOUSE.start.player, PACKING, limits)
    limits.deadline = 0.0  # long past: a plan made in the first turn would be cut at once
    turns = search.run()
    next(turns)
    whole = plan_for(board, board.stars(WAREHOUSE.start), WAREHOUSE.start.player)
    assert search.plan == whole and whole.ordered


#: Two stars, each a push from its goal: the first push can be either.
TWO_WAYS = Level.from_text(
    """
#########
#       #
#.$ @ $.#
#       #
#########
"""
)


def finish_try(turns: packing_search.Try) -> SearchEnd | None:
    """Run a try of the packing-order search to its end: how it ended, or None if it gave up."""
    try:
        while True:
            next(turns)
    except StopIteration as end:
        ended: SearchEnd | None = end.value
        return ended


def test_a_try_of_another_first_choice_follows_it_alone_and_never_says_unsolvable() -> None:
    search = search_from_start(TWO_WAYS)
    bound = sum(search.board.nearest_goal[star] for star in squares_of(search.start_stars))
    first_pushes = set()
    for choice in (0, 1):
        ended = finish_try(search._try(bound, choice, math.inf))
        assert ended is not None and ended[0] is Outcome.SOLVED
        first_pushes.add(ended[1][0])
    # Each try took its own first push, the other star's push second.
    assert len(first_pushes) == 2
    # A choice there is none of ends the try with nothing, never with "unsolvable".
    assert finish_try(search._try(bound, 99, math.inf)) is None


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_with_other_first_choices_tried_at_once_it_agrees_with_exhaustive_search(level: Level) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "OTHER_CHOICES_AFTER", 0)
        patch.setattr(packing_search, "OTHER_CHOICE_POSITIONS", 3)
        result = solve(level, time_limit=20, options=PACKING)
    assert_agrees_with_exhaustive_search(level, result)


def test_with_no_other_first_choices_it_still_solves_a_warehouse() -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "OTHER_FIRST_CHOICES", False)
        result = solve(WAREHOUSE, options=PACKING, time_limit=30)
    assert result.solved
    positions_along(WAREHOUSE, result.moves)


def test_the_answers_it_keeps_change_nothing_it_finds_when_their_stores_are_emptied_often() -> None:
    # On a budget of positions a run is the same on any machine: the same positions and solution.
    def run() -> tuple[int, str]:
        result = Solving(WAREHOUSE, options=PACKING, max_nodes=100_000).run(600)
        assert result.solved
        return result.nodes, result.moves

    kept = run()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packing_search, "KEPT_PROGRESSES", 2)
        patch.setattr(packing, "KEPT_STANDINGS", 2)
        assert run() == kept
