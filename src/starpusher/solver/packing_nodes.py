"""The positions of the packing-order search (:mod:`.packing_search`): kept by number, queued by rank."""

from __future__ import annotations

from bisect import bisect_right, insort
from collections import deque

from ..bitboard import Push, Route, unpack_push

#: Every this many positions taken, one comes from a worse bucket (0: never).
ROVER_EVERY = 16
#: Whether the rover takes a bucket's oldest position (else its newest, as the dive does).
ROVER_OLDEST = True

#: How a position was reached from its parent: a packed push (:func:`.bitboard.pack_push`) or a route.
Move = int | Route


class RankedQueue:
    """The positions waiting to be expanded, in buckets of equal rank, newest first in each.

    Mostly the best bucket is taken; but every :data:`ROVER_EVERY`-th time a
    *rover* takes the oldest position of the next bucket up from where it
    took last (back to the best past the worst), after YASS: when the
    ranking leads nowhere, the positions it puts off are still looked at now
    and then, all ranks in turn, those put off earliest first.
    """

    def __init__(self) -> None:
        self.buckets: dict[int, deque[int]] = {}
        #: The ranks of the buckets not empty, best first.
        self.ranks: list[int] = []
        self.taken = 0
        self.rover = -1

    def __bool__(self) -> bool:
        return bool(self.ranks)

    def add(self, rank: int, node: int) -> None:
        bucket = self.buckets.get(rank)
        if bucket is None:
            bucket = self.buckets[rank] = deque()
        if not bucket:
            insort(self.ranks, rank)
        bucket.append(node)

    def take(self) -> int:
        """The next position to expand (there must be one)."""
        self.taken += 1
        index = 0
        roving = ROVER_EVERY > 0 and self.taken % ROVER_EVERY == 0
        if roving:
            index = bisect_right(self.ranks, self.rover)
            if index == len(self.ranks):
                index = 0
            self.rover = self.ranks[index]
        rank = self.ranks[index]
        bucket = self.buckets[rank]
        node = bucket.popleft() if roving and ROVER_OLDEST else bucket.pop()
        if not bucket:
            del self.ranks[index]
        return node


class PackingNodes:
    """The positions generated, by number, in parallel lists (cheaper than an object each)."""

    def __init__(self) -> None:
        self.stars: list[int] = []
        self.players: list[int] = []
        self.parents: list[int] = []
        self.moves: list[Move] = []
        #: Pushes made so far, a run of plan pushes counted as one.
        self.pushed: list[int] = []
        #: Whether the last push was a plan push.
        self.on_plan: list[bool] = []
        #: The sum of each star's distance to its nearest goal.
        self.bounds: list[int] = []
        #: Deadlock sets known when the parent was expanded: later ones are checked when it is.
        self.sets_known: list[int] = []
        #: The stars frozen on goals (the parent's until the position is expanded).
        self.frozen: list[int] = []
        #: Whether the last push was of a lazy star (:data:`.packing_search.LAZY_BONUS`).
        self.lazy: list[bool] = []
        #: The stars frozen on goals the plan fills later (:data:`.packing_search.EARLY_FREEZE_PENALTY`).
        self.early: list[int] = []
        #: The rank a position was queued with (0 for the start), less the whole plan's bonus.
        self.ranks: list[int] = []

    def add(
        self,
        stars: int,
        player: int,
        parent: int,
        move: Move,
        pushed: int,
        on_plan: bool,
        bound: int,
        sets_known: int,
    ) -> int:
        """Keep a position; returns its number."""
        self.stars.append(stars)
        self.players.append(player)
        self.parents.append(parent)
        self.moves.append(move)
        self.pushed.append(pushed)
        self.on_plan.append(on_plan)
        self.bounds.append(bound)
        self.sets_known.append(sets_known)
        self.frozen.append(self.frozen[parent] if parent >= 0 else 0)
        self.lazy.append(False)
        self.early.append(self.early[parent] if parent >= 0 else 0)
        self.ranks.append(0)
        return len(self.stars) - 1

    def lazy_run(self, node: int, moved_to: int) -> int:
        """Where the move to ``node`` left its star if that was a lazy push (its run goes on), else 0."""
        return 1 << moved_to if self.lazy[node] else 0

    def move_ends(self, node: int, deltas: tuple[int, ...], size: int) -> tuple[int, int]:
        """Where the move to position ``node`` took its star from and left it ((-1, -1) for the start)."""
        move = self.moves[node]
        if self.parents[node] < 0:
            return -1, -1
        if isinstance(move, int):
            start, direction, steps = unpack_push(move, size)
            return start, start + steps * deltas[direction]
        square, direction = move[-1]
        return move[0][0], square + deltas[direction]

    def pushes_to(self, node: int, size: int, deltas: tuple[int, ...]) -> list[Push]:
        """The pushes from the start to position ``node``, first first."""
        pushes: list[Push] = []
        while self.parents[node] >= 0:
            move = self.moves[node]
            if isinstance(move, int):
                pushes.append(unpack_push(move, size))
            else:
                pushes.extend((square, direction, 1) for square, direction in reversed(move))
            node = self.parents[node]
        pushes.reverse()
        return pushes
