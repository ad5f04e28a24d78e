"""Fifteen solver benchmark: Korf's instances solved optimally, and a PyPI solver on the same boards.

    python bench/bench_fifteen.py [--first N] [--data-dir DIR] [--pypi-seconds S] [--pypi-count K]

Builds the 4x4 pattern databases first if the data directory has none (timed
separately), then solves the first N instances of ../shared/fifteen/korf50.txt
(gap-first goal), checking every length against the published optimum. Then,
when the ``slidingpuzzle`` package is installed (it is not a dependency of
Star Pusher), its IDA* with linear conflicts (its defaults, which prune
repeated boards and so may miss the optimum) runs on the K easiest of the same
instances, each in its own process stopped after S seconds, and the ratio of times is
printed.
Timings on a shared two-core machine are noisy.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path

from starpusher.core.fifteen import Board
from starpusher.solver.fifteen import pdb_ready, solve_fifteen
from starpusher.solver.fifteen.frames import half_turn
from starpusher.solver.fifteen.tables import load_tables

KORF = Path(__file__).resolve().parents[1] / ".." / "shared" / "fifteen" / "korf50.txt"


def read_instances(path: Path) -> list[tuple[int, int, tuple[int, ...]]]:
    instances = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            number, length, *tiles = map(int, line.split())
            instances.append((number, length, tuple(tiles)))
    return instances


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=50, help="instances to solve (default all 50)")
    parser.add_argument("--data-dir", help="where the tables are cached (default: a fresh temporary folder)")
    parser.add_argument("--pypi-seconds", type=float, default=60.0, help="time limit per instance for PyPI")
    parser.add_argument(
        "--pypi-count", type=int, default=3, help="easiest instances given to the PyPI solver"
    )
    args = parser.parse_args()
    if not KORF.is_file():
        print(f"skipped: {KORF} not found")
        return 0
    instances = read_instances(KORF)[: args.first]
    data_dir = Path(args.data_dir) if args.data_dir else Path(tempfile.mkdtemp(prefix="fifteen-bench-"))

    ready = pdb_ready(4, 4, data_dir)
    started = time.perf_counter()
    load_tables(4, 4, data_dir)
    print(
        f"pattern databases: {'loaded from cache' if ready else 'built'} in "
        f"{time.perf_counter() - started:.1f} s ({data_dir})"
    )

    ours: dict[int, float] = {}
    total_nodes = 0
    for number, length, tiles in instances:
        board = Board.from_tiles(tiles, 4, 4)
        started = time.perf_counter()
        solution = solve_fifteen(board, goal_blank_first=True, data_dir=data_dir)
        ours[number] = elapsed = time.perf_counter() - started
        total_nodes += solution.nodes
        verdict = (
            "ok"
            if solution.length == length and board.apply(solution.moves).is_solved(blank_first=True)
            else f"WRONG (expected {length})"
        )
        print(
            f"#{number:3d} {solution.length:3d} moves {elapsed:8.2f} s {solution.nodes:>11,} nodes {verdict}",
            flush=True,
        )
        if verdict != "ok":
            return 1
    total = sum(ours.values())
    print(
        f"korf: {len(ours)} instances in {total:.1f} s, slowest {max(ours.values()):.1f} s, "
        f"{total_nodes:,} nodes, {total_nodes / total:,.0f} nodes/s"
    )
    compare_with_pypi(instances, ours, args.pypi_seconds, args.pypi_count)
    return 0


def compare_with_pypi(
    instances: list[tuple[int, int, tuple[int, ...]]], ours: dict[int, float], seconds: float, count: int
) -> None:
    try:
        import slidingpuzzle  # noqa: F401
    except ImportError:
        print("comparison skipped: the PyPI package 'slidingpuzzle' is not installed")
        return
    easiest = sorted(instances, key=lambda instance: ours[instance[0]])[:count]
    for number, length, tiles in easiest:
        # slidingpuzzle wants the gap last: a half turn gives an equivalent board (see frames.py).
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            job = pool.apply_async(_pypi_solve, (half_turn(tiles),))
            try:
                found, theirs = job.get(timeout=seconds)
            except multiprocessing.TimeoutError:
                found, theirs = None, seconds
        ours_ms = ours[number] * 1000
        if found is None:
            print(
                f"#{number:3d} slidingpuzzle: unsolved after {seconds:.0f} s; ours {ours_ms:.0f} ms; "
                f"ratio > {seconds / ours[number]:,.0f}x"
            )
        else:
            quality = "optimal" if found == length else f"NOT optimal: {length} is"
            print(
                f"#{number:3d} slidingpuzzle: {found} moves ({quality}) in {theirs:.1f} s, "
                f"ours {length} moves in {ours_ms:.0f} ms: ratio {theirs / ours[number]:,.0f}x"
            )


def _pypi_solve(tiles: tuple[int, ...]) -> tuple[int, float]:
    """Solution length and seconds, timed inside the worker process (start-up excluded)."""
    from slidingpuzzle import from_iter, linear_conflict_distance, search

    started = time.perf_counter()
    result = search(from_iter(4, 4, tiles), "ida*", heuristic=linear_conflict_distance)
    return len(result.solution), time.perf_counter() - started


if __name__ == "__main__":
    sys.exit(main())
