"""The clipboard, behind a small wrapper that tests (and systems without one) can replace.

pygame-ce's ``pygame.scrap.put_text``/``get_text`` use SDL's clipboard, which
needs no ``scrap.init`` and works with any open window. Where it fails (no
clipboard service, an old pygame), :class:`ClipboardError` carries a message
the window shows instead of crashing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from ...core import StarPusherError


class ClipboardError(StarPusherError):
    """The clipboard cannot be used here."""


class Clipboard(Protocol):
    def get_text(self) -> str: ...

    def put_text(self, text: str) -> None: ...


class SystemClipboard:
    """The desktop's clipboard."""

    def get_text(self) -> str:
        try:
            return pygame.scrap.get_text()
        except (pygame.error, AttributeError) as error:
            raise ClipboardError(f"the clipboard cannot be read here ({error})") from None

    def put_text(self, text: str) -> None:
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError) as error:
            raise ClipboardError(f"the clipboard cannot be written here ({error})") from None


@dataclass
class MemoryClipboard:
    """A clipboard that lives only in the program: for tests."""

    text: str = ""

    def get_text(self) -> str:
        return self.text

    def put_text(self, text: str) -> None:
        self.text = text
