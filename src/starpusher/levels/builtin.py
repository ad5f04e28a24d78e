"""The level collections that ship with Star Pusher, as package data.

They live in ``starpusher/levels/data/`` and are read with
:mod:`importlib.resources`, so they are found wherever the package is
installed (the original game failed unless its level file sat beside it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..core import LevelError
from .reader import Collection, parse_collection

DEFAULT_COLLECTION = "original"


@dataclass(frozen=True)
class BuiltinCollection:
    """A built-in collection: its short ``name`` for menus and the command line."""

    name: str
    filename: str
    title: str
    count: int
    description: str

    def load(self) -> Collection:
        return load_builtin(self.name)


_FILES = {
    "original": ("original.sok", "Levels made for this game, from a first lesson to real puzzles"),
    "starpusher": (
        "starPusherLevels.txt",
        "The 356 levels of the original Star Pusher: David W. Skinner's Microban and Sasquatch I-IV",
    ),
    "demo": ("demo.txt", "The starting level of Al Sweigart's Star Pusher"),
    "generated": ("generated.txt", "Levels made by Star Pusher's level generator (starpusher.generate)"),
}

#: Titles for files that carry none of their own (the original game's file has only comments).
_TITLES = {"starpusher": "Star Pusher's levels (David W. Skinner)"}


def builtin_collections() -> list[BuiltinCollection]:
    """Every built-in collection, the default (``original``) first, then the original game's."""
    return [_describe(name) for name in _FILES]


def builtin_collection_names() -> list[str]:
    """The built-in collections' short names, in order, without reading any of them."""
    return list(_FILES)


def load_builtin(name: str = DEFAULT_COLLECTION) -> Collection:
    """A built-in collection by name; raises :class:`LevelError` for an unknown name."""
    if name not in _FILES:
        choices = ", ".join(_FILES)
        raise LevelError(f"no built-in collection named {name!r} (choose from {choices})", source="<builtin>")
    return _load(name)


@cache
def _load(name: str) -> Collection:
    filename = _FILES[name][0]
    text = resources.files(__package__).joinpath("data", filename).read_text(encoding="utf-8")
    collection = parse_collection(text, source=f"builtin:{filename}")
    if not collection.title and name in _TITLES:
        collection.title = _TITLES[name]
    return collection


@cache
def _describe(name: str) -> BuiltinCollection:
    collection = _load(name)
    filename, description = _FILES[name]
    return BuiltinCollection(name, filename, collection.title or name, len(collection.levels), description)
