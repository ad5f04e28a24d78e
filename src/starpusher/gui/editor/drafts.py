"""The level being drawn, kept in the store as the player draws: a crash loses a few seconds at most.

The store keeps one draft (the setting ``editor_draft``) and its undo history
(``editor_draft_history``); the editor writes them a moment after each edit,
and clears them once the level is saved or dropped. A window without a store
keeps no draft.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from ...core import StarPusherError
from ...editing import EditSession
from ...store import EDITOR_DRAFT, EDITOR_DRAFT_HISTORY, Setting
from ...store.settings import MAX_DRAFT_HISTORY_CHARACTERS
from ..kit.window import Window

log = logging.getLogger(__name__)


class SettingsKeeper(Protocol):
    """What the editor asks of the store: ``starpusher.store.Store`` (and the window's guard) fit it."""

    def get_setting(self, setting: Setting[Any]) -> Any: ...

    def set_settings(self, values: dict[Setting[Any], Any]) -> None: ...


class Drafts:
    """The one draft the store keeps for the editor."""

    def __init__(self, app: Window) -> None:
        progress = app.progress
        has_settings = hasattr(progress, "get_setting") and hasattr(progress, "set_settings")
        self.keeper: SettingsKeeper | None = progress if has_settings else None  # type: ignore[assignment]

    def load(self) -> EditSession | None:
        """The level left unsaved last time, if any."""
        if self.keeper is None:
            return None
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
        if self.keeper is None:
            return
        try:
            self.keeper.set_settings({EDITOR_DRAFT: draft, EDITOR_DRAFT_HISTORY: history})
        except StarPusherError as error:  # a draft too long, or a store that failed: drawing goes on
            log.warning("the draft was not kept: %s", error)
