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
