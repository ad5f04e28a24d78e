"""How fast the generator is, and how its levels compare with Boxoban's.

    python bench/bench_generate.py [--count N] [--timing N] [--time-limit S] [--jobs J]
    python bench/bench_generate.py --endless [--seeds N]

1. Speed: median seconds to make one 10x10 level with 4 stars, at each
   difficulty (``--timing`` levels each, default 30), with the measures of
   those levels and the solver's effort on them, so the difficulties can be
   seen to differ. Target: median at most 0.5 s at every difficulty. Both
   the wall-clock time and this process's CPU time are shown: the generator
   uses one core, and on a machine shared with other work (see the load
   average printed first) the CPU time is what a level costs, the wall
   time what it took this time. The verdict is given for both.
2. Comparison: ``--count`` (default 1,000) generated 10x10 4-star levels at
   "hard" against as many Boxoban levels from
   ``../shared/levels/boxoban_unfiltered_test_000.txt``, on the same measures:
   fewest pushes (exact, by breadth-first search over pushes), moves, box
   lines and box changes of that push-optimal solution, and the project solver's time,
   nodes and pushes (``--time-limit`` per level, default 10 s).
   Target: median fewest pushes of the generated levels at least Boxoban's.

3. The built-in collection (``levels/data/generated.txt``) made again from
   the commands in its comments: identical or not, and how long it took
   (the tests remake it too, level by level).

4. ``--endless`` (alone): seconds to make a level at every size and
   difficulty the window's Endless offers, ``--seeds`` levels each (default
   10). Target: the largest, 20x16 with 10 stars, made in under 5 s: its
   median at every difficulty, by CPU time; the slowest is shown too.
   Then what makes those levels worth playing (see
   :class:`starpusher.generate.measures.Quality`), medians per size and
   difficulty, beside ``--reference`` (default 40) Microban levels (2-156 of
   ``../shared/levels/starPusherLevels.txt``, spread evenly, with the
   solver's solution, ``--time-limit`` each) and as many Boxoban levels
   (with a fewest-pushes solution). Without ``../shared`` the references
   are skipped.

``--jobs`` measures levels in parallel processes (default 1: this machine's
two cores are shared, and parallel runs make the solver times noisier).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starpusher.core import Level
from starpusher.generate import GeneratedLevel, generate_level, solution_measures
from starpusher.generate.builtin import BUILTIN_PATH, recipes_in, regenerate_collection
from starpusher.generate.measures import Quality, fewest_pushes_solution, level_quality, solver_effort
from starpusher.levels import read_collection

TARGET_SECONDS = 0.5
ENDLESS_TARGET_SECONDS = 5.0
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
BOXOBAN = SHARED / "levels" / "boxoban_unfiltered_test_000.txt"
MICROBAN = SHARED / "levels" / "starPusherLevels.txt"
#: Microban's levels in the Star Pusher file (level 1 is a demo).
MICROBAN_LEVELS = range(2, 157)


@dataclass(frozen=True)
class Row:
    """The measures of one level; None where a search gave up."""

    pushes: int | None
    moves: int | None
    box_lines: int | None
    box_changes: int | None
    solver_seconds: float | None
    solver_nodes: int | None
    solver_pushes: int | None


MEASURES: list[tuple[str, Callable[[Row], float | None]]] = [
    ("fewest pushes", lambda row: row.pushes),
    ("moves", lambda row: row.moves),
    ("box lines", lambda row: row.box_lines),
    ("box changes", lambda row: row.box_changes),
    ("solver seconds", lambda row: row.solver_seconds),
    ("solver nodes", lambda row: row.solver_nodes),
    ("solver pushes", lambda row: row.solver_pushes),
]


def measure(level: Level, time_limit: float, known_solution: str | None = None) -> Row:
    """Measure one level. ``known_solution`` must be push-optimal (see :func:`_optimal`)."""
    optimal = known_solution or fewest_pushes_solution(level)
    shape = solution_measures(level, optimal) if optimal else None
    effort = solver_effort(level, time_limit)
    solved = effort is not None and effort.solved
    return Row(
        shape.pushes if shape else None,
        shape.moves if shape else None,
        shape.box_lines if shape else None,
        shape.box_changes if shape else None,
        effort.seconds if effort is not None and solved else None,
        effort.nodes if effort is not None and solved else None,
        effort.pushes if effort is not None and solved else None,
    )


def _measure_task(task: tuple[Level, float, str | None]) -> Row:
    return measure(*task)


def _generated_task(task: tuple[int, float]) -> tuple[str, Row]:
    seed, time_limit = task
    made = generate_level(10, 10, 4, seed, "hard")
    return made.key, measure(made.level, time_limit, _optimal(made))


def _optimal(made: GeneratedLevel) -> str | None:
    """The generator's solution when it is proven push-optimal; else None (to be searched)."""
    return made.level.solutions[0] if made.fewest_pushes else None


