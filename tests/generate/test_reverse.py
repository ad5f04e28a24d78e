"""Reverse play and the polish of beam solutions, on small boards written out here."""

from __future__ import annotations

import random

from starpusher.bitboard import flood
from starpusher.core import Direction, Level
from starpusher.generate.polish import cut_loops
from starpusher.generate.reverse import Candidate, Push, search_positions
from starpusher.generate.shaping import solution_moves


def floor_of(level: Level) -> int:
    return sum(1 << square for square in level.interior)


def key_of(level: Level) -> tuple[int, int]:
    stars = sum(1 << square for square in level.start.boxes)
    return stars, flood(1 << level.start.player, floor_of(level) & ~stars, level.width)


CORRIDOR = Level.from_text(
    """
#########
#@  $  .#
#########
"""
)


def test_pushes_counted_by_the_search_are_the_fewest() -> None:
    result = search_positions(floor_of(CORRIDOR), CORRIDOR.width, tuple(CORRIDOR.goals), 10_000)
    assert result.visits[key_of(CORRIDOR)].pushes == 3
    assert result.deepest == 5  # the star pulled to the far end, next to the player's last square
    assert not result.capped and not result.trimmed


def test_a_search_stops_at_its_limit_or_its_target() -> None:
    floor, width, goals = floor_of(CORRIDOR), CORRIDOR.width, tuple(CORRIDOR.goals)
    assert search_positions(floor, width, goals, 3).capped
    until = search_positions(floor, width, goals, 10_000, until=key_of(CORRIDOR))
    assert key_of(CORRIDOR) in until.visits
    assert max(visit.pushes for visit in until.visits.values()) == 3


def test_a_candidate_s_pushes_solve_its_position() -> None:
    result = search_positions(floor_of(CORRIDOR), CORRIDOR.width, tuple(CORRIDOR.goals), 10_000)
    candidate = result.candidate(key_of(CORRIDOR))
    assert candidate is not None
    moves, _ = solution_moves(
        frozenset(CORRIDOR.interior), CORRIDOR.width, CORRIDOR.start.player, candidate.stars, candidate.pushes
    )
    assert moves == "rrRRR"
    assert CORRIDOR.is_solved(CORRIDOR.replay(moves))
    assert (candidate.box_lines, candidate.box_changes) == (1, 0)


ROOM = Level.from_text(
    """
########
#      #
#      #
# @$  .#
#      #
#      #
########
"""
)


def test_a_beam_search_is_reproducible_and_says_it_was_cut() -> None:
    def run() -> list[tuple[int, int]]:
        result = search_positions(
            floor_of(ROOM), ROOM.width, tuple(ROOM.goals), 10_000, beam=(1, random.Random(5))
        )
        assert result.trimmed
        return list(result.visits)

    assert run() == run()


def test_loops_of_a_star_are_cut_from_a_solution() -> None:
    star = next(iter(ROOM.start.boxes))
    right, left = Direction.RIGHT, Direction.LEFT
    wandering = (
        Push(0, star, right),
        Push(0, star + 1, left),  # back where it started: a loop
        Push(0, star, right),
        Push(0, star + 1, right),
        Push(0, star + 2, right),
    )
    candidate = Candidate.of(ROOM.start.player, (star,), wandering)
    shorter = cut_loops(candidate, floor_of(ROOM), ROOM.width)
    assert [push.direction for push in shorter.pushes] == [right] * 3
    moves, _ = solution_moves(
        frozenset(ROOM.interior), ROOM.width, ROOM.start.player, (star,), shorter.pushes
    )
    assert ROOM.is_solved(ROOM.replay(moves))
    assert shorter.box_lines == 1
