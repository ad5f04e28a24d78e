"""One board of Fifteen being played: the middle end between the rules and a front end.

The board's :class:`~starpusher.history.History` holds every slide, so undo,
redo and restart are the same as Star Pusher's; a click that slides several
tiles is one entry (several letters), so one undo takes the whole click back.
The session keeps the clock (:class:`~.timing.PlayClock`, as Star Pusher's: it
starts with the first slide, stops when solved and waits while the player
waits for the solver), the records of each size (a solve with the solver's
help sets no best) and an unfinished game for next time. A front end takes
queued slides one :class:`SlideStep` at a time, each ready to animate.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..background import TaskRunner
from ..core.fifteen import MAX_SIDE, MIN_SIDE, Board, apply_move
from ..core.words import plural
from ..history import History
from ..store import FifteenGame
from .common import MoveQueue, Say, Session
from .fifteen_assist import FifteenAssistant
from .fifteen_records import FifteenRecords
from .timing import SOLVED, UNSTARTED, WAITING, PlayClock, format_time

__all__ = ["FifteenSession", "SlideStep", "format_time"]


@dataclass(frozen=True)
class SlideStep:
    """One entry played from the queue (a slide, or the slides of a click)."""

    before: Board
    after: Board
    #: How many slides were handed over to play by themselves (None: the player's own, or the last).
    autoplay: int | None


class FifteenSession(Session):
    """A Fifteen board, its clock and its records."""

    assistant: FifteenAssistant
    history: History[Board]

    def __init__(
        self,
        records: FifteenRecords,
        *,
        say: Say,
        tasks: TaskRunner,
        data_dir: str | os.PathLike[str] | None,
        size: tuple[int, int] | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """The game left unfinished (when of ``size``, or any size without one), else a fresh shuffle."""
        self.records = records
        self.say = say
        self.rng = rng or random.Random()
        self.clock = clock
        self.queue = MoveQueue()
        self.assistant = FifteenAssistant(self, data_dir, tasks)
        saved = records.saved_game()
        resume = saved if saved is not None and size in (None, saved.size) else None
        #: A kept game of another size, not resumed: only an unfinished game of this session replaces it.
        self._keeps_other_game = saved is not None and resume is None
        self.size = resume.size if resume is not None else size or records.size()
        self.new_game(resume=resume)
        records.remember_size(self.size)

    # -- games ----------------------------------------------------------------

    def new_game(self, size: tuple[int, int] | None = None, *, resume: FifteenGame | None = None) -> None:
        """A fresh shuffle (of a new size, when given), or the game left unfinished last time."""
        if size is not None and size != self.size:
            self.size = size
            self.records.remember_size(size)
        self.assistant.forget()
        self.history = History(Board.shuffled(*self.size, rng=self.rng), apply_move)
        if resume is not None:
            try:
                start = Board.from_tiles(resume.start, *self.size)
                self.history = History.from_text(start, apply_move, resume.history)
            except ValueError:
                resume = None  # it no longer fits the rules: a fresh shuffle instead
        self.queue.stop()
        self.solved = False
        #: True once the solver helped (a hint shown or a solution played): such a solve sets no best.
        self.helped = resume is not None and resume.helped
        #: What the solved board says: the moves and time, and any best beaten.
        self.notes: list[str] = []
        #: The time played: a resumed game's seconds, on from its next slide.
        played_before = resume.seconds if resume is not None else 0.0
        self.timer = PlayClock(played_before, now=self.clock, held_by=[UNSTARTED])
        self.best = self.records.best(*self.size)
        #: How often this size was solved with the solver's help (shown beside the best).
        self.helped_count = self.records.helped(*self.size)

    def change_size(self, step: int) -> bool:
        """A board one bigger (or smaller) each way; False, said, at the smallest or largest."""
        width, height = (max(MIN_SIDE, min(MAX_SIDE, side + step)) for side in self.size)
        if (width, height) == self.size:
            self.say(f"Boards go from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}.", 2)
            return False
        self.new_game((width, height))
        self.say(f"A new {width}x{height} board.", 2)
        return True

    @property
    def board(self) -> Board:
        return self.history.state

    # -- the clock ----------------------------------------------------------------

    def elapsed(self) -> float:
        """Seconds since the first slide, stopped when solved, paused while the solver thinks."""
        return self.timer.seconds()

    @property
    def timer_running(self) -> bool:
        """Started and not solved (it may be waiting for the solver, or for the player to come back)."""
        return not (self.timer.held_by(UNSTARTED) or self.timer.held_by(SOLVED))

    @property
    def timer_stopped(self) -> bool:
        return self.timer.held_by(SOLVED)

    @property
    def paused(self) -> bool:
        """The clock waits while the player waits for the solver."""
        return self.timer.held_by(WAITING)

    def _stop_timer(self) -> float:
        self.timer.hold(SOLVED)
        return self.timer.seconds()

    # -- sliding ----------------------------------------------------------------

    def slide(self, letter: str) -> None:
        """An arrow key: the tile beside the gap slides; while a solution plays, the key stops it."""
        if self.queue.autoplay is not None:
            self.stop_playing()
            return
        self.assistant.cancel()
        self.queue.add(letter)

    def slide_to(self, cell: int) -> None:
        """A click on a cell: it and the tiles between it and the gap slide, as one entry."""
        if self.queue.autoplay is not None:
            self.stop_playing()
            return
        board = self.planned_board()
        moves = board.moves_to_slide(cell)
        if moves:
            self.assistant.cancel()
            self.queue.add(moves)
        elif cell != board.gap:
            self.say("Click a tile in the gap's row or column.", 2)

    def planned_board(self) -> Board:
        """The board once the queued slides are made."""
        board = self.board
        for entry in self.queue:
            for letter in entry:
                board = board.try_slide(letter) or board
        return board

    def play_moves(self, moves: str, message: str) -> None:
        """Let the solver's slides play by themselves, each undoable like the player's own."""
        self.queue.play_by_themselves(moves, helped=False)
        self.say(message, 4)

    def interpret(self, entry: str) -> str:
        """The slides a key or a click makes on the board: its letters up to the first that cannot slide."""
        board, made = self.board, ""
        for letter in entry:
            moved = board.try_slide(letter)
            if moved is None:
                break  # a tile that is not there: nothing happens, as with a wall in Sokoban
            board, made = moved, made + letter
        return made

    def play_queued(self, *, all_of_them: bool) -> SlideStep | None:
        """Make the next queued slide (or click) the board allows; with ``all_of_them``, every one."""
        last = None
        while self.queue:
            made = self.interpret(self.queue.pop())
            if not made:
                continue
            before = self.board
            after = self.history.play(made)  # the rules apply it, the history keeps it
            self.timer.release(UNSTARTED)  # the first slide, or a resumed game's first change
            self.assistant.position_changed()
            if after.is_solved():
                self._celebrate()
            last = SlideStep(before, after, self.queue.autoplay)
            if not all_of_them:
                break
        self.queue.finish()
        return last

    def _celebrate(self) -> None:
        self.solved = True
        self.queue.stop()
        seconds = self._stop_timer()
        moves = len(self.history.moves)
        done = f"{plural(moves, 'move')} in {format_time(seconds, tenths=True)}"
        if self.helped:
            times = self.records.record_helped(*self.size, moves)
            self.helped_count = times or self.helped_count
            self.notes = [done, "Solved with help: kept as that, never as a best."]
            return
        by_moves, by_time = self.records.record(*self.size, moves, seconds)
        self.notes = [done]
        if by_moves:
            self.notes.append(f"New best: {plural(moves, 'move')}!")
        if by_time:
            self.notes.append(f"New best time: {format_time(seconds, tenths=True)}!")
        self.best = self.records.best(*self.size)

    # -- going back and forth ----------------------------------------------------------------

    def _arrived(self, *, moved: bool) -> None:
        """After undo, redo or restart: the clock stops on a solved board, and runs on from there."""
        self.assistant.position_changed()
        self.solved = self.board.is_solved()
        if self.solved:
            self._stop_timer()
            return
        self.timer.release(SOLVED)
        if moved:  # a resumed game's first change starts its clock
            self.timer.release(UNSTARTED)

    def restart(self) -> None:
        """Back to this shuffle's start, as a step undo takes back."""
        self._travel(self.history.restart)

    def leave(self) -> None:
        """Keep an unfinished game, so it is there next time (a solved or untouched one is not kept).

        A game kept from before and not resumed here stays unless this session
        leaves one unfinished: opening a 4x4 for a look must not throw away a
        5x3 half done.
        """
        self.assistant.cancel()
        self.assistant.stop_preparing()
        unfinished = self.history.to_text() and not self.solved
        if not unfinished and self._keeps_other_game:
            return
        self.records.save_game(
            FifteenGame(
                self.size,
                self.history.start.tiles,
                self.history.to_text(),
                round(self.elapsed(), 1),
                self.helped,
            )
            if unfinished
            else None
        )
