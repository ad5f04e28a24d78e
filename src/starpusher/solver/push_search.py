"""What the searches of pushes from a position to the goals share.

The forward search (:mod:`.forward`), the feature search
(:mod:`.feature_search`) and the packing-order search
(:mod:`.packing_search`) are made alike, from the board, the start, their
options and the limits, and end alike: tunnel macros are safe in practice
but not proven so, so a search that used them and ran out of positions
starts again without them. Each writes its own :meth:`PushSearch._search`.
"""

from __future__ import annotations

from ..bitboard import Board
from .limits import Limits
from .options import SearchOptions
from .outcome import Outcome, SearchRun
from .proofs import search_successors


class PushSearch:
    """A search of pushes from a position to the goals.

    :meth:`run` is a generator: it yields now and then so that a caller can
    share the time among several searches, and returns how it ended and the
    pushes of the solution.
    """

    def __init__(self, board: Board, stars: int, player: int, options: SearchOptions, limits: Limits) -> None:
        self.board = board
        self.start_stars = stars
        self.start_player = player
        self.options = options
        self.limits = limits
        self.nodes = 0
        self.successors = search_successors(board, options, macros=options.tunnel_macros)

    def run(self) -> SearchRun:
        """Search until the goals are reached, the space is exhausted or a limit is reached.

        Only an exhaustive search without tunnel macros may call a level
        unsolvable: a search that used them and ran out of positions starts
        again without.
        """
        outcome, pushes = yield from self._search()
        if outcome is Outcome.UNSOLVABLE and self.successors.used_macros:
            yield  # the turn ends here, as after any other search's end
            self.successors = search_successors(self.board, self.options, macros=False)
            outcome, pushes = yield from self._search()
        return outcome, pushes

    def _search(self) -> SearchRun:
        """One search from the start, with :attr:`successors` as they are; yields between turns."""
        raise NotImplementedError
