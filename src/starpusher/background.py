"""Work in worker threads whose answers come back to the front end's own loop.

A front end (the window, the terminal) runs one loop that reads keys and
draws; a search for a hint must not stop it. :class:`TaskRunner` runs each
task's work in a thread; when the work ends, the runner ``announce`` s the
task (the window posts a pygame event, the terminal puts it in a queue), and
the loop hands it to :meth:`TaskRunner.deliver`, which calls the task's
``on_done`` (or ``on_error``) in the loop's thread, where game state is safe to
touch. A cancelled task never calls back: its work sees ``token.cancelled`` and
may stop early.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any


class CancelToken:
    """Handed to the work function so long searches can stop when nobody waits."""

    def __init__(self) -> None:
        self._event = threading.Event()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self) -> None:
        self._event.set()

    @property
    def event(self) -> threading.Event:
        """The flag itself, for code that polls a ``threading.Event`` (the solver)."""
        return self._event


class Task:
    def __init__(
        self,
        name: str,
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
        describe: Callable[[], str] | None = None,
    ) -> None:
        #: Shown beside the front end's spinner; a task may change it as it goes ("... 40%").
        self.name = name
        #: Says how far the work has come, asked each time the spinner is drawn (else :attr:`name`).
        self.describe = describe
        self.token = CancelToken()
        self.on_done = on_done
        self.on_error = on_error
        self.future: Future[Any] | None = None

    @property
    def running(self) -> bool:
        return self.future is not None and not self.future.done()

    @property
    def label(self) -> str:
        """What the spinner says: how far the work has come, or the task's name."""
        return self.describe() if self.describe is not None else self.name

    def cancel(self) -> None:
        self.token.cancel()


class TaskRunner:
    """Starts tasks; ``announce(task)`` is called from the worker thread when one ends."""

    def __init__(self, announce: Callable[[Task], object], workers: int = 2) -> None:
        self._announce = announce
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="starpusher-task")
        self._tasks: set[Task] = set()

    def submit(
        self,
        name: str,
        work: Callable[[CancelToken], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None] | None = None,
        describe: Callable[[], str] | None = None,
    ) -> Task:
        """Run ``work(token)`` in the background; ``on_done(result)`` runs later in the front end's loop.

        ``describe``, called from the front end's thread while the work runs,
        says how far it has come (read what the work updates; never wait).
        """
        task = Task(name, on_done, on_error or _reraise, describe)
        task.future = self._pool.submit(work, task.token)
        task.future.add_done_callback(lambda _: self._announce(task))
        self._tasks.add(task)
        return task

    @property
    def busy(self) -> bool:
        return any(task.running for task in self._tasks)

    def running_names(self) -> list[str]:
        """Names of the tasks still working (shown beside a spinner), oldest first.

        A task counts until its answer is delivered, not only until its thread
        ends: the loop must keep turning until the answer is handled.
        """
        return sorted(task.label for task in self._tasks if not task.token.cancelled)

    def deliver_task(self, task: Task) -> None:
        """Call back a task that ended (in the front end's thread)."""
        self._tasks.discard(task)
        if task.token.cancelled or task.future is None:
            return
        error = task.future.exception()
        if error is not None:
            task.on_error(error)
        else:
            task.on_done(task.future.result())

    def shutdown(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)


def _reraise(error: BaseException) -> None:
    raise error
