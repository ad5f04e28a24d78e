"""The move tables built ahead of need, on a thread of their own.

The window asks :func:`tables_needed` when Fifteen opens and, if so, starts
:func:`build_tables_in_background`; it then reads the build's ``fraction``
to draw progress, shows its ``notices``, and cancels it when the window
closes. A hint asked for meanwhile waits for the same build instead of
starting a second one (:func:`~.tables.load_tables` builds once)::

    if tables_needed(4, 4, tables_dir):
        build = build_tables_in_background(4, 4, tables_dir)
    ...
    if build.done: ...            # build.error is None when it worked
    build.cancel()                # on closing: the thread stops within a second
"""

from __future__ import annotations

import threading
from pathlib import Path

from .tables import has_tables, load_tables, tables_ready

__all__ = ["BuildCancelled", "TableBuild", "build_tables_in_background", "tables_needed"]


class BuildCancelled(Exception):
    """The build was cancelled; nothing is kept."""


def tables_needed(width: int, height: int, tables_dir: Path | None = None) -> bool:
    """True when solving this size optimally would first build the move tables (about half a minute).

    ``tables_dir`` is the folder they are kept in (None: in memory only).
    """
    if not has_tables(width, height):
        return False
    return not tables_ready(width, height, tables_dir)


class TableBuild:
    """One build of a size's tables on a daemon thread; its attributes may be read from any thread."""

    def __init__(self, width: int, height: int, tables_dir: Path | None = None) -> None:
        self.width, self.height = width, height
        self.tables_dir = tables_dir
        #: How far the build got, 0 to 1, and what it is doing.
        self.fraction = 0.0
        self.message = "building move tables"
        #: One-line messages for the player (a damaged file rebuilt, tables that cannot be kept).
        self.notices: list[str] = []
        #: What stopped the build, if anything did (BuildCancelled when cancelled).
        self.error: BaseException | None = None
        self._cancelled = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name=f"fifteen-tables-{width}x{height}", daemon=True
        )

    def start(self) -> TableBuild:
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        return self._thread.ident is not None and not self._thread.is_alive()

    def cancel(self) -> None:
        """Stop the build (it checks several times a second); nothing half-built is kept."""
        self._cancelled.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the build to end; True if it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _progress(self, message: str, fraction: float) -> None:
        if self._cancelled.is_set():
            raise BuildCancelled
        self.message, self.fraction = message, fraction

    def _run(self) -> None:
        try:
            load_tables(self.width, self.height, self.tables_dir, self._progress, self.notices.append)
        except BaseException as error:  # kept for the window to read: a thread has no one to raise to
            self.error = error
        else:
            self.fraction = 1.0


def build_tables_in_background(width: int, height: int, tables_dir: Path | None = None) -> TableBuild:
    """Start building a size's tables (kept in ``tables_dir``, if any) and return the running build."""
    return TableBuild(width, height, tables_dir).start()
