"""Benchmark of the optimizer on the shared level sets.

    python bench/bench_optimize.py --jobs 1

For each level of Microban (levels 2-156 of ``starPusherLevels.txt``) and
Sasquatch I (157-206): the solver's solution at ``--solve-limit`` seconds
(10), optimized for pushes with ``--time-limit`` seconds (10); then a plain
breadth-first search over pushes (no lower bound, only dead squares pruned)
for at most ``--bfs-limit`` seconds (10), which gives the fewest pushes where
it finishes. On Sasquatch I, YASS solves each level too, one after the
other under the same limit (``../shared/peers/yass/solve``; its solutions are
polished by its own optimizer), and its pushes are set beside ours.

Prints, per set: pushes before and after in total and as medians, the share
of levels the optimizer proved optimal, the gap to the fewest pushes over
the levels the breadth-first search finished, and on Sasquatch I the levels
where ours has fewer, as many or more pushes than YASS's::

    microban: 155 levels, 155 solved; pushes 4210 -> 3902 (-7.3%), median 24 -> 23; ...

Any optimality the optimizer claims is checked against the breadth-first
search where that finished: a disagreement is printed and ends the run
with status 1. ``--every K`` and ``--levels`` take a sample while working.

``--nodes N`` runs on a budget of positions instead of seconds: the solver's
portfolio and then the optimizer stop after N positions each, their turns
counted in positions, so that every figure is the same on any machine (no
breadth-first search, no YASS). ``--save FILE`` keeps each level's figures
(pushes and moves before and after, proven or not, how the run ended,
positions, a checksum of the solution) and ``--against FILE`` compares a run
with a saved one: a change that should not change the optimizer (a
refactoring) must leave every one as it was::

    python bench/bench_optimize.py --nodes 4096 --save before.json
    (change the optimizer)
    python bench/bench_optimize.py --nodes 4096 --against before.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bench_solver import PEERS, SHARED, _run_peer, load_levels, peer_ready
from starpusher.bitboard import area_key, flood, position_key, pushes
from starpusher.core import Level
from starpusher.optimize import Metric, optimize
from starpusher.solver import solve

#: name -> (first level number, last level number, compare with YASS) in starPusherLevels.txt
SETS = {"microban": (2, 156, False), "sasquatch": (157, 206, True)}


@dataclass(frozen=True)
class Measured:
    """One level: the solver's solution, the optimizer's, the fewest pushes, YASS's."""

    number: int
    solved: bool
    before: int = 0
    after: int = 0
    moves_before: int = 0
    moves_after: int = 0
    proven: bool = False
    seconds: float = 0.0
    #: Fewest pushes, when the breadth-first search finished (else None).
    fewest: int | None = None
    #: YASS's pushes, None when it did not solve the level (or was not asked).
    yass: int | None = None


def fewest_pushes(level: Level, time_limit: float, most_positions: int = 3_000_000) -> int | None:
    """The fewest pushes that solve ``level``, by a plain breadth-first search; None if it did not finish.

    Positions are the stars and the player's area; the only pruning is
    that no star is pushed onto a square from which no goal can be reached.
    """
    board = level.compiled()
    deadline = time.perf_counter() + time_limit
    floor, goals, width, size = board.floor, board.goals, board.width, board.size
    stars = board.stars(level.start)
    if stars & goals == goals:
        return 0
    into = board.pushable_to
    layer = [(stars, level.start.player)]
    seen = {position_key(stars, area_key(flood(1 << level.start.player, floor & ~stars, width)), size)}
    depth = 0
    while layer:
        depth += 1
        following = []
        for boxes, player in layer:
            if time.perf_counter() > deadline or len(seen) > most_positions:
                return None
            reach = flood(1 << player, floor & ~boxes, width)
            for direction, target, new_boxes in pushes(boxes, boxes, reach, into & ~boxes, board.deltas):
                if new_boxes & goals == goals:
                    return depth
                standing = target - board.deltas[direction]
                key = position_key(new_boxes, area_key(flood(1 << standing, floor & ~new_boxes, width)), size)
                if key not in seen:
                    seen.add(key)
                    following.append((new_boxes, standing))
        layer = following
    return None  # no solution at all (cannot happen on a published level)


Job = tuple[int, Level, argparse.Namespace, bool]


