"""Jobs run in worker processes that all stop at once when the command is interrupted.

``concurrent.futures`` is not used: on Ctrl+C its workers caught the
interrupt too and kept the parent waiting for ever, and on SIGTERM they were
left running as orphans. Here the workers ignore Ctrl+C (the terminal sends
it to the whole process group; the parent alone decides), and the parent,
interrupted or finished, terminates every worker it started and waits at
most a second for them to go. A parent killed outright cannot: each worker
then ends by itself as soon as its parent is gone (:mod:`starpusher.processes`).

Use::

    with WorkerPool(function, jobs, workers=4) as pool:
        for index, result in pool.results():     # in the order they finish
            ...
    # on KeyboardInterrupt or Terminated inside the with: every worker is stopped
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from types import FrameType, TracebackType
from typing import Any, Generic, TypeVar

from ..core import StarPusherError
from ..processes import end_with_parent

Job = TypeVar("Job")
Result = TypeVar("Result")

#: Seconds a worker is given to end after being told to stop, before it is killed.
STOP_SECONDS = 0.5
#: How often the parent looks whether a worker died without answering.
POLL_SECONDS = 0.2

#: The exit status of a command stopped by Ctrl+C (SIGINT) or by SIGTERM, as shells report them.
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(BaseException):
    """The process received SIGTERM (raised by the handler :func:`raise_on_sigterm` installs)."""


def raise_on_sigterm() -> None:
    """Make SIGTERM raise :class:`Terminated` in the main thread, as Ctrl+C raises KeyboardInterrupt."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Terminated

    signal.signal(signal.SIGTERM, handler)


def interrupted_status(error: BaseException) -> int:
    return EXIT_TERMINATED if isinstance(error, Terminated) else EXIT_INTERRUPTED


class WorkerPool(Generic[Job, Result]):
    """``function(job)`` for every job, in up to ``workers`` processes."""

    def __init__(self, function: Callable[[Job], Result], jobs: Sequence[Job], workers: int) -> None:
        self.function = function
        self.jobs = list(jobs)
        self.workers = max(1, min(workers, len(self.jobs)))
        context = multiprocessing.get_context()
        self._todo: Any = context.Queue()
        self._done: Any = context.Queue()
        self._processes = [
            context.Process(target=_work, args=(function, self._todo, self._done), daemon=True)
            for _ in range(self.workers)
        ]

    def __enter__(self) -> WorkerPool[Job, Result]:
        return self.start()

    def start(self) -> WorkerPool[Job, Result]:
        """Hand out the jobs and start the workers (``with`` does it; then :meth:`stop` is certain)."""
        for index, job in enumerate(self.jobs):
            self._todo.put((index, job))
        for _ in self._processes:
            self._todo.put(None)  # one "no more work" for each worker
        with _default_sigterm():
            for process in self._processes:
                process.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    def results(self) -> Iterator[tuple[int, Result]]:
        """``(index of the job, its result)`` as each finishes; a job that raised raises here."""
        for _ in self.jobs:
            while True:
                try:
                    index, ok, value = self._done.get(timeout=POLL_SECONDS)
                    break
                except queue.Empty:
                    if not any(process.is_alive() for process in self._processes):
                        raise StarPusherError("the workers ended before their work was done") from None
            if not ok:
                raise StarPusherError(f"a worker failed: {value}")
            yield index, value

    def stop(self) -> None:
        """Stop every worker now (those still busy are terminated) and wait for them, a second at most."""
        for process in self._processes:
            if process.is_alive():
                process.terminate()
        for process in self._processes:
            if process.pid is not None:
                process.join(STOP_SECONDS)
                if process.is_alive():
                    process.kill()
                    process.join(STOP_SECONDS)
        for channel in (self._todo, self._done):
            channel.cancel_join_thread()  # never wait at exit to flush a queue nobody reads
            channel.close()


@contextlib.contextmanager
def _default_sigterm() -> Iterator[None]:
    """SIGTERM's default action while workers are forked, so that none inherits our handler.

    A worker the parent stops (its work done by the others, or Ctrl+C) may
    still be starting up; with the parent's handler it would print a
    traceback of :class:`Terminated` instead of ending quietly.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set in the main thread; a thread's pool has none
        return
    previous = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _work(function: Callable[[Any], Any], todo: Any, done: Any) -> None:
    """A worker's life: jobs until the "no more work" mark; Ctrl+C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent()  # a parent killed outright (SIGKILL) cannot stop its workers
    while (item := todo.get()) is not None:
        index, job = item
        try:
            done.put((index, True, function(job)))
        except Exception as error:  # told to the parent, which says it and stops
            done.put((index, False, f"{type(error).__name__}: {error}"))
    sys.stdout.flush()
