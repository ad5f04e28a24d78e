"""What the searches of pushes from a position to the goals share.

The forward search (:mod:`.forward`), the feature search
(:mod:`.feature_search`) and the packing-order search
(:mod:`.packing_search`) are made alike, from the board, the start, their
options and the limits, and end alike: tunnel macros are safe in practice
but not proven so, so a search that used them and ran out of positions
starts again without them. Each writes its own :meth:`PushSearch._search`.

Each also joins the backward searches of the portfolio (its *partners*,
:mod:`.backward`) the same way: a position one side has expanded and the
other reaches is a solution, the pushes from the start to it followed by
the pushes on from it to the goals (:meth:`PushSearch._joined`). So a
warehouse filled halfway by the packing-order search and emptied halfway
back by a backward search is solved where the two meet.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bitboard import Board, Push
from .backward import BackwardSearch
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
        #: Backward searches whose positions join this search's into a solution.
        self.partners: Sequence[BackwardSearch] = ()
        #: Stars -> union of the player's areas expanded with them (read by the partners).
        self.areas: dict[int, int] = {}

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

    def path_to(self, key: int) -> list[Push]:
        """The pushes from the start to the expanded position of ``key`` (for the partners)."""
        raise NotImplementedError

    def _joined(self, stars: int, reach: int, key: int) -> list[Push] | None:
        """The pushes on to the goals from a position some partner has expanded, else None.

        ``key``: the position's :func:`~starpusher.bitboard.position_key` with
        the lowest square of the player's area ``reach``.
        """
        for partner in self.partners:
            if partner.areas.get(stars, 0) & reach and key in partner.links:
                return partner.pushes_on_from(key)
        return None
