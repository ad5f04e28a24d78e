"""Fifteen solver: optimal for 3x3 and 4x4 (IDA* with additive pattern databases), line by line beyond.

>>> from starpusher.core.fifteen import Board
>>> solution = solve_fifteen(Board.from_tiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3, 3))
>>> solution.moves, solution.optimal
('LL', True)
"""

from .solve import FifteenSolution, SearchCancelled, pdb_ready, solve_fifteen

__all__ = ["FifteenSolution", "SearchCancelled", "pdb_ready", "solve_fifteen"]
