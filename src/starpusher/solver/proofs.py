"""Proofs of deadlock: a few stars searched alone, and the sets of stars that proves dead.

Take some of the stars of a position and search their pushes with every
other star off the board. Fewer stars only ever make pushing easier, so if no
sequence of pushes gets even those few onto goals, the position is dead, and
so is every position holding them with the player on the same side of them.
That is a deadlock set (:mod:`.deadlock_sets`), kept for the rest of the
level.

The search (:meth:`DeadlockProofs.dead_subset`) prunes as the solver's own
searches do, by rules that never lose a solution (:mod:`.successors` without
its macros: dead squares, frozen stars, PI-corrals, the sets already
known), so proofs build on one another. It is refuted as soon as every star
it still holds stands on a goal. Two more things keep it short:

* a star that leaves the *region* under test (a corral's floor, say), or
  that is pushed :data:`DEPTH_LIMIT` pushes deep (it is free enough), is
  taken off for good and the search starts again with the others: if those
  alone are dead, so is the whole group, and the set kept is smaller, so it
  matches more often (as YASS's proofs do);
* the pushes that take a star nearest the way out of the region are tried
  first, so a group that is not dead is usually refuted in a few positions.

What is proved, and when (:class:`DeadlockProofs`):

* a *corral* (:mod:`.corrals`), a closed area the player cannot enter, with
  the player outside it: its stars alone;
* a *position* the search has stopped making progress in: the stars the
  search has not moved for a while, then all its stars and as few of them as
  still prove dead, each left out in turn;
* a group of stars *frozen on goals*: the squares it leaves no goal for
  (:meth:`DeadlockProofs.dead_beside_frozen`; no search needed);
* a *stuck* position, one with no push worth searching: dead as it stands,
  and stars are taken off while it stays stuck
  (:meth:`DeadlockProofs.stuck_is_dead`; no search needed either).

Each question is tallied by its kind (:data:`QUESTIONS`): how often it was
searched, how often the answer was "dead", and what that cost, so that a
measurement can say where the proofs' time goes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from ..bitboard import Board, flood, ring_distances, spread, squares_of, star_steps, steps
from .deadlock_sets import DeadlockSets
from .options import SearchOptions
from .outcome import ProofTally
from .successors import Successors

#: Positions the search of one corral may visit before it gives up.
CORRAL_BUDGET = 300
#: Pushes deep a proof goes before it takes the star it pushes off: one pushed this far is free.
#: Shallow proofs are cheaper and keep smaller sets: on the classic levels, the whole solver
#: for 10 s a level (two at a time, one run each), 6 to 24 solved 36 to 38 against 33 and 34 at
#: 40; Sasquatch I-IV and Microban the same within run-to-run noise.
DEPTH_LIMIT = 10

#: Positions a proof that a stalled position is dead may visit, each time a star is left out.
POSITION_BUDGET = 2000

#: The questions the proofs answer, as their tallies name them.
PAIR, CORRAL, IDLE_STARS, STALLED, STUCK = "pair", "corral", "idle stars", "stalled", "stuck"
QUESTIONS = (PAIR, CORRAL, IDLE_STARS, STALLED, STUCK)

#: How a proof prunes: only by rules that never lose a solution (no macros, and the goal
#: cut-off, which counts every goal as one to fill, does not hold for a few stars).
PROOF_OPTIONS = SearchOptions(goal_cut_off=False, tunnel_macros=False, goal_room_macros=False)


class DeadlockProofs:
    """The deadlock sets of one level, and the searches that prove new ones.

    One per board, kept with it (``board.known(DeadlockProofs)``): every
    search of the level, and every later solve of it, shares what was proven.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.sets = DeadlockSets()
        #: Corrals of more stars than this are not searched: their proofs rarely end in time.
        self.largest_corral = min(16, max(6, board.goals.bit_count() // 2))
        #: (its stars, the corral) of every corral tested -> dead? The whole corral, not a
        #: key of the player's area: the same stars in a smaller corral may be alive.
        self.verdicts: dict[tuple[int, int], bool] = {}
        #: Positions visited by the proofs, and the seconds they took, for measuring.
        self.nodes = 0
        self.seconds = 0.0
        #: Proofs searched, and of those the ones that found a dead set.
        self.searched = 0
        self.proved = 0
        self._successors: Successors | None = None
        #: Whether the precalculated sets (:mod:`.precalculated`) were built, or are being built.
        self.precalculation_started = False
        #: A group of stars frozen on goals -> the squares it makes dead (see :meth:`dead_beside_frozen`).
        self.frozen_goals: dict[int, int] = {}
        #: What each kind of question of :data:`QUESTIONS` cost, by its name.
        self.tallies: dict[str, ProofTally] = {}

    @contextmanager
    def asking(self, question: str) -> Iterator[ProofTally]:
        """Tally the proofs made inside the block as ``question``; the caller counts the dead answers."""
        tally = self.tallies.setdefault(question, ProofTally())
        tally.asked += 1
        nodes, started = self.nodes, time.perf_counter()
        try:
            yield tally
        finally:
            tally.nodes += self.nodes - nodes
            tally.seconds += time.perf_counter() - started

    def dead_beside_frozen(self, frozen: int) -> int:
        """The squares a group of stars frozen on goals makes dead: no star there reaches a free goal.

        A frozen group never moves again, so it is as good as walls, and a
        star that cannot be pushed to any goal the group leaves free (the
        player standing anywhere) is dead beside it. Each such square, with
        the group, is kept as a deadlock set: a star pushed there later, with
        the group still in place, is caught by the sets. After YASS's
        frozen-goal patterns (deadlock sets worked out again with the frozen
        stars as walls).
        """
        dead = self.frozen_goals.get(frozen)
        if dead is None:
            board = self.board
            open_squares = board.floor & ~frozen
            pulled = star_steps(open_squares, open_squares, board.width, pulling=True)
            dead = self.frozen_goals[frozen] = board.alive & ~frozen & ~spread(board.goals & ~frozen, pulled)
            for square in squares_of(dead):
                self.sets.add(frozen | 1 << square, board.floor, learned=True)
        return dead

    def corral_is_dead(self, corral: int, stars: int) -> bool:
        """Whether the stars of ``corral`` (a closed area, its stars included) are dead.

        The player stands outside: everything but the corral, since every
        other closed area borders the player's area and opens into it once
        its stars are gone.
        """
        board = self.board
        inside = corral & stars
        if inside & board.goals == inside or inside.bit_count() > self.largest_corral:
            return False
        area = board.floor & ~corral
        key = (inside, corral)
        verdict = self.verdicts.get(key)
        if verdict is None:
            with self.asking(CORRAL) as tally:
                dead = self.dead_subset(inside, area, corral, CORRAL_BUDGET)
                verdict = self.verdicts[key] = dead != 0
                if dead:
                    self._keep(dead, area, tally)
        return verdict

    def position_is_dead(self, stars: int, reach: int, budget: int = POSITION_BUDGET, near: int = -1) -> bool:
        """Whether a position, all its stars searched, is dead; if so its fewest dead stars are kept.

        ``near``: a square the dead stars are likely round (where the last
        push left its star), or -1. The stars round it are tried first, a
        ring wider each time (:meth:`_dead_near`); then each star left is
        left out in turn, until these searches have visited the budget's
        positions in all. Each of them gets a quarter of the budget, or twice
        the positions the whole proof took if more.
        """
        with self.asking(STALLED) as tally:
            board = self.board
            before = self.nodes
            dead = self.dead_subset(stars, reach, board.floor, budget)
            if not dead:
                return False
            thinning = max(budget // 4, 2 * (self.nodes - before))
            if near >= 0:
                dead = self._dead_near(dead, reach, near, thinning)
            thinned = self.nodes
            for star in squares_of(dead):
                if self.nodes - thinned > budget:
                    break  # thinning costs at most the budget again: the set is kept as it stands
                if dead >> star & 1:
                    fewer = self.dead_subset(dead & ~(1 << star), reach, board.floor, thinning)
                    if fewer:
                        dead = fewer
            self._keep(dead, reach, tally)
            return True

    def _dead_near(self, dead: int, reach: int, near: int, budget: int) -> int:
        """The fewest stars of ``dead`` within some distance of ``near`` that are dead alone, else ``dead``.

        A dead group is nearly always a cluster: searching the few stars
        round the last push is cheap, where leaving out one star at a time
        from a whole position pays for a search of nearly all of them each
        time (each either proves them dead again or puts them all on goals).
        """
        board = self.board
        width, goals = board.width, board.goals
        x, y = near % width, near // width
        rings: dict[int, int] = {}
        for star in squares_of(dead):
            ring = max(abs(star % width - x), abs(star // width - y))
            rings[ring] = rings.get(ring, 0) | 1 << star
        within = 0
        for ring in sorted(rings)[:-1]:  # the last ring holds every star: that is ``dead``
            within |= rings[ring]
            if within & ~goals and self.dead_subset(within, reach, board.floor, budget):
                return within
        return dead

    def stars_are_dead(self, stars: int, player: int, budget: int) -> bool:
        """Whether ``stars``, searched alone with the player on ``player``, are dead; if so they are kept.

        For the stars a stalled search has left where they are: when the
        search gets nowhere, the stars it never moves are the first suspects.
        """
        with self.asking(IDLE_STARS) as tally:
            board = self.board
            area = flood(1 << player, board.floor & ~stars, board.width)
            dead = self.dead_subset(stars, area, board.floor, budget)
            if dead:
                self._keep(dead, area, tally)
            return dead != 0

    def stuck_is_dead(self, stars: int, reach: int) -> bool:
        """Whether a position with no push worth searching is dead; if so its fewest stuck stars are kept.

        A position whose every push is ruled out (freezes a star off a goal,
        say) can never change, so unless it is solved it is dead, with no
        search at all. Stars are taken off one at a time while what is left
        is still stuck and not solved, so the set kept is small and matches
        often. Only the pruning a proof uses counts (not the goal cut-off,
        which holds only with every star on the board): a position stuck by
        that alone is left to the search. After YASS's "no legal push"
        deadlock candidates.
        """
        with self.asking(STUCK) as tally:
            board = self.board
            floor, width, goals = board.floor, board.width, board.goals
            if not stars & ~goals or not self._stuck(stars, reach):
                return False
            dead = stars
            for star in squares_of(stars):
                fewer = dead & ~(1 << star)
                if fewer & ~goals and self._stuck(fewer, flood(reach, floor & ~fewer, width)):
                    dead = fewer
            self._keep(dead, reach, tally)
            return True

    def _stuck(self, stars: int, reach: int) -> bool:
        """Whether no push of ``stars`` is worth searching, as a proof prunes."""
        self.nodes += 1
        return next(self._proof_successors().of(stars, reach), None) is None

    def _keep(self, dead: int, area: int, tally: ProofTally) -> None:
        # The player's area as the proof saw it: with only these stars on the board.
        tally.dead += 1
        board = self.board
        self.sets.add(dead, flood(area & ~dead, board.floor & ~dead, board.width), learned=True)

    def dead_subset(self, stars: int, area: int, region: int, budget: int) -> int:
        """Stars of ``stars`` that searched alone never all reach goals; 0 if none are found.

        The player starts anywhere in ``area``. A star pushed out of
        ``region`` is taken off for good, and the search starts again with
        the others. Gives up (0) after ``budget`` positions.
        """
        started = time.perf_counter()
        board = self.board
        floor, width, goals = board.floor, board.width, board.goals
        deltas = board.deltas
        successors = self._proof_successors()
        self.searched += 1
        exits = _steps_out(board, region)
        visited = 0
        try:
            while stars & ~goals:
                # A position waits on the stack as its stars, the square the player stands on
                # (-1 for the start, anywhere in ``area``), its link and where its star went.
                # Its area is flooded only when it is taken: most are never taken.
                links: list[tuple[int, int, int]] = []  # (link before, square left, square reached)
                stack = [(stars, -1, -1, -1, 0)]
                areas: dict[int, int] = {}
                escaped = -1
                while stack and escaped < 0:
                    placed, standing, link, last, depth = stack.pop()
                    known = areas.get(placed, 0)
                    if standing < 0:
                        reach = flood(area & ~placed, floor & ~placed, width)
                    elif known >> standing & 1:
                        continue
                    else:
                        reach = flood(1 << standing, floor & ~placed, width)
                    areas[placed] = known | reach
                    visited += 1
                    if visited > budget:
                        return 0
                    children = []
                    for start, direction, _, target, after in successors.of(placed, reach, last):
                        if not region >> target & 1 or depth >= DEPTH_LIMIT:
                            escaped = _origin(links, link, start)
                            break
                        if after & goals == after:
                            return 0  # every star on a goal
                        behind = target - deltas[direction]
                        if areas.get(after, 0) >> behind & 1:
                            continue
                        links.append((link, start, target))
                        children.append(
                            (exits[target] - exits[start], after, behind, len(links) - 1, target, depth + 1)
                        )
                    # The pushes that take a star nearest the way out are tried first (last on the stack).
                    children.sort(key=lambda child: -child[0])
                    stack.extend(child[1:] for child in children)
                if escaped < 0:
                    self.proved += 1
                    return stars
                stars &= ~(1 << escaped)
            return 0
        finally:
            self.nodes += visited
            self.seconds += time.perf_counter() - started

    def _proof_successors(self) -> Successors:
        if self._successors is None:
            # Sets already known prune the proof; no proof starts another.
            self._successors = Successors(
                self.board, PROOF_OPTIONS, macros=False, sets=self.sets, proving=True
            )
        return self._successors


def _origin(links: list[tuple[int, int, int]], link: int, square: int) -> int:
    """Where the star now on ``square`` stood when the search began, following ``link`` back."""
    while link >= 0:
        link, start, target = links[link]
        if target == square:
            square = start
    return square


def _steps_out(board: Board, region: int) -> list[int]:
    """Steps from each square of ``region`` to the floor outside it, walls in the way."""
    walking = [(delta, -1, region) for delta in steps(board.width)]
    return ring_distances(board.size, board.floor & ~region, walking)


def search_successors(board: Board, options: SearchOptions, *, macros: bool) -> Successors:
    """The pushes worth searching for a search of the portfolio: with the level's deadlock sets,
    and learning new ones from corrals, as ``options`` say."""
    proofs = board.known(DeadlockProofs)
    learn = options.corral_deadlocks and not board.spare_stars
    return Successors(
        board,
        options,
        macros=macros,
        sets=proofs.sets if learn or options.deadlock_sets else None,
        corral_is_dead=proofs.corral_is_dead if learn else None,
        dead_beside_frozen=proofs.dead_beside_frozen
        if options.frozen_goals and not board.spare_stars
        else None,
    )


def position_proofs(board: Board, options: SearchOptions) -> DeadlockProofs | None:
    """The proofs a search tests its stalled and stuck positions with, if ``options`` want them."""
    return board.known(DeadlockProofs) if options.position_deadlocks and not board.spare_stars else None
