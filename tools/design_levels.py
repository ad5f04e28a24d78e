"""A level designer's helper: solve levels with a small breadth-first search.

    python tools/design_levels.py FILE [--level N] [--write OUT] [--limit STATES]

For each level of FILE it prints the fewest pushes, the moves of one solution
with that many pushes, and how many positions the search looked at (a rough
measure of how much a level makes one think). With ``--write`` it saves the
collection with each solution stored under its level.

This is a tool for designing the built-in levels, not the game's solver
(that is ``starpusher.solver``). It searches over pushes: a position is the
stars plus the region the player can walk to, so walking never counts as a
step, and it skips pushes onto *dead squares* from which no star can reach
any goal. Good enough for levels of modest size.
"""

from __future__ import annotations

import argparse
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import replace

from starpusher.core import Direction, Level, count_pushes
from starpusher.levels import format_collection, read_collection

Push = tuple[int, Direction]  # the star's square and the direction it is pushed in


def walk(level: Level, start: int, boxes: frozenset[int]) -> dict[int, int | None]:
    """Every square the player can walk to from ``start``, mapped to the square it came from."""
    came_from: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        for d in Direction:
            nxt = level.neighbour(square, d)
            if nxt is not None and nxt not in came_from and nxt not in boxes:
                came_from[nxt] = square
                queue.append(nxt)
    return came_from


def live_squares(level: Level) -> frozenset[int]:
    """Squares from which a star could still be pushed to some goal (found by pulling from the goals)."""
    live = set(level.goals)
    queue = deque(level.goals)
    while queue:
        square = queue.popleft()
        for d in Direction:
            previous = level.neighbour(square, d)  # where the star came from
            behind = level.neighbour(previous, d) if previous is not None else None  # the player
            if previous is not None and behind is not None and previous not in live:
                live.add(previous)
                queue.append(previous)
    return frozenset(live)


def pushes_from(level: Level, boxes: frozenset[int], reach: dict[int, int | None]) -> Iterator[Push]:
    for box in boxes:
        for d in Direction:
            behind = level.neighbour(box, d.opposite)
            target = level.neighbour(box, d)
            if behind in reach and target is not None and target not in boxes:
                yield box, d


def solve(level: Level, limit: int = 2_000_000) -> tuple[str, int] | None:
    """(LURD solution with the fewest pushes, positions searched), or None if there is none."""
    live = live_squares(level)
    start_boxes = level.start.boxes
    start_key = (start_boxes, min(walk(level, level.start.player, start_boxes)))
    parents: dict[tuple[frozenset[int], int], tuple[tuple[frozenset[int], int], Push] | None] = {
        start_key: None
    }
    queue = deque([(start_boxes, level.start.player)])
    while queue and len(parents) < limit:
        boxes, player = queue.popleft()
        reach = walk(level, player, boxes)
        key = (boxes, min(reach))
        for box, d in pushes_from(level, boxes, reach):
            target = level.neighbour(box, d)
            if target not in live:
                continue
            new_boxes = (boxes - {box}) | {target}
            new_key = (new_boxes, min(walk(level, box, new_boxes)))
            if new_key in parents:
                continue
            parents[new_key] = (key, (box, d))
            if level.goals <= new_boxes:
                return _moves(level, _push_list(parents, new_key)), len(parents)
            queue.append((new_boxes, box))
    return None


def _push_list(parents: dict, key: tuple[frozenset[int], int]) -> list[Push]:  # type: ignore[type-arg]
    pushes = []
    while parents[key] is not None:
        key, push = parents[key]
        pushes.append(push)
    return pushes[::-1]


def _moves(level: Level, pushes: list[Push]) -> str:
    """Expand pushes into LURD: walk to behind each star, then push it."""
    state = level.start
    letters = []
    for box, d in pushes:
        behind = level.neighbour(box, d.opposite)
        came_from = walk(level, state.player, state.boxes)
        path = []
        square = behind
        while came_from[square] is not None:
            previous = came_from[square]
            path.append(next(x for x in Direction if level.neighbour(previous, x) == square).letter)
            square = previous
        letters.extend(reversed(path))
        letters.append(d.letter.upper())
        state = level.replay("".join(reversed(path)) + d.letter, state)
    return "".join(letters)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file")
    parser.add_argument("--level", type=int, help="only this level (1-based)")
    parser.add_argument("--write", metavar="OUT", help="save the collection with solutions stored")
    parser.add_argument("--limit", type=int, default=2_000_000, help="most positions to search per level")
    args = parser.parse_args()
    collection = read_collection(args.file)
    for problem in collection.problems:
        print(problem, file=sys.stderr)
    solved = []
    for number, level in zip(collection.numbers, collection.levels, strict=True):
        if args.level and number != args.level:
            solved.append(level)
            continue
        result = solve(level, args.limit)
        if result is None:
            print(f"{number:3} {level.title!r}: NO SOLUTION (within {args.limit:,} positions)")
            solved.append(level)
            continue
        moves, searched = result
        assert level.is_solved(level.replay(moves))
        print(
            f"{number:3} {level.title!r}: {count_pushes(moves)} pushes, {len(moves)} moves, "
            f"{searched:,} positions, {len(level.start.boxes)} stars, {level.width}x{level.height}"
        )
        solved.append(_with_solution(level, moves))
    if args.write:
        text = format_collection(solved, title=collection.title, author=collection.author)
        with open(args.write, "w", encoding="utf-8") as out:
            out.write(_leading_comments(args.file) + text)
    return 0


def _leading_comments(path: str) -> str:
    """The ``;`` lines at the top of a file, which format_collection does not write."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    comments = []
    for line in lines:
        if not line.startswith(";"):
            break
        comments.append(line + "\n")
    return "".join(comments)


def _with_solution(level: Level, moves: str) -> Level:
    return replace(level, solutions=(moves,))


if __name__ == "__main__":
    sys.exit(main())
