"""The quality measures of a level and its solution, on levels drawn inline."""

from __future__ import annotations

import pytest

from starpusher.core import Level
from starpusher.generate.measures import dead_floor, level_quality, squares_touched, wall_block_share

#: One star to push three squares right; the rows above and below are spare room.
CORRIDOR_ROOM = Level.from_rows(
    [
        "#######",
        "#     #",
        "#@$  .#",
        "#     #",
        "#######",
    ]
)


def test_the_solution_touches_its_walk_and_the_star_s_squares() -> None:
    touched = squares_touched(CORRIDOR_ROOM, "RRR")
    assert sorted(map(CORRIDOR_ROOM.xy, touched)) == [(x, 2) for x in range(1, 6)]


def test_floor_used_is_the_share_of_the_floor_touched() -> None:
    quality = level_quality(CORRIDOR_ROOM, "RRR")
    assert quality.floor_used == pytest.approx(5 / 15)
    assert quality.floor_per_star == 15
    assert quality.changes_per_push == 0


def test_floor_along_the_walls_is_dead_where_no_star_can_reach_a_goal() -> None:
    # A star against the top or bottom wall can never be pushed off it; the
    # corner squares cannot even be reached.
    dead = dead_floor(CORRIDOR_ROOM)
    live = {CORRIDOR_ROOM.index(x, 2) for x in range(2, 6)}
    assert dead == CORRIDOR_ROOM.interior - live


def test_floor_beyond_the_goal_along_a_wall_is_dead() -> None:
    level = Level.from_rows(
        [
            "######",
            "#@ . #",
            "#  $ #",
            "#    #",
            "######",
        ]
    )
    # Along the top wall a star can be pushed towards the goal from the left,
    # but from the left corner or from beyond the goal it can never get back.
    dead = dead_floor(level)
    assert level.index(2, 1) not in dead and level.index(3, 1) not in dead
    assert level.index(1, 1) in dead and level.index(4, 1) in dead


def test_box_changes_are_counted_per_push() -> None:
    level = Level.from_rows(
        [
            "#######",
            "#@$ . #",
            "# $ . #",
            "#     #",
            "#######",
        ]
    )
    # Push the first star one square, the second two, then the first again.
    moves = "R" + "ldRR" + "luR"
    assert level.is_solved(level.replay(moves))
    assert level_quality(level, moves).changes_per_push == pytest.approx(2 / 4)


def test_only_solid_blocks_of_rock_between_rooms_count() -> None:
    blocky = Level.from_rows(
        [
            "#######",
            "#     #",
            "# ### #",
            "# ###@#",
            "# ### #",
            "#$.   #",
            "#######",
        ]
    )
    pillars = Level.from_rows(
        [
            "#######",
            "#     #",
            "# # # #",
            "#    @#",
            "# # # #",
            "#$.   #",
            "#######",
        ]
    )
    assert wall_block_share(blocky) == 1.0  # nine squares of rock, all one block
    assert wall_block_share(pillars) == 0.0
    # The frame around a level is not inside it.
    assert wall_block_share(CORRIDOR_ROOM) == 0.0
