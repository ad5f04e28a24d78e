"""Single pushes and pulls of the kernel, checked against the rules."""

from __future__ import annotations

from itertools import islice

from hypothesis import HealthCheck, given, settings
from solver_helpers import pulled_levels, pushes_from, reach_of, reachable_states

from starpusher.bitboard import Board, bits_of, pull_targets, pulls, pushes
from starpusher.core import Direction, Level, State

#: The rules' directions in the order of the board's deltas (LURD).
DIRECTIONS = list(Direction)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels())
def test_the_single_pushes_are_the_pushes_the_rules_allow(level: Level) -> None:
    board = Board(level)
    for state in islice(reachable_states(level, [level.start]), 200):
        stars = bits_of(state.boxes)
        reach = reach_of(board, state.player, stars)
        found = {
            new_stars for _, _, new_stars in pushes(stars, stars, reach, board.floor & ~stars, board.deltas)
        }
        allowed = {bits_of(after.boxes) for _, after in pushes_from(level, state)}
        assert found == allowed


def _walk_area(level: Level, state: State) -> set[int]:
    """The squares the player walks to without pushing, by the rules."""
    area, frontier = {state.player}, [state]
    while frontier:
        current = frontier.pop()
        for direction in Direction:
            moved = level.try_move(current, direction)
            if moved is not None and not moved[1] and moved[0].player not in area:
                area.add(moved[0].player)
                frontier.append(moved[0])
    return area


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=pulled_levels())
def test_the_pulls_are_the_pushes_the_rules_allow_played_backwards(level: Level) -> None:
    board = Board(level)
    for state in islice(reachable_states(level, [level.start]), 200):
        stars = bits_of(state.boxes)
        reach = reach_of(board, state.player, stars)
        area = _walk_area(level, state)
        for direction, delta in enumerate(board.deltas):
            targets = pull_targets(stars, reach, board.floor, delta)
            # The player walks to the star's side and steps back from it, drawing it along.
            expected = {star + delta for star in state.boxes if {star + delta, star + 2 * delta} <= area}
            assert {square for square in range(board.size) if targets >> square & 1} == expected
            for target in expected:
                # Played forwards, the pull is a push back from the square the player stepped to.
                pulled = State(target + delta, state.boxes - {target - delta} | {target})
                after, pushed = level.move(pulled, DIRECTIONS[(direction + 2) % 4])
                assert pushed.isupper() and after.boxes == state.boxes
            pulled_to = {
                target
                for move, target, _ in pulls(stars, reach, board.floor, board.deltas)
                if move == direction
            }
            assert pulled_to == expected
