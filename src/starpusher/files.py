"""Reading and writing files safely, for every part of the game that keeps a file.

Reading (:func:`open_regular_file`, :func:`read_regular_file`): only a
regular file is read. Opening a named pipe would wait for ever for a writer,
and a device such as ``/dev/zero`` never ends; both are refused at once with
:class:`NotRegularFileError`, which says what the path is instead.

Writing (:class:`ReplacingFile`, :func:`replace_file`): a file is written
whole or not at all. The data goes to a hidden temporary file beside the
target (``.NAME.xxxxxxxx.part``, with NAME cut short when the whole would be
longer than the folder allows a name to be), is flushed to the disk, and is renamed over
the target only when every byte is there: a full disk, a read-only folder, a
killed process or a failed write leave the target as it was. Beyond that,
a written file is what the player would expect of any editor's save:

* a new file takes the mode the umask gives (``rw-r--r--`` under umask 022),
  and a file written over keeps its mode (and, where allowed, its owner);
* through a symbolic link, the file the link names is written and the link
  stays a link;
* a file with hard links is written in place, so that every name still
  shows the same file (see :meth:`ReplacingFile.commit` for the price);
* a character device (``/dev/null``, ``/dev/full``, a terminal) is written
  straight into, its writes checked all the same; a named pipe, a socket, a
  folder or a block device is refused at once, as when reading;
* temporary files left by a writer that was killed are removed by the next
  write of the same file. Each writer holds a lock on its own temporary file,
  which the system releases when the process ends, however it ends: a
  temporary file nobody holds is stale.

Every failure is an :class:`OSError` naming the file; callers turn it into
their own one-line message.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import sys
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

if sys.platform != "win32":  # Windows has no such locks: there stale temporary files are left alone
    import fcntl

#: How a temporary file is named beside ``NAME``; the random part is eight letters or digits
#: (``tempfile.mkstemp`` made them so before this module did, and such files are cleaned up too).
PART_NAME = ".{name}.{random}.part"
_PART_RANDOM = re.compile(r"[a-z0-9_]{8}")
#: What a temporary name adds to the target's name, in bytes.
_PART_EXTRA_BYTES = len(PART_NAME.format(name="", random="x" * 8))

#: The longest file name, in bytes, of most file systems (where the folder cannot be asked).
NAME_MAX = 255


class NotRegularFileError(OSError):
    """A path names a folder, a named pipe, a socket or a device where a regular file is needed."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        code = errno.EISDIR if kind == "a folder" else errno.EINVAL
        super().__init__(code, f"it is {kind}, not a regular file", os.fspath(path))
        #: What the path is instead: "a named pipe", "a folder", ...
        self.kind = kind


def kind_of_file(mode: int) -> str:
    """What a file that is not a regular file is ("a named pipe"...), or "" for a regular file."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def kind_of_path(path: str | os.PathLike[str]) -> str:
    """:func:`kind_of_file` of what ``path`` names, through links; "" when nothing is there."""
    try:
        return kind_of_file(os.stat(path).st_mode)
    except OSError:  # missing, a dangling link, unreadable: left to whoever opens it to say
        return ""


# -- reading ----------------------------------------------------------------------------------


def open_regular_file(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for reading in binary; :class:`NotRegularFileError` if it is not a regular file."""
    # Without blocking: opening a named pipe would otherwise wait for ever for a writer.
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        kind = kind_of_file(os.fstat(handle).st_mode)
        if kind:
            raise NotRegularFileError(path, kind)
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def read_regular_file(path: str | os.PathLike[str], limit: int = -1) -> bytes:
    """The bytes of a regular file (at most ``limit`` of them when it is not -1)."""
    with open_regular_file(path) as file:
        return file.read(limit)


# -- writing ----------------------------------------------------------------------------------


