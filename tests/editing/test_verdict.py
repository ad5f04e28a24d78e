"""The solver's verdict on a drawn level, worked out in a child process and cancelled at will."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.editing import Judging, judge
from starpusher.editing import verdict as verdict_module
from starpusher.editing.verdict import Verdict
from starpusher.solver import Outcome, SolveResult
from starpusher.store import Solution

EASY = Level.from_text("#######\n#@ $ .#\n#######")
#: The star stands in a corner: no push can ever move it.
STUCK = Level.from_text("#####\n#$  #\n# @.#\n#####")


def test_a_solvable_level_gets_its_pushes_moves_and_difficulty() -> None:
    verdict = judge(EASY)
    assert verdict.status is Outcome.SOLVED
    assert verdict.describe() == "Solvable: 2 pushes (the fewest), 3 moves"
    assert verdict.difficulty().startswith("1 box line, 0 box changes, solver effort")
    assert EASY.is_solved(EASY.replay(verdict.moves))


def test_the_solvers_solution_is_made_shorter_first(monkeypatch: pytest.MonkeyPatch) -> None:
    room = Level.from_text("#######\n#     #\n#@$  .#\n#     #\n#######")
    detour = "RurrdLulldRRR"  # five pushes where three do
    monkeypatch.setattr(
        verdict_module, "solve", lambda level, **limits: SolveResult(Outcome.SOLVED, detour, 5)
    )
    verdict = judge(room)
    assert (verdict.moves, verdict.pushes, verdict.fewest_pushes) == ("RRR", 3, True)
    assert verdict.describe() == "Solvable: 3 pushes (the fewest), 3 moves"


def test_the_counts_said_are_the_best_known() -> None:
    verdict = Verdict(Outcome.SOLVED, "rlRRR", 3)
    assert verdict.describe() == "Solvable: a solution of 3 pushes, 5 moves; shorter may exist"
    shorter = Solution("RRR", 3, 3)
    assert verdict.describe([shorter]) == "Solvable: a solution of 3 pushes, 3 moves; shorter may exist"
    assert verdict.describe([shorter], fewest_known=3) == "Solvable: 3 pushes (the fewest), 3 moves"
    assert (
        verdict.describe([Solution("x" * 9, 9, 2)], fewest_known=3)
        == "Solvable: a solution of 2 pushes, 5 moves; shorter may exist"
    )


def test_an_unsolvable_level_is_said_to_have_no_solution() -> None:
    verdict = judge(STUCK)
    assert verdict.status is Outcome.UNSOLVABLE
    assert verdict.describe() == "No solution exists"
    assert verdict.difficulty() == ""


def test_a_search_out_of_time_says_how_long_it_looked() -> None:
    assert Verdict(Outcome.TIMEOUT, time_limit=10).describe() == "No solution found in 10 s"


def test_a_search_out_of_memory_says_so() -> None:
    verdict = Verdict(Outcome.MEMORY, time_limit=10)
    assert verdict.describe() == "No solution found: the solver ran out of room"


def test_the_verdict_comes_back_from_a_child_process() -> None:
    verdict = Judging(EASY).run(threading.Event())
    assert verdict is not None and verdict.moves == judge(EASY).moves


def test_cancelling_ends_the_child_at_once() -> None:
    """The next edit cancels: no verdict, and the child is gone, whatever its search was doing."""
    cancel = threading.Event()
    cancel.set()
    judging = Judging(EASY, time_limit=60)
    assert judging.run(cancel) is None
    assert judging.child is not None and not judging.child.is_alive()


def test_a_child_that_dies_is_reported_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(Exception, match="one player"):  # the child cannot read a broken board
        bad = Judging(EASY)
        monkeypatch.setattr(EASY.__class__, "to_text", lambda self, state=None: "#####\n# $.#\n#####\n")
        bad.run(threading.Event())


#: Started in a process of its own: a verdict worked out in a child of that process.
JUDGING_IN_A_PARENT = """
import threading
from starpusher.editing.verdict import Judging
from starpusher.levels import load_builtin

judging = Judging(load_builtin("starpusher").levels[160], time_limit=600)  # 16 s to its memory limit
threading.Thread(target=judging.run, args=(threading.Event(),), daemon=True).start()
while judging.child is None or judging.child.pid is None:
    threading.Event().wait(0.01)
print(judging.child.pid, flush=True)
threading.Event().wait()
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_child_ends_when_the_window_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", JUDGING_IN_A_PARENT], stdout=subprocess.PIPE, text=True)
    child = 0
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        deadline = time.monotonic() + 60
        while cpu_seconds(child) < 1:  # searching
            assert time.monotonic() < deadline and running(child)
            time.sleep(0.05)
        parent.kill()
        parent.wait(timeout=60)
        deadline = time.monotonic() + 5  # it went on for the rest of its search
        while running(child):
            assert time.monotonic() < deadline, "the solver outlived the window"
            time.sleep(0.05)
    finally:
        for pid in (parent.pid, child):
            with contextlib.suppress(ProcessLookupError):
                if pid and running(pid):
                    os.kill(pid, signal.SIGKILL)


def process_fields(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the process's name (state first); [] once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def running(pid: int) -> bool:
    fields = process_fields(pid)
    return bool(fields) and fields[0] != "Z"


def cpu_seconds(pid: int) -> float:
    fields = process_fields(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") if fields else 0.0


def test_a_verdict_says_its_counts_are_one_solutions_not_the_fewest() -> None:
    """The solver's search is weighted, not optimal: its 19 moves may be done in 15."""
    verdict = Verdict(Outcome.SOLVED, "rrRRdrUUlllldR" + "llrrl", pushes=5)
    assert verdict.describe() == "Solvable: a solution of 5 pushes, 19 moves; shorter may exist"
