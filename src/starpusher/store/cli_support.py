"""Small helpers for the command line's use of the store."""

from __future__ import annotations

import os

from ..core import Level
from .store import Store


def record_solution_from_cli(
    level: Level, moves: str, data_dir: str | os.PathLike[str] | None = None
) -> tuple[str, str | None]:
    """Record moves that solve ``level`` (for ``verify --record``): what to print, and a notice if any.

    The moves are verified again by :meth:`Store.record_solution`, which
    raises a :class:`~starpusher.core.StarPusherError` if they do not solve
    the level. The notice tells of a database that had to be started afresh
    (the command prints it on standard error, as every command does).
    """
    with Store.open(data_dir) as store:
        result = store.record_solution(level, moves)
        return result.summary(), store.notice
