"""Benchmark of the Sokoban solver on the shared level sets.

    python bench/bench_solver.py --set microban --jobs 1 --time-limit 10

Sets (from ``../shared/levels`` beside the repository):
``microban`` = levels 2-156 of starPusherLevels.txt, ``sasquatch`` (Sasquatch I)
= 157-206, ``sasquatch2`` to ``sasquatch4`` = 207-256, 257-306, 307-356,
``boxoban`` = the 1,000 levels of boxoban_unfiltered_test_000.txt,
``xsokoban`` = the classic levels 1-50 of xsokoban_original_50.txt (warehouses).
Prints one line per unsolved level, then one summary line per set::

    microban: solved 152/155  median 0.004s  worst 10.07s  solved levels: median 0.004s, worst 1.43s  ...

"median" and "worst" are over every level of the set (an unsolved level
counts the time it was given); "solved levels" are over the solved ones.

``--without`` and ``--weight`` run one search with those options in place of
the solver's default portfolio; to measure one technique, compare a run
``--weight 10`` (that single search with everything on) with ``--weight 10
--without T`` in the same conditions.

``--packing`` runs the packing-order search alone, and ``--features`` the
feature search alone: the two searches for warehouses, which join the
portfolio on levels of many stars and ordered goals.

``--max-nodes N`` gives each level N positions instead of seconds (the
time limit still holds, so give it room): the searches share them by
positions, so a run is the same on any machine under any load, and two
builds can be compared level by level even on a busy machine::

    python bench/bench_solver.py --set xsokoban --jobs 2 --packing --max-nodes 60000 --time-limit 120

``--member K`` runs the K-th search of the default portfolio alone (1 is the
forward search, 2 and 3 the backward ones), with the whole time limit: what
each search is worth by itself::

    python bench/bench_solver.py --set sasquatch --jobs 1 --member 2

``--peer yass`` measures the solver side by side with YASS, the solver of
Sokoban YASC, in the same run: each level is given to our solver and then to
YASS, one after the other, under the same time limit. YASS is not part of
this project: ``../shared/peers/yass/build`` compiles it outside the
repository (into /tmp/yass) and ``../shared/peers/yass/solve`` runs it on one
board. Its solutions are replayed through our rules; one that does not solve
the level counts as unsolved. With a peer each level runs in a fresh process,
so that the peak memory reported is that level's own::

    python bench/bench_solver.py --set sasquatch --jobs 1 --peer yass

prints the levels either side fails, then per side the count, median and
worst times, the levels only that side solves, and for ours the node rate
and the peak memory.

``--save FILE`` writes which levels ours solved (and in how long) as JSON;
``--against FILE``, given a file an earlier run saved, prints the levels
gained and lost since::

    python bench/bench_solver.py --set xsokoban --jobs 1 --save before.json
    (change the solver)
    python bench/bench_solver.py --set xsokoban --jobs 1 --against before.json

``--repeat N`` runs the set N times and adds, after the N usual summaries,
how often each level was solved: a level near the time limit goes either way
from run to run (the searches share the time in turns, so one run differs
from the next), and a change is worth keeping when the mean count rises, not
when one run happens to gain a level::

    python bench/bench_solver.py --set xsokoban --jobs 2 --repeat 3

    xsokoban: 3 runs: solved 37 38 37 (mean 37.3); in every run 36; in some: 33 (2/3) 45 (1/3) 49 (1/3)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from starpusher.core import IllegalMoveError, Level
from starpusher.levels import read_collection
from starpusher.solver.limits import resident_bytes
from starpusher.solver.options import TECHNIQUES, SearchOptions
from starpusher.solver.outcome import ProofTally
from starpusher.solver.portfolio import FEATURE_SEARCH, PACKING_SEARCH, PORTFOLIO, solve
from starpusher.solver.proofs import QUESTIONS

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "levels"
#: The peers' scripts (``--peer``): built and run outside the repository.
PEERS = SHARED.parent / "peers"

#: name -> (file, first level number, last level number; None = to the end)
SETS = {
    "microban": ("starPusherLevels.txt", 2, 156),
    "sasquatch": ("starPusherLevels.txt", 157, 206),
    "sasquatch2": ("starPusherLevels.txt", 207, 256),
    "sasquatch3": ("starPusherLevels.txt", 257, 306),
    "sasquatch4": ("starPusherLevels.txt", 307, 356),
    "boxoban": ("boxoban_unfiltered_test_000.txt", 1, None),
    "xsokoban": ("xsokoban_original_50.txt", 1, None),
}


def load_levels(path: Path) -> list[Level]:
    """Every level of a file, in order (level N is at index N - 1)."""
    collection = read_collection(str(path))
    if collection.problems:
        raise SystemExit(f"bench: {collection.problems[0]}")
    return collection.levels


@dataclass(frozen=True)
class Outcome:
    """How one solver did on one level."""

    status: str
    seconds: float
    pushes: int = 0
    nodes: int = 0
    #: How far the process grew while solving, in bytes (ours only).
    peak_growth: int = 0
    #: Deadlock sets precalculated and learned, and the seconds the precalculated ones took.
    sets: tuple[int, int, float] | None = None
    #: The proofs that found them (ours only): how many, the positions they visited, their seconds.
    proofs: tuple[int, int, float] | None = None
    #: The same by question (ours only), in the order of :data:`.proofs.QUESTIONS`.
    questions: tuple[tuple[str, ProofTally], ...] = ()

    def statistics(self) -> str:
        """Positions, deadlock sets and what their proofs cost, as ``--stats`` prints them."""
        text = f"{self.status} {self.seconds:.2f}s, {self.nodes:,} positions"
        if self.sets is not None:
            precalculated, learned, seconds = self.sets
            text += f", sets {precalculated} precalculated ({seconds:.2f}s) + {learned} learned"
        if self.proofs is not None:
            proofs, positions, seconds = self.proofs
            # Where the time goes besides the search: on warehouses often half of it.
            text += f", {proofs:,} proofs visiting {positions:,} positions ({seconds:.2f}s)"
        if self.questions:
            text += " [" + "; ".join(_question(name, tally) for name, tally in self.questions) + "]"
        return text

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def _question(name: str, tally: ProofTally) -> str:
    """One kind of deadlock question, as ``--stats`` prints it: "stalled 35 asked, 24 dead, ..."."""
    answers = f"{tally.asked:,} asked, {tally.dead:,} dead"
    return f"{name} {answers}, {tally.nodes:,} positions, {tally.seconds:.2f}s"


Job = tuple[int, Level, float, float, "SearchOptions | None", "str | None", bool, "int | None"]


def _solve_one(job: Job) -> tuple[int, Outcome, Outcome | None]:
    number, level, time_limit, memory_limit, options, peer, with_statistics, max_nodes = job
    before = resident_bytes()
    result = solve(
        level, time_limit=time_limit, memory_limit_mb=memory_limit, options=options, max_nodes=max_nodes
    )
    # ru_maxrss is the peak of this whole process: with a peer each level has its own.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    if result.solved and not level.is_solved(level.replay(result.moves)):
        raise SystemExit(f"bench: level {number}: the solver returned a non-solution")
    found = result.deadlocks
    sets = proofs = None
    questions: tuple[tuple[str, ProofTally], ...] = ()
    if found is not None:
        sets = (found.precalculated, found.learned, found.precalculation_seconds)
        proofs = (found.proofs, found.proof_nodes, found.proof_seconds)
        questions = tuple((name, found.by_question[name]) for name in QUESTIONS if name in found.by_question)
    growth = max(peak - before, 0)
    ours = Outcome(
        result.status.value, result.seconds, result.pushes, result.nodes, growth, sets, proofs, questions
    )
    theirs = None
    if peer == "yass" and with_statistics:
        theirs = _run_yass_with_statistics(level, time_limit)
    elif peer:
        theirs = _run_peer(peer, level, time_limit)
    return number, ours, theirs


def _run_peer(peer: str, level: Level, time_limit: float) -> Outcome:
    """Let the peer solve ``level`` and replay its answer through our rules."""
    moves, seconds, note = peer_moves(peer, level, time_limit)
    if not moves:
        return Outcome(note, seconds)
    return Outcome("solved", seconds, sum(1 for move in moves if move.isupper()))


def peer_moves(peer: str, level: Level, time_limit: float) -> tuple[str, float, str]:
    """The peer's solution of ``level``, replayed through our rules: (its moves, or "" if it has
    none that solves the level; seconds; why none)."""
    script = PEERS / peer / "solve"
    try:
        finished = subprocess.run(
            [sys.executable, str(script), "--time-limit", f"{time_limit:g}"],
            input=level.to_text(),
            capture_output=True,
            text=True,
            timeout=time_limit + 30,  # the script kills the peer at the limit itself
            check=False,
        )
        report = json.loads(finished.stdout.strip().splitlines()[-1])
    except (subprocess.TimeoutExpired, json.JSONDecodeError, IndexError) as error:
        return "", time_limit, f"peer failed ({type(error).__name__})"
    seconds = float(report.get("seconds", time_limit))
    moves = report.get("solution") or ""
    if not report.get("solved") or not moves:
        return "", seconds, report.get("note") or "unsolved"
    try:
        final = level.replay(moves)
    except IllegalMoveError as error:
        return "", seconds, f"illegal solution ({error})"
    if not level.is_solved(final):
        return "", seconds, "non-solution"
    return moves, seconds, ""


def _run_yass_with_statistics(level: Level, time_limit: float) -> Outcome:
    """Run YASS itself in a folder of its own and read its statistics file beside its solution.

    The statistics file says how many positions YASS generated and how many
    deadlock sets it precalculated and learned (its "dynamic" sets), which
    ``--stats`` prints beside ours.
    """
    program = Path(os.environ.get("YASS_DIR", "/tmp/yass")) / "YASS"
    with tempfile.TemporaryDirectory(prefix="bench-yass-") as folder:
        (Path(folder) / "level.sok").write_text("Level\n" + level.to_text() + "\n")
        started = time.monotonic()
        command = [str(program), "level.sok", "-prompt", "no", "-maxtime", str(max(1, round(time_limit)))]
        try:
            subprocess.run(command, cwd=folder, capture_output=True, timeout=time_limit + 30, check=False)
        except subprocess.TimeoutExpired:
            return Outcome("peer failed (TimeoutExpired)", time_limit)
        seconds = time.monotonic() - started
        texts = {path.name: path.read_text(encoding="latin-1") for path in Path(folder).glob("level, *")}
    statistics = next((text for name, text in texts.items() if name.endswith("Statistics.txt")), "")
    solutions = next((text for name, text in texts.items() if name.endswith("Solutions.sok")), "")

    def count(label: str) -> int:
        found = re.search(re.escape(label) + r"\s*:\s*(\d+)", statistics)
        return int(found.group(1)) if found else 0

    positions = count("Positions - forward search") + count("Positions - backward search")
    analysis = count("Time - deadlock analysis") / 1000
    sets = (count("Deadlocks - precalculated"), count("Deadlocks - dynamic"), analysis)
    lines = solutions.splitlines()
    moves = ""
    if "Solution" in lines:
        for line in lines[lines.index("Solution") + 1 :]:
            if not re.fullmatch(r"[lurdLURD]+", line.strip()):
                break
            moves += line.strip()
    try:
        solved = bool(moves) and level.is_solved(level.replay(moves))
    except IllegalMoveError:
        solved = False
    pushes = sum(move.isupper() for move in moves) if solved else 0
    return Outcome("solved" if solved else "unsolved", seconds, pushes, positions, sets=sets)


def run_set(name: str, args: argparse.Namespace) -> None:
    filename, first, last = SETS[name]
    levels = load_levels(SHARED / filename)
    numbers: Sequence[int] = range(first, (last or len(levels)) + 1)
    if args.levels:
        numbers = [n for n in args.levels if first <= n <= (last or len(levels))]
    else:
        numbers = numbers[:: args.every][: args.limit]
    if not numbers:
        return
    options = None  # the solver's default portfolio
    if args.without or args.weight:
        options = SearchOptions.without(args.without)
        if args.weight:
            options = replace(options, bound_weight=args.weight)
    if args.member:
        options = PORTFOLIO[args.member - 1][0]
    if args.features:
        options = FEATURE_SEARCH
    if args.packing:
        options = PACKING_SEARCH
    limits = (args.time_limit, args.memory_limit)
    jobs = [(n, levels[n - 1], *limits, options, args.peer, args.stats, args.max_nodes) for n in numbers]
    runs = [_run_once(name, jobs, args, run) for run in range(1, args.repeat + 1)]
    if args.repeat > 1:
        print(f"{name}: {_repeated(runs)}", flush=True)


def _run_once(name: str, jobs: list[Job], args: argparse.Namespace, run: int) -> dict[int, Outcome]:
    """Run the set once (the ``run``-th time), print its lines and summaries; returns our outcomes."""
    started = time.perf_counter()
    ours: dict[int, Outcome] = {}
    theirs: dict[int, Outcome] = {}
    # With a peer, a fresh process per level so that its peak memory is its own.
    with ProcessPoolExecutor(max_workers=args.jobs, max_tasks_per_child=1 if args.peer else None) as pool:
        for number, mine, peer in pool.map(_solve_one, jobs):
            ours[number] = mine
            line = f"  {name} {number}: {mine.status} {mine.seconds:.2f}s"
            line += f" pushes={mine.pushes} nodes={mine.nodes}"
            if peer is not None:
                theirs[number] = peer
                line += f" | {args.peer}: {peer.status} {peer.seconds:.2f}s pushes={peer.pushes}"
            if args.stats:
                line = f"  {name} {number}: ours {mine.statistics()}"
                if peer is not None:
                    line += f" | {args.peer}: {peer.statistics()}"
                print(line, flush=True)
            elif args.verbose or not mine.solved or (peer is not None and not peer.solved):
                print(line, flush=True)
    wall = time.perf_counter() - started
    if args.save:
        _save(args.save, name, ours)
    against = f"  against {args.against}: {_changes(args.against, name, ours)}" if args.against else ""
    variant = f", without {args.without}" if args.without else ""
    variant += f", weight {args.weight}" if args.weight else ""
    variant += f", portfolio member {args.member} alone" if args.member else ""
    variant += ", the feature search alone" if args.features else ""
    variant += ", the packing-order search alone" if args.packing else ""
    variant += f", at most {args.max_nodes:,} positions" if args.max_nodes else ""
    variant += f", run {run} of {args.repeat}" if args.repeat > 1 else ""
    conditions = f"(time limit {args.time_limit:g}s, jobs {args.jobs}, wall {wall:.0f}s{variant})"
    if not args.peer:
        print(f"{name}: {_summary(ours)}  {conditions}", flush=True)
        if against:
            print(against, flush=True)
        return ours
    print(f"{name}: side by side with {args.peer} {conditions}", flush=True)
    print(f"  ours:  {_summary(ours)}", flush=True)
    print(f"  {args.peer}: {_summary(theirs)}", flush=True)
    print(f"  only ours: {_numbers(ours, theirs)}", flush=True)
    print(f"  only {args.peer}: {_numbers(theirs, ours)}", flush=True)
    nodes = sum(outcome.nodes for outcome in ours.values())
    seconds = sum(outcome.seconds for outcome in ours.values())
    growths = sorted(outcome.peak_growth for outcome in ours.values())
    late = sum(outcome.seconds > args.time_limit + 1 for outcome in ours.values())
    print(
        f"  ours: {nodes / max(seconds, 1e-9):,.0f} nodes/s overall,"
        f" peak memory growth median {statistics.median(growths) / 2**20:.0f} MB,"
        f" worst {growths[-1] / 2**20:.0f} MB (limit {args.memory_limit:g} MB);"
        f" levels over the time limit + 1 s: {late}",
        flush=True,
    )
    if against:
        print(against, flush=True)
    return ours


def _repeated(runs: list[dict[int, Outcome]]) -> str:
    """The count of each run, their mean, and the levels solved in every run and in some runs only."""
    counts = [sum(outcome.solved for outcome in run.values()) for run in runs]
    times_solved: dict[int, int] = {}
    for run in runs:
        for number, outcome in run.items():
            times_solved[number] = times_solved.get(number, 0) + outcome.solved
    every = sum(1 for solved in times_solved.values() if solved == len(runs))
    some = " ".join(
        f"{number} ({solved}/{len(runs)})"
        for number, solved in sorted(times_solved.items())
        if 0 < solved < len(runs)
    )
    return (
        f"{len(runs)} runs: solved {' '.join(map(str, counts))} (mean {statistics.mean(counts):.1f});"
        f" in every run {every}; in some: {some or 'none'}"
    )


def _save(path: Path, name: str, outcomes: dict[int, Outcome]) -> None:
    """Add this set's results to the file (other sets' results in it are kept)."""
    saved = json.loads(path.read_text()) if path.is_file() else {}
    saved[name] = {str(n): {"status": o.status, "seconds": round(o.seconds, 3)} for n, o in outcomes.items()}
    path.write_text(json.dumps(saved, indent=1) + "\n")


def _changes(path: Path, name: str, outcomes: dict[int, Outcome]) -> str:
    """The levels solved now and not in the saved run, and the other way round."""
    try:
        before = json.loads(path.read_text())[name]
    except (OSError, ValueError, KeyError) as error:
        return f"no saved run of {name} to compare with ({type(error).__name__})"
    was_solved = {int(n) for n, result in before.items() if result["status"] == "solved"}
    measured = [n for n in outcomes if str(n) in before]
    gained = [n for n in measured if outcomes[n].solved and n not in was_solved]
    lost = [n for n in measured if not outcomes[n].solved and n in was_solved]
    return f"gained {len(gained)} {gained}, lost {len(lost)} {lost}"


def _summary(outcomes: dict[int, Outcome]) -> str:
    """Count, median and worst times over every level, then over the solved ones.

    An unsolved level counts the time it took (about the limit).
    """
    times = [outcome.seconds for outcome in outcomes.values()]
    solved_times = [outcome.seconds for outcome in outcomes.values() if outcome.solved]
    solved_part = (
        f"solved levels: median {statistics.median(solved_times):.3f}s, worst {max(solved_times):.2f}s"
        if solved_times
        else "solved levels: none"
    )
    return (
        f"solved {len(solved_times)}/{len(times)}"
        f"  median {statistics.median(times):.3f}s  worst {max(times):.2f}s  {solved_part}"
    )


def _numbers(these: dict[int, Outcome], others: dict[int, Outcome]) -> str:
    """The levels solved in ``these`` and not in ``others``."""
    only = [number for number, outcome in these.items() if outcome.solved and not others[number].solved]
    return f"{len(only)}: {' '.join(map(str, only))}" if only else "none"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--limit", type=int, help="only the first N levels of each set")
    parser.add_argument("--every", type=int, default=1, metavar="K", help="only every K-th level (a sample)")
    parser.add_argument("--levels", type=int, nargs="+", help="only these level numbers (in the file)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument(
        "--memory-limit", type=float, default=2048, metavar="MB", help="how far a search may grow (MB)"
    )
    parser.add_argument(
        "--without",
        default="",
        metavar="T,T",
        help=f"techniques to switch off: {', '.join(TECHNIQUES)}",
    )
    parser.add_argument("--weight", type=int, help="bound weight (default: the solver's)")
    parser.add_argument(
        "--features",
        action="store_true",
        help="run only the feature search (which joins the portfolio on warehouses), alone",
    )
    parser.add_argument(
        "--packing",
        action="store_true",
        help="run only the packing-order search (which joins the portfolio on warehouses), alone",
    )
    parser.add_argument(
        "--max-nodes",
        type=int,
        metavar="N",
        help="give up on a level after N positions, the searches' time shared by positions:"
        " the same run on any machine, however loaded (the time limit still holds)",
    )
    parser.add_argument(
        "--member",
        type=int,
        choices=range(1, len(PORTFOLIO) + 1),
        metavar="K",
        help=f"run only the K-th search of the default portfolio (1-{len(PORTFOLIO)}), alone",
    )
    parser.add_argument(
        "--peer",
        choices=["yass"],
        help="also run this solver on each level, one after the other (see ../shared/peers)",
    )
    parser.add_argument("--save", type=Path, metavar="FILE", help="write which levels ours solved (JSON)")
    parser.add_argument(
        "--against", type=Path, metavar="FILE", help="print the levels gained and lost since a --save run"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="run each set N times, then say how often each level was solved",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per level")
    parser.add_argument(
        "--stats",
        action="store_true",
        help="per level: positions and deadlock sets (precalculated, learned, build time), ours and,"
        " with --peer yass, YASS's from its statistics file; ours also with the proofs' positions and time,"
        " in all and by question",
    )
    args = parser.parse_args()
    try:
        SearchOptions.without(args.without)
    except ValueError as error:
        parser.error(str(error))
    if not SHARED.is_dir():
        print(f"bench: {SHARED} not found", file=sys.stderr)
        return 1
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.peer and not peer_ready(args.peer):
        return 1
    for name in SETS if args.set == "all" else [args.set]:
        run_set(name, args)
    return 0


def peer_ready(peer: str) -> bool:
    """Whether the peer's scripts and program are in place; say what to do if not."""
    script = PEERS / peer / "solve"
    program = Path(os.environ.get("YASS_DIR", "/tmp/yass")) / "YASS"
    if not script.is_file():
        print(f"bench: {script} not found", file=sys.stderr)
        return False
    if not program.is_file():
        print(f"bench: {program} not found; build it with {PEERS / peer / 'build'}", file=sys.stderr)
        return False
    return True


if __name__ == "__main__":
    raise SystemExit(main())
