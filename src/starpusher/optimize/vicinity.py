"""The vicinity search: shortcuts between positions of the best solution, stretch by stretch.

Brian Damgaard's optimizer YASO (in Sokoban YASC) does not search the
whole level: it searches the positions near the solution it is given, those
a few pushes of a few stars away from the positions along it, for a cheaper
way through them. The idea is taken here and written our own way.

A *stretch* of the solution runs from one position along it to a later
one. The search looks for a cheaper way from the first to the last that
pushes only the stars the solution pushes in between (the others stand
still, as walls for this search), with the A* of :mod:`.search` and the
stretch's own cost as the bound. Its lower bound matches the moving stars
to their squares at the stretch's end, which every position along the
solution nearly fills, so the search stays near the solution by itself.
A cheaper way is put in the stretch's place, and the next stretch starts
half a stretch further on.

Stretches start eight pushes long; while a sweep over the solution finds
nothing, they double, up to the whole solution; a shortcut found sends
them back to eight. Each search may expand a limited number of positions,
more for longer stretches: a long stretch that would take too long is
given up, and the next one tried.

When only pushes count, stretches are first searched with walking free
(the positions are then far fewer), then with walking counted, which makes
the moves fewer too; when moves count, only the second way.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..core import Level
from ..solver.board import Board
from ..solver.limits import Limits
from .metric import Metric
from .search import CheapestSolution, Ending, SearchRun, Target
from .trail import Trail

#: The shortest stretch searched, in pushes.
SHORTEST_STRETCH = 8
#: Positions a search of a stretch may expand, per push of the stretch (and at least
#: :data:`LEAST_BUDGET`): beyond that it gives up.
BUDGET_PER_PUSH = 100
LEAST_BUDGET = 1000


class VicinitySearch:
    """Shortcuts along the best solution, run a turn at a time by :meth:`run`.

    ``best`` gives the best solution so far and ``offer`` is told of each
    cheaper one (it says whether it is the best now: a search beside this
    one may have found a better one meanwhile).
    """

    def __init__(
        self,
        level: Level,
        board: Board,
        metric: Metric,
        limits: Limits,
        best: Callable[[], Trail],
        offer: Callable[[Trail], bool],
    ) -> None:
        self.level = level
        self.board = board
        self.metric = metric
        self.limits = limits
        self.best = best
        self.offer = offer
        #: Positions expanded so far, over every search.
        self.nodes = 0

    def run(self) -> Generator[None, None, None]:
        """Sweep stretches of growing length until none can be shortened."""
        # Walking free (pushes only) first when pushes count, then walking counted.
        ways = [False, True] if self.metric is Metric.PUSHES else [True]
        idle = 0  # ways in a row that found nothing
        while idle < len(ways):
            for walking in ways:
                found = yield from self._sweeps(walking)
                idle = 0 if found else idle + 1
                if idle == len(ways):
                    break

    def _sweeps(self, walking: bool) -> Generator[None, None, bool]:
        """Sweeps with longer stretches while none is shortened, then with larger budgets.

        Ends when every stretch up to the whole solution was searched to the
        end in vain (the vicinity has nothing more); says whether any
        shortcut was found.
        """
        found = False
        budget = BUDGET_PER_PUSH
        stretch = SHORTEST_STRETCH
        gave_up = False
        while True:
            shortened, given_up = yield from self._sweep(stretch, walking, budget)
            gave_up |= given_up
            if shortened:
                found = True
                stretch = SHORTEST_STRETCH
            elif stretch < len(self.best()):
                stretch *= 2
            elif gave_up:
                budget *= 2
                stretch = SHORTEST_STRETCH
                gave_up = False
            else:
                return found

    def _sweep(self, stretch: int, walking: bool, budget: int) -> Generator[None, None, tuple[bool, bool]]:
        """One sweep over the best solution with stretches of ``stretch`` pushes.

        Says whether one was shortened and whether a search gave up.
        """
        found = gave_up = False
        first = 0
        while first < len(self.best()):
            trail = self.best()
            last = min(first + stretch, len(trail))
            ending, pushes = yield from self._search(trail, first, last, walking, budget)
            if ending is Ending.CHEAPER and self.offer(trail.spliced(self.level, first, last, pushes)):
                found = True
            gave_up |= ending is Ending.GAVE_UP
            first += stretch // 2
        return found, gave_up

    def _search(self, trail: Trail, first: int, last: int, walking: bool, budget: int) -> SearchRun:
        """A cheaper way from position ``first`` of the trail to position ``last``."""
        metric, board = self.metric, self.board
        if walking:
            costs = trail.costs_so_far(metric)
            bound = costs[last] - costs[first]
            push_unit, move_unit = metric.push_unit, metric.move_unit
        else:
            bound, push_unit, move_unit = last - first, 1, 0
        fixed = trail.stars[first] & ~trail.moving(first, last)
        # The player ends where the solution goes on from, or anywhere after its last push.
        player = trail.players[last] if last < len(trail) else -1
        target = Target.position(board, trail.stars[last], player, fixed)
        search = CheapestSolution(
            board,
            self.limits,
            lambda: bound,
            push_unit=push_unit,
            move_unit=move_unit,
            budget=max(LEAST_BUDGET, budget * (last - first)),
        )
        try:
            return (yield from search.run(trail.stars[first], trail.players[first], target))
        finally:
            self.nodes += search.nodes
