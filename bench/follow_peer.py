"""Where does our search go wrong? Started along the peer's solution, from where does it finish?

    python bench/follow_peer.py --set xsokoban --levels 28 33 40 --time-limit 3

For each level, the peer (YASS: see ``../shared/peers``) solves it, and our
solver is started again and again from the positions the peer's solution
passes through: after 0 pushes (the level itself), 2, 5, 10, 20, 40, ...
(``--points``), each time with ``--time-limit`` and in a fresh process, so
that nothing learned in one start helps the next. With ``--bisect`` the gap
between the last start it fails from and the first it finishes from is
narrowed down to one push.

A level our solver finishes from the peer's first few pushes on went wrong
in its opening: the script prints those pushes, one line per star moved
(which star, from where to where; squares as (column, row) from the top
left), which is the choice our search did not make. A level it finishes
only near the end went wrong late, or throughout. This is the question of
issue 35 asked level by level: not only whether we solve a level, but where
our positions go.

One start is one run, and runs near the edge vary: from a position where
our search finishes in under a second, a slightly different search (another
rover rhythm, say) may not finish at all. So read the first start it finishes
from as a region, not an exact push, and run it again before trusting a
difference of a few pushes.

``--search packing`` or ``--search feature`` starts the packing-order or the
feature search alone in place of the whole solver. The peer is run once per
level, with ``--peer-limit`` (10 s).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver import SETS, SHARED, load_levels, peer_moves, peer_ready
from starpusher.core import Level, State
from starpusher.solver.options import SearchOptions
from starpusher.solver.portfolio import FEATURE_SEARCH, PACKING_SEARCH, solve

#: Pushes into the peer's solution our solver is started from, by default.
POINTS = (0, 2, 5, 10, 20, 40, 80, 160, 320)

#: --search -> the options of the search run alone (None: the whole solver).
SEARCHES: dict[str, SearchOptions | None] = {
    "solver": None,
    "packing": PACKING_SEARCH,
    "feature": FEATURE_SEARCH,
}


@dataclass(frozen=True)
class Start:
    """How our solver did from the position after ``pushes`` of the peer's pushes."""

    pushes: int
    solved: bool
    seconds: float
    positions: int


@dataclass(frozen=True)
class StarRun:
    """Pushes in a row of one star in the peer's solution: from push ``first`` on, ``count`` of them."""

    first: int
    count: int
    origin: tuple[int, int]
    target: tuple[int, int]


def push_cuts(moves: str) -> list[int]:
    """For each number of pushes k, how many moves go up to and including the k-th push (0 for 0)."""
    cuts = [0]
    for index, move in enumerate(moves):
        if move.isupper():
            cuts.append(index + 1)
    return cuts


def star_runs(level: Level, moves: str) -> list[StarRun]:
    """The pushes of ``moves``, grouped into runs of pushes of the same star."""
    state = level.start
    runs: list[StarRun] = []
    pushes = 0
    last_star = -1  # the square the star pushed last stands on
    for move in moves:
        after = level.apply(state, move)
        if move.isupper():
            pushes += 1
            (origin,) = state.boxes - after.boxes
            (target,) = after.boxes - state.boxes
            if origin == last_star:
                run = runs[-1]
                runs[-1] = StarRun(run.first, run.count + 1, run.origin, level.xy(target))
            else:
                runs.append(StarRun(pushes, 1, level.xy(origin), level.xy(target)))
            last_star = target
        state = after
    return runs


def start_from(job: tuple[Level, State, float, SearchOptions | None, int]) -> Start:
    """Our solver (or one search, ``options``) from ``state``: the peer's position after ``pushes``."""
    level, state, time_limit, options, pushes = job
    result = solve(level, state, time_limit=time_limit, options=options)
    if result.solved and not level.is_solved(level.replay(result.moves, state)):
        raise SystemExit("follow_peer: the solver returned a non-solution")
    return Start(pushes, result.solved, result.seconds, result.nodes)


def follow(level: Level, moves: str, points: Sequence[int], args: argparse.Namespace) -> list[Start]:
    """Our solver started from the peer's positions after each of ``points`` pushes (and the bisection)."""
    cuts = push_cuts(moves)
    total = len(cuts) - 1
    options = SEARCHES[args.search]

    def run(numbers: Sequence[int]) -> list[Start]:
        jobs = [(level, level.replay(moves[: cuts[k]]), args.time_limit, options, k) for k in numbers]
        with ProcessPoolExecutor(args.jobs, max_tasks_per_child=1) as pool:
            return list(pool.map(start_from, jobs))

    starts = run(sorted({min(k, total) for k in points}))
    if args.bisect:
        failed = max((start.pushes for start in starts if not start.solved), default=-1)
        finished = [start.pushes for start in starts if start.solved and start.pushes > failed]
        low, high = failed, min(finished, default=-1)
        while low >= 0 and low + 1 < high:
            middle = (low + high) // 2
            (start,) = run([middle])
            starts.append(start)
            low, high = (low, middle) if start.solved else (middle, high)
        starts.sort(key=lambda start: start.pushes)
    return starts


def report(number: int, level: Level, moves: str, seconds: float, starts: list[Start]) -> None:
    cuts = push_cuts(moves)
    total = len(cuts) - 1
    print(f"level {number}: the peer solves it in {seconds:.2f} s, {total} pushes")
    for start in starts:
        outcome = "solved" if start.solved else "not solved"
        spent = f"{start.seconds:.2f} s, {start.positions:,} positions"
        print(f"  from push {start.pushes:4}: {outcome} in {spent}")
    failed = max((start.pushes for start in starts if not start.solved), default=-1)
    finished = min((start.pushes for start in starts if start.pushes > failed), default=None)
    if finished is None:
        print("  ours finishes from none of them")
        return
    print(f"  ours finishes from push {finished} of {total} on")
    if finished == 0:
        return
    print(f"  the peer's first {finished} pushes:")
    for run in star_runs(level, moves[: cuts[finished]]):
        plural = "es" if run.count > 1 else ""
        print(f"    push {run.first:4}: the star on {run.origin} to {run.target}, {run.count} push{plural}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", choices=list(SETS), default="xsokoban")
    parser.add_argument("--levels", type=int, nargs="+", required=True, help="level numbers (in the file)")
    parser.add_argument("--time-limit", type=float, default=3.0, help="seconds for ours, from each start")
    parser.add_argument("--peer-limit", type=float, default=10.0, help="seconds for the peer")
    parser.add_argument(
        "--points", type=int, nargs="+", default=list(POINTS), help="pushes into the peer's solution"
    )
    parser.add_argument("--bisect", action="store_true", help="narrow the gap down to one push")
    parser.add_argument("--search", choices=list(SEARCHES), default="solver")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if not SHARED.is_dir():
        print(f"follow_peer: {SHARED} not found", file=sys.stderr)
        return 1
    if not peer_ready("yass"):
        return 1
    filename, first, last = SETS[args.set]
    levels = load_levels(SHARED / filename)
    for number in args.levels:
        if not first <= number <= (last or len(levels)):
            parser.error(f"level {number} is not in {args.set}")
        level = levels[number - 1]
        moves, seconds, note = peer_moves("yass", level, args.peer_limit)
        if not moves:
            print(f"level {number}: the peer does not solve it ({note})")
            continue
        report(number, level, moves, seconds, follow(level, moves, args.points, args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
