"""The player's walks: lengths by rings, and the shortest walk, the first in LURD order."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_helpers import tiny_levels

from starpusher.bitboard import bits_of, walk, walk_lengths, walked_squares
from starpusher.core import Direction, Level


def first_shortest_walk(level: Level, start: int, goal: int, blocked: frozenset[int]) -> str | None:
    """Breadth first over single squares, the directions tried in LURD order: the walk the window,
    the solver and the generator each found with a search of their own before the kernel."""
    came: dict[int, tuple[int, str]] = {start: (start, "")}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if square == goal:
            letters = []
            while square != start:
                square, letter = came[square]
                letters.append(letter)
            return "".join(reversed(letters))
        for direction in Direction:
            near = level.neighbour(square, direction)
            if near is not None and near not in came and near not in blocked:
                came[near] = (square, direction.letter)
                queue.append(near)
    return None


@settings(max_examples=150, deadline=None)
@given(level=tiny_levels(), data=st.data())
def test_the_walk_is_the_first_shortest_walk_in_lurd_order(level: Level, data: st.DataObject) -> None:
    inside = sorted(level.interior)
    start = data.draw(st.sampled_from(inside))
    blocked = frozenset(data.draw(st.sets(st.sampled_from(inside), max_size=4))) - {start}
    free = level.interior_bits & ~bits_of(blocked)
    for goal in inside:
        expected = first_shortest_walk(level, start, goal, blocked)
        assert walk(start, goal, free, level.width) == expected
        if expected is not None:
            assert walk_lengths(1 << start, free, level.width, 1 << goal) == {goal: len(expected)}
            assert walked_squares(start, expected, level.width)[-1] == goal


def test_walk_lengths_stop_once_every_wanted_square_is_reached() -> None:
    level = Level.from_text("#######\n#@   .#\n#  $  #\n#######")
    start = level.start.player
    free = level.interior_bits & ~bits_of(level.start.boxes)
    lengths = walk_lengths(1 << start, free, level.width)
    assert lengths[start] == 0 and lengths[level.index(5, 1)] == 4
    assert level.index(3, 2) not in lengths  # the star's square
    assert walk_lengths(1 << start, free, level.width, 1 << level.index(2, 1)) == {level.index(2, 1): 1}


def test_there_is_no_walk_onto_a_blocked_square_and_none_is_needed_to_stay() -> None:
    level = Level.from_text("#####\n#@$.#\n#####")
    free = level.interior_bits & ~bits_of(level.start.boxes)
    assert walk(level.start.player, level.index(3, 1), free, level.width) is None
    assert walk(level.start.player, level.start.player, free, level.width) == ""


ROOM = Level.from_text(
    """
##########
#@       #
#        #
#   $    #
#        #
#       .#
##########
"""
)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_in_an_open_room_of_many_equal_walks_the_first_in_lurd_order_is_taken(data: st.DataObject) -> None:
    inside = sorted(ROOM.interior)
    start = data.draw(st.sampled_from(inside))
    blocked = frozenset(data.draw(st.sets(st.sampled_from(inside), max_size=12))) - {start}
    free = ROOM.interior_bits & ~bits_of(blocked)
    for goal in inside:
        assert walk(start, goal, free, ROOM.width) == first_shortest_walk(ROOM, start, goal, blocked)
