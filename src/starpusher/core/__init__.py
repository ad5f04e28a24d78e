"""The rules of the games, with nothing but the standard library.

Front ends, the store, the solver and the level reader all build on this
package; it never imports any of them.
"""

from .directions import Direction
from .errors import IllegalMoveError, LevelError, NotationError, StarPusherError, printable, shown
from .lurd import format_lurd, parse_lurd
from .sokoban import Level, State, count_pushes

__all__ = [
    "Direction",
    "IllegalMoveError",
    "Level",
    "LevelError",
    "NotationError",
    "StarPusherError",
    "State",
    "count_pushes",
    "format_lurd",
    "parse_lurd",
    "printable",
    "shown",
]
