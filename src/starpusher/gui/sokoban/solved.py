"""A solved level: what the "Solved!" banner says, and where the next key or click goes.

The next key goes to the next level (the play scene keeps the keys that keep
their meaning, ``KEYS_AFTER_SOLVED``). A collection's last level has no next:
its banner says what is left of the collection, worked out once per solve,
and a key says it again rather than going round to level 1.
"""

from __future__ import annotations

from typing import Protocol

from ...core import Level
from ...session import CollectionEnd, PlaySession, collection_end
from .banner import LAST_LEVEL_KEYS, SolvedBanner
from .window import StarPusherWindow


class SolvedHost(Protocol):
    """The play scene, as what follows a solve sees it."""

    @property
    def app(self) -> StarPusherWindow: ...

    @property
    def session(self) -> PlaySession: ...

    @property
    def index(self) -> int: ...

    @property
    def levels(self) -> list[Level]: ...

    @property
    def plays_collection(self) -> bool: ...

    @property
    def one_by_one(self) -> bool: ...

    @property
    def solved_keys(self) -> str: ...

    def next_level(self) -> None: ...


class AfterSolving:
    """The banner of a solved level, and what the key or click after it does."""

    def __init__(self, host: SolvedHost) -> None:
        self.host = host
        #: What is left of the collection, worked out when its last level is solved (for the session).
        self._end: tuple[PlaySession, CollectionEnd] | None = None

    @property
    def on_last_level(self) -> bool:
        """The collection's last level: solving it finishes the collection, not "next level"."""
        host = self.host
        return host.plays_collection and host.index == len(host.levels) - 1

    def collection_end(self) -> CollectionEnd:
        """What is left of the collection (asked of the store once per solve of the last level)."""
        host = self.host
        if self._end is None or self._end[0] is not host.session:
            self._end = (host.session, collection_end(host.app.progress, host.levels, host.one_by_one))
        return self._end[1]

    def banner(self) -> SolvedBanner:
        note = self.host.session.note
        if not self.on_last_level:
            return SolvedBanner(note, keys=self.host.solved_keys)
        end = self.collection_end()
        return SolvedBanner(note, end.headline, f"{end.left}    {LAST_LEVEL_KEYS}")

    def go_on(self, action: str | None = None) -> None:
        """The key (``action``) or click after a solve: the next level; any but N on the last level
        says what is left, rather than going round again."""
        if self.on_last_level and action != "next_level":
            self.host.app.say(self.collection_end().after_the_last(), 6)
        else:
            self.host.next_level()
