"""The solver's verdict on a drawn level, worked out in a child process and cancelled at will."""

from __future__ import annotations

import threading

import pytest

from starpusher.core import Level
from starpusher.editing import Judging, judge
from starpusher.editing.verdict import GAVE_UP, SOLVABLE, UNSOLVABLE, Verdict

EASY = Level.from_text("#######\n#@ $ .#\n#######")
#: The star stands in a corner: no push can ever move it.
STUCK = Level.from_text("#####\n#$  #\n# @.#\n#####")


def test_a_solvable_level_gets_its_pushes_moves_and_difficulty() -> None:
    verdict = judge(EASY)
    assert verdict.status == SOLVABLE
    assert verdict.describe() == "Solvable: 2 pushes, 3 moves"
    assert verdict.difficulty().startswith("1 box line, 0 box changes, solver effort")
    assert EASY.is_solved(EASY.replay(verdict.moves))


def test_an_unsolvable_level_is_said_to_have_no_solution() -> None:
    verdict = judge(STUCK)
    assert verdict.status == UNSOLVABLE
    assert verdict.describe() == "No solution exists"
    assert verdict.difficulty() == ""


def test_a_search_out_of_time_says_how_long_it_looked() -> None:
    assert Verdict(GAVE_UP, time_limit=10, reason="timeout").describe() == "No solution found in 10 s"


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
