"""Levels per second parsed from a large collection.

    python bench/bench_levels.py [FILE] [--repeat N]

Reads the 1,000 Boxoban levels of ``../shared/levels/boxoban_unfiltered_test_000.txt``
(or FILE) ten times, decoding, parsing and validating each level, and prints
levels per second (after one untimed warm-up read), overall and per pass.
Target: 20,000 levels/s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from starpusher.levels import read_collection

TARGET = 20_000
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
DEFAULT_FILE = SHARED / "levels" / "boxoban_unfiltered_test_000.txt"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    if not args.file.exists():
        sys.exit(f"bench_levels: {args.file} not found (it lives in ../shared beside the project)")
    read_collection(args.file)  # warm-up: first-use caches and the file in the page cache
    wall_started, cpu_started = time.perf_counter(), time.process_time()
    count, pass_rates = 0, []
    for _ in range(args.repeat):
        pass_started = time.process_time()
        collection = read_collection(args.file)
        count += len(collection.levels)
        pass_rates.append(len(collection.levels) / (time.process_time() - pass_started))
    wall, seconds = time.perf_counter() - wall_started, time.process_time() - cpu_started
    rate = count / seconds
    # CPU time of this process: on a shared machine, wall time also counts other people's work.
    print(f"wall clock: {count / wall:,.0f} levels/s")
    print(f"per pass: median {statistics.median(pass_rates):,.0f}, best {max(pass_rates):,.0f} levels/s")
    verdict = "meets" if rate >= TARGET else "MISSES"
    print(f"parsed {count:,} levels in {seconds:.2f} CPU seconds: {rate:,.0f} levels/s")
    print(f"{verdict} the target of {TARGET:,} levels/s")


if __name__ == "__main__":
    main()
