"""A Fifteen board played through its session alone: slides, clock, records, the solver's help."""

from __future__ import annotations

import random

from session_helpers import Tasks, Voice

from starpusher.core.fifteen import Board, apply_move
from starpusher.history import History
from starpusher.session.fifteen import FifteenSession, format_time
from starpusher.session.fifteen_records import FifteenRecords, MemoryFifteen


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def new_session(voice: Voice, tasks: Tasks, kept: MemoryFifteen, clock: Clock) -> FifteenSession:
    records = FifteenRecords(kept, voice)
    return FifteenSession(
        records, say=voice, tasks=tasks, data_dir=None, size=(3, 3), rng=random.Random(7), clock=clock
    )


def one_slide_to_go(session: FifteenSession) -> None:
    session.history = History(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 0, 8], 3, 3), apply_move)


def test_slides_go_through_the_history_and_the_clock_starts_with_the_first(
    voice: Voice, tasks: Tasks
) -> None:
    clock, kept = Clock(), MemoryFifteen()
    game = new_session(voice, tasks, kept, clock)
    start = game.board
    clock.now += 30  # looking before the first slide is free
    letter = start.legal_moves()[0]
    game.slide(letter)
    step = game.play_queued(all_of_them=False)
    assert step is not None and step.before == start and step.after == start.slide(letter)
    clock.now += 4
    assert game.elapsed() == 4
    game.undo()
    assert game.board == start
    game.restart()  # nothing to restart from the start
    game.redo()
    assert game.board == start.slide(letter)


def test_a_solve_stops_the_clock_and_keeps_the_best(voice: Voice, tasks: Tasks) -> None:
    clock, kept = Clock(), MemoryFifteen()
    game = new_session(voice, tasks, kept, clock)
    one_slide_to_go(game)
    game.slide("L")
    clock.now += 0
    game.play_queued(all_of_them=True)
    clock.now += 7
    assert game.solved and game.elapsed() == 0
    assert game.notes[1] == "New best: 1 move!" and kept.fifteen_best(3, 3).moves == 1
    game.undo()  # the clock runs on from where it stopped
    clock.now += 2
    assert not game.solved and game.elapsed() == 2


def test_a_solve_with_the_solvers_help_sets_no_best(voice: Voice, tasks: Tasks) -> None:
    clock, kept = Clock(), MemoryFifteen()
    game = new_session(voice, tasks, kept, clock)
    game.hint()
    tasks.answer()
    assert game.helped and game.assistant.hinted() is not None and voice.last.startswith("Hint: slide")
    game.play_solution()  # known now: played at once, by itself
    assert game.queue.autoplay is not None
    game.play_queued(all_of_them=True)
    assert game.solved and game.helped_count == 1
    assert kept.fifteen_best(3, 3).moves is None and kept.fifteen_helped(3, 3) == 1


def test_a_click_slides_a_row_of_tiles_as_one_entry(voice: Voice, tasks: Tasks) -> None:
    game = new_session(voice, tasks, MemoryFifteen(), Clock())
    board = Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0], 3, 3).apply("RR")  # the gap at the left
    game.history = History(board, apply_move)
    game.slide_to(8)  # the far end of the gap's row: two tiles slide
    game.play_queued(all_of_them=True)
    assert game.history.entries == ("LL",) and game.board.gap == 8
    game.slide_to(game.board.gap)
    assert not game.queue
    game.slide_to(0)  # not in line with the gap
    assert voice.last == "Click a tile in the gap's row or column."


def test_leaving_keeps_an_unfinished_game_which_the_next_session_resumes(voice: Voice, tasks: Tasks) -> None:
    clock, kept = Clock(), MemoryFifteen()
    game = new_session(voice, tasks, kept, clock)
    start = game.board
    letter = start.legal_moves()[0]
    game.slide(letter)
    game.play_queued(all_of_them=True)
    clock.now += 12.5
    game.leave()
    again = new_session(voice, tasks, kept, clock)
    assert again.history.start == start and again.board == start.slide(letter)
    assert again.elapsed() == 12.5  # the clock waits for the next slide


def test_the_size_changes_within_the_bounds(voice: Voice, tasks: Tasks) -> None:
    game = new_session(voice, tasks, MemoryFifteen(), Clock())
    assert not game.change_size(-1) and voice.last == "Boards go from 3x3 to 8x8."
    assert game.change_size(1) and game.size == (4, 4) and game.board.width == 4


def test_times_read_as_a_clock() -> None:
    assert format_time(65) == "1:05" and format_time(65.34, tenths=True) == "1:05.3"
    assert format_time(3725) == "1:02:05"
