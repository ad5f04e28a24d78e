"""Star Pusher: a Sokoban game, and Fifteen, the sliding-tile puzzle."""

from importlib.metadata import PackageNotFoundError, version

try:
    # Written once, in pyproject.toml; the installed package's metadata carries it here
    # (and into the stand-alone program, which bundles the metadata).
    __version__ = version("starpusher")
except PackageNotFoundError:  # the source folder on sys.path, never installed
    __version__ = "unknown (not installed)"
