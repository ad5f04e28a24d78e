"""Where Star Pusher keeps its files: the user's data directory, and the folder of their pictures.

The data directory comes from, in order: an explicit ``--data-dir``, the
``STARPUSHER_DATA_DIR`` environment variable, and the platform's usual place
for application data (``platformdirs``).
"""

from __future__ import annotations

import os
from pathlib import Path

ENVIRONMENT_VARIABLE = "STARPUSHER_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None, *, create: bool = True) -> Path:
    """The data directory, created if it does not exist yet (unless ``create`` is False)."""
    if override is not None:
        path = Path(override)
    elif os.environ.get(ENVIRONMENT_VARIABLE):
        path = Path(os.environ[ENVIRONMENT_VARIABLE])
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("starpusher", appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def usable_data_dir(override: str | os.PathLike[str] | None = None) -> tuple[Path | None, str | None]:
    """The data folder, made if need be, or None and why it cannot be used (one line for the player).

    Fifteen's move tables are kept there; without it they are built in memory.
    """
    try:
        return data_dir(override), None
    except OSError as error:
        where = error.filename or override or "the data folder"
        reason = error.strerror or str(error)
        return None, f"cannot use the data folder {where} ({reason}): the move tables are built in memory"


#: Where the window saves the player's pictures (screenshots, animations), when set.
PICTURES_VARIABLE = "STARPUSHER_PICTURES_DIR"


def pictures_dir(*, create: bool = True) -> Path:
    """The folder of the player's pictures from the game: ``$STARPUSHER_PICTURES_DIR``, else
    "Star Pusher" in the platform's pictures folder (``~/Pictures`` on most systems)."""
    if os.environ.get(PICTURES_VARIABLE):
        path = Path(os.environ[PICTURES_VARIABLE])
    else:
        import platformdirs

        path = Path(platformdirs.user_pictures_dir()) / "Star Pusher"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
