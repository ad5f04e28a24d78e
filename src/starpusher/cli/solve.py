"""``starpusher solve FILE [--level N | --all]``: solve levels with the built-in solver.

Each solution is printed as LURD after the solver has replayed it through
the rules. ``--all`` solves every level of the file (in parallel with
``--jobs``), shows a progress bar on a terminal and ends with a summary
table. The exit status is 0 only when every requested level was solved.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from ..core import Level
from ..solver import Outcome, SolveResult, solve
from ..solver.limits import resident_bytes
from .bars import progress_bar
from .common import load_level, plural, positive_float, positive_int, read_levels
from .limits import OutOfTime, deadline_alarm
from .workers import Terminated, WorkerPool, interrupted_status

DEFAULT_MEMORY_MB = 2048
#: Share of the machine's memory that all parallel searches together may take by default.
DEFAULT_MEMORY_SHARE = 0.5


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve levels and print the solutions as LURD",
        description="Solve one level (or all) of a level file; every solution is checked before printing.",
    )
    parser.add_argument("file", metavar="FILE")
    which = parser.add_mutually_exclusive_group()
    # No default here: argparse lets a mutually exclusive option through when it equals its default.
    which.add_argument("--level", type=positive_int, metavar="N", help="level number (default 1)")
    which.add_argument("--all", action="store_true", help="solve every level of the file")
    parser.add_argument(
        "--time-limit", type=positive_float, default=10.0, metavar="S", help="seconds per level (default 10)"
    )
    parser.add_argument(
        "--jobs", type=positive_int, default=1, metavar="J", help="levels solved in parallel (default 1)"
    )
    parser.add_argument(
        "--memory-limit",
        type=positive_float,
        metavar="MB",
        help=f"memory each search may use (default {DEFAULT_MEMORY_MB}, less when the jobs "
        "together would take more than half the machine's memory)",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list with one object per level")
    parser.set_defaults(run=run)


@dataclass(frozen=True)
class LevelOutcome:
    """One requested level and what became of it."""

    number: int
    result: SolveResult | None = None
    #: Why the level could not even be tried (it does not read as a playable level).
    problem: str = ""

    @property
    def solved(self) -> bool:
        return self.result is not None and self.result.solved

    @property
    def status(self) -> Outcome:
        return self.result.status if self.result else Outcome.INVALID

    def to_json(self) -> dict[str, object]:
        result = self.result
        record: dict[str, object] = {
            "level": self.number,
            "solved": self.solved,
            "status": self.status.value,
            "moves": len(result.moves) if result and result.solved else None,
            "pushes": result.pushes if result and result.solved else None,
            "seconds": round(result.seconds, 3) if result else 0.0,
            "solution": result.moves if result and result.solved else None,
            "nodes": result.nodes if result else 0,
        }
        if self.problem:
            record["error"] = self.problem
        return record


def run(args: argparse.Namespace) -> int:
    if not args.all:
        return _run_one(args)
    collection = read_levels(args.file)
    tasks: list[tuple[int, Level | str]] = [
        *zip(collection.numbers, collection.levels, strict=True),
        *((problem.level or 0, str(problem)) for problem in collection.problems),
    ]
    tasks.sort(key=lambda task: task[0])
    time_limit = args.time_limit
    solvable = sum(isinstance(level, Level) for _, level in tasks)
    workers = max(1, min(args.jobs, solvable))  # the memory is shared by the workers actually started
    memory_limit = args.memory_limit or default_memory_limit(workers)
    out = sys.stdout
    finished: dict[int, LevelOutcome] = {}
    outcomes: list[LevelOutcome] = []
    bar = progress_bar(len(tasks), "solving", "level")
    try:
        for outcome in _solve_all(tasks, time_limit, memory_limit, workers, finished):
            outcomes.append(outcome)
            if not args.json:
                with bar.external_write_mode() if bar else contextlib.nullcontext():
                    _print_outcome(outcome, out)
            if bar:
                bar.set_postfix_str(f"{sum(o.solved for o in outcomes)} solved", refresh=False)
                bar.update()
    except (KeyboardInterrupt, Terminated) as stop:
        if bar:
            bar.close()
        _report_interrupted(sorted(finished.values(), key=lambda o: o.number), len(tasks), args, out)
        return interrupted_status(stop)
    if bar:
        bar.close()
    if args.json:
        json.dump([outcome.to_json() for outcome in outcomes], out, indent=1)
        out.write("\n")
    else:
        _print_summary(outcomes, out)
    return 0 if all(outcome.solved for outcome in outcomes) else 1


def _run_one(args: argparse.Namespace) -> int:
    """One level, within the time limit counted from the command's start: reading and analysis included."""
    if args.level is None:
        args.level = 1
    started = getattr(args, "started", time.monotonic())
    deadline = started + args.time_limit
    try:
        with deadline_alarm(deadline):
            level = load_level(args.file, args.level)
            memory_limit = args.memory_limit or default_memory_limit(1)
            outcome = _solve_one((args.level, level, max(deadline - time.monotonic(), 0.0), memory_limit))
    except OutOfTime:
        outcome = LevelOutcome(args.level, SolveResult(Outcome.TIMEOUT, seconds=time.monotonic() - started))
    if args.json:
        json.dump([outcome.to_json()], sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        _print_outcome(outcome, sys.stdout)
    return 0 if outcome.solved else 1


def _report_interrupted(
    finished: list[LevelOutcome], total: int, args: argparse.Namespace, out: TextIO
) -> None:
    """What was done before the interrupt, so long work is not lost: the JSON or the summary table."""
    print(f"starpusher: interrupted; {len(finished)} of {plural(total, 'level')} finished", file=sys.stderr)
    if args.json:
        json.dump([outcome.to_json() for outcome in finished], out, indent=1)
        out.write("\n")
    else:
        _print_summary(finished, out)
    out.flush()


def default_memory_limit(jobs: int) -> float:
    """Megabytes per search: the default, shrunk so that ``jobs`` searches fit in a share of the memory."""
    try:
        machine_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (ValueError, OSError, AttributeError):  # not on this system: trust the default
        return DEFAULT_MEMORY_MB
    return min(DEFAULT_MEMORY_MB, machine_mb * DEFAULT_MEMORY_SHARE / jobs)


#: This process's memory before its first search. The limit caps what the process
#: has grown since: memory a finished search leaves behind (freed but kept by the
#: allocator) counts against the next one, so a worker never creeps past its cap.
_memory_before_searches: int | None = None


def _solve_one(job: tuple[int, Level, float, float]) -> LevelOutcome:
    global _memory_before_searches
    number, level, time_limit, memory_limit = job
    resident = resident_bytes()
    if _memory_before_searches is None:
        _memory_before_searches = resident
    kept_mb = max(0, resident - _memory_before_searches) / 2**20
    # A search with (almost) nothing left stops at once, reporting the memory limit.
    search_limit = max(memory_limit - kept_mb, 0.01)
    return LevelOutcome(number, solve(level, time_limit=time_limit, memory_limit_mb=search_limit))


def _solve_all(
    tasks: list[tuple[int, Level | str]],
    time_limit: float,
    memory_limit: float,
    workers: int,
    finished: dict[int, LevelOutcome],
) -> Iterator[LevelOutcome]:
    """Outcomes in the order of ``tasks``, solving up to ``workers`` levels at once.

    ``finished`` gets every outcome as soon as it is known, in whatever order
    the workers finish: after an interrupt it holds all that was done.
    """
    for number, level in tasks:
        if isinstance(level, str):
            finished[number] = LevelOutcome(number, problem=level)
    jobs = [(number, level, time_limit, memory_limit) for number, level in tasks if isinstance(level, Level)]
    if workers == 1 or len(jobs) <= 1:
        results: Iterator[tuple[int, LevelOutcome]] = enumerate(map(_solve_one, jobs))
        pool = None
    else:
        pool = WorkerPool(_solve_one, jobs, workers).start()
        results = pool.results()
    try:
        for number, _ in tasks:
            while number not in finished:
                _, outcome = next(results)
                finished[outcome.number] = outcome
            yield finished[number]
    finally:
        if pool is not None:
            pool.stop()


def _print_outcome(outcome: LevelOutcome, out: TextIO) -> None:
    result = outcome.result
    if result is None:
        print(f"level {outcome.number}: {Outcome.INVALID.value}: {outcome.problem}", file=out)
    elif result.solved:
        print(
            f"level {outcome.number}: solved in {result.seconds:.2f}s, "
            f"{plural(len(result.moves), 'move')}, {plural(result.pushes, 'push', 'pushes')}",
            file=out,
        )
        print(result.moves, file=out)
    else:
        print(f"level {outcome.number}: {_describe(result)}", file=out)
    out.flush()


def _describe(result: SolveResult) -> str:
    return {
        Outcome.UNSOLVABLE: f"unsolvable (proved in {result.seconds:.2f}s)",
        Outcome.TIMEOUT: f"not solved within the time limit ({result.seconds:.1f}s)",
        Outcome.MEMORY: f"not solved: the search reached the memory limit after {result.seconds:.1f}s",
        Outcome.CANCELLED: "cancelled",
    }.get(result.status, result.status.value)


def _print_summary(outcomes: list[LevelOutcome], out: TextIO) -> None:
    print(file=out)
    print(f"{'level':>5}  {'result':<10}  {'time':>8}  {'moves':>7}  {'pushes':>6}", file=out)
    for outcome in outcomes:
        result = outcome.result
        seconds = f"{result.seconds:.2f}s" if result else "-"
        moves = str(len(result.moves)) if result and result.solved else "-"
        pushes = str(result.pushes) if result and result.solved else "-"
        status = outcome.status.value
        print(f"{outcome.number:>5}  {status:<10}  {seconds:>8}  {moves:>7}  {pushes:>6}", file=out)
    solved = [o for o in outcomes if o.solved]
    total_time = sum(o.result.seconds for o in outcomes if o.result)
    unsolved = len(outcomes) - len(solved)
    print(
        f"solved {len(solved)} of {len(outcomes)}, unsolved {unsolved}, time {total_time:.1f}s, "
        f"moves {sum(len(o.result.moves) for o in solved if o.result)}, "
        f"pushes {sum(o.result.pushes for o in solved if o.result)}",
        file=out,
    )