def replace_file(target: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``target`` completely, or raise OSError leaving the target as it was."""
    with ReplacingFile(target) as out:
        out.write(data)
        out.commit()


class ReplacingFile:
    """One file being written; see the module's documentation.

    Use::

        with ReplacingFile("levels.sok") as out:
            out.write(part)                  # as often as needed
            out.commit()                     # put in place; without it nothing is kept
    """

    def __init__(self, target: str | os.PathLike[str]) -> None:
        self.name = os.fspath(target)
        #: Where the data finally goes: through symbolic links, the file they name.
        self.target = Path(os.path.realpath(self.name))
        self.committed = False
        self._temporary: Path | None = None
        existing = _status(self.name)
        kind = kind_of_file(existing.st_mode) if existing else ""
        #: A device is written straight into: nothing can be put beside it and renamed.
        self.direct = existing is not None and stat.S_ISCHR(existing.st_mode)
        if kind and not self.direct:
            raise NotRegularFileError(self.name, kind)
        #: A file with more than one name is written in place at the end (see commit).
        self.linked = existing is not None and not kind and existing.st_nlink > 1
        if self.direct:
            self._file: BinaryIO = open(self.name, "wb")  # noqa: SIM115 - closed by commit or abandon
            return
        _remove_stale_temporaries(self.target)
        handle, self._temporary = _create_temporary(self.target)
        self._file = os.fdopen(handle, "w+b")
        if existing is not None:
            try:
                _take_mode_and_owner(handle, existing)
            except OSError:
                self.abandon()
                raise

    def write(self, data: bytes) -> None:
        try:
            self._file.write(data)
        except OSError:
            self.abandon()
            raise

    def commit(self) -> None:
        """Flush everything to the disk and put the file in place; raises OSError if any of it fails.

        A file with hard links is not replaced: that would leave its other
        names showing the old file. Its finished text is copied into it
        instead, which gives up atomicity: a process killed during the copy
        (microseconds for a level file) leaves the file half written. A full
        disk cannot do that: the copy is made once the temporary file's room
        is free again, and should it fail all the same the old text is put back.
        """
        try:
            self._file.flush()
            if self.direct:
                self._file.close()
            elif self.linked:
                self._copy_into_target()
            else:
                self._rename_onto_target()
        except OSError:
            self.abandon()
            raise
        self.committed = True

    def _rename_onto_target(self) -> None:
        assert self._temporary is not None
        os.fsync(self._file.fileno())
        if sys.platform == "win32":
            self._file.close()  # no lock to keep, and Windows renames no open file
        os.replace(self._temporary, self.target)
        self._temporary = None
        self._file.close()  # only now: the lock kept the temporary file from being taken for stale
        _sync_folder(self.target.parent)

    def _copy_into_target(self) -> None:
        assert self._temporary is not None
        self._file.seek(0)
        data = self._file.read()
        with open(self.target, "r+b") as file:
            if sys.platform != "win32":
                with contextlib.suppress(OSError):  # not every file system has locks
                    fcntl.flock(file, fcntl.LOCK_EX)  # another Star Pusher copying into it waits its turn
            old = file.read()
            self._temporary.unlink()  # its room is free for the copy
            self._temporary = None
            self._file.close()
            try:
                _overwrite(file, data)
            except OSError:
                with contextlib.suppress(OSError):  # the old text needs no more room than it had
                    _overwrite(file, old)
                raise

    def abandon(self) -> None:
        """Keep nothing: close and remove the temporary file (the target is untouched)."""
        with contextlib.suppress(OSError):  # the data it failed to flush is thrown away anyway
            self._file.close()
        if self._temporary is not None:
            self._temporary.unlink(missing_ok=True)
            self._temporary = None

    def __enter__(self) -> ReplacingFile:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if not self.committed:
            self.abandon()


def _status(path: str) -> os.stat_result | None:
    """The file ``path`` names, through symbolic links; None when there is none (yet)."""
    try:
        return os.stat(path)
    except OSError:
        return None  # not there yet (or unreachable: creating the temporary file will say why)


def _part_stem(target: Path) -> str:
    """The target's name as its temporary files begin, cut short if the folder allows no name that long.

    A name of 241 to 255 bytes is legal, but not with the 15 bytes a temporary name adds.
    """
    room = _longest_name(target.parent) - _PART_EXTRA_BYTES
    used = 0
    for end, character in enumerate(target.name):
        used += len(os.fsencode(character))
        if used > room:
            return target.name[:end]
    return target.name


def _longest_name(folder: Path) -> int:
    """The most bytes a file name may have in ``folder``."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no such folder, or a system that cannot say (Windows)
        return NAME_MAX


def _create_temporary(target: Path) -> tuple[int, Path]:
    """A new, locked temporary file beside ``target``, with the mode the umask gives a new file."""
    if len(os.fsencode(target.name)) > _longest_name(target.parent):  # said before a byte is written
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), str(target))
    stem = _part_stem(target)
    for _ in range(100):
        random = secrets.token_hex(4)
        path = target.with_name(PART_NAME.format(name=stem, random=random))
        try:
            handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        except FileExistsError:
            continue
        # Another writer's clean-up may take the file for stale between its creation and the lock:
        # then it holds the lock or has removed the file already, and another name is tried.
        if _try_lock(handle) is not False and _same_file(path, handle):
            return handle, path
        os.close(handle)
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", str(target.parent))


def _take_mode_and_owner(handle: int, existing: os.stat_result) -> None:
    """Give the new file the mode of the one it replaces (not set-id bits), and its owner if allowed."""
    os.fchmod(handle, stat.S_IMODE(existing.st_mode) & 0o777)
    mine = os.fstat(handle)
    if (mine.st_uid, mine.st_gid) != (existing.st_uid, existing.st_gid):
        with contextlib.suppress(OSError):  # only root may give a file away: then it stays ours
            os.fchown(handle, existing.st_uid, existing.st_gid)


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files of ``target`` that no process holds: those of killed writers."""
    prefix, suffix = f".{_part_stem(target)}.", ".part"
    try:
        with os.scandir(target.parent) as entries:
            names = [
                entry.name
                for entry in entries
                if entry.name.startswith(prefix)
                and entry.name.endswith(suffix)
                and _PART_RANDOM.fullmatch(entry.name[len(prefix) : -len(suffix)])
            ]
    except OSError:
        return  # the folder cannot be listed: writing there will say why
    for name in names:
        path = target.parent / name
        try:
            handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            # Not held by a writer at work (and locks work here, else nothing can be told).
            if _try_lock(handle) and _same_file(path, handle):
                path.unlink(missing_ok=True)
        finally:
            os.close(handle)


def _try_lock(handle: int) -> bool | None:
    """Lock an open file for this process until it is closed, without waiting. The system drops
    the lock when the process ends, however it ends.

    True once locked; False when another process holds it; None where files cannot be locked
    (Windows, some network file systems).
    """
    if sys.platform == "win32":
        return None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return None
    return True


def _same_file(path: Path, handle: int) -> bool:
    try:
        return os.path.samestat(os.stat(path, follow_symlinks=False), os.fstat(handle))
    except OSError:
        return False


def _overwrite(file: BinaryIO, data: bytes) -> None:
    file.seek(0)
    file.write(data)
    file.truncate()
    file.flush()
    os.fsync(file.fileno())


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for a renamed file to the disk, so the rename survives a power cut."""
    with contextlib.suppress(OSError):  # not every system opens folders (Windows does not)
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
