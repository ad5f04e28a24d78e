"""The Star Pusher window (pygame-ce): the only package that imports pygame.

* :class:`App` — the window, the scene stack and the one main loop.
  ``App(collection, level_index=0, settings=Settings(), progress=...)``
  then ``app.run()``; tests call ``app.step()`` / ``app.run_until_idle()``.
* :mod:`.commands` — the :class:`Command` vocabulary and the key map the help is made from.
* :mod:`.art` and :mod:`.board` — the tile art and how a level is drawn.
* :func:`level_picture` — a level drawn offscreen, for ``starpusher render``.
"""

from __future__ import annotations

import os

# pygame greets on stdout when imported; a command-line tool must not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from .app import App, GameEntry, MemoryProgress, Progress, Scene, Settings
from .commands import KEY_MAP, Command
from .snapshot import level_picture, save_level_picture

__all__ = [
    "KEY_MAP",
    "App",
    "Command",
    "GameEntry",
    "MemoryProgress",
    "Progress",
    "Scene",
    "Settings",
    "level_picture",
    "save_level_picture",
]
