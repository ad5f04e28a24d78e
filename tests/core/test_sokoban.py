"""The Sokoban rules: moving, pushing, blocking, solving."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from starpusher.core import Direction, IllegalMoveError, Level, LevelError, State, count_pushes

CORRIDOR = """
#######
#@ $ .#
#######
"""

DEMO = """
 ########
##      #
#   .   #
#   $   #
# .$@$. #
####$   #
   #.   #
   #   ##
   #####
"""


def at(level: Level, x: int, y: int) -> int:
    return level.index(x, y)


def test_reads_walls_goals_stars_and_player() -> None:
    level = Level.from_text(CORRIDOR)
    assert (level.width, level.height) == (7, 3)
    assert level.start.player == at(level, 1, 1)
    assert level.start.boxes == {at(level, 3, 1)}
    assert level.goals == {at(level, 5, 1)}
    assert len(level.walls) == 16


def test_step_onto_floor_is_lower_case_and_moves_only_the_player() -> None:
    level = Level.from_text(CORRIDOR)
    state, letter = level.move(level.start, Direction.RIGHT)
    assert letter == "r"
    assert state == State(at(level, 2, 1), level.start.boxes)


def test_push_moves_the_star_one_square_and_is_upper_case() -> None:
    level = Level.from_text(CORRIDOR)
    state = level.replay("r")
    state, letter = level.move(state, Direction.RIGHT)
    assert letter == "R"
    assert state.boxes == {at(level, 4, 1)}
    assert state.player == at(level, 3, 1)


def test_solved_when_every_goal_holds_a_star() -> None:
    level = Level.from_text(CORRIDOR)
    assert not level.is_solved(level.start)
    assert level.is_solved(level.replay("rRR"))


def test_walls_block_the_player() -> None:
    level = Level.from_text(CORRIDOR)
    with pytest.raises(IllegalMoveError, match="wall"):
        level.move(level.start, Direction.UP)
    assert level.try_move(level.start, Direction.LEFT) is None


def test_a_star_cannot_be_pushed_into_a_wall_or_another_star() -> None:
    level = Level.from_text("#####\n#@$$.#\n#  . #\n######")
    with pytest.raises(IllegalMoveError, match="another star"):
        level.move(level.start, Direction.RIGHT)
    pushed_to_wall = Level.from_text("#####\n#@$#\n#. #\n####")
    with pytest.raises(IllegalMoveError, match="into a wall"):
        pushed_to_wall.move(pushed_to_wall.start, Direction.RIGHT)


def test_stars_are_never_pulled() -> None:
    level = Level.from_text(CORRIDOR)
    state = level.replay("rR")
    back = level.replay("l", state)
    assert back.boxes == state.boxes


def test_more_stars_than_goals_is_allowed_and_solved_when_goals_are_full() -> None:
    level = Level.from_text("#######\n#.$@$ #\n#######")
    assert len(level.start.boxes) == 2
    assert not level.is_solved(level.start)
    assert level.is_solved(level.replay("L"))


def test_replay_names_the_first_illegal_move() -> None:
    level = Level.from_text(CORRIDOR)
    with pytest.raises(IllegalMoveError, match=r"move 4 \('r'\)"):
        level.replay("rRRr")


def test_apply_trusts_the_board_not_the_letter_case() -> None:
    level = Level.from_text(CORRIDOR)
    assert level.replay("rrr") == level.replay("rRR")


def test_legal_moves_mark_pushes_in_upper_case() -> None:
    level = Level.from_text(CORRIDOR)
    assert level.legal_moves(level.replay("r")) == ["l", "R"]


def test_text_round_trip_keeps_every_character() -> None:
    level = Level.from_text(DEMO)
    assert level.to_text() == DEMO.lstrip("\n")
    assert Level.from_text(level.to_text()) == level


def test_floor_after_the_last_wall_of_a_row_is_not_part_of_the_level() -> None:
    padded = Level.from_text("#####--\n#@$.#  \n#####_")
    assert padded == Level.from_text("#####\n#@$.#\n#####")
    assert padded.width == 5


def test_alternate_characters_mean_the_same_as_the_standard_ones() -> None:
    standard = Level.from_text("#####\n#@$.#\n#*+ #\n#####".replace("+", " "))
    alternate = Level.from_text("#####\n#pb.#\n#B-_#\n#####")
    assert alternate == standard


def test_interior_floor_is_told_apart_from_outside_floor() -> None:
    level = Level.from_text(DEMO)
    assert at(level, 0, 0) not in level.interior  # grass outside the walls
    assert at(level, 1, 2) in level.interior
    assert len(level.interior) == 38


def test_flood_fill_handles_huge_levels_without_recursion() -> None:
    size = 300
    rows = ["#" * size] + ["#" + " " * (size - 2) + "#"] * (size - 2) + ["#" * size]
    rows[1] = "#@$." + " " * (size - 5) + "#"
    level = Level.from_rows(rows)
    assert len(level.interior) == (size - 2) ** 2


def test_a_winding_corridor_longer_than_the_fill_rings_is_filled_and_checked() -> None:
    # A serpentine of 40 rows of 60 squares: thousands of steps from end to end,
    # so the ring-by-ring fill hands over to the square-by-square one.
    width, lanes = 62, 40
    rows = ["#" * width]
    for lane in range(lanes):
        rows.append("#" + " " * (width - 2) + "#")
        gap = width - 2 if lane % 2 == 0 else 1
        rows.append("".join(" " if x == gap and lane < lanes - 1 else "#" for x in range(width)))
    rows[1] = "#@$." + rows[1][4:]
    level = Level.from_rows(rows)
    assert len(level.interior) == lanes * (width - 2) + (lanes - 1)
    leaky = [*rows[:-1], rows[-1][:30] + " " + rows[-1][31:]]
    leaky[-2] = leaky[-2][:30] + " " + leaky[-2][31:]
    with pytest.raises(LevelError, match="walls do not enclose"):
        Level.from_rows(leaky)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("####\n#$.#\n####", "exactly one player; found none"),
        ("#####\n#@@$.#\n######", "exactly one player; found 2"),
        ("#####\n#@$ #\n#####", "at least one goal"),
        ("######\n#@$..#\n######", "2 goals but only 1 star$"),
        ("#####\n#@ .#\n#####", "1 goal but only 0 stars$"),
        ("#####\n#@$.x#\n######", "unknown character 'x'"),
        ("#####\n#@$. \n#####", "walls do not enclose the player"),
    ],
)
def test_invalid_levels_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(LevelError, match=message):
        Level.from_text(text)


def test_level_errors_name_the_line_of_the_problem() -> None:
    with pytest.raises(LevelError) as caught:
        Level.from_text("#####\n#@$.#\n#  x#\n#####")
    assert caught.value.line == 3
    assert "column 4" in str(caught.value)


def test_count_pushes_counts_upper_case_letters() -> None:
    assert count_pushes("rRuULd") == 3


def test_states_are_hashable_and_immutable() -> None:
    level = Level.from_text(CORRIDOR)
    state = level.start
    assert {state: 1}[level.replay("rl")] == 1
    with pytest.raises(AttributeError):
        state.player = 3  # type: ignore[misc]


def test_a_level_built_from_its_fields_has_the_same_inside_as_one_read_from_rows() -> None:
    read = Level.from_text(DEMO)
    built = Level(read.width, read.height, read.walls, read.goals, read.start)
    assert built == read
    assert built.interior == read.interior
    walled_in = replace(read, walls=read.walls | {at(read, 2, 2)})
    assert walled_in.interior == read.interior - {at(read, 2, 2)}


def test_a_level_keeps_its_compiled_board_and_pickles_without_it() -> None:
    # Worker processes get their levels pickled: a board (with its lock) must not go along.
    level = Level.from_text("######\n#@$ .#\n######")
    board = level.compiled()
    assert level.compiled() is board  # made once, kept with the level
    copied = pickle.loads(pickle.dumps(level))
    assert copied == level and copied.compiled() is not board
