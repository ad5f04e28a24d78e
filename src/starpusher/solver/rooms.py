"""Goal rooms, their packing order, and goal macros.

Many big levels keep their goals together in a room that stars enter through
one or two doors. Search pushing one star a square at a time is lost there:
the stars must go in in the right order, deepest goal first, and each one
all the way in. Three ideas from the classic solvers (Junghanns and
Schaeffer's goal macros, the packing order of YASS and JSoko):

* a *goal room* is a group of goals lying together, with the floor squares
  between them; its *entrances* are the squares just outside it;
* its *packing order* is worked out backwards from the filled room: the last
  goal to fill is one a star can still be pushed to, from an entrance, while
  every other goal of the room holds its star; take it away and repeat.
  Emptying a room only makes room, so this greedy choice never gets stuck
  where another order would not;
* a *goal macro*: a star pushed onto an entrance goes straight on to the
  first free goal, in packing order, it can be pushed to, as one move of the
  search. That is what a player does too. The plain push stays a move as
  well, so a macro can add a way but never hide one.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from .board import Board, area_key, flood, squares_of

#: A push of a goal macro: (square the star leaves, direction index in LURD order).
Step = tuple[int, int]


@dataclass(frozen=True)
class GoalRoom:
    """Goals lying together, the floor between them, and the way in."""

    #: The room's squares (its goals and the floor among them), as a bitset.
    squares: int
    goals: int
    #: Floor squares next to the room, outside it: where stars come in from.
    entrances: int
    #: The room's goals in an order they can be filled, first to fill first.
    order: tuple[int, ...]


class GoalRooms:
    """The goal rooms of a board, and goal macros into them."""

    #: A group of fewer goals is no room: a star next to a lone goal needs no macro.
    MIN_GOALS = 3
    #: A group of goals open on many sides is no room either: stars pass through it.
    MAX_ENTRANCES = 2

    def __init__(self, board: Board, deadline: float = float("inf")) -> None:
        """Find the rooms of ``board``; one whose packing order is not done by ``deadline`` is left out."""
        self.board = board
        rooms = []
        for squares in _room_areas(board):
            goals = squares & board.goals
            entrances = _around(squares, board) & ~squares
            if goals.bit_count() < self.MIN_GOALS or entrances.bit_count() > self.MAX_ENTRANCES:
                continue
            room = GoalRoom(squares, goals, entrances, ())
            order = packing_order(board, room, deadline)
            if order:  # a room with no complete packing order would only mislead
                rooms.append(GoalRoom(squares, goals, entrances, order))
        self.rooms = tuple(rooms)
        #: Entrance squares of every room, and the room each one leads into.
        self.entrances = 0
        self.room_of_entrance: dict[int, list[GoalRoom]] = {}
        for room in self.rooms:
            self.entrances |= room.entrances
            for square in squares_of(room.entrances):
                self.room_of_entrance.setdefault(square, []).append(room)

    def goal_macro(self, star: int, player: int, boxes: int) -> tuple[int, list[Step]] | None:
        """The pushes taking the star on entrance ``star`` to its room's next goal.

        ``boxes`` holds every star (the moving one included) and ``player``
        is where the player stands. The goal chosen is the first free one in
        packing order that the star can be pushed to inside the room; None
        when it can reach none.
        """
        board = self.board
        others = boxes & ~(1 << star)
        for room in self.room_of_entrance.get(star, ()):
            free_goals = room.goals & ~others
            if not free_goals:
                continue
            # Most often the next goal in order is reachable: stop the search there.
            next_goal = next(goal for goal in room.order if free_goals >> goal & 1)
            routes = _push_routes(board, [(star, player)], others, room.squares | 1 << star, next_goal)
            for goal in room.order:
                if free_goals >> goal & 1 and goal in routes:
                    return goal, routes.route(goal)
        return None


def _around(squares: int, board: Board) -> int:
    """Floor squares next to ``squares`` (a step in one of the four directions)."""
    width = board.width
    return (squares << 1 | squares >> 1 | squares << width | squares >> width) & board.floor


def _room_areas(board: Board) -> list[int]:
    """Groups of goals with the floor around them, as bitsets.

    First the rooms behind doors: the floor cut into pieces at its one-wide
    corridor squares, each piece with goals and not much more floor than
    goals (a goal room, not a hall that happens to hold goals). Elsewhere a
    room is a group of goals with the squares among them: a non-goal square
    belongs when goals lie on two of its sides (a gap in a row of goals, an
    inside corner).
    """
    goals, width, floor = board.goals, board.width, board.floor
    doors = (board.tunnels[0] | board.tunnels[1]) & ~goals
    areas = []
    taken = 0
    rest = floor & ~doors
    while rest:
        piece = flood(rest & -rest, rest, width)
        rest &= ~piece
        held = (piece & goals).bit_count()
        if held >= GoalRooms.MIN_GOALS and piece.bit_count() <= ROOM_FLOOR_PER_GOAL * held:
            areas.append(piece)
            taken |= piece
    neighbours = [goals << 1, goals >> 1, goals << width, goals >> width]
    two_sides = 0
    for first in range(4):
        for second in range(first + 1, 4):
            two_sides |= neighbours[first] & neighbours[second]
    area = (goals | (two_sides & floor)) & ~taken
    while area:
        group = flood(area & -area, area, width)
        area &= ~group
        areas.append(group)
    return areas


#: A piece of floor behind doors is a goal room when it has at most this many squares per goal.
ROOM_FLOOR_PER_GOAL = 3


def packing_order(board: Board, room: GoalRoom, deadline: float = float("inf")) -> tuple[int, ...]:
    """An order in which the goals of ``room`` can be filled, found backwards.

    Start from the full room. The last goal to fill is one a star can be
    pushed to from an entrance while every other goal holds a star; take it
    out and look for the one before it. Goals near the entrances are tried
    first: they are the likely last ones, so the order fills the deep goals
    first. Returns an empty order when some goals cannot be filled this way
    (stars must wait inside the room first) or the ``deadline`` (a
    ``time.perf_counter`` reading) comes first.
    """
    filled = room.goals
    last_first: list[int] = []
    depth = _depth_from(board, room)
    while filled and time.perf_counter() < deadline:
        for goal in sorted(squares_of(filled), key=lambda square: depth.get(square, 0)):
            if _fillable_last(board, room, goal, filled & ~(1 << goal)):
                last_first.append(goal)
                filled &= ~(1 << goal)
                break
        else:
            break
    return () if filled else tuple(reversed(last_first))


def _depth_from(board: Board, room: GoalRoom) -> dict[int, int]:
    """Walking distance of each room square from the entrances, within the room."""
    width = board.width
    depth: dict[int, int] = {}
    ring, seen, distance = room.entrances, room.entrances, 0
    while ring:
        distance += 1
        ring = (ring << 1 | ring >> 1 | ring << width | ring >> width) & room.squares & ~seen
        seen |= ring
        for square in squares_of(ring):
            depth[square] = distance
    return depth


def _fillable_last(board: Board, room: GoalRoom, goal: int, others: int) -> bool:
    """Whether a star from some entrance can be pushed to ``goal`` past stars on ``others``.

    The player comes from outside the room, and the star from any entrance.
    """
    floor = board.floor
    starts = []
    for entrance in squares_of(room.entrances):
        for delta in board.deltas:
            behind = entrance - delta
            if room.squares >> (entrance + delta) & 1 and (floor & ~room.squares & ~others) >> behind & 1:
                starts.append((entrance, behind))
    return goal in _push_routes(board, starts, others, room.squares | room.entrances, goal)


def _push_routes(
    board: Board, starts: list[tuple[int, int]], others: int, allowed: int, target: int = -1
) -> _Routes:
    """Breadth-first over pushes of one star kept inside ``allowed``, the others fixed.

    ``starts`` lists (star, player) squares to begin from. Finds, for every
    square the star can be pushed to, the fewest pushes that take it there.
    A state is the star's square plus the player's area (named by its lowest
    square): the same square may be reached with the player on either side
    of the star, and only one of them may lead on. The search stops as soon
    as the star reaches ``target``.
    """
    width, floor = board.width, board.floor
    pushable = board.pushable_to & allowed
    free = floor & ~others
    came: dict[_State, tuple[_State, int] | None] = {}
    first: dict[int, _State] = {}
    queue: deque[tuple[int, int, _State]] = deque()
    for star, player in starts:
        reach = flood(1 << player, free & ~(1 << star), width)
        state = (star, area_key(reach))
        if state not in came:
            came[state] = None
            first.setdefault(star, state)
            queue.append((star, reach, state))
    while queue:
        square, reach, state = queue.popleft()
        for direction, delta in enumerate(board.deltas):
            ahead = square + delta
            if not (reach >> (square - delta) & 1) or not (pushable >> ahead & 1) or others >> ahead & 1:
                continue
            new_reach = flood(1 << square, free & ~(1 << ahead), width)
            new_state = (ahead, area_key(new_reach))
            if new_state in came:
                continue
            came[new_state] = (state, direction)
            first.setdefault(ahead, new_state)
            if ahead == target:
                return _Routes(came, first)
            queue.append((ahead, new_reach, new_state))
    return _Routes(came, first)


#: A state of a one-star search: (star's square, player's area key).
_State = tuple[int, int]


class _Routes:
    """The squares one star can be pushed to, and the pushes that get it there."""

    def __init__(self, came: dict[_State, tuple[_State, int] | None], first: dict[int, _State]) -> None:
        self.came = came
        self.first = first

    def __contains__(self, square: int) -> bool:
        return square in self.first

    def route(self, square: int) -> list[Step]:
        """The pushes, first to last, that bring the star to ``square``."""
        steps: list[Step] = []
        link = self.came[self.first[square]]
        while link is not None:
            state, direction = link
            steps.append((state[0], direction))
            link = self.came[state]
        steps.reverse()
        return steps
