"""Helpers shared by the subcommands."""

from __future__ import annotations

import argparse
import os

from ..core import Level, LevelError
from ..levels import open_named
from ..store import Store, StoreError


def plural(count: int, word: str) -> str:
    """``"1 level"``, ``"2 levels"``: a count with its noun, singular for one."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def load_level(path: str, number: int) -> Level:
    """Level ``number`` (1-based, as counted in the file) of a level file or built-in collection.

    Raises :class:`LevelError` when the file cannot be read, has no such
    level, or that level is not playable.
    """
    collection = open_named(path)
    for problem in collection.problems:
        if problem.level == number:
            raise problem
    for level_number, level in zip(collection.numbers, collection.levels, strict=True):
        if level_number == number:
            return level
    total = len(collection.levels) + len(collection.problems)
    raise LevelError(f"there is no level {number}; the file has {total}", source=path)


def open_store_for_window(
    data_dir: str | os.PathLike[str] | None, without_it: str
) -> tuple[Store | None, str | None]:
    """The store a window keeps progress in, and what to tell the player first.

    A window opens even when its store cannot: the message is then ``without_it``
    and why (``"Progress will not be kept: ..."``); else it is the store's own
    notice, if any (a damaged database moved aside, say).
    """
    try:
        store = Store.open(data_dir)
    except StoreError as error:
        return None, f"{without_it}: {error}"
    return store, store.notice


def positive_int(text: str) -> int:
    """An option's whole number of at least 1 (argparse says what is wrong with any other)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return value


def positive_float(text: str) -> float:
    """An option's positive, finite number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text}")
    return value
