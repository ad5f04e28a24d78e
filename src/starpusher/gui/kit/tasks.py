"""Work in the background without freezing the window (a search a game asks for).

The runner is :mod:`starpusher.background`'s: a task's work runs in a worker
thread, and when it ends the worker posts one pygame event; the main loop
hands that event to :meth:`WindowTasks.deliver`, which calls the task's
``on_done`` (or ``on_error``) in the main thread, where drawing and game state
are safe to touch.
"""

from __future__ import annotations

import contextlib

import pygame

from ...background import CancelToken, Task, TaskRunner

#: The event a finished task posts; ``event.task`` is its :class:`Task`.
TASK_DONE = pygame.event.custom_type()

__all__ = ["TASK_DONE", "CancelToken", "Task", "WindowTasks"]


class WindowTasks(TaskRunner):
    """The window's runner: a finished task comes back as a :data:`TASK_DONE` event."""

    def __init__(self, workers: int = 2) -> None:
        super().__init__(_announce, workers)

    def deliver(self, event: pygame.event.Event) -> None:
        """Call back the task of a TASK_DONE event (in the main thread)."""
        self.deliver_task(event.task)


def _announce(task: Task) -> None:
    """Tell the main loop that ``task`` ended (from the worker thread)."""
    # The window may have closed while the task ran: then nobody waits for its answer.
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(TASK_DONE, task=task))
