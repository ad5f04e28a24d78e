"""What the editor knows about the level drawn, worked out without a window: the checks once
editing pauses, then the solver's verdict, which the next edit cancels and undo brings back."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from session_helpers import Tasks, Voice

from starpusher.editing import EditSession, Judge, Judging, Piece, Sketch, Tone, Verdict, judge
from starpusher.editing.judging import CHECK_PAUSE
from starpusher.session import MemoryProgress

#: Player, star and goal in a row: solved by two pushes.
CORRIDOR = Sketch(("#######", "#@ $ .#", "#######"))


class InProcess(Judging):
    """The verdict worked out in the task's own thread (a child process is the editor's; tested apart)."""

    def run(self, cancelled: threading.Event) -> Verdict | None:
        verdict = judge(self.level, self.time_limit, cancelled)
        return None if cancelled.is_set() else verdict


class Refusing(Judging):
    def run(self, cancelled: threading.Event) -> Verdict | None:
        raise RuntimeError("the solver stopped without an answer")


@pytest.fixture
def tasks() -> Iterator[Tasks]:
    runner = Tasks()
    yield runner
    runner.shutdown()


def judge_of(session: EditSession, tasks: Tasks, progress: MemoryProgress | None = None) -> Judge:
    return Judge(session, progress or MemoryProgress(), tasks, Voice(), worker=InProcess)


def paint(session: EditSession, square: tuple[int, int], piece: Piece) -> None:
    session.edit(session.sketch.paint([square], piece)[0], "paint")


def test_the_sketch_is_checked_once_editing_pauses(tasks: Tasks) -> None:
    session = EditSession(Sketch.empty(7, 5))
    judging = judge_of(session, tasks)
    judging.changed()
    assert judging.messages() == [("…", Tone.WAITING)]
    assert not judging.update(CHECK_PAUSE / 2)
    assert judging.due_in() == pytest.approx(CHECK_PAUSE / 2)
    assert judging.update(CHECK_PAUSE / 2)
    assert judging.due_in() is None and not judging.judging  # no level: nothing for the solver
    assert judging.messages() == [
        ("Put the player somewhere: there is no player yet.", Tone.PROBLEM),
        ("Put at least one goal for the stars.", Tone.PROBLEM),
    ]


def test_a_level_goes_to_the_solver_and_its_verdict_is_said(tasks: Tasks) -> None:
    judging = judge_of(EditSession(CORRIDOR), tasks)
    heard: list[str] = []
    judging.on_verdict = lambda: heard.append("verdict")
    judging.check()
    assert judging.judging
    assert judging.messages() == [("A level! The solver is thinking…", Tone.NOTE)]
    tasks.answer()
    assert not judging.judging and heard == ["verdict"]
    said, difficulty = judging.messages()
    assert said == ("Solvable: 2 pushes (the fewest), 3 moves.", Tone.SOLVABLE)
    assert difficulty[0].startswith("Difficulty: 1 box line") and difficulty[1] is Tone.NOTE


def test_an_edit_cancels_the_solver_and_undo_brings_the_verdict_back_at_once(tasks: Tasks) -> None:
    session = EditSession(CORRIDOR)
    judging = judge_of(session, tasks)
    judging.check()
    tasks.answer()
    solvable = judging.verdict
    assert solvable is not None and solvable.solvable
    paint(session, (2, 1), Piece.GOAL)
    paint(session, (4, 1), Piece.STAR)  # "#@.$$.#": two stars in a row, no solution
    judging.changed()
    judging.update(CHECK_PAUSE)
    assert judging.judging and judging.verdict is None
    judging.changed()  # the next edit, before the solver answers
    assert not judging.judging
    session.undo()
    session.undo()
    judging.update(CHECK_PAUSE)
    assert judging.verdict is solvable and not judging.judging  # kept: not asked again


def test_the_verdict_gives_the_best_counts_the_store_knows(tasks: Tasks) -> None:
    progress = MemoryProgress()
    session = EditSession(CORRIDOR)
    level = session.level()
    assert level is not None
    progress.keep_known_solution(level, "rlrRR", optimal_by="pushes")
    judging = judge_of(session, tasks, progress)
    assert judging.known_solutions(level) == ([progress.known_solutions(level).by_moves], 2)
    judging.check()
    tasks.answer()
    assert judging.known[CORRIDOR][1] == 2
    assert judging.messages()[0] == ("Solvable: 2 pushes (the fewest), 3 moves.", Tone.SOLVABLE)


def test_a_solver_that_fails_is_said_and_nothing_is_judged(tasks: Tasks) -> None:
    voice = Voice()
    judging = Judge(EditSession(CORRIDOR), MemoryProgress(), tasks, voice, worker=Refusing)
    judging.check()
    tasks.answer()
    assert voice.last == "The solver failed: the solver stopped without an answer"
    assert not judging.judging and judging.verdict is None
