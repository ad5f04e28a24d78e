"""Benchmark of the Sokoban solver on the shared level sets.

    python bench/bench_solver.py --set microban --jobs 1 --time-limit 10

Sets (from ``../shared/levels`` beside the repository):
``microban`` = levels 2-156 of starPusherLevels.txt, ``sasquatch`` = 157-206,
``boxoban`` = the 1,000 levels of boxoban_unfiltered_test_000.txt.
Prints one line per unsolved level, then one summary line per set::

    microban: solved 152/155  median 0.004s  worst 10.07s  solved levels: median 0.004s, worst 1.43s  ...

"median" and "worst" are over every level of the set (an unsolved level
counts the time it was given); "solved levels" are over the solved ones.

``--without`` and ``--weight`` run one search with those options in place of
the solver's default portfolio; to measure one technique, compare a run
``--weight 10`` (that single search with everything on) with ``--weight 10
--without T`` in the same conditions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from starpusher.core import Level
from starpusher.levels import read_collection
from starpusher.solver.search import TECHNIQUES, SearchOptions, solve

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "levels"

#: name -> (file, first level number, last level number; None = to the end)
SETS = {
    "microban": ("starPusherLevels.txt", 2, 156),
    "sasquatch": ("starPusherLevels.txt", 157, 206),
    "boxoban": ("boxoban_unfiltered_test_000.txt", 1, None),
}


def load_levels(path: Path) -> list[Level]:
    """Every level of a file, in order (level N is at index N - 1)."""
    collection = read_collection(str(path))
    if collection.problems:
        raise SystemExit(f"bench: {collection.problems[0]}")
    return collection.levels


def _solve_one(job: tuple[int, Level, float, SearchOptions | None]) -> tuple[int, str, float, int, int]:
    number, level, time_limit, options = job
    result = solve(level, time_limit=time_limit, options=options)
    if result.solved and not level.is_solved(level.replay(result.moves)):
        raise SystemExit(f"bench: level {number}: the solver returned a non-solution")
    return number, result.status, result.seconds, result.pushes, result.nodes


def run_set(name: str, args: argparse.Namespace) -> None:
    filename, first, last = SETS[name]
    levels = load_levels(SHARED / filename)
    numbers = range(first, (last or len(levels)) + 1)
    if args.levels:
        numbers = [n for n in args.levels if first <= n <= (last or len(levels))]
    else:
        numbers = numbers[:: args.every][: args.limit]
    options = None  # the solver's default portfolio
    if args.without or args.weight:
        options = SearchOptions.without(args.without)
        if args.weight:
            options = replace(options, bound_weight=args.weight)
    jobs = [(n, levels[n - 1], args.time_limit, options) for n in numbers]
    started = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for number, status, seconds, pushes, nodes in pool.map(_solve_one, jobs):
            results.append((number, status, seconds))
            if args.verbose or status != "solved":
                print(f"  {name} {number}: {status} {seconds:.2f}s pushes={pushes} nodes={nodes}", flush=True)
    solved_times = [seconds for _, status, seconds in results if status == "solved"]
    times = [seconds for _, _, seconds in results]
    wall = time.perf_counter() - started
    variant = f", without {args.without}" if args.without else ""
    variant += f", weight {args.weight}" if args.weight else ""
    solved_part = (
        f"solved levels: median {statistics.median(solved_times):.3f}s, worst {max(solved_times):.2f}s"
        if solved_times
        else "solved levels: none"
    )
    print(
        f"{name}: solved {len(solved_times)}/{len(results)}"
        f"  median {statistics.median(times):.3f}s  worst {max(times):.2f}s  {solved_part}"
        f"  (time limit {args.time_limit:g}s, jobs {args.jobs}, wall {wall:.0f}s"
        f"{variant})",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--limit", type=int, help="only the first N levels of each set")
    parser.add_argument("--every", type=int, default=1, metavar="K", help="only every K-th level (a sample)")
    parser.add_argument("--levels", type=int, nargs="+", help="only these level numbers (in the file)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument(
        "--without",
        default="",
        metavar="T,T",
        help=f"techniques to switch off: {', '.join(TECHNIQUES)}",
    )
    parser.add_argument("--weight", type=int, help="bound weight (default: the solver's)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per level")
    args = parser.parse_args()
    try:
        SearchOptions.without(args.without)
    except ValueError as error:
        parser.error(str(error))
    if not SHARED.is_dir():
        print(f"bench: {SHARED} not found", file=sys.stderr)
        return 1
    for name in SETS if args.set == "all" else [args.set]:
        run_set(name, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
