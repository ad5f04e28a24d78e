"""The packing plan as a front end shows it: goals numbered by step, parking squares, the step to
fill now; worked out once, in the background, and said when it orders nothing."""

from __future__ import annotations

import pytest
from session_helpers import Tasks, Voice

from starpusher.core import Level
from starpusher.levels import load_builtin
from starpusher.session import MemoryProgress, PlaySession, packing
from starpusher.session.packing import ANY_ORDER, ANY_ORDER_SHORT, PlanShown, goal_order
from starpusher.solver.limits import LimitReached, Limits
from starpusher.solver.outcome import Outcome
from starpusher.solver.packing import PackingPlan, Step

#: A corridor of three goals entered from its right: the far goal first, the near one last.
CORRIDOR = Level.from_text("##########\n#...     #\n#######  #\n#@ $$$   #\n#        #\n##########")
FAR, MIDDLE, NEAR = CORRIDOR.index(1, 1), CORRIDOR.index(2, 1), CORRIDOR.index(3, 1)
#: Two goals in the open: any goal, any time.
OPEN = Level.from_text("#######\n#     #\n# $.$ #\n#@ .  #\n#######")


def limits() -> Limits:
    return Limits(20, 512)


def test_a_corridor_of_goals_is_numbered_from_its_far_end() -> None:
    order = goal_order(CORRIDOR, limits())
    assert order.ordered and not order.cut_short
    assert order.numbers == {FAR: 1, MIDDLE: 2, NEAR: 3}
    assert order.parking == {}


def test_the_step_to_fill_now_follows_the_stars() -> None:
    order = goal_order(CORRIDOR, limits())
    elsewhere = frozenset(CORRIDOR.start.boxes)
    assert order.current(elsewhere) == 1
    assert order.current(frozenset({FAR})) == 2
    assert order.current(frozenset({FAR, MIDDLE})) == 3
    assert order.current(frozenset({FAR, MIDDLE, NEAR})) == 4  # every step done
    # A star on a goal of a later step counts for nothing: filling it early is the mistake.
    assert order.current(frozenset({NEAR, MIDDLE})) == 1


def test_a_parking_square_is_filled_by_one_step_and_emptied_by_a_later_one() -> None:
    level = load_builtin("starpusher").levels[164]  # Sasquatch's 9x9: one star waits by the door
    order = goal_order(level, limits())
    ((square, (filled, emptied)),) = order.parking.items()
    assert square not in level.goals and 1 <= filled < emptied <= len(order.fills)
    assert square in order.fills[filled - 1] and square in order.releases[emptied - 1]
    assert sorted(order.numbers) == sorted(level.goals)
    # Solved without parking there (the solver's way, say): every step is done all the same.
    assert order.current(frozenset(level.goals)) == len(order.fills) + 1


def test_goals_in_the_open_are_any_goal_any_time() -> None:
    order = goal_order(OPEN, limits())
    assert not order.ordered
    assert order.numbers == dict.fromkeys(OPEN.goals, 1)


def test_a_plan_that_found_no_order_in_time_is_no_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """The planner, stopped by its deadline, puts every goal not placed in one step: that is not
    a plan that orders nothing."""
    goal_order(CORRIDOR, limits())  # the board is built and kept: only the plan is late below
    everything = PackingPlan((Step(sum(1 << goal for goal in CORRIDOR.goals)),))
    monkeypatch.setattr(packing, "plan_for", lambda board, stars, player, deadline: everything)
    with pytest.raises(LimitReached) as stopped:
        goal_order(CORRIDOR, Limits(-1, 512))
    assert stopped.value.outcome is Outcome.TIMEOUT
    assert not goal_order(CORRIDOR, limits()).ordered  # in time, the same step orders nothing


def test_the_plan_is_worked_out_once_in_the_background(tasks: Tasks, voice: Voice) -> None:
    plan = PlanShown(CORRIDOR, tasks, voice)
    assert plan.shown(False) is None and not plan.working  # nothing asked while it is off
    assert plan.shown(True) is None and plan.working
    tasks.answer()
    order = plan.shown(True)
    assert order is not None and order.numbers[FAR] == 1
    assert not plan.working and voice.said == []  # numbers are drawn: nothing to say
    assert plan.shown(False) is None
    assert plan.shown(True) is order and not plan.working  # not worked out again


def test_a_plan_that_orders_nothing_is_said_each_time_it_is_shown(tasks: Tasks, voice: Voice) -> None:
    plan = PlanShown(OPEN, tasks, voice)
    plan.shown(True)
    tasks.answer()
    assert voice.said == [ANY_ORDER] and plan.said == ANY_ORDER_SHORT
    plan.shown(True)
    assert voice.said == [ANY_ORDER]  # still shown: said once
    plan.shown(False)
    plan.shown(True)
    assert voice.said == [ANY_ORDER, ANY_ORDER]
    quiet = PlanShown(OPEN, tasks, voice, quiet=True)  # the editor writes it in its own panel
    quiet.shown(True)
    tasks.answer()
    assert voice.said == [ANY_ORDER, ANY_ORDER] and quiet.said == ANY_ORDER_SHORT


def test_a_level_too_large_for_the_hints_memory_has_no_plan(
    tasks: Tasks, voice: Voice, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(packing, "PLAN_MEMORY_MB", 0.001)
    plan = PlanShown(CORRIDOR, tasks, voice)
    plan.shown(True)
    tasks.answer()
    assert plan.order is None
    assert voice.said == ["No packing plan: this level is too large for it (0.001 MB)."]
    assert plan.shown(True) is None and not plan.working  # not tried again


def test_leaving_the_level_stops_working_the_plan_out(tasks: Tasks, voice: Voice) -> None:
    session = PlaySession(CORRIDOR, MemoryProgress(), say=voice, tasks=tasks)
    session.plan.shown(True)
    assert session.plan.working
    session.leave()
    assert not session.plan.working
    tasks.finished.get(timeout=60)  # the task ends; its answer is nobody's
    assert session.plan.order is None
