"""The pushes worth searching from a position, for a search that pushes stars forwards.

Any forward search (:mod:`.forward`) asks :meth:`Successors.of` for the
children of a position it expands, and decides itself which to keep and in
what order to search them. What is dropped or merged here, each one
measured in ``bench/bench_solver.py`` and switched by :class:`.SearchOptions`:

* dead squares: a star is never pushed where it could not reach a goal;
* freeze deadlocks: a push that freezes a star off its goal is dropped, and
  so is one that freezes stars on goals that wall other goals off from every
  star (goal cut-off, :func:`.deadlocks.cuts_off_goals`);
* tunnel macro: a star pushed along a one-wide corridor is pushed on to its
  end in one step, because stopping half-way never helps;
* goal-room macro: a star pushed into a one-wide dead end of goals goes on
  to the deepest free goal, the only place it can still be any use;
* PI-corrals (:mod:`.corrals`): when the player cannot get into an area
  whose stars must move, and every push of its stars they can make goes
  into it, only those pushes are searched;
* deadlock sets (:mod:`.deadlock_sets`): a position holding a group of
  stars proven dead before (precalculated, or learned from a corral or a
  stalled position) is dropped;
* corral deadlocks (:mod:`.proofs`): the stars of such an area, searched
  alone, that can never reach goals make the position dead; each one
  proven is kept as a deadlock set for the level.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..bitboard import Board, pushes
from .corrals import corral_regions, pi_corral_stars
from .deadlock_sets import DeadlockSets
from .deadlocks import cuts_off_goals, frozen_group, frozen_on_goals
from .options import SearchOptions

#: A push worth searching: (square the star starts from, direction index in LURD order,
#: squares it goes, square it ends on, every star after it).
Successor = tuple[int, int, int, int, int]


class Successors:
    """The children of positions of one level, as one search's options want them."""

    def __init__(
        self,
        board: Board,
        options: SearchOptions,
        *,
        macros: bool,
        sets: DeadlockSets | None = None,
        corral_is_dead: Callable[[int, int], bool] | None = None,
        dead_beside_frozen: Callable[[int], int] | None = None,
        proving: bool = False,
    ) -> None:
        """``macros``: push stars along tunnels to their ends (safe in practice, but not proven).

        ``sets``: deadlock sets that rule positions out; ``corral_is_dead``, a
        test of a corral's stars alone; ``dead_beside_frozen``, the squares
        stars frozen on goals make dead (both in :mod:`.proofs`). ``proving``: for
        a proof that some stars are dead, where those stars need only reach
        goals, not fill every goal.
        """
        self.board = board
        floor = board.floor
        spare_stars = board.spare_stars
        #: Whether a tunnel macro was ever taken: then a space searched to its end proves nothing.
        self.used_macros = False
        self.check_freeze = spare_stars == 0 and options.freeze
        self.cut_off = options.goal_cut_off
        self.corrals = options.corrals
        self.proving = proving
        self.sets = sets
        self.corral_is_dead = corral_is_dead
        self.dead_beside_frozen = dead_beside_frozen
        self.pushable_to = board.pushable_to if options.dead_squares else floor
        self.tunnels = board.tunnels if macros else (0, 0, 0, 0)
        self.goal_ends = board.goal_dead_ends if options.goal_room_macros else (0, 0, 0, 0)

    def of(self, stars: int, reach: int, last_target: int = -1) -> Iterator[Successor]:
        """The pushes worth searching with stars on ``stars`` and the player's area ``reach``.

        ``last_target`` is where the last push left its star (-1 at the start):
        only deadlocks holding that star can be new. Nothing when the position is dead.
        """
        movable = self.movable(stars, reach, last_target)
        if movable:
            yield from self.pushes(stars, reach, movable)

    def movable(self, stars: int, reach: int, last_target: int = -1) -> int:
        """The stars worth pushing (those of a PI-corral, or all of them); 0 when the position is dead."""
        board = self.board
        sets = self.sets
        if sets is not None and last_target >= 0 and sets.hold_after_push(last_target, stars, reach):
            return 0  # holds a set of stars proven dead before
        free = board.floor & ~stars
        movable = stars
        if free & ~reach:
            regions = corral_regions(board, stars, reach, stars_only=self.proving)
            corral_is_dead = self.corral_is_dead
            if corral_is_dead is not None and any(corral_is_dead(r, stars) for r in regions):
                return 0
            if self.corrals:
                movable = pi_corral_stars(board, stars, reach, regions)
        return movable

    def pushes(self, stars: int, reach: int, movable: int) -> Iterator[Successor]:
        """The pushes of the stars of ``movable`` worth searching (see :meth:`of`)."""
        board = self.board
        floor, width, goals = board.floor, board.width, board.goals
        free = floor & ~stars
        pushable_to = self.pushable_to
        deltas = board.deltas
        tunnels, goal_ends = self.tunnels, self.goal_ends
        check_freeze, cut_off = self.check_freeze, self.cut_off
        stuck_across, stuck_along = board.stuck_axes
        dead_beside_frozen = self.dead_beside_frozen
        # The stars frozen on goals before the push (-1: not found yet). They stay frozen after
        # it, unless the star pushed was one of them, so the goal cut-off need not find them again.
        frozen_before = -1
        for direction, target, new_stars in pushes(stars, movable, reach, pushable_to & free, deltas):
            delta = deltas[direction]
            steps = 1
            while True:
                if goal_ends[direction] >> target & 1:
                    pass  # a dead end of goals: the star can only go deeper
                elif (
                    tunnels[direction] >> target & 1
                    and tunnels[direction] >> (target - delta) & 1
                    and not goals >> target & 1
                ):
                    self.used_macros = True
                else:
                    break
                ahead = target + delta
                if not (pushable_to >> ahead & 1) or new_stars >> ahead & 1:
                    break
                new_stars ^= (1 << target) | (1 << ahead)
                target = ahead
                steps += 1
            # Cheap test first: a star with a free square on each side of
            # one axis (not both dead) cannot be frozen.
            if (
                check_freeze
                and (
                    stuck_across >> target & 1
                    or new_stars >> (target - 1) & 1
                    or new_stars >> (target + 1) & 1
                )
                and (
                    stuck_along >> target & 1
                    or new_stars >> (target - width) & 1
                    or new_stars >> (target + width) & 1
                )
            ):
                group = frozen_group(board, target, new_stars)
                if group & ~goals:
                    continue  # frozen off a goal
                if group and cut_off:
                    if frozen_before < 0:
                        frozen_before = frozen_on_goals(board, stars)
                    still_frozen = 0 if frozen_before >> (target - steps * delta) & 1 else frozen_before
                    if cuts_off_goals(board, group | still_frozen, new_stars, target - delta):
                        continue
                if group and dead_beside_frozen is not None and dead_beside_frozen(group) & new_stars:
                    continue  # a star that can reach no goal the frozen ones leave free
            yield target - steps * delta, direction, steps, target, new_stars
