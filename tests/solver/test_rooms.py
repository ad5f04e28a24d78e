"""Goal rooms: where they are, the order they fill in, and goal macros checked by the rules."""

from __future__ import annotations

import pytest
from solver_helpers import xy_of

from starpusher.core import Level, State
from starpusher.solver import solve
from starpusher.solver.board import board_for, squares_of
from starpusher.solver.rooms import GoalRooms
from starpusher.solver.search import SearchOptions, expand_pushes

#: Three goals in a corner room, the stars out in the hall.
CORNER_ROOM = Level.from_text(
    """
##########
#@       #
#  $ $   #
#   $    #
#        #
#######  #
 #..     #
 # .     #
 #########
"""
)

#: Goals behind a one-wide door: the floor piece past the door is the room.
BEHIND_A_DOOR = Level.from_text(
    """
#######
#@    #
# $$$ #
#     #
### ###
 #   #
 #   #
 #...#
 #####
"""
)


def test_goals_together_make_a_room_with_its_entrances_outside() -> None:
    rooms = GoalRooms(board_for(CORNER_ROOM)).rooms
    assert len(rooms) == 1
    room = rooms[0]
    assert xy_of(CORNER_ROOM, room.goals) == [(2, 6), (3, 6), (3, 7)]
    assert xy_of(CORNER_ROOM, room.entrances) == [(4, 6), (4, 7)]
    assert not room.entrances & room.squares


def test_a_room_behind_a_door_is_entered_through_the_door() -> None:
    room = GoalRooms(board_for(BEHIND_A_DOOR)).rooms[0]
    assert xy_of(BEHIND_A_DOOR, room.entrances) == [(3, 4)]
    assert room.goals & room.squares == room.goals


@pytest.mark.parametrize("level", [CORNER_ROOM, BEHIND_A_DOOR])
def test_the_packing_order_fills_the_room_one_star_at_a_time(level: Level) -> None:
    """Checked by the rules: with the goals before it filled, each goal takes a star from outside."""
    room = GoalRooms(board_for(level)).rooms[0]
    assert sorted(room.order) == squares_of(room.goals)
    outside = [square for square in level.start.boxes if not room.squares >> square & 1]
    for count, goal in enumerate(room.order):
        packed = set(room.order[:count])
        # The level cut down to this step: the goals so far hold stars, one star comes in.
        step = Level(
            level.width,
            level.height,
            level.walls,
            frozenset(packed | {goal}),
            State(level.start.player, frozenset(packed | {outside[0]})),
        )
        assert solve(step, time_limit=5).solved, f"goal {level.xy(goal)} cannot be filled next"


def test_a_goal_macro_takes_the_star_to_the_rooms_next_goal_by_legal_pushes() -> None:
    level = BEHIND_A_DOOR
    board = board_for(level)
    rooms = GoalRooms(board)
    door = level.index(3, 4)
    stars = (level.start.boxes - {level.index(3, 2)}) | {door}
    state = State(level.index(3, 3), frozenset(stars))  # a star just pushed into the door
    goal, steps = rooms.goal_macro(door, state.player, board.stars(state))
    assert goal == rooms.rooms[0].order[0]
    moves = expand_pushes(level, state, [(square, direction, 1) for square, direction in steps])
    final = level.replay(moves, state)
    assert goal in final.boxes and door not in final.boxes


@pytest.mark.parametrize(
    "options",
    [
        SearchOptions(goal_macros=True),
        SearchOptions(goal_macros=True, tunnel_macros=False),
        SearchOptions(goal_macros=False),
    ],
)
@pytest.mark.parametrize("level", [CORNER_ROOM, BEHIND_A_DOOR])
def test_goal_macros_on_or_off_still_solve(level: Level, options: SearchOptions) -> None:
    result = solve(level, options=options)
    assert result.solved
    assert level.is_solved(level.replay(result.moves))


def test_goal_macros_save_positions_in_a_goal_room() -> None:
    with_macros = solve(CORNER_ROOM, options=SearchOptions(goal_macros=True))
    without = solve(CORNER_ROOM, options=SearchOptions(goal_macros=False))
    assert with_macros.solved and without.solved
    assert with_macros.nodes < without.nodes