def measure_on_budget(job: Job) -> tuple[int, list[object]]:
    """One level on a budget of positions: figures that are the same on any machine."""
    number, level, args, _ = job
    never = 24 * 3600.0
    solved = solve(level, time_limit=never, memory_limit_mb=1 << 20, max_nodes=args.nodes)
    if not solved.solved:
        return number, [solved.status.value]
    result = optimize(
        level, solved.moves, Metric.PUSHES, time_limit=never, memory_limit_mb=1 << 20, max_nodes=args.nodes
    )
    if not level.is_solved(level.replay(result.moves)):
        raise SystemExit(f"bench: level {number}: the optimizer returned a non-solution")
    # Before the one outcome of the package, a run whose searches both finished said "solved".
    ended = "finished" if result.status.value in ("solved", "finished") else result.status.value
    return number, [
        "solved",
        solved.pushes,
        len(solved.moves),
        result.pushes,
        len(result.moves),
        result.optimal,
        ended,
        result.nodes,
        zlib.crc32(result.moves.encode()),
    ]


def run_on_budget(args: argparse.Namespace) -> int:
    """Every level of the sets on a budget of positions; saved, or compared with a saved run."""
    levels = load_levels(SHARED / "starPusherLevels.txt")
    figures: dict[str, list[object]] = {}
    for name in SETS if args.set == "all" else [args.set]:
        first, last, _ = SETS[name]
        numbers = (
            [n for n in args.levels if first <= n <= last] if args.levels else list(range(first, last + 1))
        )
        jobs = [(n, levels[n - 1], args, False) for n in numbers[:: args.every]]
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            found = dict(pool.map(measure_on_budget, jobs))
        figures.update((str(n), f) for n, f in found.items())
        done = [f for f in found.values() if f[0] == "solved"]
        print(
            f"{name}: {len(found)} levels, {len(done)} solved on the budget; pushes"
            f" {sum(int(str(f[1])) for f in done)} -> {sum(int(str(f[3])) for f in done)},"
            f" {sum(bool(f[5]) for f in done)} proven optimal (wall {time.perf_counter() - started:.0f}s)",
            flush=True,
        )
    if args.save:
        args.save.write_text(json.dumps({"nodes": args.nodes, "levels": figures}, indent=0) + "\n")
    if not args.against:
        return 0
    saved = json.loads(args.against.read_text())
    if saved["nodes"] != args.nodes:
        print(f"bench: the saved run had a budget of {saved['nodes']} positions", file=sys.stderr)
        return 1
    differ = [n for n, f in figures.items() if saved["levels"].get(n) != f]
    for n in differ:
        print(f"  DIFFERS level {n}: was {saved['levels'].get(n)}, now {figures[n]}", flush=True)
    print(f"against the saved run: {len(figures) - len(differ)} levels identical, {len(differ)} differ")
    return 1 if differ else 0


def measure(job: Job) -> Measured:
    number, level, args, with_yass = job
    solved = solve(level, time_limit=args.solve_limit)
    yass = None
    if with_yass:
        peer = _run_peer("yass", level, args.solve_limit)
        yass = peer.pushes if peer.solved else None
    if not solved.solved:
        return Measured(number, False, yass=yass)
    result = optimize(level, solved.moves, Metric.PUSHES, time_limit=args.time_limit)
    if not level.is_solved(level.replay(result.moves)):
        raise SystemExit(f"bench: level {number}: the optimizer returned a non-solution")
    return Measured(
        number,
        True,
        solved.pushes,
        result.pushes,
        len(solved.moves),
        len(result.moves),
        result.optimal,
        result.seconds,
        fewest_pushes(level, args.bfs_limit),
        yass,
    )


def run_set(name: str, args: argparse.Namespace) -> bool:
    """Measure one set and print its summary; False when a claim of optimality was wrong."""
    first, last, with_yass = SETS[name]
    levels = load_levels(SHARED / "starPusherLevels.txt")
    numbers = [n for n in args.levels if first <= n <= last] if args.levels else list(range(first, last + 1))
    numbers = numbers[:: args.every]
    if not numbers:
        return True
    jobs = [(n, levels[n - 1], args, with_yass and bool(args.peer)) for n in numbers]
    started = time.perf_counter()
    results: list[Measured] = []
    with ProcessPoolExecutor(max_workers=args.jobs, max_tasks_per_child=1) as pool:
        for measured in pool.map(measure, jobs):
            results.append(measured)
            if args.verbose:
                print(f"  {name} {_line(measured)}", flush=True)
    return _report(name, results, args, time.perf_counter() - started)


def _line(m: Measured) -> str:
    if not m.solved:
        return f"{m.number}: not solved" + (f" | yass {m.yass}" if m.yass is not None else "")
    fewest = f" fewest {m.fewest}" if m.fewest is not None else ""
    yass = f" | yass {m.yass}" if m.yass is not None else ""
    proven = " proven" if m.proven else ""
    return f"{m.number}: pushes {m.before} -> {m.after}{proven} in {m.seconds:.1f}s{fewest}{yass}"


