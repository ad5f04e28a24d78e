"""The vicinity search: cheaper ways through the positions near the best solution.

Brian Damgaard's optimizer YASO (in Sokoban YASC) does not search the
whole level: it searches the positions near the solution it is given, a
few pushes of a few stars away from the positions along it, for a cheaper
way through them. The idea is taken here and written our own way, with two
kinds of nearness, each searched by the A* of :mod:`.search` with the best
solution's cost as its bound:

* *Stretches*. A stretch of the solution runs from one position along it
  to a later one. The search looks for a cheaper way between the two that
  pushes only the stars the solution pushes in between (the others stand
  still, as walls); its lower bound matches those stars to their squares at
  the stretch's end, which every position along the solution nearly fills,
  so it stays near the solution by itself. Stretches start eight pushes
  long and double, up to 32 pushes, half a stretch apart; a search
  expands a limited number of positions, more for longer stretches, and a
  stretch that would take longer is left. A cheaper way takes the stretch's
  place at once. These are cheap, and find a better way for a star or a
  better order of a few pushes.
* *Stars off* (:mod:`.nearby`). The search runs from the start to the
  goals, kept to the positions where at most one star (then two, three)
  stands off the squares of some position of the solution: a star sent
  another way, or moved aside so another goes straight, for as long as it
  takes. Dearer, and it finds what stretches cannot: a star given another
  goal, a detour taken out that spans many other stars' pushes.

They are tried in that order, and as soon as one finds a cheaper solution,
from the first again (variable neighbourhood descent). When only pushes
count, they are searched with walking free first (far fewer positions),
then with walking counted, which makes the moves fewer too; when moves
count, only the second way.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..bitboard import Board
from ..core import Level
from ..solver.limits import Limits
from ..solver.outcome import Outcome, SearchRun
from .metric import Metric
from .nearby import Nearby
from .search import CheapestSolution, Target
from .trail import Trail

#: The shortest and the longest stretch searched, in pushes: longer ones are left to
#: the search of the whole level with stars off, which finds the same far sooner.
SHORTEST_STRETCH = 8
LONGEST_STRETCH = 32
#: Positions a search of a stretch may expand, per push of the stretch (and at least
#: :data:`LEAST_BUDGET`): beyond that it gives up.
BUDGET_PER_PUSH = 50
LEAST_BUDGET = 500
#: The most stars off the solution's squares the search of the whole level allows, unless told
#: otherwise: how wide the vicinity search looks (wider finds more, each search takes longer).
MOST_STARS_OFF = 3

#: A search of one kind of nearness: it says whether it found a cheaper solution.
Attempt = Generator[None, None, bool]


class VicinitySearch:
    """Cheaper solutions near the best one, run a turn at a time by :meth:`run`.

    ``best`` gives the best solution so far and ``offer`` is told of each
    cheaper one (it says whether it is the best now: a search beside this
    one may have found a better one meanwhile). ``stars_off`` is how wide it
    looks: the most stars off the best solution's squares at a time.
    """

    def __init__(
        self,
        level: Level,
        board: Board,
        metric: Metric,
        limits: Limits,
        best: Callable[[], Trail],
        offer: Callable[[Trail], bool],
        *,
        stars_off: int = MOST_STARS_OFF,
    ) -> None:
        self.level = level
        self.board = board
        self.metric = metric
        self.limits = limits
        self.best = best
        self.offer = offer
        self.stars_off = stars_off
        #: Positions expanded so far, over every search.
        self.nodes = 0

    def run(self) -> Generator[None, None, None]:
        """Search each kind of nearness in turn, from the first again after each cheaper solution."""
        ways = [False, True] if self.metric is Metric.PUSHES else [True]
        for walking in ways:
            attempt = 0  # the stretches, then 1, 2, ... stars off
            while attempt <= self.stars_off:
                if attempt == 0:
                    found = yield from self._stretches(walking)
                else:
                    found = yield from self._stars_off(walking, attempt)
                attempt = 0 if found else attempt + 1

    def _stretches(self, walking: bool) -> Attempt:
        """One sweep over the best solution for each length of stretch, the shortest first."""
        found = False
        stretch = SHORTEST_STRETCH
        while True:
            first = 0
            while first < len(self.best()):
                trail = self.best()
                last = min(first + stretch, len(trail))
                ending, pushes = yield from self._stretch(trail, first, last, walking)
                if ending is Outcome.SOLVED and self.offer(trail.spliced(self.level, first, last, pushes)):
                    found = True
                first += stretch // 2
            if stretch >= min(len(self.best()), LONGEST_STRETCH):
                return found
            stretch *= 2

    def _stretch(self, trail: Trail, first: int, last: int, walking: bool) -> SearchRun:
        """A cheaper way from position ``first`` of the trail to position ``last``."""
        board = self.board
        costs = trail.costs_so_far(self.metric) if walking else list(range(len(trail) + 1))
        fixed = trail.stars[first] & ~trail.moving(first, last)
        # The player ends where the solution goes on from, or anywhere after its last push.
        player = trail.players[last] if last < len(trail) else -1
        target = Target.position(board, trail.stars[last], player, fixed)
        budget = max(LEAST_BUDGET, BUDGET_PER_PUSH * (last - first))
        search = self._search(walking, costs[last] - costs[first], budget=budget)
        try:
            return (yield from search.run(trail.stars[first], trail.players[first], target))
        finally:
            self.nodes += search.nodes

    def _stars_off(self, walking: bool, stars_off: int) -> Attempt:
        """The cheapest solution with at most ``stars_off`` stars off the best one's squares at a time."""
        trail = self.best()
        whole_level = stars_off >= trail.stars[0].bit_count()
        if whole_level and (not walking or self.metric is Metric.MOVES):
            return False  # the proof's work
        bound = trail.cost(self.metric) if walking else len(trail)
        search = self._search(walking, bound, nearby=None if whole_level else Nearby(trail.stars, stars_off))
        try:
            ending, pushes = yield from search.run(trail.stars[0], trail.players[0], Target.goals(self.board))
        finally:
            self.nodes += search.nodes
        return ending is Outcome.SOLVED and self.offer(Trail.of_pushes(self.board, self.level, pushes))

    def _search(
        self, walking: bool, bound: int, *, budget: int | None = None, nearby: Nearby | None = None
    ) -> CheapestSolution:
        """An A* costing by the metric (walking counted) or by pushes alone, under ``bound``."""
        push_unit, move_unit = (self.metric.push_unit, self.metric.move_unit) if walking else (1, 0)
        return CheapestSolution(
            self.board,
            self.limits,
            lambda: bound,
            push_unit=push_unit,
            move_unit=move_unit,
            budget=budget,
            nearby=nearby,
        )
