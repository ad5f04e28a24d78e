"""The clock both games keep, and the time a Star Pusher level is played, as a front end drives them."""

from __future__ import annotations

from session_helpers import Tasks, Voice

from starpusher.levels import parse_collection
from starpusher.session import MemoryProgress, PlaySession
from starpusher.session.statistics import collection_statistics
from starpusher.session.timing import AWAY, SOLVED, WAITING, PlayClock, clock_text, format_time

LEVELS = parse_collection(
    """\
One push
#######
#@ $ .#
#######

A walk first
#########
#@   $ .#
#########

Two stars
#######
#.@$  #
# $   #
#.    #
#######
""",
    "test.sok",
).levels
ONE_PUSH, WALK_FIRST, TWO_STARS = LEVELS


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_clock_runs_only_while_nothing_holds_it() -> None:
    clock = Clock()
    timer = PlayClock(30.0, now=clock)
    clock.now += 5
    assert timer.running and timer.seconds() == 35
    timer.hold(AWAY)
    timer.hold(WAITING)
    clock.now += 100
    timer.release(AWAY)  # still waiting for the solver
    clock.now += 100
    assert not timer.running and timer.seconds() == 35 and clock_text(timer) == "Time 0:35 (paused)"
    timer.release(WAITING)
    timer.release(WAITING)  # releasing twice changes nothing
    clock.now += 1.26
    assert timer.running and clock_text(timer) == "Time 0:36"
    timer.hold(SOLVED)  # stopped on a tenth, as a stopwatch stops
    assert timer.seconds() == 36.3 and clock_text(timer, tenths=True) == "Time 0:36.3"


def test_the_new_seconds_are_handed_over_once_each() -> None:
    clock = Clock()
    timer = PlayClock(50.0, now=clock)  # the 50 from before are the store's already
    clock.now += 3
    assert timer.take_new_seconds(at_least=5) == 0  # too few to be worth a write
    clock.now += 3
    assert timer.take_new_seconds(at_least=5) == 6
    assert timer.take_new_seconds() == 0
    clock.now += 0.5
    assert timer.take_new_seconds() == 0.5


def test_times_read_as_a_clock() -> None:
    assert format_time(59.9) == "0:59" and format_time(3600) == "1:00:00"
    assert format_time(0.04, tenths=True) == "0:00.0"


def test_a_level_played_keeps_its_time_and_stops_it_when_solved(voice: Voice, tasks: Tasks) -> None:
    clock, progress = Clock(), MemoryProgress()
    game = PlaySession(ONE_PUSH, progress, say=voice, tasks=tasks, clock=clock)
    clock.now += 20
    game.being_played(False)  # the level list over it: the time so far is kept
    assert progress.time_played([ONE_PUSH]).seconds == (20.0,)
    clock.now += 500
    game.being_played(True)
    clock.now += 4
    for letter in "rrr":
        game.walk(letter)
    game.play_queued(all_of_them=True)
    assert game.solved and game.clock_text() == "Time 0:24"
    assert progress.time_played([ONE_PUSH]).seconds == (24.0,)  # a solve keeps its time at once
    clock.now += 60
    game.undo()  # playing on: the clock runs again
    clock.now += 1
    assert game.clock_text() == "Time 0:25"
    game.leave()
    assert progress.time_played([ONE_PUSH]).seconds == (25.0,)
    again = PlaySession(ONE_PUSH, progress, say=voice, tasks=tasks, clock=clock)
    assert again.clock_text() == "Time 0:25"


def test_a_game_that_is_not_kept_keeps_no_time(voice: Voice, tasks: Tasks) -> None:
    clock, progress = Clock(), MemoryProgress()
    game = PlaySession(ONE_PUSH, progress, say=voice, tasks=tasks, clock=clock, kept=False)
    clock.now += 30
    game.leave()
    assert progress.time_played([ONE_PUSH]).seconds == (0.0,)


def test_a_collections_statistics_add_up_its_levels(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    progress.record_solution(ONE_PUSH, "rRR")
    progress.record_helped_solution(WALK_FIRST, "rrrRR")
    progress.add_time_played(ONE_PUSH, 61)
    progress.add_time_played(TWO_STARS, 9.5)
    stats = collection_statistics(progress, LEVELS)
    assert (stats.count, stats.solved, stats.helped_only, stats.unsolved, stats.played) == (3, 1, 1, 1, 3)
    assert stats.seconds == 70.5
    assert [(line.number, line.title, line.solved, line.helped_only) for line in stats.levels] == [
        (1, "One push", True, False),
        (2, "A walk first", False, True),
        (3, "Two stars", False, False),
    ]
    assert stats.total_moves == stats.total_pushes == 0  # memory keeps no best scores
