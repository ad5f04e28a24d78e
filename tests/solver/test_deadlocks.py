"""Dead squares and simple deadlocks: found where they are, never where a solution passes."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import (
    brute_force_solvable,
    positions_along,
    pulled_levels,
    reachable_states,
    solvable_states,
    tiny_levels,
)

from starpusher.core import Level, State
from starpusher.solver import Outcome, dead_squares, deadlocked_stars, solve
from starpusher.solver.deadlocks import GoalFillers, cuts_off_goals, frozen_group, frozen_on_goals
from starpusher.solver.options import SearchOptions

ROOM = Level.from_text(
    """
######
#@   #
# $. #
#    #
######
"""
)


def test_corners_and_walls_without_goals_are_dead_but_the_middle_is_not() -> None:
    dead = dead_squares(ROOM)
    corners = {ROOM.index(1, 1), ROOM.index(4, 1), ROOM.index(1, 3), ROOM.index(4, 3)}
    assert corners <= dead
    assert ROOM.index(2, 2) not in dead and ROOM.index(3, 2) not in dead
    assert dead <= ROOM.interior


def test_a_wall_with_a_goal_on_it_is_alive_along_its_length() -> None:
    level = Level.from_text(
        """
#######
#@  . #
# $   #
#######
"""
    )
    dead = dead_squares(level)
    assert {level.index(x, 1) for x in (2, 3, 4)}.isdisjoint(dead)
    assert level.index(1, 1) in dead and level.index(5, 1) in dead


def test_a_star_on_a_dead_square_is_marked() -> None:
    state = State(ROOM.start.player, frozenset({ROOM.index(4, 3)}))
    assert deadlocked_stars(ROOM, state) == {ROOM.index(4, 3)}


def test_a_square_block_of_stars_off_goals_is_frozen() -> None:
    level = Level.from_text(
        """
########
#@     #
#  $$  #
#  $$  #
#  ....#
########
"""
    )
    assert deadlocked_stars(level, level.start) == level.start.boxes


def test_two_stars_along_a_wall_freeze_each_other_unless_on_goals() -> None:
    off_goals = Level.from_text(
        """
#######
#  $$ #
# @ ..#
#######
"""
    )
    assert deadlocked_stars(off_goals, off_goals.start) == off_goals.start.boxes
    on_goals = Level.from_text(
        """
#######
#  ** #
# @   #
#######
"""
    )
    assert deadlocked_stars(on_goals, on_goals.start) == frozenset()


def test_dead_squares_on_both_sides_freeze_a_star_unless_stars_are_spare() -> None:
    # On the top row a star can only slide along the wall, between dead squares:
    # either push would leave it where no goal can be reached.
    one_goal = Level.from_text("#######\n#  $  #\n# @.  #\n#     #\n#######")
    board = one_goal.compiled()
    star = one_goal.index(3, 1)
    assert frozen_group(board, star, board.stars(one_goal.start)) == 1 << star
    # A spare star may rest anywhere: then dead squares stop nothing.
    spare = Level.from_text("#######\n#  $  #\n# @.  #\n#  $  #\n#######")
    board = spare.compiled()
    assert frozen_group(board, star, board.stars(spare.start)) == 0
    # Beside a wall, though, the axis is stuck whatever the stars.
    corner = spare.index(1, 1)
    assert frozen_group(board, corner, board.stars(spare.start) | 1 << corner) == 1 << corner


def test_a_frozen_star_on_a_goal_next_to_a_stuck_one_is_reported_with_it() -> None:
    level = Level.from_text(
        """
#######
#*$   #
#@  . #
#######
"""
    )
    assert deadlocked_stars(level, level.start) == level.start.boxes


#: A corridor of goals filled from below: the player pushes stars up from the
#: corner at its foot. Two stars fill its far end; a third has just been pushed
#: into the corner, where it freezes on its goal and stops the player pushing
#: any star up: the two goals left in the corridor can never be filled.
CORRIDOR_CUT_OFF = Level.from_text(
    """
######
#*#  #
#*#  #
#.#  #
#.#$ #
# $ @#
#*   #
######
"""
)


def test_a_star_frozen_where_the_player_stands_to_fill_a_corridor_cuts_its_goals_off() -> None:
    level = CORRIDOR_CUT_OFF
    board = level.compiled()
    boxes = board.stars(level.start)
    group = frozen_group(board, level.index(1, 6), boxes)
    assert group == 1 << level.index(1, 6)
    # The stars at the corridor's end are frozen too: counted as movable, the
    # upper one could be pushed down and the goals below it would look reachable.
    assert cuts_off_goals(board, group, boxes, level.start.player)
    # And the position is indeed lost: an exhaustive search without the rule finds no way.
    result = solve(level, time_limit=10, options=SearchOptions.without("goal_cut_off"))
    assert result.status is Outcome.UNSOLVABLE


def test_the_same_corridor_with_its_foot_free_is_not_cut_off() -> None:
    level = Level.from_text(
        """
