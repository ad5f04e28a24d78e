"""Progress bars for long work (``solve --all``, ``generate``, the Fifteen move tables).

They come from tqdm, a small, pure-Python library with no dependencies of its
own, maintained for over a decade and used everywhere: it redraws one line in
place on a terminal, adapts to the terminal's width, shows the rate and the
time left, and draws nothing at all when standard error is not a terminal
(a log file or a pipe gets no control characters). Rich would also do, but it
is a whole rendering library, much more than one line of progress needs.
"""

from __future__ import annotations

import sys
from typing import NoReturn, TextIO

from tqdm import tqdm


def progress_bar(
    total: float, description: str, unit: str, stream: TextIO | None = None
) -> tqdm[NoReturn] | None:  # a bar moved by hand: it iterates over nothing
    """A bar on ``stream`` (standard error) when it is a terminal, else None: nothing is drawn."""
    stream = stream or sys.stderr
    if not getattr(stream, "isatty", lambda: False)():
        return None
    return tqdm(total=total, desc=description, unit=f" {unit}", file=stream, leave=True, dynamic_ncols=True)
