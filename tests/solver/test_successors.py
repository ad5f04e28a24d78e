"""The pushes worth searching: macros along tunnels."""

from __future__ import annotations

from solver_helpers import reach_of

from starpusher.bitboard import Board
from starpusher.core import Level
from starpusher.solver.options import SearchOptions
from starpusher.solver.successors import Successors


def test_a_star_pushed_into_a_tunnel_goes_to_its_end_only_with_macros() -> None:
    level = Level.from_text("#########\n#@$    .#\n#########")
    board = Board(level)
    stars = board.stars(level.start)
    reach = reach_of(board, level.start.player, stars)
    with_macros = Successors(board, SearchOptions(), macros=True)
    assert [steps for _, _, steps, _, _ in with_macros.of(stars, reach)] == [5]  # onto the goal
    assert with_macros.used_macros
    without = Successors(board, SearchOptions(), macros=False)
    assert [steps for _, _, steps, _, _ in without.of(stars, reach)] == [1]
    assert not without.used_macros
