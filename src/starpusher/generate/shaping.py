"""From a dug map and a solution to a level that looks designed.

The pushes found by reverse play become a full LURD solution (the player's
shortest walk to each push, then the push). Floor the solution never uses is
turned into rock where it is far from the solution or a dead end, or
everywhere for the hardest levels; wide rock between rooms gets a corridor.
The map is cropped to the floor and the rock far from it is left blank, as
hand-made levels draw only the walls that matter.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from ..bitboard import areas, bits_of, edge_masks, flood, squares_of, walk, walked_squares
from ..core import Level
from ..core.sokoban import FLOOR, GOAL, PLAYER, PLAYER_ON_GOAL, STAR, STAR_ON_GOAL, WALL
from .reverse import Push, step_offsets


def solution_moves(
    floor: frozenset[int], width: int, player: int, stars: Iterable[int], pushes: Sequence[Push]
) -> tuple[str, frozenset[int]]:
    """The LURD solution for ``pushes`` from a position, and every square it uses.

    Used squares are those the player walks on and the stars stand on. The
    player walks the shortest way to each push (of equal walks, the first in
    LURD order), so the solution is always the same one.
    """
    offsets = step_offsets(width)
    floor_bits = bits_of(floor)
    boxes = bits_of(stars)
    used = set(stars) | {player}
    letters: list[str] = []
    for push in pushes:
        offset = offsets[push.direction]
        stand = push.source - offset
        walked = walk(player, stand, floor_bits & ~boxes, width)
        if walked is None:
            raise RuntimeError(f"reverse play left the player unable to reach square {stand}")
        letters.append(walked)
        letters.append(push.direction.letter.upper())
        used.update(walked_squares(player, walked, width))
        boxes ^= 1 << push.source | 1 << (push.source + offset)
        used.add(push.source + offset)
        player = push.source
    return "".join(letters), frozenset(used)


def prune_floor(
    floor: frozenset[int], used: frozenset[int], width: int, *, all_unused: bool
) -> frozenset[int]:
    """The floor left after filling squares the solution does not need.

    Floor more than a step from anything the solution touches is filled: open
    space nobody needs only lengthens the walks. Then the blind floor goes
    (see :func:`fill_blind_floor`). With ``all_unused`` every untouched square
    goes, which leaves no spare room.
    """
    if all_unused:
        return frozenset(used)
    offsets = tuple(step_offsets(width).values())
    near = frozenset(square for square in floor if any(square + o in used for o in (0, *offsets)))
    return fill_blind_floor(near, used, width)


def fill_blind_floor(floor: frozenset[int], used: frozenset[int], width: int) -> frozenset[int]:
    """``floor`` without its closets and unused dead ends.

    Closets (untouched floor entered from a single square) are filled, and
    dead ends (floor with at most one floor neighbour) that the solution never
    touches are filled one after another, so whole blind corridors go.
    """
    offsets = tuple(step_offsets(width).values())
    kept = set(floor)
    for area in _untouched_areas(floor, used, width):
        entrances = {square + offset for square in area for offset in offsets} & used
        if len(entrances) <= 1:
            kept -= area
    queue = deque(sorted(floor - used))
    while queue:
        square = queue.popleft()
        if square not in kept:
            continue
        neighbours = [square + offset for offset in offsets if square + offset in kept]
        if len(neighbours) <= 1:
            kept.remove(square)
            queue.extend(n for n in neighbours if n not in used)
    return frozenset(kept)


def open_up_blocks(floor: frozenset[int], width: int) -> frozenset[int]:
    """``floor`` with a corridor cut through every solid 3x3 block of rock between rooms.

    A block is between rooms when floor lies on both sides of its centre, across
    and down; the corridor runs across the block the shorter way, from floor to
    floor, so it is a short cut, never a dead end. Hand-made levels have walls
    one or two squares thick; wide rock only makes the walks around it long.
    A block whose centre is not between rooms but whose edge is (rock that
    bends round a corner of the level) is cut through that edge.
    """
    carved = set(floor)
    while (square := _square_to_cut(carved, width)) is not None:
        across, down = (_run_between_floor(carved, width, square, step) for step in (1, width))
        carved.update(across if len(across) <= len(down) else down)
    return frozenset(carved)


def _square_to_cut(floor: set[int], width: int) -> int | None:
    """Where the next corridor goes: a block's centre between rooms, else a block's edge between rooms."""
    centre = _first_rock_between_rooms(floor, width, [0])
    return centre if centre is not None else _first_rock_between_rooms(floor, width, _block(width))


def _first_rock_between_rooms(floor: set[int], width: int, centres: Sequence[int]) -> int | None:
    """The first rock square, between floor across and down, that a solid 3x3 block of rock covers,
    centred ``centres`` (offsets) from it: ``[0]`` for the block's own centre, all nine offsets for
    any square :func:`.measures.wall_block_share` counts as blocked."""
    if not floor:
        return None
    block = _block(width)
    for square in range(min(floor), max(floor) + 1):
        if any(all(square + centre + step not in floor for step in block) for centre in centres) and all(
            _run_between_floor(floor, width, square, step) for step in (1, width)
        ):
            return square
    return None


def _block(width: int) -> list[int]:
    """The offsets of the nine squares of a 3x3 block from its centre."""
    return [dy * width + dx for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def _run_between_floor(floor: set[int], width: int, centre: int, step: int) -> list[int]:
    """The rock squares from ``centre`` both ways along ``step`` (1: the row, ``width``: the
    column) up to the nearest floor; empty unless there is floor both ways."""
    lowest, highest = min(floor), max(floor)
    run = [centre]
    for direction in (step, -step):
        square = centre + direction
        while square not in floor:
            off_the_row = step == 1 and square // width != centre // width
            if off_the_row or not lowest <= square <= highest:
                return []
            run.append(square)
            square += direction
    return run


def _untouched_areas(floor: frozenset[int], used: frozenset[int], width: int) -> list[frozenset[int]]:
    """The connected pieces of the floor the solution never touches."""
    untouched = bits_of(floor - used)
    return [frozenset(squares_of(area)) for area in areas(untouched, untouched, width)]


def draw_rows(
    floor: frozenset[int], width: int, goals: Iterable[int], stars: Iterable[int], player: int
) -> list[str]:
    """The level's rows, cropped to the floor plus one ring of wall.

    Rock that touches no floor (not even at a corner) is drawn blank when it
    joins the blank around the map; rock shut in by walls stays wall, or it
    would look like a room nobody can enter.
    """
    goals, stars = set(goals), set(stars)
    xs = [square % width for square in floor]
    ys = [square // width for square in floor]
    box = (min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1)
    left, right, top, bottom = box
    blank = _blank_rock(floor, width, box)
    rows = []
    for y in range(top, bottom + 1):
        row = []
        for x in range(left, right + 1):
            square = y * width + x
            if square in floor:
                row.append(_floor_char(square in goals, square in stars, square == player))
            else:
                row.append(FLOOR if square in blank else WALL)
        rows.append("".join(row).rstrip())
    return rows


def _blank_rock(floor: frozenset[int], width: int, box: tuple[int, int, int, int]) -> set[int]:
    """Rock squares away from the floor that join the edge of the crop ``box``."""
    left, right, top, bottom = box

    def far_from_floor(x: int, y: int) -> bool:
        return not any((y + dy) * width + x + dx in floor for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    far = [(x, y) for y in range(top, bottom + 1) for x in range(left, right + 1) if far_from_floor(x, y)]
    edge = bits_of(y * width + x for x, y in far if x in (left, right) or y in (top, bottom))
    # The map is open here: the crop may run from its first column to its last.
    blank = flood(edge, bits_of(y * width + x for x, y in far), width, edge_masks(width, bottom + 1))
    return set(squares_of(blank))


def _floor_char(goal: bool, star: bool, player: bool) -> str:
    if player:
        return PLAYER_ON_GOAL if goal else PLAYER
    if star:
        return STAR_ON_GOAL if goal else STAR
    return GOAL if goal else FLOOR


def normalised_key(level: Level) -> str:
    """The same text for levels that differ only by mirroring, turning or the player's spot.

    The player is replaced by the whole area they can walk to, then the
    smallest of the eight mirror images is taken.
    """
    area = level.region_from(level.start.player, blocked=level.start.boxes)
    grid = []
    for y in range(level.height):
        row = []
        for x in range(level.width):
            i = y * level.width + x
            if i in level.walls:
                row.append("#")
            elif i not in level.interior:
                row.append("-")
            else:
                # goal, star, player's area -> one letter of eight
                row.append("abcdefgh"[(i in level.goals) * 4 + (i in level.start.boxes) * 2 + (i in area)])
        grid.append("".join(row))
    return min("\n".join(image) for image in _mirror_images(grid))


def _mirror_images(grid: list[str]) -> list[list[str]]:
    images = []
    current = grid
    for _ in range(4):
        images.append(current)
        images.append([row[::-1] for row in current])
        current = ["".join(column) for column in zip(*current[::-1], strict=True)]  # turn a quarter
    return images