######
#*#  #
#*#  #
#.#$ #
#.#  #
#  $@#
#. $ #
######
"""
    )
    board = level.compiled()
    boxes = board.stars(level.start)
    group = frozen_group(board, level.index(1, 2), boxes)
    assert group
    assert not cuts_off_goals(board, group, boxes, level.start.player)
    assert solve(level, time_limit=10).solved


def test_spare_stars_may_be_stuck_as_long_as_enough_remain() -> None:
    one_stuck = Level.from_text(
        """
######
#$   #
# @$.#
######
"""
    )
    assert deadlocked_stars(one_stuck, one_stuck.start) == frozenset()
    both_stuck = Level.from_text(
        """
######
#$  $#
# @. #
######
"""
    )
    assert deadlocked_stars(both_stuck, both_stuck.start) == both_stuck.start.boxes


INLINE_LEVELS = [
    ROOM,
    Level.from_text(
        """
  ####
###  ####
#     $ #
# #  #$ #
# . .#@ #
#########
"""
    ),
    Level.from_text(
        """
########
#   #  #
# $ $ .#
#  @##.#
#  $  .#
########
"""
    ),
]


@pytest.mark.parametrize("level", INLINE_LEVELS)
def test_no_position_along_a_found_solution_is_called_dead(level: Level) -> None:
    result = solve(level, time_limit=10)
    assert result.solved
    for state in positions_along(level, result.moves):
        assert deadlocked_stars(level, state) == frozenset()


def assert_no_position_along_solutions_is_called_dead(levels: list[Level], unsolved_allowed: int) -> None:
    """Solve each level (2 s) and check positions along the way: none is called a deadlock."""
    checked = 0
    for level in levels:
        result = solve(level, time_limit=2)
        if not result.solved:
            continue  # the hardest few: nothing to check against
        checked += 1
        for state in positions_along(level, result.moves)[:: max(1, len(result.moves) // 40)]:
            stuck = deadlocked_stars(level, state)
            assert stuck == frozenset(), level.to_text(state)
    assert checked >= len(levels) - unsolved_allowed


def test_no_position_along_solutions_of_microban_levels_is_called_dead(
    star_pusher_levels: list[Level],
) -> None:
    assert_no_position_along_solutions_is_called_dead(star_pusher_levels[1:156:10], unsolved_allowed=3)


def test_no_position_along_solutions_of_boxoban_levels_is_called_dead(boxoban_levels: list[Level]) -> None:
    assert_no_position_along_solutions_is_called_dead(boxoban_levels[:40:2], unsolved_allowed=1)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(tiny_levels())
def test_a_solvable_tiny_level_is_never_called_dead(level: Level) -> None:
    if brute_force_solvable(level):
        assert deadlocked_stars(level, level.start) == frozenset()
        assert not dead_squares(level) & (level.start.boxes - level.goals)


def test_pushes_along_solutions_found_without_the_deadlock_prunings_are_never_called_dead(
    star_pusher_levels: list[Level],
) -> None:
    # These solutions come from a search with dead squares, freeze, corral and
    # goal cut-off pruning switched off, so they do not depend on the detectors
    # under test.
    unpruned = SearchOptions.without("dead_squares,freeze,corrals,goal_cut_off,matching")
    levels = star_pusher_levels[1:156:8]  # Microban
    checked = 0
    for level in levels:
        result = solve(level, time_limit=2, options=unpruned)
        if not result.solved:
            continue
        checked += 1
        board = level.compiled()
        states = positions_along(level, result.moves)
        for before, after, letter in zip(states, states[1:], result.moves, strict=False):
            if not letter.isupper():
                continue
            assert deadlocked_stars(level, after) == frozenset(), level.to_text(after)
            boxes = board.stars(after)
            pushed = next(iter(after.boxes - before.boxes))
            group = frozen_group(board, pushed, boxes)
            player = after.player
            assert not group & ~board.goals and not (group and cuts_off_goals(board, group, boxes, player))
    assert checked >= len(levels) // 2  # the rest time out on a loaded machine


def lost_at_start(level: Level) -> tuple[int, bool]:
    """The stars frozen on goals at the level's start, and whether the goal fillers call a goal lost there."""
    board = level.compiled()
    stars = board.stars(level.start)
    frozen = frozen_on_goals(board, stars)
    return frozen, GoalFillers(board).lost_goal(frozen, stars, level.start.player)


