"""``starpusher optimize FILE --level N [LURD | --best | --known K]``: a solution made shorter.

The solution to start from is typed, the player's best from the store
(``--best``), or one the level file brings (``--known K``); without any,
the shortest of those there are. The optimizer (:mod:`starpusher.optimize`)
makes it as short as it can in the time, fewest pushes first or fewest
moves first, and the result, replayed through the rules, is printed with
both counts; it says when no solution can be shorter. ``--keep`` keeps an
improvement as a known solution of the level, never as the player's own.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core import Level, StarPusherError
from ..optimize import Metric, Optimized, Optimizing
from ..solver import Outcome
from ..store import Solution, Store, verified_solution
from . import Parser
from .chosen import chosen_solution, say
from .common import load_level, plural, positive_float, positive_int
from .limits import OutOfTime, deadline_alarm
from .solve import default_memory_limit
from .workers import Terminated, interrupted_status

#: How a run ended, in ``--json``'s words.
ENDINGS = {
    Outcome.FINISHED: "finished",
    Outcome.TIMEOUT: "time limit",
    Outcome.MEMORY: "memory limit",
    Outcome.CANCELLED: "interrupted",
    Outcome.GAVE_UP: "position limit",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "optimize",
        help="make a solution shorter: fewest pushes or fewest moves",
        description=(
            "Make a solution of one level shorter, fewest pushes first (or fewest moves), and print"
            " it with both counts; the result is never longer than the solution given. Without"
            " LURD, --best or --known, it starts from the shortest solution there is: yours, the"
            " file's or one kept before."
        ),
    )
    # LURD may follow the options (FILE --level N LURD): argparse leaves an optional
    # positional there unread unless it reads the positionals after the options.
    parser.__class__ = IntermixedParser
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--level", type=positive_int, default=1, metavar="N", help="level number (default 1)")
    parser.add_argument("moves", nargs="?", metavar="LURD", help="the solution to start from")
    parser.add_argument("--best", action="store_true", help="start from your best solution")
    parser.add_argument(
        "--known", type=positive_int, metavar="K", help="start from the K-th solution the file gives"
    )
    parser.add_argument(
        "--metric",
        choices=[metric.value for metric in Metric],
        default=Metric.PUSHES.value,
        help="what to make fewest first, the other count breaking ties (default pushes)",
    )
    parser.add_argument(
        "--time-limit", type=positive_float, default=10.0, metavar="S", help="seconds to search (default 10)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list with one object for the level")
    parser.add_argument(
        "--keep", action="store_true", help="keep a shorter solution as a known solution of the level"
    )
    parser.set_defaults(run=run)


class IntermixedParser(Parser):
    """A command's parser that reads its positionals wherever they stand among its options."""

    _reading = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._reading:  # parse_known_intermixed_args reads in two passes, each through here
            return super().parse_known_args(args, namespace)
        self._reading = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._reading = False


def run(args: argparse.Namespace) -> int:
    # The time limit counts from the command's start: reading the file and replaying the solution too.
    deadline = getattr(args, "started", time.monotonic()) + args.time_limit
    notices = DatabaseNotice(wait=args.keep)
    keeping = Keeping()
    try:
        level, optimizing = _prepare(args, deadline, notices)
        result, stopped = _optimize(level, optimizing, deadline)
        if args.keep and stopped is None:
            keeping = _keep(args, level, optimizing, result, notices)
    finally:
        notices.say_waiting()
    _print(args, result, keeping.kept)
    if keeping.problem is not None:  # said after the solution, which is never lost for it
        say(f"the solution was not kept: {keeping.problem}")
    stopped = stopped or keeping.stopped
    if stopped is not None:
        return interrupted_status(stopped)
    return 0 if keeping.problem is None else 1


class DatabaseNotice:
    """The progress database's notice (a damaged file, say), said once.

    With ``--keep`` the database is opened twice, to read what to start
    from and to keep the result: the notice waits, and the second one, of
    what was done to the file, is said instead of it.
    """

    def __init__(self, *, wait: bool) -> None:
        self.wait = wait
        self.waiting: str | None = None

    def read(self, notice: str | None) -> None:
        if notice is not None and self.wait:
            self.waiting = notice
        elif notice is not None:
            say(notice)

    def kept(self, notice: str | None) -> None:
        self.waiting = notice
        self.say_waiting()

    def say_waiting(self) -> None:
        if self.waiting is not None:
            say(self.waiting)
            self.waiting = None


