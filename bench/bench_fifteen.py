"""Fifteen solver benchmark: the issue's targets, measured.

    python bench/bench_fifteen.py [--data-dir DIR] [--first N] [--pypi-python PATH] [--build-only]

1. The 3x3 and 4x4 pattern databases, built if the data directory has none
   (a fresh temporary folder unless ``--data-dir``), timed apart from solving:
   wall-clock seconds (target 30 s for 4x4) and the CPU seconds they took,
   steadier than the wall clock on a shared machine. ``--build-only`` stops here.
2. The first N instances of ../shared/fifteen/korf50.txt (gap-first goal), each
   length checked against the published optimum; target 120 s for all 50.
3. The same instances given to ``slidingpuzzle`` from PyPI (its IDA* with
   linear conflicts), each in its own process stopped after ``--pypi-seconds``;
   the easiest one gets ``--pypi-long-seconds`` so at least one of its times
   is measured rather than bounded. That package pins an old NumPy, so it
   lives in a virtual environment of its own: ``--pypi-python`` is its
   interpreter (``python -m venv V && V/bin/pip install slidingpuzzle``).
4. 3x3 boards (random shuffles and the two hardest): time per solve, target 50 ms.
5. Bigger boards: time and length of the line-by-line solutions, against the
   sum of the tiles' distances home (a lower bound on any solution).

Timings on a shared two-core machine are noisy.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from starpusher.core.fifteen import Board
from starpusher.solver.fifteen import solve_fifteen
from starpusher.solver.fifteen.frames import half_turn
from starpusher.solver.fifteen.tables import cache_path, load_tables

KORF = Path(__file__).resolve().parents[1] / ".." / "shared" / "fifteen" / "korf50.txt"
HARDEST_3X3 = ((8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1))  # 31 moves each
BIG_SIZES = ((5, 3), (3, 5), (5, 5), (6, 6), (7, 7), (8, 8), (8, 3))

Instance = tuple[int, int, tuple[int, ...]]


def read_instances(path: Path) -> list[Instance]:
    instances = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            number, length, *tiles = map(int, line.split())
            instances.append((number, length, tuple(tiles)))
    return instances


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=50, help="Korf instances to solve (default all 50)")
    parser.add_argument("--data-dir", help="where the tables are cached (default: a fresh temporary folder)")
    parser.add_argument("--pypi-python", help="interpreter that has slidingpuzzle (default: this one)")
    parser.add_argument("--pypi-seconds", type=float, default=5.0, help="PyPI time limit per instance")
    parser.add_argument("--pypi-long-seconds", type=float, default=300.0, help="its limit on the easiest")
    parser.add_argument("--shuffles", type=int, default=500, help="random 3x3 boards (default 500)")
    parser.add_argument("--big", type=int, default=20, help="random boards per bigger size (default 20)")
    parser.add_argument("--build-only", action="store_true", help="time the table build, then stop")
    args = parser.parse_args()
    data_dir = Path(args.data_dir) if args.data_dir else Path(tempfile.mkdtemp(prefix="fifteen-bench-"))
    print(f"data directory: {data_dir}")
    build_tables(data_dir)
    if args.build_only:
        return 0
    if KORF.is_file():
        instances = read_instances(KORF)[: args.first]
        ours = solve_korf(instances, data_dir)
        if ours is None:
            return 1
        compare_with_pypi(instances, ours, args.pypi_python or sys.executable, args)
    else:
        print(f"Korf instances skipped: {KORF} not found")
    bench_3x3(data_dir, args.shuffles)
    bench_big(data_dir, args.big)
    return 0


def build_tables(data_dir: Path) -> None:
    for width, height in ((3, 3), (4, 4)):
        cached = cache_path(data_dir, width, height).is_file()
        started, cpu = time.perf_counter(), time.process_time()
        load_tables(width, height, data_dir)
        how = "loaded from the cache" if cached else "built (once)"
        target = " (target 30 s)" if (width, height) == (4, 4) and not cached else ""
        print(
            f"{width}x{height} pattern databases {how} in {time.perf_counter() - started:.1f} s{target}, "
            f"{time.process_time() - cpu:.1f} s of CPU"
        )


def solve_korf(instances: list[Instance], data_dir: Path) -> dict[int, float] | None:
    """Seconds per instance, or None after a wrong length (printed)."""
    ours: dict[int, float] = {}
    total_nodes = 0
    for number, length, tiles in instances:
        board = Board.from_tiles(tiles, 4, 4)
        started = time.perf_counter()
        solution = solve_fifteen(board, goal_blank_first=True, tables_dir=data_dir)
        ours[number] = elapsed = time.perf_counter() - started
        total_nodes += solution.nodes
        right = solution.length == length and board.apply(solution.moves).is_solved(blank_first=True)
        verdict = "ok" if right else f"WRONG (expected {length})"
        print(
            f"#{number:3d} {solution.length:3d} moves {elapsed:8.2f} s {solution.nodes:>11,} nodes {verdict}"
        )
        if not right:
            return None
    total = sum(ours.values())
    print(
        f"korf: {len(ours)} instances, all optimal, in {total:.1f} s (target 120 s), slowest "
        f"{max(ours.values()):.1f} s, {total_nodes:,} nodes, {total_nodes / total:,.0f} nodes/s"
    )
    return ours


# -- the PyPI solver, side by side ----------------------------------------------------------

#: Run in the other interpreter: solve one gap-last board, print its length and seconds as JSON.
PYPI_WORKER = """
import json, sys, time
from slidingpuzzle import from_iter, linear_conflict_distance, search
tiles = json.loads(sys.argv[1])
started = time.perf_counter()
result = search(from_iter(4, 4, tiles), "ida*", heuristic=linear_conflict_distance)
print(json.dumps([len(result.solution), time.perf_counter() - started]))
"""


def compare_with_pypi(
    instances: list[Instance], ours: dict[int, float], python: str, args: argparse.Namespace
) -> None:
    probe = subprocess.run([python, "-c", "import slidingpuzzle"], capture_output=True)
    if probe.returncode:
        print(f"comparison skipped: {python} cannot import slidingpuzzle (see --pypi-python)")
        return
    easiest = min(ours, key=ours.__getitem__)
    theirs_total = ours_total = 0.0
    solved = 0
    for number, length, tiles in instances:
        limit = args.pypi_long_seconds if number == easiest else args.pypi_seconds
        found = _pypi_solve(python, half_turn(tiles), limit)  # it wants the gap last: see frames.py
        mine = ours[number]
        ours_total += mine
        if found is None:
            theirs_total += limit
            print(
                f"#{number:3d} slidingpuzzle: unsolved after {limit:.0f} s; "
                f"ours {mine:.2f} s: ratio > {limit / mine:,.0f}x"
            )
            continue
        moves, seconds = found
        solved += 1
        theirs_total += seconds
        quality = "optimal" if moves == length else f"NOT optimal: {length} is"
        print(
            f"#{number:3d} slidingpuzzle: {moves} moves ({quality}) in {seconds:.1f} s; "
            f"ours {length} in {mine:.2f} s: ratio {seconds / mine:,.0f}x"
        )
    at_least = "" if solved == len(instances) else "at least "  # a time limit stands for a longer time
    print(
        f"slidingpuzzle solved {solved} of {len(instances)}: its time {at_least}{theirs_total:.0f} s "
        f"against ours {ours_total:.1f} s, a ratio of {at_least}{theirs_total / ours_total:,.0f}x"
    )


def _pypi_solve(python: str, tiles: tuple[int, ...], seconds: float) -> tuple[int, float] | None:
    """Its solution length and seconds (timed inside the worker, start-up excluded), None if out of time."""
    try:
        done = subprocess.run(
            [python, "-c", PYPI_WORKER, json.dumps(list(tiles))],
            capture_output=True,
            text=True,
            timeout=seconds + 5,  # start-up: the limit applies to the search
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode:
        raise SystemExit(f"slidingpuzzle failed: {done.stderr.strip().splitlines()[-1]}")
    moves, elapsed = json.loads(done.stdout)
    return None if elapsed > seconds else (moves, elapsed)


# -- 3x3 and bigger boards ------------------------------------------------------------------


def bench_3x3(data_dir: Path, count: int) -> None:
    rng = random.Random(1)
    boards = [Board(3, 3, tiles) for tiles in HARDEST_3X3]
    boards += [Board.shuffled(3, 3, rng=rng) for _ in range(count)]
    times, lengths = [], []
    for board in boards:
        started = time.perf_counter()
        solution = solve_fifteen(board, tables_dir=data_dir)
        times.append(time.perf_counter() - started)
        lengths.append(solution.length)
        assert solution.optimal and board.apply(solution.moves).is_solved()
    print(
        f"3x3: {len(boards)} boards (the two 31-move ones and {count} shuffles), optimal, mean "
        f"{statistics.mean(lengths):.1f} moves; {1000 * statistics.mean(times):.1f} ms mean, "
        f"{1000 * max(times):.1f} ms worst (target 50 ms), {sum(t < 0.05 for t in times)} under 50 ms"
    )


def bench_big(data_dir: Path, count: int) -> None:
    rng = random.Random(2)
    for width, height in BIG_SIZES:
        times, lengths, bounds = [], [], []
        for _ in range(count):
            board = Board.shuffled(width, height, rng=rng)
            started = time.perf_counter()
            solution = solve_fifteen(board, tables_dir=data_dir)
            times.append(time.perf_counter() - started)
            assert not solution.optimal and board.apply(solution.moves).is_solved()
            lengths.append(solution.length)
            bounds.append(distance_home(board))
        print(
            f"{width}x{height}: {count} shuffles, not optimal: mean {statistics.mean(lengths):.0f} moves, "
            f"{statistics.mean(lengths) / statistics.mean(bounds):.2f}x the distance bound "
            f"({statistics.mean(bounds):.0f}); {1000 * statistics.mean(times):.0f} ms mean, "
            f"{1000 * max(times):.0f} ms worst"
        )


def distance_home(board: Board) -> int:
    """The tiles' Manhattan distances to their goal cells: no solution is shorter."""
    total = 0
    for cell, tile in enumerate(board.tiles):
        if tile:
            (x, y), (home_x, home_y) = board.xy(cell), board.xy(tile - 1)
            total += abs(x - home_x) + abs(y - home_y)
    return total


if __name__ == "__main__":
    sys.exit(main())