#: Three stars frozen on goals at the top and bottom. The goal between the top
#: two can only be filled from below, the player standing in the pocket under
#: it; and the star on the pocket's other side shuts the pocket to the player
#: but through the square the star must come to. A star can be pushed there
#: (the player anywhere, the spread says the goal is fine), but the player
#: can never get behind it.
POCKET_BEHIND_THE_STAR = """
###########
##*.*##   #
###     $@#
###{}##   #
###########
"""


def test_a_goal_whose_pushing_square_the_player_cannot_reach_is_lost() -> None:
    level = Level.from_text(POCKET_BEHIND_THE_STAR.format(" *"))
    board = level.compiled()
    stars = board.stars(level.start)
    frozen = frozen_on_goals(board, stars)
    assert frozen.bit_count() == 3
    assert GoalFillers(board).lost_goal(frozen, stars, level.start.player)
    assert cuts_off_goals(board, frozen_group(board, level.index(4, 3), stars), stars, level.start.player)
    assert not brute_force_solvable(level)
    result = solve(level, time_limit=10, options=SearchOptions.without("goal_cut_off"))
    assert result.status is Outcome.UNSOLVABLE


def test_the_same_goal_with_the_pocket_open_can_be_filled() -> None:
    level = Level.from_text(POCKET_BEHIND_THE_STAR.format("  "))
    frozen, lost = lost_at_start(level)
    assert frozen.bit_count() == 2
    assert not lost
    assert brute_force_solvable(level)
    assert solve(level, time_limit=10).solved


#: A star frozen on the corner goal; each of the two goals left has a star that could fill
#: it, the same one: the star by the right wall can only go up and down, to no free goal.
TWO_GOALS_ONE_STAR = """
#######
###  *#
# *.  #
#     #
#   {}#
#     #
#######
"""


def test_goals_that_only_the_same_star_can_fill_are_lost() -> None:
    level = Level.from_text(TWO_GOALS_ONE_STAR.format("@$"))
    frozen, lost = lost_at_start(level)
    assert frozen == 1 << level.index(5, 1)
    assert lost
    assert not brute_force_solvable(level)


def test_with_a_second_star_that_can_come_the_goals_are_not_lost() -> None:
    level = Level.from_text(TWO_GOALS_ONE_STAR.format("$@"))
    assert not lost_at_start(level)[1]
    assert brute_force_solvable(level)


def test_a_star_that_can_reach_only_goals_already_frozen_on_is_too_many() -> None:
    # Every free goal has a star that could fill it; but the star along the bottom wall
    # can only reach the corner goal, which is taken: one star too many.
    level = Level.from_text(
        """
#######
###   #
## #  #
# *  ##
#  @. #
#  $ *#
#######
"""
    )
    frozen, lost = lost_at_start(level)
    assert frozen == 1 << level.index(5, 5)
    assert lost
    assert not brute_force_solvable(level)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(pulled_levels(), tiny_levels()))
def test_no_solvable_position_has_a_goal_called_lost(level: Level) -> None:
    board = level.compiled()
    fillers = GoalFillers(board)
    good = solvable_states(level)
    for state in reachable_states(level, [level.start]):
        stars = board.stars(state)
        frozen = frozen_on_goals(board, stars)
        if frozen and not frozen & ~board.goals and fillers.lost_goal(frozen, stars, state.player):
            assert state not in good, level.to_text(state)


#: A star frozen on the corner goal, and a star in the mouth of the pocket below it. The goal
#: beside the mouth can only be filled by pushing that star from the pocket, and the player
#: gets into the pocket only through the mouth: with the player outside, never.
STAR_IN_THE_MOUTH = """
#######
#*#####
#{}$.  #
### {}#
#######
"""


def test_a_star_in_a_pocket_mouth_fills_the_goal_beside_it_only_from_inside() -> None:
    level = Level.from_text(STAR_IN_THE_MOUTH.format(" ", "@ "))
    frozen, lost = lost_at_start(level)
    assert frozen == 1 << level.index(1, 1)
    assert lost
    assert not brute_force_solvable(level)


def test_the_same_star_with_the_player_in_the_pocket_fills_the_goal() -> None:
    level = Level.from_text(STAR_IN_THE_MOUTH.format("@", "  "))
    assert not lost_at_start(level)[1]
    assert brute_force_solvable(level)


def test_a_star_on_a_goal_in_a_pocket_mouth_may_stay_there() -> None:
    # The star in the mouth stands on a goal: from outside it can go nowhere, and need not.
    level = Level.from_text(
        """
########
#*######
# *.   #
### $  #
###   @#
########
"""
    )
    frozen, lost = lost_at_start(level)
    assert frozen == 1 << level.index(1, 1)
    assert not lost
    assert brute_force_solvable(level)
