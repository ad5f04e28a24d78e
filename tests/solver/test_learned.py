"""Deadlocks learned during search: corrals proven dead are dead, and solvable positions never match."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import brute_force_solvable, positions_along, pulled_levels, reach_of, solvable_states

from starpusher.core import Level, State
from starpusher.solver import Outcome, deadlocked_stars, solve
from starpusher.solver.corrals import corral_regions
from starpusher.solver.learned import DeadlockMemory, PatternIndex
from starpusher.solver.options import SearchOptions

#: The star at the bottom left shuts a pocket the player cannot get into, and
#: the only push that would free the star beside it needs the player inside.
#: No star is frozen and none stands on a dead square.
POCKET = Level.from_text(
    """
########
#*   @ #
#     .#
# #    #
#$ .$  #
# $ .# #
########
"""
)


def _dead_corrals(memory: DeadlockMemory, level: Level, state: State) -> list[int]:
    board = memory.board
    boxes = board.stars(state)
    reach = reach_of(board, state.player, boxes)
    return [r for r in corral_regions(board, boxes, reach) if memory.corral_is_dead(r, boxes)]


def test_a_pocket_the_player_cannot_enter_is_proven_dead_where_simple_rules_see_nothing() -> None:
    assert deadlocked_stars(POCKET, POCKET.start) == frozenset()
    assert not brute_force_solvable(POCKET)
    memory = DeadlockMemory(POCKET.compiled())
    assert _dead_corrals(memory, POCKET, POCKET.start)
    assert len(memory) == 1


def test_a_learned_pattern_matches_with_other_stars_anywhere_but_not_with_the_player_inside() -> None:
    board = POCKET.compiled()
    memory = DeadlockMemory(board)
    (corral,) = _dead_corrals(memory, POCKET, POCKET.start)
    stars = corral & board.stars(POCKET.start)
    square = (stars & -stars).bit_length() - 1
    boxes = board.stars(POCKET.start)
    moved = boxes ^ (1 << (4 * board.width + 4)) ^ (1 << (3 * board.width + 4))  # a star elsewhere moves up
    assert memory.matches(square, moved, reach_of(board, POCKET.start.player, moved))
    inside = (corral & ~boxes).bit_length() - 1  # the pocket's square
    assert not memory.matches(square, boxes, 1 << inside)


def test_the_search_proves_the_pocket_unsolvable_with_and_without_learning() -> None:
    assert solve(POCKET).status is Outcome.UNSOLVABLE
    assert solve(POCKET, options=SearchOptions.without("corral_deadlocks")).status is Outcome.UNSOLVABLE


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(pulled_levels())
def test_no_solvable_position_holds_a_corral_proven_dead(level: Level) -> None:
    memory = DeadlockMemory(level.compiled())
    for state in solvable_states(level):
        assert not _dead_corrals(memory, level, state), level.to_text(state)


def test_patterns_learned_on_published_levels_never_match_a_position_along_a_solution(
    star_pusher_levels: list[Level],
) -> None:
    # Learn with the full search, then check the patterns against solutions
    # found without learning, so that they do not depend on what is checked.
    microban = star_pusher_levels[1:156:15]
    sasquatch = star_pusher_levels[156:171:3]
    learned = 0
    for level in microban + sasquatch:
        solve(level, time_limit=1)
        memory = level.compiled().known(DeadlockMemory)
        learned += len(memory)
        result = solve(level, time_limit=2, options=SearchOptions.without("corral_deadlocks"))
        if not result.solved:
            continue
        board = level.compiled()
        for state in positions_along(level, result.moves)[:: max(1, len(result.moves) // 60)]:
            boxes = board.stars(state)
            reach = reach_of(board, state.player, boxes)
            for square in level.start.boxes | state.boxes:
                assert not memory.matches(square, boxes, reach), level.to_text(state)
            assert not _dead_corrals(memory, level, state), level.to_text(state)
    assert learned > 0


@settings(deadline=None)
@given(
    patterns=st.lists(st.tuples(st.integers(1, 2**12 - 1), st.integers(1, 2**12 - 1)), max_size=12),
    boxes=st.integers(0, 2**12 - 1),
    reach=st.integers(0, 2**12 - 1),
)
def test_the_pattern_index_matches_exactly_when_some_pattern_holds(
    patterns: list[tuple[int, int]], boxes: int, reach: int
) -> None:
    # The bitset index must agree with trying the patterns one by one.
    index = PatternIndex()
    for stars, area in patterns:
        index.add(stars, area)
    holds = any(boxes & stars == stars and reach & area for stars, area in patterns)
    assert index.match(boxes, reach) == holds
