"""The level being drawn, kept in the store as the player draws: a crash loses a few seconds at most.

The store keeps one draft (the setting ``editor_draft``) and its undo history
(``editor_draft_history``); the editor writes them a moment after each edit,
and clears them once the level is saved or dropped. A window without a store
keeps its draft in memory (``MemoryProgress``) while it is open.
"""

from __future__ import annotations

import logging

from ...core import StarPusherError
from ...editing import EditSession
from ...store import EDITOR_DRAFT, EDITOR_DRAFT_HISTORY, SettingsKeeper
from ...store.settings import MAX_DRAFT_HISTORY_CHARACTERS

log = logging.getLogger(__name__)


class Drafts:
    """The one draft the store keeps for the editor."""

    def __init__(self, keeper: SettingsKeeper) -> None:
        self.keeper = keeper

    def load(self) -> EditSession | None:
        """The level left unsaved last time, if any."""
        try:
            session = EditSession.from_draft(self.keeper.get_setting(EDITOR_DRAFT))
        except (StarPusherError, ValueError) as error:
            log.warning("the draft could not be read: %s", error)
            return None
        if session is not None:
            session.restore_history(self.keeper.get_setting(EDITOR_DRAFT_HISTORY))
        return session

    def keep(self, session: EditSession) -> None:
        self._put(session.draft(), session.history_text(MAX_DRAFT_HISTORY_CHARACTERS))

    def clear(self) -> None:
        self._put(EDITOR_DRAFT.default, EDITOR_DRAFT_HISTORY.default)

    def _put(self, draft: tuple[str, str, str, str], history: str) -> None:
        try:
            self.keeper.set_settings({EDITOR_DRAFT: draft, EDITOR_DRAFT_HISTORY: history})
        except StarPusherError as error:  # a draft too long, or a store that failed: drawing goes on
            log.warning("the draft was not kept: %s", error)
