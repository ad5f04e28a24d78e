"""Files the commands write, written so that a failure is never taken for success.

The writing itself is :mod:`starpusher.files`'s: a file is written whole or
not at all (beside its target, then renamed into place), a new file takes
the umask's mode and one written over keeps its own, links are followed and
kept, and a named pipe or folder is refused at once. This module turns each
failure into one line naming the file (exit status 1): a full disk, a killed
process or a failed write leave the target as it was and no half file behind.

Use::

    write_output("levels.sok", text)            # all at once
    with OutputFile("levels.sok") as out:        # or as it is made
        out.write(part)
        out.commit()                             # put in place; without it nothing is kept
"""

from __future__ import annotations

import contextlib
import os
import sys
from types import TracebackType

from ..core import StarPusherError, shown
from ..files import ReplacingFile


class OutputError(StarPusherError):
    """A file could not be written; the message names it and says why."""


def write_output(target: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``target`` completely, or raise :class:`OutputError` leaving the target as it was."""
    with OutputFile(target) as out:
        out.write(data)
        out.commit()


class OutputFile:
    """One file being written; see the module's documentation."""

    def __init__(self, target: str | os.PathLike[str]) -> None:
        self.name = os.fspath(target)
        try:
            self._file = ReplacingFile(target)
        except OSError as error:
            raise self._error(error) from None

    @property
    def committed(self) -> bool:
        return self._file.committed

    def write(self, data: str | bytes) -> None:
        try:
            self._file.write(data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as error:  # the file has abandoned what it had
            raise self._error(error) from None

    def commit(self) -> None:
        """Flush everything to the disk and put the file in place; raises OutputError if any of it fails."""
        try:
            self._file.commit()
        except OSError as error:
            raise self._error(error) from None

    def abandon(self) -> None:
        """Keep nothing: the target is left as it was."""
        self._file.abandon()

    def __enter__(self) -> OutputFile:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if not self.committed:
            self.abandon()

    def _error(self, error: OSError) -> OutputError:
        return OutputError(f"{shown(self.name)}: cannot write: {error.strerror or error}")


def silence_standard_output() -> None:
    """Nothing more can go to standard output: keep Python from failing again when it flushes at exit."""
    with contextlib.suppress(OSError, ValueError):  # no file descriptor (a test capturing output)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def flush_standard_output() -> None:
    """Flush standard output, raising :class:`OutputError` if it cannot take the text (a full disk).

    Python would otherwise only notice at exit, print a traceback-like
    message and still let the command look successful to a careless caller.
    """
    if sys.stdout is None:
        return  # started with standard output closed: Python has dropped the text all along
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        silence_standard_output()
        raise OutputError(f"standard output: cannot write: {error.strerror or error}") from None
