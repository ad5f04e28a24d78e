"""Which shares of the time should the searches of a portfolio get? Counted from runs of each alone.

Run each search alone on the same levels, saving what it solved and how fast
(``bench_solver.py --save``), then give this script the saved files, one per
search, in the portfolio's order::

    python bench/bench_solver.py --set xsokoban --jobs 2 --time-limit 6 --packing --save packing.json
    python bench/bench_solver.py --set xsokoban --jobs 2 --time-limit 6 --features --save feature.json
    for k in 1 2 3; do
        python bench/bench_solver.py --set xsokoban --jobs 2 --time-limit 6 --member $k --save member$k.json
    done
    python bench/bench_shares.py --set xsokoban --warehouses --most 0.6 \\
        packing.json feature.json member1.json member2.json member3.json --shares 0.35 0.25 0.2 0.1 0.1

A level counts as solved by a set of shares when some search solved it alone
in no more than its share of ``--time-limit`` (10 s). It prints that count for
``--shares`` and the shares, in steps of a twentieth, that solve the most.
In the portfolio the searches share their deadlock sets and join one
another, so it often solves more than this count; but the count is the
same from run to run, where the portfolio's varies by a level or two, and it
takes one run of each search, not one run of the portfolio per guess.
Shares above the time the searches had alone cannot be judged: ``--most``
(their time alone over ``--time-limit``) leaves them out.

``--warehouses`` keeps only the levels that get the warehouse portfolio (the
others get :data:`~starpusher.solver.portfolio.PORTFOLIO` whatever the shares).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver import SETS, SHARED, load_levels
from starpusher.solver.portfolio import is_warehouse

#: Shares are tried in steps of this.
STEP = 0.05

#: Seconds a search took alone, per level, for each search (None: not solved).
Times = list[dict[int, float | None]]


def read_times(paths: list[Path], name: str) -> Times:
    """Each file's times for set ``name``, as ``bench_solver.py --save`` wrote them."""
    times = []
    for path in paths:
        try:
            runs = json.loads(path.read_text())[name]
        except (OSError, ValueError, KeyError) as error:
            raise SystemExit(f"{path}: no saved run of {name} ({type(error).__name__})") from None
        times.append(
            {int(n): run["seconds"] if run["status"] == "solved" else None for n, run in runs.items()}
        )
    return times


def warehouses(name: str) -> set[int]:
    """The levels of set ``name`` that get the warehouse portfolio."""
    filename, first, last = SETS[name]
    levels = load_levels(SHARED / filename)
    found = set()
    for number in range(first, (last or len(levels)) + 1):
        level = levels[number - 1]
        board = level.compiled()
        if is_warehouse(board, board.stars(level.start), level.start.player, time.perf_counter() + 10):
            found.add(number)
    return found


def solved(times: Times, shares: tuple[float, ...], levels: set[int], limit: float) -> int:
    """How many of ``levels`` some search solved alone within its share of ``limit``."""
    return sum(
        any(_within(alone.get(n), share * limit) for alone, share in zip(times, shares, strict=True))
        for n in levels
    )


def _within(seconds: float | None, allowed: float) -> bool:
    return seconds is not None and seconds <= allowed


def all_shares(searches: int) -> list[tuple[float, ...]]:
    """Every way of sharing the time among ``searches`` searches in steps of :data:`STEP`."""
    steps = round(1 / STEP)
    return [
        (*(part * STEP for part in parts), (steps - sum(parts)) * STEP)
        for parts in itertools.product(range(steps + 1), repeat=searches - 1)
        if sum(parts) <= steps
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="xsokoban", choices=sorted(SETS))
    parser.add_argument(
        "--warehouses", action="store_true", help="only the levels that get the warehouse portfolio"
    )
    parser.add_argument("--time-limit", type=float, default=10.0, help="the portfolio's time a level (10 s)")
    parser.add_argument("--shares", type=float, nargs="+", help="shares to count, one per file")
    parser.add_argument("--best", type=int, default=10, help="how many of the best shares to print")
    parser.add_argument(
        "--most",
        type=float,
        default=1.0,
        help="the largest share to try (the searches' time alone / the limit)",
    )
    parser.add_argument("saved", type=Path, nargs="+", help="bench_solver.py --save files, one per search")
    args = parser.parse_args()
    times = read_times(args.saved, args.set)
    levels = set().union(*times)
    if args.warehouses:
        levels &= warehouses(args.set)
    alone = [sum(search.get(n) is not None for n in levels) for search in times]
    print(f"{args.set}: {len(levels)} levels; each search alone solves {alone}")
    if args.shares:
        if len(args.shares) != len(times):
            parser.error(f"--shares needs one share per file ({len(times)})")
        count = solved(times, tuple(args.shares), levels, args.time_limit)
        print(f"  --shares {' '.join(map(str, args.shares))}: {count}")
    counted = sorted(
        (
            (solved(times, shares, levels, args.time_limit), shares)
            for shares in all_shares(len(times))
            if max(shares) <= args.most + 1e-9
        ),
        key=lambda found: -found[0],
    )
    for count, shares in counted[: args.best]:
        print(f"  {' '.join(f'{share:.2f}' for share in shares)}: {count}")


if __name__ == "__main__":
    main()
