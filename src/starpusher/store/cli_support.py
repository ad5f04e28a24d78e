"""Small helpers for the command line's use of the store."""

from __future__ import annotations

import os

from ..core import Level
from .store import Store


def record_solution_from_cli(level: Level, moves: str, data_dir: str | os.PathLike[str] | None = None) -> str:
    """Record moves that solve ``level`` (for ``verify --record``); return what to print.

    The moves are verified again by :meth:`Store.record_solution`, which
    raises a :class:`~starpusher.core.StarPusherError` if they do not solve
    the level. A notice about a database that had to be started afresh comes
    first, on its own line.
    """
    with Store.open(data_dir) as store:
        result = store.record_solution(level, moves)
        lines = [f"starpusher: {store.notice}"] if store.notice else []
    lines.append(result.summary())
    return "\n".join(lines)
