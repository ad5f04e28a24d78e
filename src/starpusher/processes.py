"""Child processes that never outlive their parent.

A parent that is stopped in an orderly way ends its children itself (see
:mod:`starpusher.cli.workers`). One killed outright (SIGKILL, or SIGHUP when a
terminal closes) cannot: its children went on solving, orphaned, for as long
as their work lasted. So each child watches its parent: :func:`end_with_parent`
starts a thread that waits on the pipe :mod:`multiprocessing` keeps between
a child and its parent, whose far end only the parent holds. The system
closes it when the parent ends, however it ends, and the child ends at once.

This works wherever :mod:`multiprocessing` does (with fork, forkserver or
spawn, and on Windows, where the pipe is the parent's process handle), so no
platform-specific parent-death signal is needed beside it.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
import weakref
from collections.abc import Callable
from typing import Any

#: The exit status of a child that ended because its parent was gone.
EXIT_ORPHANED = 1


def end_with_parent() -> None:
    """In a :mod:`multiprocessing` child: end this process as soon as its parent is gone.

    Does nothing in a process that :mod:`multiprocessing` did not start.
    """
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])  # ready once the parent's end is closed
        os._exit(EXIT_ORPHANED)  # at once: nobody is left to take the results or to wait

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


#: What a child started by the server has imported already: it starts its work at once.
PRELOADED = ["starpusher.session.search_child", "starpusher.editing.verdict"]


def child_context() -> multiprocessing.context.ForkServerContext | multiprocessing.context.SpawnContext:
    """Children started by a server process where there is one (fast, and safe beside threads).

    The server imports the solver once, so each child it forks starts without importing it again.
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOADED)
        return context
    return multiprocessing.get_context("spawn")


#: How much lower than the window's a child's claim on the processor is (POSIX ``nice``).
CHILD_NICENESS = 10


class ChildStopped(RuntimeError):
    """A child process ended without the answer it was waited for."""


class Child:
    """A child process that works for a front end, and the two-way pipe between them.

    The window's verdicts (:mod:`starpusher.editing.verdict`) and the hints of
    play (:mod:`starpusher.session.search_child`) are worked out in one: a
    thread would share the interpreter with the window, which then draws only
    in the gaps the search leaves it. ``work(*args, connection)`` runs in the
    child with its end of the pipe, and ends with the parent however the parent
    ends. The child is ended by :meth:`end`, or once this object is forgotten.
    """

    def __init__(self, work: Callable[..., None], args: tuple[Any, ...], *, name: str) -> None:
        context = child_context()
        self.connection, there = context.Pipe(duplex=True)
        self.process = context.Process(target=_child_main, args=(work, *args, there), name=name, daemon=True)
        self.process.start()
        there.close()  # the child holds its own copy: end of file here once it dies
        self._ended = weakref.finalize(self, _end, self.process, self.connection)

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def is_alive(self) -> bool:
        return self._ended.alive and self.process.is_alive()

    def send(self, message: object) -> None:
        self.connection.send(message)

    def receive(self, timeout: float) -> object | None:
        """The child's next message, waited for up to ``timeout`` seconds; None when none came yet.

        Raises :class:`ChildStopped` once the child has ended and said nothing more.
        """
        connection, process = self.connection, self.process
        try:
            # A message, or a last word the child sent as it ended.
            if connection.poll(timeout) or (not process.is_alive() and connection.poll()):
                message: object = connection.recv()
                return message
            if process.is_alive():
                return None
        except (EOFError, OSError):  # its end closed as it ended, or ours by end()
            pass
        self.process.join(timeout=1)  # for its exit code
        raise ChildStopped(f"the solver stopped without an answer (exit code {self.process.exitcode})")

    def end(self) -> None:
        """End the child, wherever its work stands, and close the pipe."""
        self._ended()


def _child_main(work: Callable[..., None], *args: Any) -> None:
    end_with_parent()  # a window killed outright cannot end its children
    if hasattr(os, "nice"):  # on a busy machine the window, which the player watches, goes first
        os.nice(CHILD_NICENESS)
    work(*args)


def _end(
    process: multiprocessing.process.BaseProcess, connection: multiprocessing.connection.Connection
) -> None:
    connection.close()
    if process.is_alive():
        process.kill()
    process.join(timeout=5)
