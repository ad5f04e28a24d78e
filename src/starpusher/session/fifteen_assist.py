"""Solver help for Fifteen: the next move of a shortest solution, or the whole solution played.

The search runs in the background (the front end's
:class:`~starpusher.background.TaskRunner`) so the front end keeps drawing; a
second press of the same key, a move or undo cancels it. A solution found once
is remembered for every board along it, so the next hint after a followed one,
or playing the rest, needs no new search. The 4x4 search needs the solver's
tables (built once per data directory): their build starts in the background
as soon as Fifteen opens (:meth:`FifteenAssistant.prepare_tables`), and the
spinner shows how far it got.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ..background import CancelToken, Task, TaskRunner
from ..core.fifteen import Board
from ..core.words import plural
from ..history import History
from ..solver.fifteen import FifteenSolution, SearchCancelled, pdb_ready, solve_fifteen
from ..solver.fifteen.tables import load_tables
from ..store.paths import usable_data_dir
from .common import HINT, SOLUTION, Say, Search

__all__ = ["HINT", "SOLUTION", "AssistedGame", "FifteenAssistant"]

THINKING = "Thinking"
BUILDING = "Building tables (once)"
SAVING = "Saving the tables"
#: The size whose tables are worth building before anyone asks: the classic Fifteen.
PREPARED_SIZE = (4, 4)

#: How each move letter reads in a message: the way the tile slides.
SLIDE_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}


class AssistedGame(Protocol):
    """The game the assistant helps: its board's history, its voice, and how it plays a solution."""

    history: History[Board]
    say: Say
    #: Set once the solver helped: such a solve sets no best.
    helped: bool

    def play_moves(self, moves: str, message: str) -> None: ...


class BuildProgress:
    """How far a table build came: told by the worker thread, read by the spinner as it draws.

    The reporter also stops the build of a cancelled task: a build left running
    when the window closes would keep the program alive for minutes.
    """

    def __init__(self, before: str, *, after: str) -> None:
        #: What the spinner says before the build reports, and once it is done.
        self.before, self.after = before, after
        self.fraction: float | None = None

    def label(self) -> str:
        if self.fraction is None:
            return self.before
        if self.fraction >= 1:
            return self.after
        return f"{BUILDING}: {int(self.fraction * 100)}%"

    def reporter(self, token: CancelToken) -> Callable[[str, float], None]:
        def progress(message: str, fraction: float) -> None:
            if token.cancelled:
                raise SearchCancelled
            self.fraction = fraction

        return progress


