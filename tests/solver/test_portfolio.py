"""The solver's portfolio (solve, Solving): every solution replays, proofs of unsolvability are right,
limits are honoured, and a search can be paused, watched and continued."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Generator
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from solver_helpers import (
    ROOMS,
    TWO_STARS,
    assert_agrees_with_exhaustive_search,
    assert_solves,
    brute_force_solvable,
    tiny_levels,
)

from starpusher.core import Level
from starpusher.levels import parse_collection
from starpusher.solver import Outcome, Solving, portfolio, solve
from starpusher.solver.options import SearchOptions
from starpusher.solver.outcome import SearchEnd

CORRIDOR = Level.from_text(
    """
#######
#@ $ .#
#######
"""
)

#: Sasquatch 161: far too hard for any of the searches to finish in a few seconds.
HARD = Level.from_text(
    """
  ###########
 ##    #    ##
### $ $#$ $ ###
# #$ $ # $ $# #
# $  ..#..  $ #
#  $...#...$  #
# $ .. * .. $ #
###### @ ######
# $ ..   .. $ #
#  $...#...$  #
# $  ..#..  $ #
# #$ $ # $ $# #
### $ $#$ $ ###
 ##    #    ##
  ###########
"""
)

#: Sasquatch 162: thirteen goals in small rooms, to be filled in an order. The
#: packing-order search solves it in about a thousand positions; the others
#: together not in 20,000.
ORDERED = """
  ###########
###.  .$.  .###
 ## $  $  $ ##
  ## ..$.. ##
   ##$#$#$##
    #.$ $.#
    #  @  #
    ### ###
   ## $ $ ##
   #.  $  .#
   ### . ###
     #####
"""

#: Sasquatch 313: ten goals in small rooms, which the portfolio solves in about a thousand positions.
ORDERED_EASY = """
 ###############
## $.       .$ ##
#  # ####### #  #
# #           # #
#  .***$#$***.  #
###     #     ###
  # ####@#### #
  #           #
  #############
"""

#: Sasquatch 186: a warehouse, thirteen goals side by side.
WAREHOUSE = """
       #########
       ###    ##  ####
#####  #    * ##  #  #
#   #### ****  ####$.##
# .$      *@*      $. #
##.$####  **** ####   #
 #  #  ## *    #  #####
 ####  ##    ###
       #########
"""


@pytest.mark.parametrize("level", [CORRIDOR, TWO_STARS, ROOMS])
def test_solutions_replay_to_a_solved_position(level: Level) -> None:
    started = time.perf_counter()
    result = solve(level)
    took = time.perf_counter() - started
    assert_solves(level, result)
    # The time reported is the search's own: some, and no more than the whole call took.
    assert result.nodes >= 1 and 0 < result.seconds <= took


def test_a_corridor_takes_the_obvious_moves() -> None:
    result = solve(CORRIDOR)
    assert_solves(CORRIDOR, result)
    assert result.moves == "rRR"


def test_solves_from_a_position_in_the_middle_of_play() -> None:
    state = TWO_STARS.replay("R")
    assert_solves(TWO_STARS, solve(TWO_STARS, state), state)


def test_an_already_solved_position_needs_no_moves() -> None:
    state = CORRIDOR.replay("rRR")
    result = solve(CORRIDOR, state)
    assert (result.status, result.moves, result.pushes) == (Outcome.SOLVED, "", 0)


def test_a_level_with_a_spare_star_is_solved_with_it_left_anywhere() -> None:
    level = Level.from_text(
        """
