"""Where Fifteen keeps its records in the window: the window's store, or the window's memory.

What is kept, and how, is the session's (:mod:`starpusher.session.fifteen_records`).
"""

from __future__ import annotations

import weakref
from pathlib import Path

from ...session.fifteen_records import FifteenProgress, MemoryFifteen
from ..kit.window import Window

#: Each store-less window's memory, kept while the window lives (a new Fifteen scene finds it).
_MEMORY: weakref.WeakKeyDictionary[Window, MemoryFifteen] = weakref.WeakKeyDictionary()


def fifteen_progress(app: Window) -> FifteenProgress:
    """The window's store, when it keeps Fifteen's records; else the window's own memory."""
    progress = app.progress
    return progress if isinstance(progress, FifteenProgress) else _MEMORY.setdefault(app, MemoryFifteen())


def store_data_dir(app: Window) -> Path | None:
    """The data directory of the window's store (the solver caches its tables there), if any."""
    return fifteen_progress(app).data_dir
