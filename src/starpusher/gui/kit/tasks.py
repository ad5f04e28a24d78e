"""Work in the background without freezing the window (hints, solutions, shuffles).

A task runs in a worker thread; when it ends, the worker posts one pygame
event and the main loop calls the task's ``on_done`` (or ``on_error``) in the
main thread, where drawing and game state are safe to touch. A cancelled task
never calls back: the worker sees ``token.cancelled`` and may stop early.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

#: The event a finished task posts; ``event.task`` is its :class:`Task`.
TASK_DONE = pygame.event.custom_type()


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
        self, name: str, on_done: Callable[[Any], None], on_error: Callable[[BaseException], None]
    ) -> None:
        self.name = name
        self.token = CancelToken()
        self.on_done = on_done
        self.on_error = on_error
        self.future: Future[Any] | None = None

    @property
    def running(self) -> bool:
        return self.future is not None and not self.future.done()

    def cancel(self) -> None:
        self.token.cancel()


class TaskRunner:
    """Starts tasks and delivers their results through the event queue."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="starpusher-task")
        self._tasks: set[Task] = set()

    def submit(
        self,
        name: str,
        work: Callable[[CancelToken], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None] | None = None,
    ) -> Task:
        """Run ``work(token)`` in the background; ``on_done(result)`` runs later in the main loop."""
        task = Task(name, on_done, on_error or _reraise)
        task.future = self._pool.submit(work, task.token)
        task.future.add_done_callback(lambda _: _announce(task))
        self._tasks.add(task)
        return task

    @property
    def busy(self) -> bool:
        return any(task.running for task in self._tasks)

    def running_names(self) -> list[str]:
        """Names of the tasks still working (shown beside a spinner), oldest first.

        A task counts until its answer is delivered, not only until its thread
        ends: the loop must keep turning until the answer's event is handled.
        """
        return sorted(task.name for task in self._tasks if not task.token.cancelled)

    def deliver(self, event: pygame.event.Event) -> None:
        """Call back the task of a TASK_DONE event (in the main thread)."""
        task: Task = event.task
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


def _announce(task: Task) -> None:
    """Tell the main loop that ``task`` ended (from the worker thread)."""
    # The window may have closed while the task ran: then nobody waits for its answer.
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(TASK_DONE, task=task))


def _reraise(error: BaseException) -> None:
    raise error
