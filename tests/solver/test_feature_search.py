"""The solver for warehouses: the packing plan, one star's routes, and the feature search over them."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import (
    assert_agrees_with_exhaustive_search,
    moves_of,
    positions_along,
    tiny_levels,
)

from starpusher.bitboard import Board, flood, squares_of
from starpusher.core import Direction, Level
from starpusher.levels.builtin import load_builtin
from starpusher.solver import Outcome, packing, solve
from starpusher.solver.options import SearchOptions
from starpusher.solver.packing import PackingPlan, Step, largest_goal_room, packing_plan
from starpusher.solver.portfolio import PORTFOLIO, WAREHOUSE_PORTFOLIO, is_warehouse, portfolio_for
from starpusher.solver.routes import could_reach, route_to

FEATURES = SearchOptions(features=True)

#: Microban 107 (level 108 of the built-in Star Pusher collection): eleven goals in a
#: room that fills from the back, the kind of level the feature search is for.
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


def built_in_start(index: int) -> tuple[Board, int, int]:
    """Level ``index`` (from 0) of the built-in Star Pusher collection, compiled: board, stars, player."""
    level = load_builtin("starpusher").levels[index]
    board = level.compiled()
    return board, board.stars(level.start), level.start.player


def squares(level: Level, *points: tuple[int, int]) -> int:
    return sum(1 << (y * level.width + x) for x, y in points)


def test_the_plan_fills_a_corridor_of_goals_from_its_far_end() -> None:
    level = CORRIDOR_OF_GOALS
    board = level.compiled()
    plan = packing_plan(board, board.stars(level.start), level.start.player)
    assert [step.fill for step in plan.steps] == [
        squares(level, (7, 4)),
        squares(level, (6, 4)),
        squares(level, (5, 4)),
    ]
    assert plan.ordered


def test_standing_counts_only_the_goals_filled_in_order() -> None:
    level = CORRIDOR_OF_GOALS
    board = level.compiled()
    plan = packing_plan(board, board.stars(level.start), level.start.player)
    far, middle, near = squares(level, (7, 4)), squares(level, (6, 4)), squares(level, (5, 4))
    assert plan.standing(board.stars(level.start)) == (0, 0, far)
    assert plan.standing(far) == (1, far, middle)
    # The goal by the door filled first counts for nothing: it shuts the others out.
    assert plan.standing(near)[0] == 0
    assert plan.standing(far | middle | near) == (3, far | middle | near, 0)


def test_a_star_gone_on_from_its_parking_square_to_its_goal_leaves_the_parking_step_done() -> None:
    # Squares 0-4: fill 0; then 1 and park a star on 2; then fill 3 from the parking
    # square; then 4.
    plan = PackingPlan((Step(0b1), Step(0b110), Step(0b1000, release=0b100), Step(0b10000)))
    # The parked star is not placed: it is the one to move on.
    assert plan.standing(0b111) == (3, 0b11, 0b1000)
    # The parked star has gone on to its goal: every step up to that one is done.
    assert plan.standing(0b1011) == (4, 0b1011, 0b10000)
    assert plan.standing(0b11011) == (5, 0b11011, 0)
    # Before it has, the parking square is still wanted.
    assert plan.standing(0b0011)[0] == 2
    # Another star on the parking square's goal early does not excuse the steps before the parking.
    assert plan.standing(0b1100)[0] == 0


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(asked=st.lists(st.integers(0, (1 << 8) - 1), min_size=1, max_size=20))
def test_a_plans_standing_counts_only_its_squares_and_stays_right_as_its_store_is_emptied(
    asked: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The plan of the test above on squares 0-4; squares 5-7 are no square of it.
    steps = (Step(0b1), Step(0b110), Step(0b1000, release=0b100), Step(0b10000))
    monkeypatch.setattr(packing, "KEPT_STANDINGS", 3)
    kept = PackingPlan(steps)
    for stars in asked:
        fresh = PackingPlan(steps).standing(stars)
        assert kept.standing(stars) == fresh == PackingPlan(steps).standing(stars & 0b11111)


def test_every_goal_is_in_the_plan_and_every_parking_square_is_emptied_again() -> None:
    board = WAREHOUSE.compiled()
    plan = packing_plan(board, board.stars(WAREHOUSE.start), WAREHOUSE.start.player)
    filled = 0
    for step in plan.steps:
        assert step.release & ~filled == 0, "a step empties a square no earlier step filled"
        filled = (filled | step.fill) & ~step.release
    assert filled == board.goals
    assert plan.standing(board.goals)[0] == sum(step.fill.bit_count() for step in plan.steps)


def test_a_star_is_parked_in_a_corridor_when_no_other_square_lets_another_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Sasquatch III 5: a corridor of goals, four of its stars on goals already, entered
    # through a one-wide passage. Only a star parked in the passage lets the next one out.
    board, stars, player = built_in_start(260)
    plan = packing_plan(board, stars, player)
    (parking,) = [step.release for step in plan.steps if step.release]
    assert parking & ~board.goals and any(parking & tunnel for tunnel in board.tunnels)
    assert max(step.fill.bit_count() for step in plan.steps) <= 2
    # Kept out of corridors (and parking only where it lets another star out at once),
    # the planner gives up and leaves eight goals in any order.
    monkeypatch.setattr(packing, "PARK_IN_DOORWAYS", False)
    monkeypatch.setattr(packing, "PARK_ANYWAY", False)
    assert packing_plan(board, stars, player).steps[0].fill.bit_count() == 8


def test_stars_wait_outside_a_room_that_no_single_parking_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    # Sasquatch II 33: thirteen goals packed tight; no one star parked outside lets
    # another out at once, but three parked in turn open the room.
    board, stars, player = built_in_start(238)
    plan = packing_plan(board, stars, player)
    assert sum(1 for step in plan.steps if step.release) >= 2
    assert max(step.fill.bit_count() for step in plan.steps) <= 3
    # Parking only where it opens the room at once, the planner gives up on eleven goals.
    monkeypatch.setattr(packing, "PARK_ANYWAY", False)
    assert packing_plan(board, stars, player).steps[0].fill.bit_count() == 11


def test_the_planner_tries_other_parkings_when_the_first_leave_the_room_shut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Sasquatch II 45: the first ways of parking the planner tries leave nine squares
    # shut in; about twenty parkings tried in turn, one way opens the whole room.
    board, stars, player = built_in_start(250)
    assert max(step.fill.bit_count() for step in packing_plan(board, stars, player).steps) <= 4
    monkeypatch.setattr(packing, "PLAN_TRIES", 12)
    assert packing_plan(board, stars, player).steps[0].fill.bit_count() == 9


def test_squares_no_star_can_be_pushed_to_are_known_to_the_planner() -> None:
    # Pushed right along the top row the star reaches the far end, but no push takes it
    # down the corridor below: the player would have to stand in the wall above.
    level = Level.from_text("########\n#@ $   #\n###### #\n     #.#\n     ###")
    board = level.compiled()
    planner = packing._Planner(board, board.stars(level.start), level.start.player, float("inf"))
    assert planner.unreachable == squares(level, (6, 2), (6, 3))


def test_no_star_is_parked_where_no_star_can_be_pushed(classic_levels: list[Level]) -> None:
    # Classic level 35: pulled backwards, two stars went to squares of the room below the
    # goals that no push ever reaches (the player would stand in a wall), and the plan's
    # first step waited for them for ever. Parked where a star can get to, the first step
    # fills a goal, as YASS's own packing order does.
    level = classic_levels[34]
    board = level.compiled()
    stars = board.stars(level.start)
    planner = packing._Planner(board, stars, level.start.player, float("inf"))
    plan = packing_plan(board, stars, level.start.player)
    parking = 0
    for step in plan.steps:
        parking |= step.fill & ~board.goals
    assert parking and not parking & planner.unreachable
    assert plan.steps[0].fill & board.goals == plan.steps[0].fill


def test_a_room_no_star_comes_out_of_is_no_warehouse() -> None:
    # Sasquatch IV 24: ten goals side by side, but with a star on every goal the
    # player can pull none out, so no parking is guessed and the plan orders nothing.
    board, stars, player = built_in_start(329)
    assert largest_goal_room(board) >= 9
    assert not packing_plan(board, stars, player).ordered
    assert not is_warehouse(board, stars, player, time.perf_counter() + 10)


def test_goals_in_the_open_make_a_plan_that_orders_nothing() -> None:
    level = Level.from_text("#######\n#@    #\n# $.$ #\n# .$. #\n#  $  #\n#######")
    board = level.compiled()
    assert not packing_plan(board, board.stars(level.start), level.start.player).ordered


def test_a_route_takes_one_star_to_a_target_and_replays() -> None:
    level = CORRIDOR_OF_GOALS
    board = level.compiled()
    stars = board.stars(level.start)
    star = 2 * level.width + 4  # the star on the right
    reach = flood(1 << level.start.player, board.floor & ~stars, board.width)
    found = route_to(board, star, reach, stars & ~(1 << star), board.goals)
    assert found is not None
    goal, route = found
    assert goal == 4 * level.width + 5  # the nearest goal: two squares down, one right
    moves = moves_of(level, [(square, direction, 1) for square, direction in route])
    end = level.replay(moves)
    assert goal in end.boxes and len(route) == 3


def test_no_route_when_the_other_stars_stand_in_the_way() -> None:
    level = Level.from_text("#######\n#@$$ .#\n#    .#\n#######")
    board = level.compiled()
    stars = board.stars(level.start)
    reach = flood(1 << level.start.player, board.floor & ~stars, board.width)
    left_star = level.width + 2
    # Pushed right it runs into the other star; pushed down it can only go along the bottom wall.
    assert route_to(board, left_star, reach, stars & ~(1 << left_star), board.goals) is None


def test_the_feature_search_solves_a_warehouse_and_the_solution_replays() -> None:
    result = solve(WAREHOUSE, options=FEATURES, time_limit=20)
    assert result.status is Outcome.SOLVED
    positions_along(WAREHOUSE, result.moves)


def test_from_every_position_along_a_solution_the_feature_search_finds_one() -> None:
    # No pruning of the feature search may call a position dead that has a solution.
    known = solve(CORRIDOR_OF_GOALS, time_limit=20)
    for state in positions_along(CORRIDOR_OF_GOALS, known.moves):
        result = solve(CORRIDOR_OF_GOALS, state, options=FEATURES, time_limit=20)
        assert result.status is Outcome.SOLVED
        positions_along(CORRIDOR_OF_GOALS, result.moves, state)


@pytest.mark.parametrize(
    "options", [FEATURES, SearchOptions(features=True, tunnel_macros=False, corrals=False, freeze=False)]
)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_the_feature_search_agrees_with_exhaustive_search_on_tiny_levels(
    options: SearchOptions, level: Level
) -> None:
    result = solve(level, time_limit=20, options=options)
    assert_agrees_with_exhaustive_search(level, result)


def test_the_portfolio_adds_the_searches_for_warehouses_on_warehouses_only() -> None:
    deadline = time.perf_counter() + 10
    board = WAREHOUSE.compiled()
    stars, player = board.stars(WAREHOUSE.start), WAREHOUSE.start.player
    assert largest_goal_room(board) >= 9
    assert is_warehouse(board, stars, player, deadline)
    searches = portfolio_for(board, stars, player, deadline)
    assert searches == WAREHOUSE_PORTFOLIO
    assert sum(share for _, share in searches) == pytest.approx(1)
    puzzle = Level.from_text("######\n#@$ .#\n#  $.#\n######")
    small = puzzle.compiled()
    assert portfolio_for(small, small.stars(puzzle.start), puzzle.start.player, deadline) == PORTFOLIO


def test_squares_of_the_plan_are_floor() -> None:
    board = WAREHOUSE.compiled()
    plan = packing_plan(board, board.stars(WAREHOUSE.start), WAREHOUSE.start.player)
    assert all(board.floor >> square & 1 for square in squares_of(plan.squares))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_the_quick_test_before_a_route_search_never_rules_out_a_square_play_reaches(level: Level) -> None:
    # could_reach lets the player stand anywhere free: it may allow more, never less than play.
    board = level.compiled()
    for star in level.start.boxes:
        others = level.start.boxes - {star}
        free = board.floor & ~sum(1 << square for square in others)
        possible = could_reach(board, 1 << star, free, free)
        assert all(possible >> square & 1 for square in squares_one_star_reaches(level, others))


def squares_one_star_reaches(level: Level, others: frozenset[int]) -> set[int]:
    """Where play takes the one star not in ``others``, every other star left where it is."""
    seen = {level.start}
    queue = [level.start]
    while queue:
        state = queue.pop()
        for direction in Direction:
            moved = level.try_move(state, direction)
            if moved is not None and moved[0].boxes >= others and moved[0] not in seen:
                seen.add(moved[0])
                queue.append(moved[0])
    return {square for state in seen for square in state.boxes - others}


def test_the_plan_keeps_back_the_star_a_late_goal_can_only_come_from() -> None:
    # The star off the goals in Microban 107's ring is the only one that can fill the goal
    # beside it once the goals filled before that one are in place: the plan keeps it back.
    board = WAREHOUSE.compiled()
    plan = packing_plan(board, board.stars(WAREHOUSE.start), WAREHOUSE.start.player)
    assert plan.reserves == ((WAREHOUSE.index(2, 2), WAREHOUSE.index(3, 2)),)
    start, goal = plan.reserves[0]
    assert board.stars(WAREHOUSE.start) >> start & 1 and not board.goals >> start & 1
    assert board.goals >> goal & 1


def test_a_kept_back_star_is_free_once_its_goal_is_due() -> None:
    plan = PackingPlan((Step(0b1), Step(0b10)), reserves=((5, 1),))
    assert plan.kept_back(due=0b1) == 1 << 5  # only the first goal filled or next
    assert plan.kept_back(due=0b11) == 0