#######
#@$ $.#
#  $  #
#######
"""
    )
    assert_solves(level, solve(level))
    assert_solves(level, solve(level, options=SearchOptions(matching=False)))


def test_stars_sealed_in_by_walls_are_left_alone() -> None:
    # Microban 155 walls in stars on goals as decoration; the level reader accepts them.
    level = parse_collection("#######\n#*#####\n#######\n#@ $ .#\n#######\n").levels[0]
    assert level.start.boxes - level.interior
    assert_solves(level, solve(level))


@pytest.mark.parametrize(
    "text",
    [
        "#####\n#@ .#\n#  $#\n#####",  # a star in a corner
        "######\n#@$$.#\n#   .#\n######",  # two stars against a wall, only one can reach a goal row
        "#######\n#.#@$ #\n#  $ .#\n#######",
    ],
)
def test_unsolvable_levels_are_proved_so(text: str) -> None:
    level = Level.from_text(text)
    assert not brute_force_solvable(level)
    assert solve(level).status is Outcome.UNSOLVABLE


@pytest.mark.parametrize(
    "options",
    # The portfolio, and its forward search on its own: ties broken newest first
    # must change only the order positions are searched in, never the answer.
    [None, SearchOptions(matching=False, newest_first=True)],
    ids=["portfolio", "forward-newest-first"],
)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(level=tiny_levels())
def test_the_solver_agrees_with_exhaustive_search_on_tiny_levels(
    options: SearchOptions | None, level: Level
) -> None:
    result = solve(level, time_limit=20, options=options)
    assert_agrees_with_exhaustive_search(level, result)


def test_the_time_limit_is_honoured() -> None:
    started = time.perf_counter()
    result = solve(HARD, time_limit=0.3)
    assert result.status is Outcome.TIMEOUT
    assert time.perf_counter() - started < 2
    assert result.moves == "" and result.nodes > 0


def test_a_cancel_from_another_thread_stops_the_search() -> None:
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    started = time.perf_counter()
    result = solve(HARD, time_limit=30, cancel=cancel)
    assert result.status is Outcome.CANCELLED
    assert time.perf_counter() - started < 2


def test_a_search_stops_at_its_memory_limit() -> None:
    # In a fresh process: memory freed by earlier tests would be reused first,
    # and the search could finish before its process grows.
    code = (
        "from starpusher.core import Level; from starpusher.solver import solve; import sys; "
        "print(solve(Level.from_text(sys.stdin.read()), time_limit=30, memory_limit_mb=0.5).status.value)"
    )
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, input=HARD.to_text(HARD.start), capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "memory"


def _room(side: int, stars: int) -> Level:
    """An open square room with a row of goals along the top and stars along the bottom."""
    cells = [[" "] * side for _ in range(side)]
    for i in range(stars):
        cells[1 + 2 * i // (side - 2)][1 + 2 * i % (side - 2)] = "."
        cells[side - 2 - 2 * i // (side - 2)][1 + 2 * i % (side - 2)] = "$"
    cells[side // 2][side // 2] = "@"
    return Level.from_rows(["#" * (side + 2), *("#" + "".join(row) + "#" for row in cells), "#" * (side + 2)])


def test_a_level_whose_tables_cannot_fit_the_memory_limit_stops_at_once() -> None:
    result = solve(_room(100, 100), memory_limit_mb=1)  # 100 goals x 10,000 squares
    assert result.status is Outcome.MEMORY and result.nodes == 0


def test_the_time_limit_holds_while_a_big_board_is_compiled() -> None:
    result = solve(_room(150, 150), time_limit=0.01)
    assert result.status is Outcome.TIMEOUT and result.nodes == 0


def test_a_search_stopped_by_its_time_limit_carries_on_where_it_stopped() -> None:
    options = SearchOptions()
    whole = solve(ROOMS, options=options)
    solving = Solving(ROOMS, options=options)
    first = solving.run(0)
    assert first.status is Outcome.TIMEOUT and 0 < solving.nodes < whole.nodes
    second = solving.run(30)
    assert second.status is Outcome.SOLVED
    # Paused and continued, the search takes the same path: the same positions, the same answer.
    assert second.moves == whole.moves and second.nodes == whole.nodes
    assert solving.run(30) is second  # a search that ended stays ended


def test_a_long_search_can_be_watched_and_continued() -> None:
    solving = Solving(HARD)
    assert solving.run(0.2).status is Outcome.TIMEOUT
    seen = solving.nodes
    assert solving.run(0.2).status is Outcome.TIMEOUT
    assert solving.nodes > seen > 0 and solving.seconds >= 0.4


def test_a_cancelled_search_continues_with_a_new_cancel_of_its_own() -> None:
    solving = Solving(HARD)
    cancelled = threading.Event()
    cancelled.set()
    assert solving.run(30, cancel=cancelled).status is Outcome.CANCELLED
    seen = solving.nodes
    # The next run has its own event, not set: it searches on until its time is up.
    assert solving.run(0.2, cancel=threading.Event()).status is Outcome.TIMEOUT
    assert solving.nodes > seen and not solving.finished


def _opens(text: str) -> bool:
    level = Level.from_text(text)
    board = level.compiled()
    return portfolio.opens_with_packing(board, board.stars(level.start), level.start.player, float("inf"))


def test_the_packing_order_search_opens_only_on_many_goals_outside_a_warehouse() -> None:
    assert _opens(ORDERED) and _opens(ORDERED_EASY)
    assert not _opens(WAREHOUSE)  # its packing-order search runs with the others throughout
    assert not _opens(ROOMS.to_text(ROOMS.start))  # too few goals


def test_the_opening_solves_what_the_other_searches_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fresh level each time: the board keeps what one search learned for the next.
    level = Level.from_text(ORDERED)
    assert_solves(level, solve(level, max_nodes=20_000))
    monkeypatch.setattr(portfolio, "opens_with_packing", lambda *given: False)
    assert solve(Level.from_text(ORDERED), max_nodes=20_000).status is Outcome.GAVE_UP


class _EndlessSearch:
    """Stands in for the opening's search: expands a hundred positions a turn and never ends.

    Sets :attr:`cancel_at_first_turn`, if given, on its first turn.
    """

    made: ClassVar[list[_EndlessSearch]] = []
    cancel_at_first_turn: ClassVar[threading.Event | None] = None

    def __init__(self, *given: object) -> None:
        self.nodes = 0
        self.partners: object = []
        self.closed = False
        self.made.append(self)

    def run(self) -> Generator[None, None, SearchEnd]:
        try:
            while True:
                self.nodes += 100
                if self.cancel_at_first_turn is not None:
                    self.cancel_at_first_turn.set()
                yield
        finally:
            self.closed = True


@pytest.fixture
def endless_opening(monkeypatch: pytest.MonkeyPatch) -> list[_EndlessSearch]:
    """The opening's search replaced by :class:`_EndlessSearch`: the list of those made."""
    monkeypatch.setattr(portfolio, "PackingSearch", _EndlessSearch)
    made: list[_EndlessSearch] = []
    monkeypatch.setattr(_EndlessSearch, "made", made)
    return made


def test_the_others_carry_on_after_an_opening_that_did_not_end(
    endless_opening: list[_EndlessSearch],
) -> None:
    level = Level.from_text(ORDERED_EASY)
    result = solve(level, max_nodes=100_000)
    assert_solves(level, result)
    [opening] = endless_opening
    # Its share of the budget, to the position, and no turn after it: the others solved the level.
    assert opening.nodes == portfolio.OPENING_SHARE * 100_000 and opening.closed
    assert result.nodes > opening.nodes


def test_an_opening_cut_short_is_not_taken_up_again(
    endless_opening: list[_EndlessSearch], monkeypatch: pytest.MonkeyPatch
) -> None:
    cancel = threading.Event()
    monkeypatch.setattr(_EndlessSearch, "cancel_at_first_turn", cancel)
    solving = Solving(Level.from_text(ORDERED_EASY), max_nodes=100_000)
    assert solving.run(30, cancel=cancel).status is Outcome.CANCELLED
    [opening] = endless_opening
    assert opening.nodes == 100 and opening.closed
    # The next run carries on with the other searches alone.
    assert solving.run(30, cancel=threading.Event()).status is Outcome.SOLVED
    assert opening.nodes == 100
