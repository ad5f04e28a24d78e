"""What Fifteen keeps: best moves and time per size, the size played last, and an unfinished game.

The store keeps them (``starpusher.store``: ``fifteen_best``,
``record_fifteen``, ``fifteen_game``, ``save_fifteen_game`` and the
``FIFTEEN_SIZE`` setting); a front end without a store keeps them in
:class:`MemoryFifteen` while it is open. A store that fails costs a message
or a best not shown, never the game.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..store import FIFTEEN_SIZE, FifteenBest, FifteenGame, FifteenResult, Setting
from ..store.fifteen import DEFAULT_SIZE
from .common import Say


@runtime_checkable
class FifteenProgress(Protocol):
    """The part of ``starpusher.store.Store`` that Fifteen uses."""

    def fifteen_best(self, width: int, height: int) -> FifteenBest: ...

    def record_fifteen(self, width: int, height: int, moves: int, seconds: float) -> FifteenResult: ...

    def record_fifteen_helped(self, width: int, height: int, moves: int) -> int: ...

    def fifteen_helped(self, width: int, height: int) -> int: ...

    def fifteen_game(self) -> FifteenGame | None: ...

    def save_fifteen_game(self, game: FifteenGame | None) -> None: ...

    def get_setting(self, setting: Setting[Any]) -> Any: ...

    def set_setting(self, setting: Setting[Any], value: Any) -> None: ...

    @property
    def data_dir(self) -> Path | None:
        """The folder the records are kept in (the solver keeps its tables there too); None: memory."""
        ...


@dataclass
class MemoryFifteen:
    """What a front end without a store keeps while it is open."""

    size: tuple[int, int] = DEFAULT_SIZE
    game: FifteenGame | None = None
    bests: dict[tuple[int, int], FifteenBest] = field(default_factory=dict)
    helped: dict[tuple[int, int], int] = field(default_factory=dict)
    data_dir: Path | None = None

    def fifteen_best(self, width: int, height: int) -> FifteenBest:
        return self.bests.get((width, height), FifteenBest(None, None))

    def record_fifteen(self, width: int, height: int, moves: int, seconds: float) -> FifteenResult:
        best = self.fifteen_best(width, height)
        by_moves = best.moves is None or moves < best.moves
        by_time = best.seconds is None or seconds < best.seconds
        self.bests[width, height] = FifteenBest(
            moves if by_moves else best.moves, seconds if by_time else best.seconds
        )
        return FifteenResult(by_moves, by_time)

    def record_fifteen_helped(self, width: int, height: int, moves: int) -> int:
        self.helped[width, height] = self.helped.get((width, height), 0) + 1
        return self.helped[width, height]

    def fifteen_helped(self, width: int, height: int) -> int:
        return self.helped.get((width, height), 0)

    def fifteen_game(self) -> FifteenGame | None:
        return self.game

    def save_fifteen_game(self, game: FifteenGame | None) -> None:
        self.game = game

    def get_setting(self, setting: Setting[Any]) -> Any:
        return self.size if setting is FIFTEEN_SIZE else setting.default

    def set_setting(self, setting: Setting[Any], value: Any) -> None:
        if setting is FIFTEEN_SIZE:
            self.size = value


class FifteenRecords:
    """Fifteen's records in the store, or in memory when there is none."""

    def __init__(self, kept: FifteenProgress, say: Say) -> None:
        self.kept = kept
        self.say = say

    def best(self, width: int, height: int) -> FifteenBest:
        try:
            return self.kept.fifteen_best(width, height)
        except ValueError:  # StoreError: show no best rather than stop the game
            return FifteenBest(None, None)

    def record(self, width: int, height: int, moves: int, seconds: float) -> tuple[bool, bool]:
        """Keep a solve; returns whether it beat the best moves and the best time."""
        try:
            by_moves, by_time = self.kept.record_fifteen(width, height, moves, seconds)
        except ValueError as error:
            self.say(f"The best scores could not be kept: {error}", 5)
            return False, False
        return bool(by_moves), bool(by_time)

    def record_helped(self, width: int, height: int, moves: int) -> int:
        """Keep a solve the solver helped with (never a best); returns how often this size was."""
        try:
            return self.kept.record_fifteen_helped(width, height, moves)
        except ValueError as error:
            self.say(f"The solve could not be kept: {error}", 5)
            return 0

    def helped(self, width: int, height: int) -> int:
        """How often a size was solved with the solver's help."""
        try:
            return self.kept.fifteen_helped(width, height)
        except ValueError:
            return 0

    def saved_game(self) -> FifteenGame | None:
        try:
            return self.kept.fifteen_game()
        except ValueError:
            return None

    def save_game(self, game: FifteenGame | None) -> None:
        with contextlib.suppress(ValueError):  # a lost game must not stop the game closing
            self.kept.save_fifteen_game(game)

    def size(self) -> tuple[int, int]:
        try:
            return tuple(self.kept.get_setting(FIFTEEN_SIZE))
        except ValueError:
            return DEFAULT_SIZE

    def remember_size(self, size: tuple[int, int]) -> None:
        with contextlib.suppress(ValueError):  # losing the size must not end a game
            self.kept.set_setting(FIFTEEN_SIZE, size)
