"""The rules of the games, with nothing but the standard library and the kernel below them.

Front ends, the store, the solver and the level reader all build on this
package; it never imports any of them. Squares as bitsets
(:mod:`starpusher.bitboard`) are the one thing it builds on: a level reads
its inside with the kernel's flood, and keeps its board compiled for search.
"""

from .directions import Direction
from .errors import (
    IllegalMoveError,
    LevelError,
    NotASolutionError,
    NotationError,
    StarPusherError,
    printable,
    shown,
)
from .lurd import format_lurd, parse_lurd
from .sokoban import Level, State, count_pushes

__all__ = [
    "Direction",
    "IllegalMoveError",
    "Level",
    "LevelError",
    "NotASolutionError",
    "NotationError",
    "StarPusherError",
    "State",
    "count_pushes",
    "format_lurd",
    "parse_lurd",
    "printable",
    "shown",
]