class FifteenAssistant(Search):
    """Hints and solutions for the board a Fifteen session plays."""

    def __init__(
        self, game: AssistedGame, data_dir: str | os.PathLike[str] | None, tasks: TaskRunner
    ) -> None:
        super().__init__(tasks)
        self.game = game
        self.data_dir = data_dir
        self._tables: tuple[Path | None, str | None] | None = None
        #: The rest of a known solution from each board along it.
        self._plan: dict[Board, str] = {}
        self._optimal = True
        #: The board the shown hint is for, and its move letter.
        self.hint: tuple[Board, str] | None = None
        #: The build of the tables started when Fifteen opened, while it runs.
        self._preparing: Task | None = None

    def ask(self, kind: str) -> None:
        """A hint, or the whole solution played; pressing the same key again while it thinks cancels."""
        say = self.game.say
        if kind == self._stop_asked():
            say("Hint cancelled." if kind == HINT else "Solution cancelled.", 2)
            return
        board = self.game.history.state
        if board.is_solved():
            say("It is already solved.", 2)
            return
        if kind == HINT and self.hint is not None and self.hint[0] == board:
            self.hint = None  # H on a shown hint hides it
            return
        known = self._plan.get(board)
        if known is not None:
            self._use(kind, board, known)
        else:
            self._search(kind, board)

    def prepare_tables(self) -> None:
        """Start building the 4x4 tables in the background, unless they are ready or on their way.

        A hint asked meanwhile waits for this build instead of starting its own.
        """
        directory, _ = self.tables_home()
        if self._preparing is not None or pdb_ready(*PREPARED_SIZE, directory):
            return
        say = self.game.say
        notices: list[str] = []

        build = BuildProgress(BUILDING, after=SAVING)

        def work(token: CancelToken) -> None:
            load_tables(*PREPARED_SIZE, directory, build.reporter(token), notices.append)

        def done(_: None) -> None:
            self._preparing = None
            if notices:
                say(" ".join(line[0].upper() + line[1:] + "." for line in notices), 10)

        def failed(error: BaseException) -> None:
            self._preparing = None
            if not isinstance(error, SearchCancelled):
                say(f"The 4x4 tables could not be built: {error}", 5)

        self._preparing = self.tasks.submit(BUILDING, work, done, failed, describe=build.label)

    @property
    def preparing(self) -> bool:
        return self._preparing is not None

    def stop_preparing(self) -> None:
        """Fifteen closes: a build nobody waits for stops (it starts again next time)."""
        if self._preparing is not None:
            self._preparing.cancel()
            self._preparing = None

    def tables_home(self) -> tuple[Path | None, str | None]:
        """Where the solver keeps its tables: the data folder (made when first asked), or None and why."""
        if self._tables is None:
            self._tables = usable_data_dir(self.data_dir)
        return self._tables

    def _search(self, kind: str, board: Board) -> None:
        say = self.game.say
        directory, problem = self.tables_home()
        building = not pdb_ready(board.width, board.height, directory)
        if building and self._preparing is not None and (board.width, board.height) == PREPARED_SIZE:
            say("The solver's tables are still being built: the answer comes when they are ready.", 6)
            building = False  # this search waits for that build, and is named as thinking
        elif building:
            where = "(once)" if directory is not None else "in memory (the data folder cannot be used)"
            say(f"Building tables {where}: about half a minute.", 8)
        notices: list[str] = []  # from the worker thread; said here, on the window's
        # Once the tables are built the search goes on: the spinner says so.
        build = BuildProgress(BUILDING if building else THINKING, after=THINKING)

        def work(token: CancelToken) -> FifteenSolution:
            if problem is not None and not pdb_ready(board.width, board.height, None):
                notices.append(problem)  # the tables are about to be built in memory
            return solve_fifteen(
                board,
                cancel=token,
                progress=build.reporter(token),
                tables_dir=directory,
                notice=notices.append,
            )

        def done(solution: FifteenSolution) -> None:
            self._task = None
            self._remember(board, solution)
            if self.game.history.state == board:
                self._use(kind, board, solution.moves)
            if notices:  # after the hint's words: its arrow still shows it
                say(" ".join(line[0].upper() + line[1:] + "." for line in notices), 10)

        def failed(error: BaseException) -> None:
            self._task = None
            say(f"No solution: {error}", 5)

        self._task_kind = kind
        self._task = self.tasks.submit(build.label(), work, done, failed, describe=build.label)

    def _remember(self, board: Board, solution: FifteenSolution) -> None:
        self._optimal = solution.optimal
        moves = solution.moves
        for index, letter in enumerate(moves):
            self._plan[board] = moves[index:]
            board = board.slide(letter)

    def _use(self, kind: str, board: Board, moves: str) -> None:
        say = self.game.say
        self.game.helped = True  # a solve after this sets no best
        quality = "" if self._optimal else " (a good solution, not the shortest)"
        if kind == HINT:
            self.hint = (board, moves[0])
            tile = board.tiles[board.source_of(moves[0]) or 0]
            say(
                f"Hint: slide {tile} {SLIDE_WORDS[moves[0]]}; {plural(len(moves), 'move')} to go{quality}.", 5
            )
        else:
            self.hint = None
            self.game.play_moves(
                moves, f"Playing a solution of {plural(len(moves), 'move')}{quality}. Z undoes."
            )

    def position_changed(self) -> None:
        """The board changed: a hint for another board is no longer shown."""
        if self.hint is not None and self.hint[0] != self.game.history.state:
            self.hint = None

    def hinted(self) -> tuple[int, str] | None:
        """The cell of the hinted tile and its move letter, when the hint is for the board shown."""
        if self.hint is None or self.hint[0] != self.game.history.state:
            return None
        board, letter = self.hint
        source = board.source_of(letter)
        return None if source is None else (source, letter)

    def forget(self) -> None:
        """A new board (a new shuffle or size): nothing known applies any more."""
        self.cancel()
        self._plan.clear()
        self.hint = None
