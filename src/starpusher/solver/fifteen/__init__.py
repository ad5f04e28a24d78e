"""Fifteen solver: optimal for 3x3 and 4x4 (IDA* with additive pattern databases), line by line beyond.

>>> from starpusher.core.fifteen import Board
>>> solution = solve_fifteen(Board.from_tiles([1, 2, 3, 4, 5, 6, 0, 7, 8], 3, 3))
>>> solution.moves, solution.optimal
('LL', True)
"""

from .background import BuildCancelled, TableBuild, build_tables_in_background, tables_needed
from .solve import FifteenSolution, SearchCancelled, pdb_ready, solve_fifteen

__all__ = [
    "BuildCancelled",
    "FifteenSolution",
    "SearchCancelled",
    "TableBuild",
    "build_tables_in_background",
    "pdb_ready",
    "solve_fifteen",
    "tables_needed",
]
