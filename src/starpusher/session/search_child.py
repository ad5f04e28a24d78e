"""The solver's searches for one level in a child process: the front end keeps its frames.

A search in a thread shares the interpreter with the window, which then draws
in the gaps the search leaves it (``bench/bench_editor.py`` measured 27 frames
a second against 49.6). A child process has an interpreter, and on a machine
of two cores a core, of its own. One child serves a level for as long as the
player is on it: its compiled board, with the deadlocks the searches learned
on it, lives there, and so does the search of the position shown, so a search
stopped (its time ran out, or the player pressed the key again) carries on from
where it was when asked again, as :class:`~starpusher.solver.Solving` does in
one process.

:class:`SearchChild` is the parent's end: it starts the child at the first
search and ends it in :meth:`SearchChild.close`. :class:`ChildSolving` is one
position's search in it, with the interface of
:class:`~starpusher.solver.Solving` (``state``, ``nodes``, ``seconds``,
``finished``, ``run``) and :meth:`ChildSolving.shorter`, the optimizer on
its solution, in the child too. The child reports how far it has come ten
times a second. The process itself is a :class:`starpusher.processes.Child`,
as the editor's verdicts are: it ends with its parent however the parent ends.
"""

from __future__ import annotations

import itertools
import multiprocessing.connection
import queue
import threading
import time
from dataclasses import dataclass, replace

from ..core import Level, StarPusherError, State
from ..optimize import optimize
from ..processes import Child, ChildStopped
from ..solver import Outcome, SolveResult, Solving

#: How often the child says how far its search has come, and the parent looks for it (seconds).
REPORT_SECONDS = 0.1
POLL_SECONDS = 0.05
#: How long a cancelled search may take to stop before its child is ended (its kept search lost).
STOP_SECONDS = 2.0


# -- what goes between the two processes -------------------------------------------------------


@dataclass(frozen=True)
class _Run:
    """Search on from ``state`` (a new search when ``search`` is not the child's current one)."""

    number: int
    search: int
    state: State
    time_limit: float


@dataclass(frozen=True)
class _Shorten:
    """Make ``moves``, a solution from ``state``, shorter for ``seconds`` (fewest pushes)."""

    number: int
    state: State
    moves: str
    seconds: float


@dataclass(frozen=True)
class _Cancel:
    number: int


@dataclass(frozen=True)
class _Progress:
    number: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class _Answer:
    number: int
    result: SolveResult
    nodes: int
    seconds: float
    finished: bool


@dataclass(frozen=True)
class _Failure:
    number: int
    words: str


# -- the child ----------------------------------------------------------------------------------


def _serve(
    level_text: str, memory_limit_mb: float, connection: multiprocessing.connection.Connection
) -> None:
    """The child's life: searches and shortenings, one at a time, as the parent asks for them."""
    _Server(Level.from_text(level_text), memory_limit_mb, connection).serve()


class _Server:
    """The child's end: a listening thread takes requests and cancels; the main thread works."""

    def __init__(
        self, level: Level, memory_limit_mb: float, connection: multiprocessing.connection.Connection
    ) -> None:
        self.level = level
        self.memory_limit_mb = memory_limit_mb
        self.connection = connection
        self.requests: queue.Queue[_Run | _Shorten | None] = queue.Queue()
        self._sending = threading.Lock()
        self._cancels = threading.Lock()
        #: The request being worked on and its cancel flag; requests cancelled before their turn.
        self._current: tuple[int, threading.Event] | None = None
        self._cancelled: set[int] = set()
        #: The search kept for the position shown: (the parent's number for it, the search).
        self.kept: tuple[int, Solving] | None = None

    def serve(self) -> None:
        threading.Thread(target=self._listen, name="search-requests", daemon=True).start()
        while (request := self.requests.get()) is not None:
            cancel = self._start(request.number)
            try:
                if isinstance(request, _Run):
                    self._run(request, cancel)
                else:
                    self._shorten(request, cancel)
            except Exception as error:  # any failure goes back as words, never lost
                self._send(_Failure(request.number, f"{type(error).__name__}: {error}"))
            finally:
                with self._cancels:
                    self._current = None

    def _listen(self) -> None:
        while True:
            try:
                message = self.connection.recv()
            except (EOFError, OSError):
                self.requests.put(None)
                return
            if isinstance(message, _Cancel):
                with self._cancels:
                    if self._current is not None and self._current[0] == message.number:
                        self._current[1].set()
                    else:
                        self._cancelled.add(message.number)
            else:
                self.requests.put(message)

    def _start(self, number: int) -> threading.Event:
        cancel = threading.Event()
        with self._cancels:
            if number in self._cancelled:
                self._cancelled.discard(number)
                cancel.set()
            self._current = (number, cancel)
        return cancel

    def _send(self, message: object) -> None:
        with self._sending:
            self.connection.send(message)

    def _run(self, request: _Run, cancel: threading.Event) -> None:
        if self.kept is None or self.kept[0] != request.search:
            self.kept = None  # its tables are big: dropped before the next search builds its own
            self.kept = (
                request.search,
                Solving(self.level, request.state, memory_limit_mb=self.memory_limit_mb),
            )
        solving = self.kept[1]
        done = threading.Event()

        def report() -> None:
            while not done.wait(REPORT_SECONDS):
                self._send(_Progress(request.number, solving.nodes, solving.seconds))

        reporter = threading.Thread(target=report, name="search-progress", daemon=True)
        reporter.start()
        try:
            result = solving.run(request.time_limit, cancel=cancel)
        finally:
            done.set()
            reporter.join()
        self._send(_Answer(request.number, result, solving.nodes, solving.seconds, solving.finished))

    def _shorten(self, request: _Shorten, cancel: threading.Event) -> None:
        level = self.level
        from_here = level if request.state == level.start else replace(level, start=request.state)
        shorter = optimize(from_here, request.moves, time_limit=request.seconds, cancel=cancel)
        result = SolveResult(Outcome.SOLVED, shorter.moves, shorter.pushes)
        self._send(_Answer(request.number, result, 0, 0.0, True))


