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
import random
import sys
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import replace

from starpusher.core import Direction, Level, LevelError, count_pushes
from starpusher.levels import format_collection, read_collection

Push = tuple[int, Direction]  # the star's square and the direction it is pushed in
Key = tuple[frozenset[int], int]  # the stars and the player's square
#: How the search reached each position: from which one, by which push (None: the start).
Parents = dict[Key, tuple[Key, Push] | None]


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
    parents: Parents = {start_key: None}
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


def _push_list(parents: Parents, key: Key) -> list[Push]:
    """The pushes from the start to the position ``key``."""
    pushes: list[Push] = []
    while (parent := parents[key]) is not None:
        key, push = parent
        pushes.append(push)
    return pushes[::-1]


def _moves(level: Level, pushes: list[Push]) -> str:
    """Expand pushes into LURD: walk to behind each star, then push it."""
    state = level.start
    letters: list[str] = []
    for box, d in pushes:
        behind = level.neighbour(box, d.opposite)
        assert behind is not None, "a star is pushed from the square behind it"
        came_from = walk(level, state.player, state.boxes)
        path: list[str] = []
        square = behind
        while (previous := came_from[square]) is not None:
            path.append(next(x for x in Direction if level.neighbour(previous, x) == square).letter)
            square = previous
        letters.extend(reversed(path))
        letters.append(d.letter.upper())
        state = level.replay("".join(reversed(path)) + d.letter, state)
    return "".join(letters)


def random_room(rng: random.Random, width: int, height: int, stars: int) -> Level | None:
    """A walled room with a few random inner walls, goals, stars and the player; None if unplayable."""
    grid = [
        ["#" if x in (0, width - 1) or y in (0, height - 1) else " " for x in range(width)]
        for y in range(height)
    ]
    inside = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1)]
    for x, y in rng.sample(inside, rng.randint(len(inside) // 6, len(inside) // 3)):
        grid[y][x] = "#"
    free = [(x, y) for x, y in inside if grid[y][x] == " "]
    if len(free) < 2 * stars + 1:
        return None
    spots = rng.sample(free, 2 * stars + 1)
    for x, y in spots[:stars]:
        grid[y][x] = "."
    for x, y in spots[stars : 2 * stars]:
        grid[y][x] = "$"
    x, y = spots[-1]
    grid[y][x] = "@"
    return _playable(["".join(row) for row in grid])


def mutate(rng: random.Random, level: Level) -> Level | None:
    """The level with one square changed: a wall added or removed, or a star, goal or player moved."""
    rows = [list(row.ljust(level.width)) for row in level.to_rows()]
    x, y = rng.randrange(1, level.width - 1), rng.randrange(1, level.height - 1)
    what = rng.choice("#  $.@")
    here = rows[y][x]
    if what == " " and here == "#":
        rows[y][x] = " "
    elif what == "#" and here == " ":
        rows[y][x] = "#"
    elif what in "$.@" and here == " ":
        old = [(i, j) for j, row in enumerate(rows) for i, ch in enumerate(row) if ch == what]
        i, j = rng.choice(old)
        rows[j][i], rows[y][x] = " ", what
    else:
        return None
    return _playable(["".join(row) for row in rows])


def _playable(rows: list[str]) -> Level | None:
    try:
        level = Level.from_rows(rows)
    except LevelError:
        return None
    # Every floor square must be reachable: no sealed pockets in a generated room.
    floor = {i for i in range(level.width * level.height) if i not in level.walls}
    return level if floor <= level.interior else None


def score(level: Level, limit: int) -> tuple[int, int, str] | None:
    """(pushes, positions searched, solution) of a solvable level; None if unsolvable or too hard."""
    if level.start.boxes & level.goals:
        return None
    result = solve(level, limit)
    if result is None:
        return None
    moves, searched = result
    return count_pushes(moves), searched, moves


def generate(
    rng: random.Random, width: int, height: int, stars: int, tries: int, limit: int, seconds: float
) -> Level:
    """Search for a level whose shortest solution has many pushes: random rooms, then hill climbing."""
    best: Level | None = None
    best_score = (-1, 0, "")
    stop = time.monotonic() + seconds
    for attempt in range(tries):
        if time.monotonic() > stop:
            break
        candidate = random_room(rng, width, height, stars) if attempt < tries // 4 or best is None else None
        if candidate is None and best is not None:
            candidate = mutate(rng, best)
        if candidate is None:
            continue
        result = score(candidate, limit)
        if result is not None and result[:2] > best_score[:2]:
            best, best_score = candidate, result
    if best is None:
        raise SystemExit("no solvable level found; try more --tries")
    best, moves = tidy(best, best_score, limit)
    return replace(best, solutions=(moves,))


def tidy(level: Level, level_score: tuple[int, int, str], limit: int) -> tuple[Level, str]:
    """Remove inner walls that do not make the level harder: fewer stray pillars."""
    for wall in sorted(level.walls):
        x, y = level.xy(wall)
        if x in (0, level.width - 1) or y in (0, level.height - 1):
            continue
        rows = [list(row.ljust(level.width)) for row in level.to_rows()]
        rows[y][x] = " "
        candidate = _playable(["".join(row) for row in rows])
        result = score(candidate, limit) if candidate is not None else None
        if candidate is not None and result is not None and result[0] >= level_score[0]:
            level, level_score = candidate, result
    return level, level_score[2]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", nargs="?")
    parser.add_argument(
        "--generate",
        nargs=3,
        type=int,
        metavar=("WIDTH", "HEIGHT", "STARS"),
        help="search for a new level of this size instead; print it",
    )
    parser.add_argument("--tries", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=600, help="time budget of --generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=int, help="only this level (1-based)")
    parser.add_argument("--write", metavar="OUT", help="save the collection with solutions stored")
    parser.add_argument("--limit", type=int, default=2_000_000, help="most positions to search per level")
    args = parser.parse_args()
    if args.generate:
        width, height, stars = args.generate
        level = generate(random.Random(args.seed), width, height, stars, args.tries, args.limit, args.seconds)
        print(format_collection([level]), end="")
        print(f"; {count_pushes(level.solutions[0])} pushes, {len(level.solutions[0])} moves")
        return 0
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
