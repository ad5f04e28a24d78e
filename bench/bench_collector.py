"""What pausing Python's cycle collector during a search is worth (``solver/collector.py``).

    python bench/bench_collector.py --set sasquatch2 --levels 213 225 233 239 254

Each level is searched twice for ``--time-limit`` seconds (10) by the whole
solver, each time in a fresh process: once as the solver runs (the collector
paused while it searches) and once with the collector left running, the two
one after the other, in turn which goes first. Prints the positions each
looked at and their ratio, level by level and in all: on a shared machine
the ratio, not the seconds, is the figure to read. ``--repeat N`` runs each
pair N times.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bench_solver import SETS, SHARED, load_levels


def positions(filename: str, number: int, time_limit: float, paused: bool) -> tuple[int, str, float]:
    """Positions the whole solver looks at on one level in ``time_limit``; its outcome and seconds."""
    import starpusher.solver.portfolio as portfolio

    if not paused:
        setattr(portfolio, "collector_paused", contextlib.nullcontext)  # noqa: B010 (a name it imported)
    level = load_levels(SHARED / filename)[number - 1]
    started = time.perf_counter()
    result = portfolio.Solving(level).run(time_limit)
    return result.nodes, result.status.value, time.perf_counter() - started


def in_fresh_process(filename: str, number: int, time_limit: float, paused: bool) -> tuple[int, str, float]:
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(positions, (filename, number, time_limit, paused))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="sasquatch2", choices=sorted(set(SETS) - {"all"}))
    parser.add_argument("--levels", type=int, nargs="+", required=True, help="level numbers of the set")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    filename, first, last = SETS[args.set]
    levels = load_levels(SHARED / filename)
    for number in args.levels:
        if not first <= number <= (last or len(levels)):
            raise SystemExit(f"{args.set}: no level {number} (levels {first}-{last or len(levels)})")
    totals = {True: 0, False: 0}
    for turn in range(args.repeat):
        for number in args.levels:
            counts: dict[bool, tuple[int, str, float]] = {}
            order = (True, False) if (turn + number) % 2 == 0 else (False, True)
            for paused in order:
                counts[paused] = in_fresh_process(filename, number, args.time_limit, paused)
                totals[paused] += counts[paused][0]
            (on, on_status, on_seconds), (off, off_status, off_seconds) = counts[True], counts[False]
            print(
                f"{args.set} {number}: paused {on:,} positions ({on_status}, {on_seconds:.2f}s), "
                f"running {off:,} ({off_status}, {off_seconds:.2f}s), ratio {on / max(off, 1):.2f}",
                flush=True,
            )
    print(
        f"in all: paused {totals[True]:,} positions, running {totals[False]:,}, "
        f"ratio {totals[True] / max(totals[False], 1):.2f}"
    )


if __name__ == "__main__":
    main()