# -- the parent ---------------------------------------------------------------------------------


class SearchChild:
    """The child process that searches one level, started at the first search and ended by :meth:`close`."""

    def __init__(self, level: Level, memory_limit_mb: float) -> None:
        self.level = level
        self.memory_limit_mb = memory_limit_mb
        self._child: Child | None = None
        self._numbers = itertools.count(1)
        self._searches = itertools.count(1)
        #: One request at a time: a search cancelled by a key press may still be ending in one
        #: thread when the next press starts another in a second thread.
        self._asking = threading.Lock()

    def search(self, state: State) -> ChildSolving:
        """A new search from ``state``, run in the child (it replaces the child's kept search)."""
        return ChildSolving(self, state, next(self._searches))

    @property
    def running(self) -> bool:
        """Whether the child process is alive (it is started by the first search)."""
        return self._child is not None and self._child.is_alive()

    @property
    def pid(self) -> int | None:
        """The child's process id (None before the first search)."""
        return self._child.pid if self._child is not None else None

    def close(self) -> None:
        """End the child (the next search starts another, without the kept search)."""
        if self._child is not None:
            self._child.end()
        self._child = None

    def ask(
        self, request: _Run | _Shorten, cancel: threading.Event | None, solving: ChildSolving
    ) -> SolveResult:
        """Send ``request`` and wait for its answer, passing on progress to ``solving``."""
        with self._asking:
            child = self._started()
            child.send(request)
            cancel_sent: float | None = None
            while True:
                if cancel is not None and cancel.is_set() and cancel_sent is None:
                    child.send(_Cancel(request.number))
                    cancel_sent = time.monotonic()
                if cancel_sent is not None and time.monotonic() - cancel_sent > STOP_SECONDS:
                    self.close()  # it does not stop: ended, its kept search with it
                    return SolveResult(Outcome.CANCELLED)
                answer = self._receive(child)
                if answer is None or answer.number != request.number:
                    continue  # nothing yet, or the end of a request given up before
                if isinstance(answer, _Progress):
                    solving.progressed(answer.nodes, answer.seconds)
                elif isinstance(answer, _Answer):
                    if isinstance(request, _Run):
                        solving.progressed(answer.nodes, answer.seconds, finished=answer.finished)
                    return answer.result
                else:
                    raise StarPusherError(f"the solver failed: {answer.words}")

    def next_number(self) -> int:
        return next(self._numbers)

    def _started(self) -> Child:
        if self._child is None or not self._child.is_alive():
            self.close()
            self._child = Child(
                _serve, (self.level.to_text(), self.memory_limit_mb), name="starpusher-search"
            )
        return self._child

    def _receive(self, child: Child) -> _Progress | _Answer | _Failure | None:
        try:
            answer = child.receive(POLL_SECONDS)
        except ChildStopped:
            self.close()  # the next search starts another child
            raise
        if answer is not None and not isinstance(answer, _Progress | _Answer | _Failure):
            raise StarPusherError(f"the solver answered {answer!r}")
        return answer


class ChildSolving:
    """One position's search, run in the level's child: :class:`~starpusher.solver.Solving`'s interface."""

    def __init__(self, child: SearchChild, state: State, search: int) -> None:
        self.child = child
        self.state = state
        self.search = search
        #: Positions expanded and seconds searched so far, over every run (as the child last said).
        self.nodes = 0
        self._seconds = 0.0
        self._said_at: float | None = None
        self.finished = False

    @property
    def seconds(self) -> float:
        """Seconds searched so far, the run under way included (counted on between two reports)."""
        said = self._said_at
        return self._seconds + (0.0 if said is None else time.monotonic() - said)

    def progressed(self, nodes: int, seconds: float, *, finished: bool | None = None) -> None:
        """What the child says of this search: its counts, and (with its answer) whether it is over."""
        self.nodes, self._seconds = nodes, seconds
        self._said_at = time.monotonic() if finished is None else None
        if finished is not None:
            self.finished = finished

    def run(self, time_limit: float, cancel: threading.Event | None = None) -> SolveResult:
        """Search on for at most ``time_limit`` seconds; cancelled or out of time, it can go on later."""
        request = _Run(self.child.next_number(), self.search, self.state, time_limit)
        try:
            return self.child.ask(request, cancel, self)
        finally:
            self._said_at = None

    def shorter(
        self, result: SolveResult, seconds: float, cancel: threading.Event | None = None
    ) -> SolveResult:
        """The solver's solution made shorter by the optimizer for ``seconds`` (in the child too)."""
        request = _Shorten(self.child.next_number(), self.state, result.moves, seconds)
        shorter = self.child.ask(request, cancel, self)
        if shorter.status is not Outcome.SOLVED:
            return result
        return replace(result, moves=shorter.moves, pushes=shorter.pushes)
