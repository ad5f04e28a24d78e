"""Helpers shared by the subcommands."""

from __future__ import annotations

import argparse
import os
import sys

from ..core import Level, LevelError
from ..core.words import plural as plural  # for every command: counts in words
from ..levels import Collection, open_named
from ..store import Store, StoreError


def read_levels(path: str) -> Collection:
    """The levels of a level file or built-in collection, saying on standard error, a line
    each, what was left out of them (a ``Solution:`` that cannot be read)."""
    collection = open_named(path)
    say_notices(collection.notices)
    return collection


def say_notices(notices: list[LevelError]) -> None:
    """Each notice about a level file on standard error, a line each."""
    for notice in notices:
        print(f"starpusher: {notice}", file=sys.stderr)


def load_level(path: str, number: int) -> Level:
    """Level ``number`` (1-based, as counted in the file) of a level file or built-in collection.

    Raises :class:`LevelError` when the file cannot be read, has no such
    level, or that level is not playable. What was left out of that level
    is said on standard error.
    """
    collection = open_named(path)
    say_notices([notice for notice in collection.notices if notice.level == number])
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
