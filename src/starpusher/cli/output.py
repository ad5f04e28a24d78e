"""Files the commands write, written so that a failure is never taken for success.

A file is written beside its target under a hidden temporary name, flushed to
the disk, and renamed over the target only when every byte is there: a full
disk, a killed process or a failed write leave the target as it was and no
half file behind, and the command says so in one line (exit status 1).
A target that exists and is not a regular file (``/dev/null``, a named
pipe, a terminal) is written straight into, never renamed onto, and its
writes are checked all the same.

Use::

    write_output("levels.sok", text)            # all at once
    with OutputFile("levels.sok") as out:        # or as it is made
        out.write(part)
        out.commit()                             # renamed into place; without it nothing is kept
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from pathlib import Path
from types import TracebackType

from ..core import StarPusherError


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
        #: Where the data finally goes: through a symbolic link to the file it names.
        self.target = Path(os.path.realpath(self.name))
        self.direct = _exists_but_is_not_a_regular_file(self.target)
        self.committed = False
        try:
            if self.direct:  # a device or pipe: nothing can be put beside it and renamed
                self._temporary: Path | None = None
                self._file = open(self.target, "wb")  # noqa: SIM115 - closed by commit or abandon
            else:
                handle, temporary = tempfile.mkstemp(
                    prefix=f".{self.target.name}.", suffix=".part", dir=self.target.parent
                )
                self._temporary = Path(temporary)
                self._file = os.fdopen(handle, "wb")
        except OSError as error:
            raise self._error(error) from None

    def write(self, data: str | bytes) -> None:
        try:
            self._file.write(data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as error:
            self.abandon()
            raise self._error(error) from None

    def commit(self) -> None:
        """Flush everything to the disk and put the file in place; raises OutputError if any of it fails."""
        try:
            self._file.flush()
            if not self.direct:
                os.fsync(self._file.fileno())
            self._file.close()
            if self._temporary is not None:
                os.replace(self._temporary, self.target)
        except OSError as error:
            self.abandon()
            raise self._error(error) from None
        self.committed = True

    def abandon(self) -> None:
        """Keep nothing: close and remove the temporary file (the target is untouched)."""
        with contextlib.suppress(OSError):  # the data it failed to flush is thrown away anyway
            self._file.close()
        if self._temporary is not None:
            self._temporary.unlink(missing_ok=True)

    def __enter__(self) -> OutputFile:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if not self.committed:
            self.abandon()

    def _error(self, error: OSError) -> OutputError:
        return OutputError(f"{self.name}: cannot write: {error.strerror or error}")


def _exists_but_is_not_a_regular_file(path: Path) -> bool:
    try:
        return not stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False  # not there yet (or unreachable: creating the temporary file will say why)


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
