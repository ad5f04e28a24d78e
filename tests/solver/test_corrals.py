"""PI-corral pruning: only the pushes of one corral are searched, and that never loses a solution."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from solver_helpers import pulled_levels, pushes_from, reach_of, solvable_states, xy_of

from starpusher.bitboard import Board, flood, squares_of
from starpusher.core import Level
from starpusher.solver import solve
from starpusher.solver.corrals import corral_regions, pi_corral_stars
from starpusher.solver.options import SearchOptions

#: The player is outside a room shut by two stars; the goals are inside.
SHUT_ROOM = Level.from_text(
    """
#########
#   #   #
# @ $ . #
#   $ . #
#   #   #
#########
"""
)


def _pruned(level: Level) -> tuple[int, int]:
    board = level.compiled()
    boxes = board.stars(level.start)
    reach = reach_of(board, level.start.player, boxes)
    return boxes, pi_corral_stars(board, boxes, reach, corral_regions(board, boxes, reach))


def test_a_room_shut_by_stars_is_a_pi_corral_whose_stars_alone_are_pushed() -> None:
    boxes, chosen = _pruned(SHUT_ROOM)
    assert chosen == boxes  # both stars shut the room: both are its border
    shut_in = SHUT_ROOM.compiled().stars(SHUT_ROOM.start)
    # A third star in the player's area: not a push of the corral, so not searched.
    boxes, chosen = _pruned(Level.from_text(SHUT_ROOM.to_text(SHUT_ROOM.start).replace("#   $", "# $ $")))
    assert chosen != boxes and squares_of(chosen) == squares_of(shut_in)


def test_a_settled_corral_is_not_a_reason_to_prune() -> None:
    level = Level.from_text(
        """
#######
# *@  #
### $ #
#.    #
#######
"""
    )
    boxes, chosen = _pruned(level)
    assert chosen == boxes


#: A star in a doorway: pushing it up fills the room's goal; pushing it right would
#: need the player on the wall left of it, which is no reason to search other pushes.
WALL_BESIDE_THE_DOOR = Level.from_text(
    """
########
## .   #
####$  #
#   @###
# $ .  #
########
"""
)

#: Microban 154 on the way: the star above the player could go left only with the
#: player on its right, inside the corral, which no push elsewhere can make possible.
PUSH_FROM_INSIDE = Level.from_text(
    """
#############
#*#  #  #   #
#*#     #$  #
#.# $#  # $ #
#.#  #$ #$@##
#.#  #  #  ##
#.#  # $#$ ##
#..  #     ##
#.*  #  #  ##
#############
"""
)


def test_a_push_the_player_could_only_make_from_a_wall_does_not_stop_pruning() -> None:
    _, chosen = _pruned(WALL_BESIDE_THE_DOOR)
    assert xy_of(WALL_BESIDE_THE_DOOR, chosen) == [(4, 2)]
    assert solve(WALL_BESIDE_THE_DOOR).solved


def test_a_push_the_player_could_only_make_from_inside_the_corral_does_not_stop_pruning() -> None:
    _, chosen = _pruned(PUSH_FROM_INSIDE)
    assert sorted(xy_of(PUSH_FROM_INSIDE, chosen)) == [(9, 2), (9, 4), (10, 3)]


def _corrals_along(level: Level) -> Iterator[tuple[Board, int, int, int]]:
    """(board, stars, player's area, corral) for every corral of every solvable position."""
    board = level.compiled()
    for state in solvable_states(level):
        boxes = board.stars(state)
        reach = reach_of(board, state.player, boxes)
        for corral in corral_regions(board, boxes, reach):
            yield board, boxes, reach, corral


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_every_square_beside_a_corrals_star_is_a_wall_the_corral_or_the_players_area(level: Level) -> None:
    """Why the player can make every push of a corral that a push elsewhere could allow."""
    for board, boxes, reach, corral in _corrals_along(level):
        for star in squares_of(corral & boxes):
            for delta in board.deltas:
                beside = star + delta
                assert not board.is_open(beside) or (corral | reach) >> beside & 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_with_only_a_corrals_stars_on_the_board_the_player_may_go_anywhere_outside_it(level: Level) -> None:
    """Why the deadlock memory takes the floor outside the corral as the player's area."""
    for board, boxes, reach, corral in _corrals_along(level):
        assert flood(reach, board.floor & ~(corral & boxes), board.width) == board.floor & ~corral


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_a_solvable_position_pruned_to_a_corral_keeps_a_push_of_it_that_solves(level: Level) -> None:
    board = level.compiled()
    good = solvable_states(level)
    for state in good:
        boxes = board.stars(state)
        reach = reach_of(board, state.player, boxes)
        chosen = pi_corral_stars(board, boxes, reach, corral_regions(board, boxes, reach))
        if chosen != boxes:
            assert any(chosen >> star & 1 and after in good for star, after in pushes_from(level, state)), (
                level.to_text(state)
            )


def test_without_corral_pruning_the_search_still_solves_and_expands_more() -> None:
    with_corrals = solve(SHUT_ROOM, options=SearchOptions())
    without = solve(SHUT_ROOM, options=SearchOptions.without("corrals"))
    assert with_corrals.solved and without.solved
    assert with_corrals.nodes <= without.nodes
