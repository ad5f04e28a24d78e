"""A line of typed text, and file paths completed with Tab as a shell completes them.

:class:`LineInput` takes key presses (the character typed, Backspace, Ctrl+U,
Ctrl+W, Tab) and keeps the text; a scene draws it. :func:`complete_path` is
the completion alone, with no pygame in it, so it is easy to test.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import pygame

#: Most names :func:`complete_path` lists (a folder of thousands lists the first ones).
MAX_CANDIDATES = 200


def complete_path(text: str) -> tuple[str, list[str]]:
    """``text`` completed as far as the names in its folder agree, and the names that fit.

    A leading ``~`` means the home folder, and stays as typed. A single match is
    completed whole, with ``/`` after a folder; several are completed to their
    common beginning. Hidden names are offered only when the typed part starts with a dot.
    """
    head, typed = text[: text.rfind("/") + 1], text[text.rfind("/") + 1 :]
    folder = os.path.expanduser(head) if head else "."
    try:
        with os.scandir(folder) as entries:
            names = sorted(
                entry.name + ("/" if _is_folder(entry) else "")
                for entry in entries
                if entry.name.startswith(typed) and (typed.startswith(".") or not entry.name.startswith("."))
            )
    except OSError:
        return text, []
    if not names:
        return text, []
    common = os.path.commonprefix(names)  # noqa: RUF071 (the names share letters, not folders)
    return head + common, names[:MAX_CANDIDATES]


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


@dataclass
class LineInput:
    """The text being typed, and what Tab offered last.

    A prefilled text (``fresh``: a folder offered to start from) is chosen: the
    first character typed replaces it, as a selected field's text is replaced;
    Tab, Backspace and the other editing keys keep it and edit it.
    """

    text: str = ""
    candidates: list[str] = field(default_factory=list)
    fresh: bool = False

    def key(self, event: pygame.event.Event) -> bool:
        """Apply a key press; False when it is not one for editing (Enter, Esc, arrows...)."""
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        typed = getattr(event, "unicode", "")
        if self.fresh and typed and typed.isprintable() and not ctrl:
            self.text = ""  # a path typed whole, not after the folder offered
        edited = self._edit(event, ctrl, typed)
        if edited:
            self.fresh = False
        return edited

    def _edit(self, event: pygame.event.Event, ctrl: bool, typed: str) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif ctrl and event.key == pygame.K_u:
            self.text = ""
        elif ctrl and event.key == pygame.K_w:  # the last part of the path, as in a shell
            self.text = self.text[: self.text.rstrip("/").rfind("/") + 1]
        elif event.key == pygame.K_TAB:
            self.text, self.candidates = complete_path(self.text)
            return True
        elif typed and typed.isprintable() and not ctrl:
            self.text += typed
        else:
            return False
        self.candidates = []
        return True
