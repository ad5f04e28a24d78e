"""A store of answers by what was asked, each worked out once, that never grows past a bound."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class KeptAnswers(dict[K, V]):
    """``answer(key)`` for each key asked (``store[key]``), worked out the first time only.

    A search asks the same questions position after position, so the answers
    are kept; but a search that runs for minutes keeps asking new ones, so
    past ``most`` answers the store starts again rather than grow without end.
    """

    def __init__(self, answer: Callable[[K], V], most: int) -> None:
        super().__init__()
        self._answer = answer
        self.most = most

    def __missing__(self, key: K) -> V:
        if len(self) >= self.most:
            self.clear()
        value = self[key] = self._answer(key)
        return value
