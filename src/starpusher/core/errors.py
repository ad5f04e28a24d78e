"""Typed errors of Star Pusher.

Every error the project raises on bad input subclasses :class:`StarPusherError`,
which is a :class:`ValueError`, so callers can catch one type and print its
message: the messages are written to be shown to a player as they are.
"""

from __future__ import annotations

import os

#: Control characters, and how they are written instead: they would break a one-line message, and a
#: terminal takes ESC (and, on some, the C1 range 128-159) as the start of a command to obey.
_CONTROL_ESCAPES = {code: repr(chr(code))[1:-1] for code in [*range(32), *range(127, 160)]}


def shown(path: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """``path`` as it can be printed on one line, on any terminal.

    A byte that is not UTF-8 (a name from another system, ``dd\\xff``) is
    written ``\\xff``, and a line break or other control character as Python
    writes it (``\\n``): printing the name never fails, and the message stays one line.
    """
    return printable(os.fsencode(path).decode("utf-8", "backslashreplace"))


def printable(text: str) -> str:
    """``text`` from a file (a title, an author, a comment) as it can be printed on any terminal, on one line.

    Its control characters are written as Python writes them (``\\x1b``,
    ``\\n``): a title holding ``ESC ]0;...`` would otherwise set the
    terminal's title, or clear its screen, when printed.
    """
    return text.translate(_CONTROL_ESCAPES)


class StarPusherError(ValueError):
    """Base class of every error caused by bad input."""


class LevelError(StarPusherError):
    """A level that cannot be read or is not playable.

    ``source`` names the file (or ``"<text>"``), ``line`` is 1-based within it,
    ``level`` is the 1-based number of the level in its file.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str = "<text>",
        line: int | None = None,
        level: int | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.level = level
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line: ``FILE:LINE: level K: message``, leaving out what is unknown."""
        where = shown(self.source)
        if self.line is not None:
            where += f":{self.line}"
        if self.level is not None:
            return f"{where}: level {self.level}: {self.message}"
        return f"{where}: {self.message}"


class NotationError(StarPusherError):
    """Move text (LURD) that cannot be parsed."""


class IllegalMoveError(StarPusherError):
    """A move that the rules do not allow in the current state."""


class NotASolutionError(StarPusherError):
    """Moves that are legal but leave the level unsolved."""
