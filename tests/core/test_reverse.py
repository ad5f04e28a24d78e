"""Playing backwards: pulls from the solved position, and the forward solution they turn into."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starpusher.core import IllegalMoveError, Level, StarPusherError, State
from starpusher.core.reverse import ReverseRules

ONE_PUSH = Level.from_text("#######\n#@ $ .#\n#######")
TWO_STARS = Level.from_text("#######\n#.@$  #\n# $   #\n#.    #\n#######")
ROOMY = Level.from_text("########\n#  .   #\n# $@$  #\n#   .  #\n#      #\n########")


def test_reverse_play_starts_with_every_star_on_its_goal() -> None:
    rules = ReverseRules(ONE_PUSH)
    assert rules.start == State(ONE_PUSH.start.player, ONE_PUSH.goals)


def test_a_player_starting_on_a_goal_stands_beside_it_instead() -> None:
    level = Level.from_text("#####\n#+$ #\n#####")
    rules = ReverseRules(level)
    assert rules.start.player not in level.goals
    assert rules.start.boxes == level.goals


def test_of_the_free_squares_beside_the_goal_the_first_in_lurd_order_is_taken() -> None:
    # Free squares left, right and below the player's goal: left comes first in LURD order
    # (as a breadth-first search trying the directions in that order meets it), not "d",
    # first in the alphabet.
    level = Level.from_text("#######\n#$ . .#\n#  + .#\n#$$ $ #\n#######")
    assert ReverseRules(level).start.player == level.index(2, 2)


def test_stepping_away_from_a_star_pulls_it_and_a_lower_case_step_does_not() -> None:
    rules = ReverseRules(ONE_PUSH)
    state = rules.apply(rules.start, "r")
    state = rules.apply(state, "r")
    state = rules.apply(state, "r")  # beside the star on the goal, to its left
    assert rules.key_move(state, "l") == "L"
    pulled = rules.apply(state, "L")
    assert pulled.boxes == frozenset({state.player}) and pulled.player == state.player - 1
    assert rules.apply(state, "l").boxes == state.boxes


def test_a_pull_needs_a_star_behind_and_a_step_needs_room() -> None:
    rules = ReverseRules(ONE_PUSH)
    with pytest.raises(IllegalMoveError):
        rules.apply(rules.start, "R")
    with pytest.raises(IllegalMoveError):
        rules.apply(rules.start, "l")  # a wall


def test_the_pulls_that_meet_the_start_turn_into_a_forward_solution() -> None:
    rules = ReverseRules(ONE_PUSH)
    moves = "rrrLL"
    end = rules.start
    for letter in moves:
        end = rules.apply(end, letter)
    assert rules.meets_start(end)
    solution = rules.forward_solution(moves)
    assert ONE_PUSH.is_solved(ONE_PUSH.replay(solution))
    assert solution == "rRR"


def test_meeting_the_start_asks_for_the_players_region_too() -> None:
    level = Level.from_text("#######\n#@#$ .#\n# #   #\n#     #\n#######")
    rules = ReverseRules(level)
    assert not rules.meets_start(State(level.start.player, level.goals))
    walled_in = Level.from_text("######\n#@$. #\n######")
    rules = ReverseRules(walled_in)
    # The star is back at its start, but the player stands beyond it, cut off from its start square.
    assert not rules.meets_start(State(walled_in.start.player + 2, walled_in.start.boxes))


def test_moves_that_do_not_meet_the_start_are_no_solution() -> None:
    with pytest.raises(StarPusherError, match="do not reach"):
        ReverseRules(ONE_PUSH).forward_solution("r")


def test_a_level_with_more_stars_than_goals_has_no_reverse_play() -> None:
    with pytest.raises(StarPusherError, match="as many stars as goals"):
        ReverseRules(Level.from_text("######\n#@$$.#\n######"))


@given(st.sampled_from([ONE_PUSH, TWO_STARS, ROOMY]), st.lists(st.sampled_from("lurd"), max_size=60))
def test_reverse_moves_turned_around_lead_forward_back_to_the_solved_position(
    level: Level, keys: list[str]
) -> None:
    """Whatever is played backwards, playing it forwards (turned around) undoes it exactly."""
    rules = ReverseRules(level)
    state, moves = rules.start, ""
    for key in keys:
        move = rules.key_move(state, key)
        if move is not None:
            state = rules.apply(state, move)
            moves += move
    turned = "".join(
        ({"l": "r", "r": "l", "u": "d", "d": "u"}[m.lower()]).upper()
        if m.isupper()
        else {"l": "r", "r": "l", "u": "d", "d": "u"}[m]
        for m in reversed(moves)
    )
    assert level.replay(turned, state) == rules.start
    if rules.meets_start(state):
        assert level.is_solved(level.replay(rules.forward_solution(moves)))
