"""Star Pusher: a Sokoban game, and Fifteen, the sliding-tile puzzle."""

from __future__ import annotations


def installed_version() -> str:
    """The version: written once, in pyproject.toml, and read from the installed package's
    metadata (which the stand-alone program bundles too)."""
    # Imported only here: importlib.metadata costs every command a good part of its start-up
    # time, and only --version needs it.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("starpusher")
    except PackageNotFoundError:  # the source folder put on sys.path, never installed
        return "unknown (not installed)"


def __getattr__(name: str) -> str:
    """``starpusher.__version__``, looked up when it is asked for."""
    if name == "__version__":
        return installed_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
