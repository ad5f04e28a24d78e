"""The quality measures of a level and its solution, on levels drawn inline."""

from __future__ import annotations

import pytest

from starpusher.core import Level
from starpusher.generate import generate_level
from starpusher.generate.measures import dead_floor, level_quality, squares_touched, wall_block_share
from starpusher.generate.shaping import open_up_blocks, prune_floor
from starpusher.gui.sokoban.endless import SIZES, MapSize

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
    assert quality.moves_per_push == 1


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
    quality = level_quality(level, moves)
    assert quality.changes_per_push == pytest.approx(2 / 4)
    assert quality.moves_per_push == pytest.approx(8 / 4)


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


def test_a_corridor_is_cut_through_a_block_of_rock_between_rooms() -> None:
    rows = [
        "#######",
        "#     #",
        "# ### #",
        "# ### #",
        "# ### #",
        "#     #",
        "#######",
    ]
    width = len(rows[0])
    floor = frozenset(y * width + x for y, row in enumerate(rows) for x, c in enumerate(row) if c == " ")
    opened = open_up_blocks(floor, width)
    # One straight corridor across the middle of the block, from floor to floor.
    assert opened - floor in ({3 * width + x for x in (2, 3, 4)}, {y * width + 3 for y in (2, 3, 4)})
    assert open_up_blocks(opened, width) == opened


def test_a_block_whose_edge_lies_between_rooms_is_cut_through_that_edge() -> None:
    # Generated once (8x12, five stars, seed 10000): the rock left of the middle bends round the
    # level's corner, so no block's centre has floor on both sides, but row 7's rock does.
    rows = [
        "########",
        "##.    #",
        "####  .#",
        "#####  #",
        "#####  #",
        "#####  #",
        "#####. #",
        "# ###  #",
        "#      #",
        "#.###  #",
        "##### .#",
        "########",
    ]
    width = len(rows[0])
    floor = frozenset(y * width + x for y, row in enumerate(rows) for x, c in enumerate(row) if c in " .")
    opened = open_up_blocks(floor, width)
    assert opened - floor == {7 * width + x for x in (2, 3, 4)}  # across, the shorter way
    assert open_up_blocks(opened, width) == opened


def test_floor_far_from_the_solution_is_filled_but_none_it_touches() -> None:
    level = CORRIDOR_ROOM
    used = squares_touched(level, "RRR")
    kept = prune_floor(level.interior, used, level.width, all_unused=False)
    assert used <= kept
    # Every square kept is the solution's or beside it, and no dead end is left unused.
    assert all(any(square + step in used for step in (0, 1, -1, 7, -7)) for square in kept)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: size.name)
def test_endless_levels_are_compact_with_no_wide_rock(size: MapSize) -> None:
    # Designed levels (Microban, Boxoban) have about 8 squares of floor per star
    # and walls one or two squares thick; the generator aims there at every size.
    for difficulty in ("easy", "medium", "hard"):
        made = generate_level(size.width, size.height, size.stars, seed=1, difficulty=difficulty)
        quality = level_quality(made.level, made.level.solutions[0])
        assert quality.wall_blocks == 0, difficulty
        assert quality.floor_per_star <= 11, difficulty
