"""The sketch and the drawing tools: painting in layers, one player, growing, fill, crop, symmetries."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from starpusher.editing import SYMMETRIES, Piece, Sketch, line, rectangle
from starpusher.editing.sketch import (
    HALF_TURN,
    IDENTITY,
    MAX_SIDE,
    MIRROR_LEFT_RIGHT,
    MIRROR_TOP_BOTTOM,
    ROTATE_LEFT,
    ROTATE_RIGHT,
)

ROOM = Sketch.from_text(
    """
#####
#@$.#
#####
"""
)


def test_a_new_sketch_is_a_walled_room() -> None:
    sketch = Sketch.empty(5, 4)
    assert sketch.rows == ("#####", "#   #", "#   #", "#####")


def test_a_star_painted_on_a_goal_stands_on_it_and_the_eraser_lifts_it_off() -> None:
    on_goal, _ = ROOM.paint([(3, 1)], Piece.STAR)
    assert on_goal.at((3, 1)) == "*"
    lifted, _ = on_goal.paint([(3, 1)], Piece.ERASER)
    assert lifted.at((3, 1)) == "."
    assert lifted.paint([(3, 1)], Piece.ERASER)[0].at((3, 1)) == " "


def test_a_goal_painted_under_the_player_keeps_the_player() -> None:
    assert ROOM.paint([(1, 1)], Piece.GOAL)[0].at((1, 1)) == "+"


def test_floor_clears_a_square_whatever_it_held() -> None:
    cleared, _ = ROOM.paint([(0, 0), (2, 1), (3, 1)], Piece.FLOOR)
    assert (cleared.at((0, 0)), cleared.at((2, 1)), cleared.at((3, 1))) == (" ", " ", " ")


def test_there_is_only_ever_one_player_painting_it_moves_it() -> None:
    moved, _ = ROOM.paint([(3, 1)], Piece.PLAYER)
    assert moved.squares("@", "+") == [(3, 1)]
    assert moved.at((3, 1)) == "+" and moved.at((1, 1)) == " "


def test_painting_past_the_left_and_top_edges_grows_the_board_and_says_how_far_it_moved() -> None:
    grown, shift = ROOM.paint([(-2, -1)], Piece.WALL)
    assert shift == (2, 1)
    assert (grown.width, grown.height) == (7, 4)
    assert grown.at((0, 0)) == "#"
    assert grown.at((1 + 2, 1 + 1)) == "@"  # the old squares moved by the shift


def test_painting_past_the_right_and_bottom_edges_grows_the_board_without_moving_it() -> None:
    grown, shift = ROOM.paint([(6, 4)], Piece.GOAL)
    assert shift == (0, 0)
    assert (grown.width, grown.height) == (7, 5)
    assert grown.rows[:3] == tuple(row.ljust(7) for row in ROOM.rows)


def test_the_board_never_grows_past_the_limit() -> None:
    grown, _ = Sketch.empty(MAX_SIDE - 1, 5).paint([(MAX_SIDE + 10, 0), (-10, 0)], Piece.WALL)
    assert grown.width == MAX_SIDE


def test_fill_paints_the_closed_area_and_stops_at_walls() -> None:
    sketch = Sketch.from_text(
        """
#######
#  #  #
#  #  #
#######
"""
    )
    filled = sketch.fill((1, 1), Piece.GOAL)
    assert filled.squares(".") == [(1, 1), (2, 1), (1, 2), (2, 2)]


def test_crop_cuts_bare_floor_around_the_walls() -> None:
    padded = Sketch(("       ", "  ###  ", "  #@#  ", "  ###  ", "       "))
    assert padded.crop().rows == ("###", "#@#", "###")


def test_a_line_steps_side_by_side_so_a_slanted_wall_has_no_gaps() -> None:
    squares = list(line((0, 0), (4, 3)))
    assert squares[0] == (0, 0) and squares[-1] == (4, 3)
    for (x0, y0), (x1, y1) in pairwise(squares):
        assert abs(x1 - x0) + abs(y1 - y0) == 1


def test_a_rectangle_is_its_outline_unless_filled() -> None:
    assert len(rectangle((0, 0), (3, 2))) == 10
    assert len(rectangle((3, 2), (0, 0), filled=True)) == 12


def test_turning_right_then_left_gives_the_board_back() -> None:
    turned = ROOM.transformed(ROTATE_RIGHT)
    assert (turned.width, turned.height) == (3, 5)
    assert turned.rows[0] == "###"
    assert turned.transformed(ROTATE_LEFT) == ROOM
    assert ROOM.transformed(MIRROR_LEFT_RIGHT).rows[1] == "#.$@#"


boards = st.lists(st.text(alphabet="# @$.*+", min_size=1, max_size=6), min_size=1, max_size=6)


@given(boards)
def test_the_eight_symmetries_are_eight_different_pictures_of_an_irregular_board(rows: list[str]) -> None:
    sketch = Sketch.from_text("\n".join(rows))
    pictures = {sketch.transformed(symmetry) for symmetry in SYMMETRIES}
    # Each is a picture of the same squares: the same characters, counted.
    for picture in pictures:
        assert sorted("".join(picture.rows)) == sorted("".join(sketch.rows))
    # Applying every symmetry to every picture gives nothing new: they form a group.
    assert {p.transformed(s) for p in pictures for s in SYMMETRIES} == pictures


@given(boards)
def test_a_square_goes_where_the_transformed_board_has_it(rows: list[str]) -> None:
    """What play shows turned (square by square) is what the editor turns (row by row)."""
    sketch = Sketch.from_text("\n".join(rows))
    width, height = sketch.width, sketch.height
    for symmetry in SYMMETRIES:
        turned = sketch.transformed(symmetry)
        assert symmetry.size(width, height) == (turned.width, turned.height)
        for y in range(height):
            for x in range(width):
                seen = symmetry.square(x, y, width, height)
                assert turned.at(seen) == sketch.at((x, y))
                if x + 1 < width:  # a step right goes where the symmetry sends the step
                    there = symmetry.square(x + 1, y, width, height)
                    assert symmetry.step(1, 0) == (there[0] - seen[0], there[1] - seen[1])


def test_symmetries_follow_one_another_and_undo_one_another() -> None:
    assert ROTATE_RIGHT.then(ROTATE_RIGHT) == HALF_TURN
    assert ROTATE_RIGHT.then(ROTATE_LEFT) == IDENTITY
    assert MIRROR_LEFT_RIGHT.then(HALF_TURN) == MIRROR_TOP_BOTTOM
    assert ROTATE_RIGHT.inverse == ROTATE_LEFT and MIRROR_LEFT_RIGHT.inverse == MIRROR_LEFT_RIGHT
    for first in SYMMETRIES:
        assert first.then(first.inverse) == IDENTITY == first.inverse.then(first)
        for second in SYMMETRIES:
            both = first.then(second)
            assert ROOM.transformed(first).transformed(second) == ROOM.transformed(both)


def test_an_irregular_board_has_eight_distinct_symmetries() -> None:
    sketch = Sketch(("#@ ", "  $", "   ", ". #"))  # no mirror or turn maps it onto itself
    assert len({sketch.transformed(symmetry) for symmetry in SYMMETRIES}) == 8


def test_the_inside_is_what_the_walls_close_off_from_the_edge() -> None:
    sketch = Sketch(("#####  ", "#   #  ", "#####  ", "  .    "))
    assert sketch.enclosed() == {(1, 1), (2, 1), (3, 1)}
