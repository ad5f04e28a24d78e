"""The solver's searches on a budget of positions: figures that are the same on any machine.

    python bench/bench_nodes.py --jobs 1 --save before.json
    (change the solver)
    python bench/bench_nodes.py --jobs 1 --against before.json

Node counts of :func:`starpusher.solver.solve` depend on the time each search
gets, and so on the machine and its load. Here each search of the portfolio
runs alone on every level with a budget of positions (``--nodes``, 4,096:
it stops at the first check past it), its turns counted in positions, never
in seconds, on a board compiled afresh (nothing learned on a level before is
kept), and then the whole portfolio, its shares counted in positions too. So
every figure is a pure function of the code: a change that should not change
the search (a refactoring) must leave every one of them as it was.

The kinds: ``forward`` (the portfolio's forward search), ``backward``,
``backward-dive`` and ``backward-newest`` (its three backward searches: with the
matching bound, the same taking the newest first among equals, and with the
nearest-start bound), ``features`` (the feature
search, which joins the portfolio on warehouses) and ``portfolio`` (all of
them together, as :func:`solve` runs them). The sets are those of
``bench_solver.py``; Boxoban by default a sample of every 10th level.

Prints per set how many runs were solved, unsolvable or stopped at the
budget, and the positions in all; ``--save`` writes every run's outcome,
positions, pushes, moves and a checksum of the solution as JSON, and
``--against`` compares a run with a saved one, run by run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from bench_solver import SETS, SHARED, load_levels
from starpusher.core import Level
from starpusher.solver import solve
from starpusher.solver.options import SearchOptions
from starpusher.solver.portfolio import (
    BACKWARD_DIVE,
    BACKWARD_SEARCH,
    FEATURE_SEARCH,
    FORWARD_SEARCH,
    NEAREST_START_SEARCH,
)

#: The searches run, by name: None is the whole portfolio.
KINDS: dict[str, SearchOptions | None] = {
    "forward": FORWARD_SEARCH,
    "backward": BACKWARD_SEARCH,
    "backward-dive": BACKWARD_DIVE,
    "backward-newest": NEAREST_START_SEARCH,
    "features": FEATURE_SEARCH,
    "portfolio": None,
}
#: Seconds and megabytes no run on the budget ever comes near: only positions stop it.
NEVER_SECONDS = 24 * 3600.0
NEVER_MB = 1 << 20

#: One run's figures: outcome, positions expanded, pushes, moves, checksum of the moves.
Figures = list[object]
Job = tuple[int, Level, int, tuple[str, ...]]
#: Figures of every run: set -> level number -> kind -> figures.
Saved = dict[str, dict[str, dict[str, Figures]]]


def fresh(level: Level) -> Level:
    """A copy of ``level`` with nothing compiled or learned for it yet (a level keeps its board)."""
    return replace(level)


def run_level(job: Job) -> tuple[int, dict[str, Figures]]:
    number, level, nodes, kinds = job
    figures: dict[str, Figures] = {}
    for kind in kinds:
        result = solve(
            fresh(level),
            time_limit=NEVER_SECONDS,
            memory_limit_mb=NEVER_MB,
            options=KINDS[kind],
            max_nodes=nodes,
        )
        checksum = zlib.crc32(result.moves.encode()) if result.solved else 0
        figures[kind] = [result.status.value, result.nodes, result.pushes, len(result.moves), checksum]
    return number, figures


def numbers_of(name: str, levels: list[Level], args: argparse.Namespace) -> list[int]:
    _, first, last = SETS[name]
    numbers = list(range(first, (last or len(levels)) + 1))
    every = args.boxoban_every if name == "boxoban" else 1
    return numbers[::every]


def results(jobs: list[Job], workers: int) -> Iterator[tuple[int, dict[str, Figures]]]:
    if workers == 1:
        yield from map(run_level, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(run_level, jobs)


def run_set(name: str, args: argparse.Namespace) -> dict[str, dict[str, Figures]]:
    filename = SETS[name][0]
    levels = load_levels(SHARED / filename)
    jobs = [(n, levels[n - 1], args.nodes, tuple(args.kinds)) for n in numbers_of(name, levels, args)]
    started = time.perf_counter()
    figures: dict[str, dict[str, Figures]] = {}
    for number, found in results(jobs, args.jobs):
        figures[str(number)] = found
        if args.verbose:
            print(f"  {name} {number}: {found}", flush=True)
    print(f"{name}: {summary(figures)}  (wall {time.perf_counter() - started:.0f}s)", flush=True)
    return figures


def summary(figures: dict[str, dict[str, Figures]]) -> str:
    runs = [run for found in figures.values() for run in found.values()]
    counts: dict[str, int] = {}
    for run in runs:
        counts[str(run[0])] = counts.get(str(run[0]), 0) + 1
    outcomes = ", ".join(f"{counts[status]} {status}" for status in sorted(counts))
    nodes = sum(int(str(run[1])) for run in runs)
    return f"{len(figures)} levels, {len(runs)} runs: {outcomes}; {nodes:,} positions"


def compare(saved: Saved, now: Saved) -> int:
    """Print the runs whose figures differ; the number of them."""
    same = differ = 0
    for name, levels in now.items():
        for number, found in levels.items():
            for kind, figures in found.items():
                before = saved.get(name, {}).get(number, {}).get(kind)
                if before == figures:
                    same += 1
                else:
                    differ += 1
                    print(f"  DIFFERS {name} {number} {kind}: was {before}, now {figures}", flush=True)
    print(f"against the saved run: {same} runs identical, {differ} differ", flush=True)
    return differ


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    default_sets = ["microban", "sasquatch", "sasquatch2", "sasquatch3", "sasquatch4", "xsokoban", "boxoban"]
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=default_sets)
    parser.add_argument("--kinds", nargs="+", choices=list(KINDS), default=list(KINDS))
    parser.add_argument("--nodes", type=int, default=4096, help="positions each run may expand (4,096)")
    parser.add_argument("--boxoban-every", type=int, default=10, metavar="K", help="every K-th Boxoban level")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path, metavar="FILE", help="write every run's figures (JSON)")
    parser.add_argument("--against", type=Path, metavar="FILE", help="compare with a --save run")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per level")
    args = parser.parse_args()
    if not SHARED.is_dir():
        print(f"bench: {SHARED} not found", file=sys.stderr)
        return 1
    started = time.perf_counter()
    figures = {name: run_set(name, args) for name in args.sets}
    print(f"all: wall {time.perf_counter() - started:.0f}s", flush=True)
    if args.save:
        args.save.write_text(json.dumps({"nodes": args.nodes, "sets": figures}, indent=0) + "\n")
    if args.against:
        saved = json.loads(args.against.read_text())
        if saved["nodes"] != args.nodes:
            print(f"bench: the saved run had a budget of {saved['nodes']} positions", file=sys.stderr)
            return 1
        return 1 if compare(saved["sets"], figures) else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
