"""The games' middle end: a session per game, between the rules and a front end, without pygame.

As in Simon Tatham's puzzle collection, a front end (the window, the
terminal) only translates input into a session's verbs and draws what the
session holds; the session applies the rules, keeps the history (undo, redo,
restart), knows when a game is solved and whether the solver helped, keeps
what the player achieved in the store, and decides when to ask the solver.

* :mod:`.play`: :class:`PlaySession`, one Star Pusher level being played.
* :mod:`.assist`: the solver's hints, solutions and deadlock checks for it.
* :mod:`.packing`: the packing plan shown on the board: which goals to fill first.
* :mod:`.positions`: snapshots kept by name, and solutions to replay.
* :mod:`.shorter`: a solution made shorter by the optimizer in the background.
* :mod:`.records`, :mod:`.progress`: what the store is asked about levels.
* :mod:`.fifteen`: :class:`FifteenSession`, a Fifteen board being played;
  :mod:`.fifteen_assist` and :mod:`.fifteen_records` its help and records.
* :mod:`.timing`: the clock both games keep, and how it is shown.
* :mod:`.statistics`: what a collection's statistics screen shows.
* :mod:`.finding`, :mod:`.browsing`: finding a level in a list, and a level file in folders.
* :mod:`.guarded_store`: the store as a front end uses it (a failing store costs a message).
* :mod:`.common`: the moves waiting their turn, and how a session speaks.
* :mod:`.verbs`: the games' verbs, named once for every front end, and the pace of moves.
* :mod:`.choice`, :mod:`.paths`: where a click sends the player, or a star.
* :mod:`.shelves`: the collections within reach, for a front end's chooser.

Nothing here imports pygame, so tests drive a whole game without a window.
"""

from .common import MoveQueue, Say, Session, counts_text
from .fifteen import FifteenSession
from .guarded_store import GuardedStore
from .play import KEEP_TIME_EVERY, PlaySession, Step, rebuild
from .progress import MemoryProgress, Progress
from .records import (
    CollectionEnd,
    LevelRecord,
    collection_end,
    is_unlocked,
    level_after,
    level_before,
    level_records,
    locked_message,
    next_unsolved,
    unlocked,
    unlocking_said,
    unsolved_after,
)

__all__ = [
    "KEEP_TIME_EVERY",
    "CollectionEnd",
    "FifteenSession",
    "GuardedStore",
    "LevelRecord",
    "MemoryProgress",
    "MoveQueue",
    "PlaySession",
    "Progress",
    "Say",
    "Session",
    "Step",
    "collection_end",
    "counts_text",
    "is_unlocked",
    "level_after",
    "level_before",
    "level_records",
    "locked_message",
    "next_unsolved",
    "rebuild",
    "unlocked",
    "unlocking_said",
    "unsolved_after",
]
