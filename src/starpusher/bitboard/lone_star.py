"""One star moved alone, every other star standing still: where it can go, and how.

Three questions, each asked by several rooms of the game:

* Where could a star go if the player could stand anywhere free? A cheap
  test (:func:`spread`), and with distances (:func:`ring_distances`): the
  solver's lower bounds and dead squares, the generator's dead floor.
* Which sides of a star can the player walk to (:func:`sides_reached`)?
* Where can the star go, and by which pushes or pulls, with the player
  walking round it between them (:func:`lone_star_search`)? The solver's
  routes to goals and its packing plan, the window's mouse pushes.

In the search a state is the star's square and the sides of it the player
can reach: two areas around the star never share a side, so the sides name
the area the player is in. After a push the player stands where the star
was; which other sides they can reach is found first by walking round the
eight squares around the star (enough in open rooms), and only when that
leaves a side unknown by a flood of the whole floor, once for each area
round each square. Where the other stars stand still for many searches (the
solver's searches back from each goal), the squares a star parts nothing on
(:func:`.cuts.joined_squares`) are found once for all of them: there every free
side is reached, with no walk and no flood. A search that asks for routes at
position after position keeps the areas it flooded (:class:`PlayerAreas`):
the next position differs by a star or two, so its routes meet the same
stars again.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from .flood import flood
from .squares import shift, squares_of, steps
from .tables import INFINITE, UNREACHABLE

#: How a lone star moves one step in each direction: (delta, squares it may leave, squares it may enter).
StarSteps = list[tuple[int, int, int]]
#: A star's route: (square it leaves, direction index in LURD order) for each push or pull, first first.
Route = list[tuple[int, int]]


def star_steps(free: int, into: int, width: int, *, pulling: bool = False) -> StarSteps:
    """How a lone star moves, the player standing on any square of ``free``, onto ``into``.

    A star on ``s`` is pushed by ``delta`` when the player can stand on
    ``s - delta``; it is pulled by ``delta`` when the player can stand on
    ``s + delta`` (which it moves onto) and step back onto ``s + 2 * delta``.
    """
    if pulling:
        return [(delta, shift(free, -2 * delta), into & free) for delta in steps(width)]
    return [(delta, shift(free, delta), into) for delta in steps(width)]


def spread(stars: int, moves: StarSteps) -> int:
    """Every square stars on ``stars`` can be moved to, each alone, by the steps of :func:`star_steps`."""
    reached = stars
    while True:
        grown = reached
        for delta, leave, enter in moves:
            # A shift by hand, not by calling shift(): this loop is the solver's hot path.
            moved = reached & leave
            grown |= (moved << delta if delta > 0 else moved >> -delta) & enter
        if grown == reached:
            return reached
        reached = grown


def ring_distances(size: int, sources: int, moves: StarSteps) -> list[int]:
    """Moves from the nearest square of ``sources`` to every square, breadth first, one whole ring per round.

    A step ``(delta, leave, enter)`` moves a square of ``leave`` by ``delta``
    onto a square of ``enter``: every square of the ring moves at once, as
    bitsets. Squares never reached get :data:`.UNREACHABLE`.
    """
    distances = [UNREACHABLE] * size
    for source in squares_of(sources):
        distances[source] = 0
    ring = seen = sources
    distance = 0
    while ring:
        distance += 1
        grown = 0
        for delta, leave, enter in moves:
            grown |= shift(ring & leave, delta) & enter
        ring = grown & ~seen
        seen |= ring
        for square in squares_of(ring):
            distances[square] = distance
    return distances


#: The eight squares around a star, clockwise from above, as (row, column) in its 3x3 block.
_RING = ((0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0))
#: The LURD index of each ring square that is a side of the star (-1: a corner).
_SIDE_AT = (1, -1, 2, -1, 3, -1, 0, -1)


def _walk_round(block: int, start: int) -> tuple[int, bool]:
    """The sides met walking round a star from ring square ``start``, and whether a side was missed.

    ``block`` holds the free squares of the star's 3x3 block, bit ``3 * row +
    column``. A side not met may still be reached the long way round.
    """

    def free(place: int) -> bool:
        row, column = _RING[place]
        return bool(block >> (3 * row + column) & 1)

    reached = 1 << _SIDE_AT[start]
    for step in (1, -1):
        place = start
        for _ in range(7):
            place = (place + step) % 8
            if not free(place):
                break
            if _SIDE_AT[place] >= 0:
                reached |= 1 << _SIDE_AT[place]
    open_sides = sum(1 << _SIDE_AT[place] for place in range(0, 8, 2) if free(place))
    return reached, reached != open_sides


#: :func:`_walk_round` for every block and every side the player starts on (by block * 4 + LURD).
_SIDES_WALKED = [_walk_round(block, _SIDE_AT.index(side)) for block in range(512) for side in range(4)]


class PlayerAreas:
    """The player's areas flooded so far, by the free squares they were flooded over.

    Kept by a lone-star search, it floods each area round each square of the
    star once, however often the star comes back there. Kept by a solver's
    search for all its route searches (:func:`.solver.routes.route_to`), it
    serves the next position too: that position differs by a star or two, and
    its routes take the star over the same squares with the same stars round
    them (on classic level 49, four floods in five are found here). At most
    about ``most`` sets of free squares are kept: past that the older half
    goes.
    """

    def __init__(self, most: int = 50_000) -> None:
        self.most = most
        self._recent: dict[int, list[int]] = {}
        self._older: dict[int, list[int]] = {}

    def area(self, player: int, free: int, width: int) -> int:
        """The squares of ``free`` joined to ``player``, flooded unless known."""
        areas = self._recent.get(free)
        if areas is None:
            areas = self._recent[free] = self._older.pop(free, [])
            if len(self._recent) > self.most:  # the older half goes; this one stays as older
                self._older, self._recent = self._recent, {}
        for known in areas:
            if known >> player & 1:
                return known
        area = flood(1 << player, free, width)
        areas.append(area)
        return area


def sides_reached(star: int, player: int, free: int, width: int, flooded: PlayerAreas | None = None) -> int:
    """The sides of ``star`` (bits in LURD order) a player on ``player``, beside it, can walk to.

    ``free`` is where the player may walk (the star's square not in it). The
    walk round the eight squares around the star is looked up, by the free
    squares of its 3x3 block: this is the inner loop of every lone-star search.
    ``flooded`` keeps the player's areas flooded before, so that the star met
    on the same square again (from another side, or in another search with
    the same stars round it) is not flooded again.
    """
    corner = star - width - 1
    block = free >> corner & 7 | (free >> (corner + width) & 7) << 3 | (free >> (corner + 2 * width) & 7) << 6
    offset = player - star
    side = 0 if offset == -1 else 1 if offset == -width else 2 if offset == 1 else 3
    reached, unsure = _SIDES_WALKED[block << 2 | side]
    if unsure:  # a side not met on the way round: only a flood can tell
        area = flooded.area(player, free, width) if flooded is not None else flood(1 << player, free, width)
        reached |= sides_in(area, star, width)
    return reached


@dataclass
class LoneStar:
    """What :func:`lone_star_search` found."""

    #: The square of the targets the star reached first, or -1.
    target: int = -1
    #: The pushes (or pulls) taking the star there.
    route: Route = field(default_factory=list)
    #: Every square the star was moved to, in the order first reached, with the fewest moves there.
    reached: dict[int, int] = field(default_factory=dict)
    #: The search met more states than its budget allowed and stopped.
    gave_up: bool = False
    #: Every state met: (the star's square, the sides of it the player can walk to, LURD bits).
    states: set[tuple[int, int]] = field(default_factory=set)


#: The way to a state of the search: (the way before, the last move as (square left, direction)).
_Way = tuple["_Way", tuple[int, int]] | None
#: An entry of the search's queue: (priority, counter, the star's square, the sides of it
#: the player can walk to, moves made, the way there).
_Entry = tuple[int, int, int, int, int, _Way]


def lone_star_search(
    star: int,
    reach: int,
    free: int,
    width: int,
    *,
    pulling: bool = False,
    into: int | None = None,
    targets: int = 0,
    distances: Sequence[int] | None = None,
    budget: int | None = None,
    several_areas: bool = False,
    joined: int = 0,
    flooded: PlayerAreas | None = None,
) -> LoneStar:
    """Push (or, ``pulling``, pull) the star on ``star`` alone, the fewest moves of it first.

    ``reach`` is the player's area (with ``several_areas``, it may be several:
    the player starts in any of them), ``free`` the squares the player may walk
    on with the star taken away; the star moves only onto ``into`` (default
    ``free``). The search stops at the first square of ``targets`` reached;
    without targets it goes everywhere. ``distances``, when given, are the
    moves from each square to the nearest target with the board empty: the
    search looks first where the star gets nearer (A*), and never where no
    target can be reached. ``budget`` is the most states it may meet.
    ``joined``: squares of :func:`.cuts.joined_squares` for ``free``, where the
    player reaches every free side of the star without a walk round it.
    ``flooded``: the player's areas flooded before, kept by the caller across
    searches (default: this search's own).
    """
    into = free if into is None else into
    deltas = steps(width)
    # A state is met again with the player in one area: the start, with several, is
    # the same state when that area holds the lowest square of them (none: never).
    first_area = flood(reach & -reach, reach, width) if several_areas else reach
    found = LoneStar()
    seen = found.states
    seen.add((star, sides_in(first_area, star, width)))
    counter = 0
    start: _Entry = (
        distances[star] if distances is not None else 0,
        counter,
        star,
        sides_in(reach, star, width),
        0,
        None,
    )
    queue = [start]
    if flooded is None:
        flooded = PlayerAreas()
    while queue:
        if budget is not None and len(seen) > budget:
            found.gave_up = True
            return found
        _, _, square, sides, made, way = heapq.heappop(queue)
        made += 1
        for direction, delta in enumerate(deltas):
            ahead = square + delta
            if pulling:
                # The player stands on the side the star goes to, and steps back beyond it.
                player = ahead + delta
                if not sides >> direction & 1 or not free >> player & 1:
                    continue
            else:
                player = square  # from the opposite side: direction + 2 in LURD order
                if not sides >> (direction + 2) % 4 & 1:
                    continue
            if not into >> ahead & 1 or (distances is not None and distances[ahead] >= INFINITE):
                continue
            if targets >> ahead & 1:
                found.target = ahead
                found.route = _route((way, (square, direction)))
                return found
            if joined >> ahead & 1:
                after = (ahead, sides_in(free, ahead, width))
            else:
                after = (ahead, sides_reached(ahead, player, free & ~(1 << ahead), width, flooded))
            if after in seen:
                continue
            seen.add(after)
            found.reached.setdefault(ahead, made)
            counter += 1
            priority = made + (distances[ahead] if distances is not None else 0)
            heapq.heappush(queue, (priority, counter, ahead, after[1], made, (way, (square, direction))))
    return found


def sides_in(area: int, star: int, width: int) -> int:
    """The sides of ``star`` (bits in LURD order) that lie in ``area``."""
    return (
        area >> (star - 1) & 1
        | (area >> (star - width) & 1) << 1
        | (area >> (star + 1) & 1) << 2
        | (area >> (star + width) & 1) << 3
    )


def _route(way: _Way) -> Route:
    """The moves of a chain of links, first first."""
    route: Route = []
    while way is not None:
        way, move = way
        route.append(move)
    route.reverse()
    return route
