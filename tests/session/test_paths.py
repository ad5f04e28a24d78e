"""Mouse paths: walking by a shortest path, and pushing a star to a chosen square."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.core import Direction, Level
from starpusher.session.paths import push_path, walk_path

ROOM = Level.from_text(
    """
#########
#@  #   #
# $   $ #
#  ## . #
#.      #
#########
"""
)


def distances(level: Level, start: int, blocked: frozenset[int]) -> dict[int, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        for direction in Direction:
            nxt = level.neighbour(square, direction)
            if nxt is not None and nxt not in seen and nxt not in blocked:
                seen[nxt] = seen[square] + 1
                queue.append(nxt)
    return seen


@given(st.sampled_from(sorted(ROOM.interior)))
def test_walks_are_shortest_and_never_push(target: int) -> None:
    state = ROOM.start
    path = walk_path(ROOM, state, target)
    reachable = distances(ROOM, state.player, state.boxes)
    if target not in reachable:
        assert path is None
        return
    assert path is not None
    assert path == path.lower()
    assert len(path) == reachable[target]
    end = ROOM.replay(path)
    assert end.player == target and end.boxes == state.boxes


def test_walking_onto_a_star_or_a_wall_is_impossible() -> None:
    star = next(iter(ROOM.start.boxes))
    assert walk_path(ROOM, ROOM.start, star) is None
    assert walk_path(ROOM, ROOM.start, 0) is None
    assert walk_path(ROOM, ROOM.start, ROOM.start.player) == ""


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(ROOM.start.boxes)), st.sampled_from(sorted(ROOM.interior)))
def test_push_paths_replay_and_move_only_the_chosen_star(star: int, target: int) -> None:
    path = push_path(ROOM, ROOM.start, star, target)
    if path is None:
        return
    end = ROOM.replay(path)
    assert target in end.boxes
    assert end.boxes - {target} == ROOM.start.boxes - {star}


def test_push_needs_the_player_to_walk_round() -> None:
    level = Level.from_text(
        """
#######
#@    #
# $   #
#   . #
#######
"""
    )
    star, goal = level.index(2, 2), level.index(4, 3)
    path = push_path(level, level.start, star, goal)
    assert path is not None
    assert level.is_solved(level.replay(path))
    assert sum(1 for letter in path if letter.isupper()) == 3  # fewest pushes: two right, one down


def test_impossible_pushes_give_none() -> None:
    corner = Level.from_text(
        """
#####
#$ .#
#  @#
#####
"""
    )
    star = corner.index(1, 1)
    assert push_path(corner, corner.start, star, corner.index(3, 1)) is None
    assert push_path(corner, corner.start, corner.index(2, 1), corner.index(3, 1)) is None  # no star there