def measure_all(tasks: Sequence[Any], worker: Callable[[Any], Any], jobs: int, label: str) -> list[Any]:
    rows: list[Any] = []
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for row in pool.map(worker, tasks, chunksize=4):
                rows.append(row)
                _progress(label, len(rows), len(tasks), started)
    else:
        for task in tasks:
            rows.append(worker(task))
            _progress(label, len(rows), len(tasks), started)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return rows


def _progress(label: str, done: int, total: int, started: float) -> None:
    if not sys.stderr.isatty():
        return
    seconds = time.perf_counter() - started
    print(f"\r{label}: {done}/{total} measured, {seconds:.0f} s", end="", file=sys.stderr, flush=True)


def summary(values: Iterable[float | None]) -> str:
    known = sorted(v for v in values if v is not None)
    if not known:
        return "n/a"
    if len(known) == 1:
        return f"{known[0]:.3g}"
    q1, median, q3 = statistics.quantiles(known, n=4, method="inclusive")
    return f"median {median:8.3g}  mean {statistics.mean(known):8.3g}  quartiles {q1:.3g}..{q3:.3g}"


def speed(count: int, time_limit: float) -> bool:
    print(f"1. Speed: {count} levels of 10x10 with 4 stars at each difficulty")
    slowest_wall = slowest_cpu = 0.0
    for difficulty in ("easy", "medium", "hard"):
        wall, cpu, rows = [], [], []
        for seed in range(1, count + 1):
            started, started_cpu = time.perf_counter(), time.process_time()
            made = generate_level(10, 10, 4, seed, difficulty)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            rows.append(measure(made.level, time_limit, _optimal(made)))
        slowest_wall = max(slowest_wall, statistics.median(wall))
        slowest_cpu = max(slowest_cpu, statistics.median(cpu))
        print(f"  {difficulty:<6}  wall seconds per level: {summary(wall)}")
        print(f"          CPU seconds per level:  {summary(cpu)}")
        for name, get in MEASURES[:6]:
            print(f"          {name:<16} {summary(get(row) for row in rows)}")
    load = os.getloadavg()[0]
    for label, median in (("CPU", slowest_cpu), ("wall", slowest_wall)):
        verdict = "meets" if median <= TARGET_SECONDS else "MISSES"
        print(
            f"  {verdict} the target by {label} time: slowest median {median:.3f} s, target {TARGET_SECONDS}"
        )
    print(f"  (load average {load:.2f} on {os.cpu_count()} cores at the end)\n")
    return slowest_cpu <= TARGET_SECONDS