def _report(name: str, results: list[Measured], args: argparse.Namespace, wall: float) -> bool:
    solved = [m for m in results if m.solved]
    conditions = (
        f"(solver {args.solve_limit:g}s, optimizer {args.time_limit:g}s, breadth-first {args.bfs_limit:g}s,"
        f" jobs {args.jobs}, wall {wall:.0f}s)"
    )
    print(f"{name}: {len(results)} levels, {len(solved)} solved {conditions}", flush=True)
    if not solved:
        return True
    before, after = sum(m.before for m in solved), sum(m.after for m in solved)
    medians = [statistics.median(m.before for m in solved), statistics.median(m.after for m in solved)]
    print(
        f"  pushes {before} -> {after} ({(after - before) / before:+.1%}),"
        f" median {medians[0]:g} -> {medians[1]:g};"
        f" moves {sum(m.moves_before for m in solved)} -> {sum(m.moves_after for m in solved)}",
        flush=True,
    )
    proven = len([m for m in solved if m.proven])
    print(
        f"  proven optimal by the optimizer: {proven} of {len(solved)} ({proven / len(solved):.0%});"
        f" optimizer time median {statistics.median(m.seconds for m in solved):.1f}s",
        flush=True,
    )
    known = [m for m in solved if m.fewest is not None]
    wrong = [
        m
        for m in known
        if m.fewest is not None and (m.after < m.fewest or (m.proven and m.after != m.fewest))
    ]
    if known:
        optimum = sum(m.fewest for m in known if m.fewest is not None)
        ours = sum(m.after for m in known)
        off = [
            f"{m.number} (+{m.after - m.fewest})"
            for m in known
            if m.fewest is not None and m.after > m.fewest
        ]
        print(
            f"  breadth-first search finished on {len(known)}: optimized {ours} against fewest {optimum}"
            f" ({(ours - optimum) / max(optimum, 1):+.2%}); above it: {', '.join(off) or 'none'}",
            flush=True,
        )
    unproven = [m for m in solved if m.fewest is None]
    if unproven:
        print(
            f"  breadth-first search did not finish on {len(unproven)}:"
            f" pushes {sum(m.before for m in unproven)} -> {sum(m.after for m in unproven)},"
            f" {sum(m.proven for m in unproven)} of them proven by the optimizer",
            flush=True,
        )
    both = [m for m in solved if m.yass is not None]
    if args.peer and SETS[name][2]:
        only_yass = [m.number for m in results if not m.solved and m.yass is not None]
        fewer = [m.number for m in both if m.yass is not None and m.after < m.yass]
        same = [m.number for m in both if m.after == m.yass]
        more = [
            f"{m.number} ({m.after} vs {m.yass})" for m in both if m.yass is not None and m.after > m.yass
        ]
        print(
            f"  beside YASS on the {len(both)} levels both solved: ours {sum(m.after for m in both)}"
            f" (before optimizing {sum(m.before for m in both)})"
            f" against YASS's {sum(m.yass or 0 for m in both)};"
            f" fewer pushes than YASS on {len(fewer)}, as many on {len(same)}, more on {len(more)}"
            f"{': ' + ', '.join(more) if more else ''}; solved by YASS only: {only_yass or 'none'}",
            flush=True,
        )
    for m in wrong:
        print(
            f"  WRONG: level {m.number}: optimizer {m.after} (proven: {m.proven}), fewest {m.fewest}",
            flush=True,
        )
    return not wrong


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--levels", type=int, nargs="+", help="only these level numbers (in the file)")
    parser.add_argument("--every", type=int, default=1, metavar="K", help="only every K-th level (a sample)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--solve-limit", type=float, default=10.0, metavar="S", help="the solver's seconds")
    parser.add_argument("--time-limit", type=float, default=10.0, metavar="S", help="the optimizer's seconds")
    parser.add_argument(
        "--bfs-limit", type=float, default=10.0, metavar="S", help="the breadth-first search's"
    )
    parser.add_argument(
        "--peer", choices=["yass", "none"], default="yass", help="YASS beside ours on Sasquatch I (default)"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per level")
    parser.add_argument("--nodes", type=int, metavar="N", help="a budget of positions instead of seconds")
    parser.add_argument("--save", type=Path, metavar="FILE", help="with --nodes: keep every level's figures")
    parser.add_argument(
        "--against", type=Path, metavar="FILE", help="with --nodes: compare with a --save run"
    )
    args = parser.parse_args()
    args.peer = None if args.peer == "none" else args.peer
    if not SHARED.is_dir():
        print(f"bench: {SHARED} not found", file=sys.stderr)
        return 1
    if args.nodes:
        return run_on_budget(args)
    if args.peer and not peer_ready(args.peer):
        print(f"bench: without YASS, run with --peer none (see {PEERS})", file=sys.stderr)
        return 1
    sound = True
    for name in SETS if args.set == "all" else [args.set]:
        sound &= run_set(name, args)
    return 0 if sound else 1


if __name__ == "__main__":
    raise SystemExit(main())
