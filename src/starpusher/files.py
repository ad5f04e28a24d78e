"""What kind of file a path names, for the commands that must read only regular files.

Opening a named pipe waits for ever for a writer, and a device may never end: the
level reader and the progress store refuse anything but a regular file at once,
in the same words. (SQLite opens the database itself, deaf to Ctrl+C while it
waits, so the store has to look before it lets SQLite open anything.)
"""

from __future__ import annotations

import os
import stat


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


#: Characters that would break a one-line message, and how they are written instead.
_CONTROL_ESCAPES = {code: repr(chr(code))[1:-1] for code in [*range(32), 127]}


def shown(path: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """``path`` as it can be printed on one line, on any terminal.

    A byte that is not UTF-8 (a name from another system, ``dd\\xff``) is
    written ``\\xff``, and a line break or other control character as Python
    writes it (``\\n``): printing the name never fails, and the message stays one line.
    """
    return os.fsencode(path).decode("utf-8", "backslashreplace").translate(_CONTROL_ESCAPES)