def comparison(count: int, time_limit: float, jobs: int) -> bool:
    print(f"2. {count} generated levels (10x10, 4 stars, hard) against {count} Boxoban levels")
    if not BOXOBAN.exists():
        print(f"  skipped: {BOXOBAN} not found (it lives in ../shared beside the project)")
        return True
    boxoban = read_collection(BOXOBAN).levels[:count]
    # Seeds 1, 2, ... as `generate_levels` would use them: repeats of an earlier level are dropped.
    seeds = range(1, count + count // 10 + 5)
    keyed = measure_all([(seed, time_limit) for seed in seeds], _generated_task, jobs, "generated")
    distinct: dict[str, Row] = {}
    for key, row in keyed:
        distinct.setdefault(key, row)
    generated_rows = list(distinct.values())[:count]
    boxoban_rows: list[Row] = measure_all(
        [(level, time_limit, None) for level in boxoban], _measure_task, jobs, "boxoban"
    )
    for name, get in MEASURES:
        print(f"  {name}")
        print(f"    generated  {summary(get(row) for row in generated_rows)}")
        print(f"    Boxoban    {summary(get(row) for row in boxoban_rows)}")
    for label, rows in (("generated", generated_rows), ("Boxoban", boxoban_rows)):
        solved = sum(row.solver_nodes is not None for row in rows)
        fewest = sum(row.pushes is not None for row in rows)
        print(f"  solver solved {solved} of {len(rows)} {label} levels within {time_limit} s each")
        print(f"  fewest pushes known for {fewest} of {len(rows)} {label} levels")
    ours = statistics.median(r.pushes for r in generated_rows if r.pushes is not None)
    theirs = statistics.median(r.pushes for r in boxoban_rows if r.pushes is not None)
    verdict = "meets" if ours >= theirs else "MISSES"
    print(f"  {verdict} the target: median fewest pushes {ours} generated vs {theirs} Boxoban")
    return ours >= theirs


def builtin_check() -> bool:
    text = BUILTIN_PATH.read_text(encoding="utf-8")
    started = time.perf_counter()
    same = regenerate_collection(text) == text
    seconds = time.perf_counter() - started
    count = len(recipes_in(text))
    verdict = "identical" if same else "DIFFERENT"
    print(f"3. Built-in collection: {count} levels made again in {seconds:.1f} s: {verdict}")
    return same


def endless(seeds: int, references: int, time_limit: float) -> bool:
    """Section 4: every Endless size and difficulty, as the window asks for them."""
    # Imported here: the rest of this script needs no window package (nor pygame).
    from starpusher.gui.sokoban.endless import SIZES

    print(f"4. Endless: {seeds} levels at each size and difficulty (CPU seconds; wall in brackets)")
    largest_ok = True
    qualities: list[tuple[str, list[Quality]]] = []
    for size in SIZES:
        for difficulty in ("easy", "medium", "hard"):
            wall, cpu, made = [], [], []
            for seed in range(1, seeds + 1):
                started, started_cpu = time.perf_counter(), time.process_time()
                made.append(generate_level(size.width, size.height, size.stars, seed, difficulty))
                wall.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
            median = statistics.median(cpu)
            print(
                f"  {size.label:<32} {difficulty:<6}  median {median:5.2f} ({statistics.median(wall):5.2f})"
                f"  slowest {max(cpu):5.2f} ({max(wall):5.2f})",
                flush=True,
            )
            label = f"{size.width}x{size.height} {size.stars} stars {difficulty}"
            qualities.append((label, [level_quality(m.level, m.level.solutions[0]) for m in made]))
            if size is SIZES[-1]:
                largest_ok = largest_ok and median < ENDLESS_TARGET_SECONDS
    verdict = "meets" if largest_ok else "MISSES"
    print(f"  {verdict} the target: the largest size made in under {ENDLESS_TARGET_SECONDS:g} s (median)")
    print(f"  (load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the end)\n")
    qualities.extend(reference_qualities(references, time_limit))
    quality_table(qualities)
    return largest_ok


#: The quality measures in the table: heading, how to read one, format.
QUALITY_COLUMNS: list[tuple[str, Callable[[Quality], float]]] = [
    ("floor used", lambda q: q.floor_used),
    ("changes/push", lambda q: q.changes_per_push),
    ("moves/push", lambda q: q.moves_per_push),
    ("dead floor", lambda q: q.dead_floor),
    ("floor/star", lambda q: q.floor_per_star),
    ("wall blocks", lambda q: q.wall_blocks),
]


def quality_table(rows: Sequence[tuple[str, list[Quality]]]) -> None:
    """Medians of each quality measure, one line per group of levels."""
    print("  What the levels are like (medians; see Quality in generate/measures.py):")
    print(f"  {'levels':<34}" + "".join(f"{name:>14}" for name, _ in QUALITY_COLUMNS))
    for label, measured in rows:
        cells = [
            f"{statistics.median(get(q) for q in measured):14.2f}" if measured else f"{'n/a':>14}"
            for _, get in QUALITY_COLUMNS
        ]
        print(f"  {label + f' ({len(measured)})':<34}" + "".join(cells))


def reference_qualities(count: int, time_limit: float) -> list[tuple[str, list[Quality]]]:
    """The quality of ``count`` Microban and Boxoban levels, or nothing without ../shared."""
    if not (MICROBAN.exists() and BOXOBAN.exists()):
        print(f"  references skipped: {MICROBAN.name} or {BOXOBAN.name} not found in {SHARED}")
        return []
    microban = read_collection(MICROBAN).levels
    numbers = list(MICROBAN_LEVELS)
    chosen = [microban[numbers[i * len(numbers) // count] - 1] for i in range(min(count, len(numbers)))]
    rows = []
    for label, levels, solve in (
        ("Microban (solver)", chosen, lambda level: _solver_moves(level, time_limit)),
        ("Boxoban (fewest pushes)", read_collection(BOXOBAN).levels[:count], fewest_pushes_solution),
    ):
        measured = []
        for level in levels:
            moves = solve(level)
            if moves is not None:
                measured.append(level_quality(level, moves))
        rows.append((label, measured))
    return rows


def _solver_moves(level: Level, time_limit: float) -> str | None:
    from starpusher.solver import solve

    result = solve(level, time_limit=time_limit)
    return result.moves if result.solved else None


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=1000, help="levels in the comparison (default 1000)")
    parser.add_argument("--timing", type=int, default=30, help="levels per difficulty for speed (default 30)")
    parser.add_argument(
        "--time-limit", type=float, default=10.0, help="solver seconds per level (default 10)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes measuring levels (default 1)")
    parser.add_argument("--endless", action="store_true", help="only time the sizes Endless offers")
    parser.add_argument("--seeds", type=int, default=10, help="levels per Endless size and difficulty")
    parser.add_argument(
        "--reference", type=int, default=40, help="Microban and Boxoban levels beside Endless (default 40)"
    )
    args = parser.parse_args()
    # Times on a shared machine are noisy: say how busy it was.
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start\n")
    if args.endless:
        sys.exit(0 if endless(args.seeds, args.reference, args.time_limit) else 1)
    fast = speed(args.timing, args.time_limit)
    good = comparison(args.count, args.time_limit, args.jobs)
    same = builtin_check()
    sys.exit(0 if fast and good and same else 1)


if __name__ == "__main__":
    main()
