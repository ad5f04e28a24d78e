"""Packing-order search: the solver for warehouses, ranked by how far the packing plan has come.

Warehouse levels (many stars, much free floor, a room of goals behind a door
or two) must be filled in order: a star left on the goal by the door too
early shuts the rest of the room. The packing plan (:mod:`.packing`) says in
which order the goals can be filled. This search, after the packing-order
search of YASS (Brian Damgaard's solver), ranks positions by that plan:

* every square the plan has filled, in order, is worth a large bonus
  (:data:`FILL_BONUS`, the first few less), far more than the pushes it
  took, so a position closer to the end of the plan is nearly always tried
  first;
* the star just pushed is worth more the nearer it stands to the squares to
  fill next, and a push that brings it nearer to some of them is a *plan
  push*: a run of plan pushes costs one push, so taking a star all the way
  to its goal costs no more than its first push;
* besides, the pushes made and the sum of each star's distance to its
  nearest goal, as in the forward search.

Among positions of equal rank the newest comes first: a position no worse
than its parent is expanded next, a dive along the plan.

The first squares filled are worth less (:data:`FILL_RAMP`, twice that the
second, and so on up to :data:`FILL_BONUS`): the first fills are the least
sure. A warehouse is often lost by its opening, the first goal filled
before the stars round the door were moved out of the way: on classic
levels 11, 16 and 50, YASS's solutions move stars for 27, 50 and 219 pushes
before the first goal they fill for good, and this search's first fill on
level 11, some 500 positions in, is already dead (YASS finds no solution
from it either). With the ramp the search is in less of a hurry to fill the
first goals. This search alone on 60,000 positions a level: on the classic
levels 39 solved against 38 (39 after 6,107 positions, which YASS solves
after 129,158; none lost), on the 62 warehouses of Microban and Sasquatch
I-IV the same 11.

Two more things the plan's order says, after YASS. The squares filled
before those to fill next hold stars that, once frozen, never move: the
distances to the squares to fill next go round them
(:data:`FILLED_AS_WALLS`, :class:`.routes.WalledTables`). And a star frozen
on a goal the plan fills later took that goal out of turn, and may have
shut the way to the goals before it: each such star costs half the
position's bound (:data:`EARLY_FREEZE_PENALTY`). On the classic levels, this
search alone for 10 s (two levels at a time): 37 solved with both, 35 with
neither, 34 and 33 with one (levels 10, 15, 20, 39 and 49 gained; 48 lost,
which the feature search solves); the whole solver, three runs: 37.3 on
average, as before, and on the 62 warehouses of Microban and Sasquatch I-IV
(two runs) 18.5 against 17.0.

Advice (as in :mod:`.feature_search`): the stars nearest the squares to fill
next are each taken straight to one of them, if they can get there alone
(:mod:`.routes`), in one step.

A star the plan keeps back for a later goal (:attr:`.PackingPlan.reserves`:
the only star that can fill it then) is never advised elsewhere, and a push
of it before its goal is due costs :data:`RESERVE_PENALTY`: on classic
level 31, this search alone solves the level after 10,471 positions with
it (YASS: 10,672) and not in 60,000 without.

The plan is only a guess, and a wrong guess shows as a search that stops
getting anywhere: after :data:`STALL` positions without a square filled
beyond the best so far, the position at hand is tested for deadlock. First
the stars none of those positions moved (the *idle* stars: what the search
keeps working round is the first suspect), searched alone
(:meth:`.proofs.DeadlockProofs.stars_are_dead`); then all its stars
(:meth:`.proofs.DeadlockProofs.position_is_dead`). A dead one is dropped, and
its fewest dead stars become a deadlock set that rules out every position
holding them from then on, in every search of the level. Sets learned after
a position was queued are checked when it comes out of the queue. After
YASS's "no progress" deadlock candidates. A position with no push worth
searching at all is dead as it stands, and its fewest stuck stars become a
set too (:meth:`.proofs.DeadlockProofs.stuck_is_dead`, after YASS's "no
legal push" candidates): on the classic levels this search meets 60 to 450
of them in five seconds.

While the search gets nowhere, the stars it has left alone are pushed for
less: at each stall, the stars none of those positions moved become *lazy*
until a square is filled beyond the best, and a push of one of them (or of
the star a lazy push just moved) is a plan push worth :data:`LAZY_BONUS`,
whatever it does to the star's distance from the squares to fill next. After
YASS's bonus for rarely pushed boxes: when the ranking keeps the search
working round the same stars, moving the others is often what makes room.

When the player cannot get into an area whose stars must move first (a
PI-corral, :mod:`.corrals`), only those stars' pushes are searched, and they
rank no worse than the position they open (:data:`CORRAL_KEEPS_RANK`), after
YASS: opening a corral mostly takes stars away from the squares to fill
next, and ranked as such those pushes would wait behind everything else, the
corral left shut. On the classic levels, three runs each of the whole solver
(two levels at a time): 37.3 solved on average, against 35.3 without;
levels 23 and 40 in every run, against none.

Positions wait in buckets of equal rank (:class:`.packing_nodes.RankedQueue`), and now and then
one is taken from a worse bucket than the best, so that a ranking that leads
nowhere does not shut out the rest for good (YASS's rover). The rover takes
the bucket's oldest position, not its newest: one put off near the start,
where the dive chose one way in among several (a warehouse is often lost by
its first pushes, the star moved out of the way first or not at all).

The ranking is least sure at the first choice: on classic level 28 the best
first push leads where YASS finds no solution either, and the search never
comes back. So after :data:`OTHER_CHOICES_AFTER` positions it pauses and
tries the other children of its first position with more than one, each
alone for a while (the deadlock sets they learn are kept), then goes on: after
limited discrepancy search (Harvey and Ginsberg). On the classic levels, this
search alone on 60,000 positions a level (the same run on any machine): 38
solved against 32 (10, 23, 28, 32, 33 and 42 gained, none lost).

Not here: FESS's *connectivity*, a cost for each area of free floor the
player cannot get into. Measured as a cost in pushes added to a position's
rank when it comes out of the queue (one flood per such area): this search
alone on 60,000 positions a level solved 41 classic levels against 39 (12 a
shut area; 8, 16 and 24 solved 40, 37 and 38), and on the 34 levels all of
them solve it took a third of the positions (geometric mean of the ratios;
8 about the same, 16 and 24 a half). But the whole solver in time solved 41
against 42 twice (classic 32 lost both times) and 39 against 41 with a cost
of 4, at the same speed overall: in the portfolio, with the other searches'
sets and the precalculated ones coming in after its first tenth of a second,
the same search on 32 took 56,089 positions instead of 8,023. Measured again
with the precalculated sets built before the searches start: 42 and 41
against 40 and 42 in the same runs, and 41 twice beside this search without it
(each with about a third of the time). It also costs about 1.6 times the time
a position: the areas are counted for every position taken from the queue, and
most of those go back in and never come out. The levels either way are those
near the time limit (23, 32, 33, 49); given 16 s, neither solves any of the
classic levels both lose at 10 s.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator

from ..bitboard import (
    INFINITE,
    Board,
    PlayerAreas,
    Push,
    area_key,
    flood,
    pack_push,
    position_key,
    squares_of,
)
from .deadlocks import GoalFillers, frozen_group, frozen_on_goals
from .kept import KeptAnswers
from .limits import Limits
from .options import SearchOptions
from .outcome import Outcome, SearchEnd, SearchRun
from .packing import PackingPlan, plan_for
from .packing_nodes import PackingNodes, RankedQueue
from .proofs import position_proofs
from .push_search import PushSearch
from .routes import NearestTables, WalledTables, route_to

#: What a square filled as planned is worth, in pushes.
FILL_BONUS = 32
#: What the first square filled is worth, in pushes: each one after it is worth this much
#: more, up to :data:`FILL_BONUS` (0: every square is worth :data:`FILL_BONUS`). Ramps of 4
#: and 16 solved 38 classic levels where 8 solves 39 (the packing-order search alone on
#: 60,000 positions a level).
FILL_RAMP = 8
#: What a push of a star kept back for a goal not yet due costs (:attr:`.PackingPlan.reserves`).
RESERVE_PENALTY = FILL_BONUS
#: Advice is sought for this many stars, those nearest the squares to fill next.
ADVISED_STARS = 3
#: States a route search for advice may meet (advice, not proof).
ROUTE_BUDGET = 200
#: Positions without progress beyond the best before the position at hand is tested for deadlock.
STALL = 300
#: Positions the test of a stalled position may visit.
STALL_PROOF_BUDGET = 3000
#: Positions the test of the stars a stalled search left where they were may visit.
IDLE_PROOF_BUDGET = 2000

#: What pushing a lazy star is worth, in pushes, while the search gets nowhere (0: nothing).
LAZY_BONUS = 2

#: Whether the search, after :data:`OTHER_CHOICES_AFTER` positions, tries the other ways of
#: its first choice, those of :data:`OTHER_CHOICES` (by rank, 0 the best), each for at most
#: :data:`OTHER_CHOICE_POSITIONS` positions, before it goes on.
OTHER_FIRST_CHOICES = True
OTHER_CHOICES_AFTER = 8000
OTHER_CHOICES = (1, 2, 3)
OTHER_CHOICE_POSITIONS = 6000

#: The most pushes' progress (:meth:`PackingSearch._progress`) kept at once.
KEPT_PROGRESSES = 200_000

#: Whether a push that opens a corral ranks no worse than its parent.
CORRAL_KEEPS_RANK = True

#: Whether each star frozen on a goal the plan fills later costs half the position's bound.
EARLY_FREEZE_PENALTY = True

#: Whether distances to the squares to fill next go round the squares filled before them
#: whose stars are frozen there (:class:`.routes.WalledTables`).
FILLED_AS_WALLS = True

#: A try of the search (:meth:`PackingSearch._try`): its end, or None if it gave up.
Try = Generator[None, None, SearchEnd | None]


class PackingSearch(PushSearch):
    """Search of pushes from a position to the goals, ranked by the packing plan's progress.

    Made and run as every :class:`.PushSearch` of the portfolio (:mod:`.portfolio`).
    """

    def __init__(self, board: Board, stars: int, player: int, options: SearchOptions, limits: Limits) -> None:
        super().__init__(board, stars, player, options, limits)
        #: Made now, with the whole time: the portfolio's first turns end early (its quick
        #: start), and a plan cut short by them would steer the whole search.
        self.plan: PackingPlan | None = (
            None if board.hopeless else plan_for(board, stars, player, limits.deadline)
        )
        #: Distances to each set of squares to fill next met so far.
        self.nearest = NearestTables(board)
        self.walled = WalledTables(board, self.nearest)
        #: The player's areas the route searches flooded, for the next positions' routes.
        self.flooded = PlayerAreas()
        #: :meth:`_progress` by push and squares to fill next: pushes come back again and again.
        self._progresses = KeptAnswers(self._progress_of, KEPT_PROGRESSES)
        #: What the first k squares filled are worth, for each k the plan can fill.
        self.fill_values = fill_values(0 if self.plan is None else self.plan.fills)
        self._nodes = PackingNodes()
        #: (stars, lowest square of the player's area) -> the number of the position expanded
        #: there, for the backward searches to join.
        self.links: dict[int, int] = {}

    def path_to(self, key: int) -> list[Push]:
        return self._nodes.pushes_to(self.links[key], self.board.size, self.board.deltas)

    def _search(self) -> SearchRun:
        board = self.board
        stars = self.start_stars
        if board.hopeless:
            return Outcome.UNSOLVABLE, []
        if stars & board.goals == board.goals:
            return Outcome.SOLVED, []
        bound = sum(board.nearest_goal[star] for star in squares_of(stars))
        if bound >= INFINITE:
            return Outcome.UNSOLVABLE, []
        main = self._try(bound, None, math.inf, publish=True)
        # The main try first, then each other first choice alone, then the main try on.
        schedule: list[tuple[Try, float]] = [(main, OTHER_CHOICES_AFTER if OTHER_FIRST_CHOICES else math.inf)]
        if OTHER_FIRST_CHOICES:
            schedule += [
                (self._try(bound, choice, OTHER_CHOICE_POSITIONS), math.inf) for choice in OTHER_CHOICES
            ]
            schedule.append((main, math.inf))
        started = self.nodes  # a search run again (without macros) counts from there
        for turns, until in schedule:
            while self.nodes - started < until:
                try:
                    next(turns)
                except StopIteration as stop:
                    ended: SearchEnd | None = stop.value
                    if ended is not None:
                        return ended
                    break  # a try of another first choice that came to nothing
                yield
        raise AssertionError("the main try ends the search")  # pragma: no cover

    def _try(self, bound: int, choice: int | None, budget: float, *, publish: bool = False) -> Try:
        """One search from the start, a turn at a time; ``bound``: the start's.

        ``choice``: at the first position with more than one child, only the
        child of this rank is followed (0 the best); None: every child, as
        always after. Such a try gives up (None) after ``budget`` positions or
        when it runs out of positions: it left some out. ``publish``: the
        positions are the search's for the backward searches to join.
        """
        board = self.board
        floor, goals, width, size = board.floor, board.goals, board.width, board.size
        deltas = board.deltas
        stars, player = self.start_stars, self.start_player
        plan = self.plan
        assert plan is not None  # made with the search on any board not hopeless
        whole_plan = self.fill_values[-1]
        successors = self.successors
        sets = successors.sets
        proofs = position_proofs(board, self.options)
        fillers = board.known(GoalFillers) if self.options.goal_cut_off and not board.spare_stars else None
        nodes = PackingNodes()
        links: dict[int, int] = {}
        areas: dict[int, int] = {}
        if publish:
            self._nodes, self.links, self.areas = nodes, links, areas
        nodes.add(stars, player, -1, -1, 0, False, bound, 0)
        nodes.frozen[0] = frozen_on_goals(board, stars)
        queue = RankedQueue()
        queue.add(0, 0)
        meeting = bool(self.partners)
        limits = self.limits
        clock = time.perf_counter
        turn_ends = limits.turn_end()
        expanded = best_filled = stalled = touched = 0
        tried = 0  # positions this try expanded
        lazy = 0  # the squares of the lazy stars
        restricted = choice is not None
        while queue:
            if tried >= budget:
                self.nodes += expanded
                return None
            node = queue.take()
            stars, player = nodes.stars[node], nodes.players[node]
            known = areas.get(stars, 0)
            if known >> player & 1:
                continue  # expanded before
            reach = flood(1 << player, floor & ~stars, width)
            if sets is not None and sets.hold_since(nodes.sets_known[node], stars, reach):
                continue  # holds a deadlock set learned since its parent was expanded
            moved_from, moved_to = nodes.move_ends(node, deltas, size)
            if fillers is not None and self._goal_lost(nodes, node, moved_to, fillers):
                continue
            areas[stars] = known | reach
            expanded += 1
            tried += 1
            now = clock()
            if now > turn_ends or expanded % limits.check_every == 0:
                self.nodes += expanded
                expanded = 0
                yield  # the portfolio looks at the limits between turns
                turn_ends = limits.turn_end()
            movable = successors.movable(stars, reach, moved_to)
            if not movable:
                continue  # dead: holds a deadlock set, or a dead corral
            if meeting:
                key = position_key(stars, area_key(reach), size)
                joined = self._joined(stars, reach, key)
                if joined is not None:
                    self.nodes += expanded
                    return Outcome.SOLVED, nodes.pushes_to(node, size, deltas) + joined
                links[key] = node
            filled, placed, next_squares = plan.standing(stars)
            if filled > best_filled:
                best_filled, stalled, touched = filled, 0, 0
                lazy = 0
            else:
                stalled += 1
                if moved_from >= 0:
                    touched |= 1 << moved_from | 1 << moved_to
                if stalled >= STALL:
                    stalled = 0
                    idle = stars & ~touched
                    touched = 0
                    idle_off_goals = idle & ~goals
                    lazy = idle_off_goals if LAZY_BONUS else 0
                    if proofs is not None:
                        if idle_off_goals and proofs.stars_are_dead(idle, player, IDLE_PROOF_BUDGET):
                            continue
                        if proofs.position_is_dead(stars, reach, STALL_PROOF_BUDGET, near=moved_to):
                            continue
            sets_known = len(sets) if sets is not None else 0
            pushes = self._pushes(
                nodes, node, reach, movable, plan, areas, sets_known, lazy | nodes.lazy_run(node, moved_to)
            )
            if pushes is None:  # no push worth searching: dead
                if proofs is not None:
                    proofs.stuck_is_dead(stars, reach)
                continue
            advisable = movable & ~placed & ~plan.kept_back(placed | next_squares)
            children = self._advised(nodes, node, reach, advisable, plan, next_squares, sets_known)
            children.extend(pushes)
            if CORRAL_KEEPS_RANK and movable != stars:
                # Only a corral's pushes are worth searching: they are the way on.
                ranked = nodes.ranks[node]
                children = [(min(rank, ranked), child) for rank, child in children]
            if choice is not None and len(children) > 1:
                children = sorted(children)[choice : choice + 1]
                choice = None
                if not children:  # no choice of that rank
                    self.nodes += expanded
                    return None
            for rank, child in children:
                nodes.ranks[child] = rank
                if nodes.stars[child] & goals == goals:
                    self.nodes += expanded
                    return Outcome.SOLVED, nodes.pushes_to(child, size, deltas)
                queue.add(whole_plan + rank, child)
        self.nodes += expanded
        # A try that left out some choices has not searched everything.
        return None if restricted else (Outcome.UNSOLVABLE, [])

    def _goal_lost(self, nodes: PackingNodes, node: int, moved_to: int, fillers: GoalFillers) -> bool:
        """Whether the stars frozen on goals in position ``node`` leave a goal no other star can fill.

        ``moved_to``: where the move to it left its star (-1 for the start).

        Frozen stars never move again, so a position's frozen stars are its
        parent's and those frozen beside the star just moved. The test runs
        at every position, not only after a push that freezes a star (as the
        goal cut-off of :mod:`.successors` does): a star pushed away from the
        only squares a goal could be filled from loses that goal too.
        """
        board = self.board
        stars, goals = nodes.stars[node], board.goals
        frozen = nodes.frozen[node]
        if moved_to >= 0 and goals >> moved_to & 1:
            group = frozen_group(board, moved_to, stars)
            if group and not group & ~goals:
                frozen = nodes.frozen[node] = frozen | group
        return bool(frozen) and fillers.lost_goal(frozen, stars, nodes.players[node])

    def _pushes(
        self,
        nodes: PackingNodes,
        node: int,
        reach: int,
        movable: int,
        plan: PackingPlan,
        areas: dict[int, int],
        sets_known: int,
        lazy: int,
    ) -> list[tuple[int, int]] | None:
        """The children of ``node`` by one push worth searching (or a tunnel's), with their ranks.

        ``movable``: the stars worth pushing (:meth:`.Successors.movable`); ``lazy``: the
        squares of the stars whose pushes get :data:`LAZY_BONUS`. None when there is no push
        worth searching at all: the position is stuck.
        """
        board = self.board
        deltas, size, nearest = board.deltas, board.size, board.nearest_goal
        stars, pushed, bound = nodes.stars[node], nodes.pushed[node], nodes.bounds[node]
        on_plan = nodes.on_plan[node]
        children = []
        stuck = True
        for start, direction, steps, target, after in self.successors.pushes(stars, reach, movable):
            stuck = False
            behind = target - deltas[direction]
            if areas.get(after, 0) >> behind & 1:
                continue  # expanded before
            after_bound = bound - nearest[start] + nearest[target]
            if after_bound >= INFINITE:
                continue  # a star where it can reach no goal
            filled, placed, next_squares = plan.standing(after)
            progress, plan_push = self._progress(start, target, next_squares, placed)
            if plan.kept_back(placed | next_squares) >> start & 1:
                progress, plan_push = progress - RESERVE_PENALTY, False  # its goal is not due yet
            early = self._frozen_early(nodes.early[node], target, after, placed | next_squares)
            pushed_lazy = bool(lazy >> start & 1)
            if pushed_lazy:
                # Pushed to shake the search loose: no charge for how far from the plan it goes.
                progress, plan_push = max(progress, 0) + LAZY_BONUS, True
            # A run of plan pushes counts as one push.
            after_pushed = pushed if plan_push and on_plan else pushed + steps
            move = pack_push(start, direction, steps, size)
            child = nodes.add(after, behind, node, move, after_pushed, plan_push, after_bound, sets_known)
            nodes.lazy[child] = pushed_lazy
            nodes.early[child] = early
            rank = after_pushed + after_bound - self.fill_values[filled] - progress
            children.append((rank + _early_penalty(early, after_bound), child))
        return None if stuck else children

    def _frozen_early(self, early: int, target: int, after: int, planned: int) -> int:
        """The stars frozen on goals the plan fills later, after a push to ``target`` gave ``after``.

        ``early``: the parent's; ``planned``: the squares filled so far and those to fill next,
        on which a frozen star is no longer early.
        """
        goals = self.board.goals
        if EARLY_FREEZE_PENALTY and goals >> target & 1 and not planned >> target & 1:
            group = frozen_group(self.board, target, after)
            if group and not group & ~goals:
                early |= group
        return early & ~planned

    def _progress(self, start: int, target: int, next_squares: int, placed: int) -> tuple[int, bool]:
        """What a push from ``start`` to ``target`` is worth towards the squares to fill next.

        Two for each of those squares it brings the star nearer to, less twice
        one more than the star's distance to the nearest of them (a quarter of
        a filled square if it can reach none). And whether it is a plan push:
        one that brings the star nearer to some of them. ``placed``: the
        squares filled so far, whose frozen stars the distances go round
        (:data:`FILLED_AS_WALLS`).
        """
        if not next_squares:
            return 0, False
        walls = self.walled.walls(placed) if FILLED_AS_WALLS else 0
        return self._progresses[start, target, next_squares, walls]

    def _progress_of(self, push: tuple[int, int, int, int]) -> tuple[int, bool]:
        """:meth:`_progress` of (start, target, squares to fill next, walls), worked out.

        The distances go round the walls.
        """
        start, target, next_squares, walls = push
        table = self.walled.to
        nearer = sum(
            1
            for square in squares_of(next_squares)
            if (distances := table(1 << square, walls))[target] < distances[start]
        )
        distance = table(next_squares, walls)[target]
        far = 2 * (distance + 1) if distance < INFINITE else FILL_BONUS // 4
        return 2 * nearer - far, nearer > 0

    def _advised(
        self,
        nodes: PackingNodes,
        node: int,
        reach: int,
        candidates: int,
        plan: PackingPlan,
        next_squares: int,
        sets_known: int,
    ) -> list[tuple[int, int]]:
        """Children that take one of ``candidates`` nearest the squares to fill next straight there."""
        if not next_squares:
            return []
        board = self.board
        nearest = board.nearest_goal
        stars, pushed, bound = nodes.stars[node], nodes.pushed[node], nodes.bounds[node]
        table = self.nearest.to(next_squares)
        nearest_first = sorted(
            (table[star], star) for star in squares_of(candidates) if table[star] < INFINITE
        )
        children = []
        for _, star in nearest_first[:ADVISED_STARS]:
            others = stars & ~(1 << star)
            found = route_to(board, star, reach, others, next_squares, table, ROUTE_BUDGET, self.flooded)
            if found is None:
                continue
            square, route = found
            after = stars & ~(1 << star) | 1 << square
            after_bound = bound - nearest[star] + nearest[square]
            # The player ends on the square the star left last.
            child = nodes.add(after, route[-1][0], node, route, pushed + 1, False, after_bound, sets_known)
            filled, placed, next_after = plan.standing(after)
            # The route ends on a square to fill next: it freezes no star early.
            early = nodes.early[child] = nodes.early[child] & ~(placed | next_after)
            rank = pushed + 1 + after_bound - self.fill_values[filled]
            children.append((rank + _early_penalty(early, after_bound), child))
        return children


def fill_values(squares: int) -> list[int]:
    """What the first k squares filled as planned are worth together, for k from 0 to ``squares``.

    The first is worth :data:`FILL_RAMP`, each one after it that much more,
    none more than :data:`FILL_BONUS`.
    """
    values = [0]
    for filled in range(1, squares + 1):
        worth = min(FILL_RAMP * filled, FILL_BONUS) if FILL_RAMP else FILL_BONUS
        values.append(values[-1] + worth)
    return values


def _early_penalty(early: int, bound: int) -> int:
    """What the stars frozen early on goals (:data:`EARLY_FREEZE_PENALTY`) cost a position of ``bound``."""
    return early.bit_count() * bound // 2
