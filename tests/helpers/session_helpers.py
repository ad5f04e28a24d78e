"""What the session (and terminal) tests share: a voice that keeps what was said, tasks handed back,
a database locked by another program.

Nothing here imports pygame: the sessions are driven as a front end would
drive them, without a window.
"""

from __future__ import annotations

import queue
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from starpusher.background import Task, TaskRunner


class Voice:
    """Stands in for a front end's message line: keeps every message said."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def __call__(self, message: str, seconds: float) -> None:
        self.said.append(message)

    @property
    def last(self) -> str:
        return self.said[-1] if self.said else ""


class Tasks(TaskRunner):
    """A runner whose finished tasks wait in a queue until the test hands them back."""

    def __init__(self) -> None:
        self.finished: queue.Queue[Task] = queue.Queue()
        super().__init__(self.finished.put)

    def answer(self, timeout: float = 60) -> None:
        """Wait for the next task to end and deliver its answer, as a front end's loop would."""
        self.deliver_task(self.finished.get(timeout=timeout))


class Lock:
    """Another program holding a database's write lock, as long as the test wants."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


@pytest.fixture
def voice() -> Voice:
    return Voice()


@pytest.fixture
def tasks() -> Iterator[Tasks]:
    runner = Tasks()
    yield runner
    runner.shutdown()
