"""Moves per second of random play through the public rules API.

    python bench/bench_rules.py [--moves N]

Plays random moves on the built-in levels through ``Level.try_move`` (the
call the front ends and the solver use) and through ``History.play`` (what a
game records), and prints moves per second for each. Target: 200,000 moves/s.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time

from starpusher.core import Direction, IllegalMoveError, Level
from starpusher.history import History
from starpusher.levels import load_builtin

TARGET = 200_000


def random_play(levels: list[Level], moves: int, rng: random.Random) -> float:
    """CPU seconds for ``moves`` random moves spread over the levels, with try_move."""
    directions = list(Direction)
    per_level = moves // len(levels)
    started = time.process_time()
    for level in levels:
        state = level.start
        for _ in range(per_level):
            result = level.try_move(state, rng.choice(directions))
            if result is not None:
                state = result[0]
    return time.process_time() - started


def history_play(levels: list[Level], moves: int, rng: random.Random) -> float:
    """CPU seconds for ``moves`` random moves recorded in a History (illegal ones refused)."""
    letters = "lurd"
    per_level = moves // len(levels)
    started = time.process_time()
    for level in levels:
        history = History(level.start, level.apply)
        for _ in range(per_level):
            with contextlib.suppress(IllegalMoveError):
                history.play(rng.choice(letters))
    return time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=1_000_000)
    args = parser.parse_args()
    levels = load_builtin("original").levels
    rng = random.Random(2026)
    for name, bench in (("Level.try_move", random_play), ("History.play", history_play)):
        seconds = bench(levels, args.moves, rng)
        rate = args.moves / seconds
        verdict = "meets" if rate >= TARGET else "MISSES"
        print(f"{name:15} {rate:>12,.0f} moves/s  ({verdict} the target of {TARGET:,})")


if __name__ == "__main__":
    main()
