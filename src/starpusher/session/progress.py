"""What Star Pusher asks of the place that keeps the player's progress.

``starpusher.store.Store`` answers all of it (and
:class:`~.guarded_store.GuardedStore`, the store as a front end uses it);
:class:`MemoryProgress` keeps it while the program runs, when there is no store.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Protocol

from ..core import Level
from ..store import KnownSolutions, Solution, verified_solution
from ..store.known import with_solution


class Progress(Protocol):
    """Where the window keeps what the player achieved: ``starpusher.store.Store`` fits it.

    The levels are given whole: the store identifies them by their content.
    """

    def is_solved(self, level: Level) -> bool: ...

    def record_solution(self, level: Level, moves: str) -> object: ...

    def record_helped_solution(self, level: Level, moves: str) -> object:
        """A solve the solver helped with: kept apart, never a best."""
        ...

    def load_game(self, level: Level) -> str | None:
        """The history text (``History.to_text``) of the game in progress, if any."""
        ...

    def save_game(self, level: Level, history_text: str) -> None: ...


@dataclass
class MemoryProgress:
    """Progress kept only while the program runs: the default until the store is plugged in."""

    solved: set[Hashable] = field(default_factory=set)
    helped: set[Hashable] = field(default_factory=set)
    games: dict[Hashable, str] = field(default_factory=dict)
    #: The collections played, most recent first, with the level played last in each.
    recent: list[tuple[str, int]] = field(default_factory=list)
    #: The optimizer's solutions of each level (see ``Store.keep_known_solution``).
    known: dict[Hashable, KnownSolutions] = field(default_factory=dict)

    def is_solved(self, level: Level) -> bool:
        return board_key(level) in self.solved

    def record_solution(self, level: Level, moves: str) -> None:
        self.solved.add(board_key(level))

    def record_helped_solution(self, level: Level, moves: str) -> None:
        self.helped.add(board_key(level))

    def is_helped(self, level: Level) -> bool:
        return board_key(level) in self.helped

    def load_game(self, level: Level) -> str | None:
        return self.games.get(board_key(level))

    def save_game(self, level: Level, history_text: str) -> None:
        self.games[board_key(level)] = history_text

    def keep_known_solution(
        self, level: Level, moves: str, *, optimal_by: str | None = None, made_from: Solution | None = None
    ) -> list[str]:
        """Keep a solution the optimizer found, where it is the shortest known; where it was kept."""
        solution = verified_solution(level, moves)
        known, kept = with_solution(self.known_solutions(level), solution, None, optimal_by, made_from)
        self.known[board_key(level)] = known
        return kept

    def known_solutions(self, level: Level) -> KnownSolutions:
        return self.known.get(board_key(level), KnownSolutions())

    def set_last_played(self, collection: str, level_number: int) -> None:
        self.forget_collection(collection)
        self.recent.insert(0, (collection, level_number))

    def recent_collections(self) -> list[tuple[str, int]]:
        return list(self.recent)

    def forget_collection(self, collection: str) -> None:
        self.recent = [place for place in self.recent if place[0] != collection]


def board_key(level: Level) -> Hashable:
    """What makes two levels the same level: the board, not the title."""
    return (level.width, level.height, level.walls, level.goals, level.start)