def _prepare(args: argparse.Namespace, deadline: float, notices: DatabaseNotice) -> tuple[Level, Optimizing]:
    """The level and its solution to start from, read and replayed before the deadline, or an error."""
    try:
        with deadline_alarm(deadline):
            level = load_level(args.file, args.level)
            metric = Metric(args.metric)
            moves, source = _starting_solution(args, level, metric, notices)
            try:
                optimizing = Optimizing(level, moves, metric, memory_limit_mb=default_memory_limit(1))
            except StarPusherError as error:
                raise StarPusherError(f"level {args.level}: {source}: {error}") from None
    except OutOfTime:
        raise StarPusherError(
            f"the time limit ({args.time_limit:g} s) ran out while reading level {args.level} and replaying"
            " the solution to start from: there was no time left to optimize it"
        ) from None
    return level, optimizing


def _optimize(
    level: Level, optimizing: Optimizing, deadline: float
) -> tuple[Optimized, BaseException | None]:
    """The optimizer's result by the deadline, replayed once more through the rules; and a Ctrl+C, if any.

    The optimizer stops itself at the deadline; the alarm is for what it
    cannot watch (a result of millions of moves written out and replayed):
    then the solution given, replayed already, is the result.
    """
    try:
        with deadline_alarm(deadline):
            result = optimizing.run(max(deadline - time.monotonic(), 0.0))
            if result.moves != optimizing.given:
                verified_solution(level, result.moves)
    except OutOfTime:
        return optimizing.unchanged(Outcome.TIMEOUT), None
    except (KeyboardInterrupt, Terminated) as stop:  # the best found so far is not lost
        result = optimizing.result()
        verified_solution(level, result.moves)
        return result, stop
    return result, None


def _print(args: argparse.Namespace, result: Optimized, kept: list[str]) -> None:
    if args.json:
        json.dump([_json(args.level, result, kept)], sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(f"level {args.level}: {_summary(result)}")
        print(result.moves)
        if kept:
            print(f"kept as the level's known solution by {' and by '.join(kept)}")


def _starting_solution(
    args: argparse.Namespace, level: Level, metric: Metric, notices: DatabaseNotice
) -> tuple[str, str]:
    """The moves to start from, and what they are (for messages): see :func:`.chosen.chosen_solution`."""
    return chosen_solution(
        level,
        file=args.file,
        number=args.level,
        moves=args.moves,
        best=args.best,
        known=args.known,
        metric=metric,
        data_dir=getattr(args, "data_dir", None),
        notice=notices.read,
    )


@dataclass(frozen=True)
class Keeping:
    """What became of ``--keep``: where the result was kept, or why not (and a Ctrl+C meanwhile)."""

    kept: list[str] = field(default_factory=list)
    problem: str | None = None
    stopped: BaseException | None = None


def _keep(
    args: argparse.Namespace, level: Level, optimizing: Optimizing, result: Optimized, notices: DatabaseNotice
) -> Keeping:
    """Keep the result as a known solution where it is the shortest known and shorter than the one given.

    Keeping may fail (a read-only folder, a full disk, a database locked
    too long): the result is printed all the same, and why it was not kept.
    """
    optimal_by = result.metric.value if result.optimal else None
    try:
        with Store.open(getattr(args, "data_dir", None)) as store:
            notices.kept(store.notice)
            kept = store.keep_known_solution(
                level, result.moves, optimal_by=optimal_by, made_from=Solution.of_played(optimizing.given)
            )
    except StarPusherError as error:
        return Keeping(problem=str(error))
    except (KeyboardInterrupt, Terminated) as stop:  # while waiting for a locked database, say
        return Keeping(problem="interrupted", stopped=stop)
    return Keeping(kept)


def _counts(moves: int, pushes: int, metric: Metric) -> str:
    """Both counts, the metric's first."""
    both = [f"{pushes} push{'' if pushes == 1 else 'es'}", plural(moves, "move")]
    return ", ".join(both if metric is Metric.PUSHES else reversed(both))


def _summary(result: Optimized) -> str:
    """One line: the counts, what they were, how long it took and whether they are proven optimal."""
    metric = result.metric
    now = _counts(len(result.moves), result.pushes, metric)
    was = _counts(result.given_moves, result.given_pushes, metric)
    seconds = f"{result.seconds:.1f}s"
    if result.optimal:
        proof = f"no solution has fewer {metric.value} (proven in {seconds})"
        return f"{now} (was {was}); {proof}" if result.improved else f"{now}, as given; {proof}"
    if result.improved:
        return f"{now} (was {was}) in {seconds}; not proven optimal"
    return f"no shorter solution found in {seconds}: {now}"


def _json(number: int, result: Optimized, kept: list[str]) -> dict[str, object]:
    return {
        "level": number,
        "metric": result.metric.value,
        "solution": result.moves,
        "moves": len(result.moves),
        "pushes": result.pushes,
        "optimal": result.optimal,
        "seconds": round(result.seconds, 3),
        "given_moves": result.given_moves,
        "given_pushes": result.given_pushes,
        "improved": result.improved,
        "ended": ENDINGS[result.status],
        "kept": kept,
    }
