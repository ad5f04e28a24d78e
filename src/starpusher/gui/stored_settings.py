"""The window's :class:`~.app.Settings` to and from the store's named settings."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..core import StarPusherError
from ..store import (
    CHARACTER,
    FULLSCREEN,
    INSTANT_MOVES,
    STEP_SECONDS,
    UNLOCK_ONE_BY_ONE,
    WINDOW_SIZE,
    Setting,
    Store,
)
from .app import Settings
from .art import CHARACTERS

log = logging.getLogger(__name__)


def settings_from_store(store: Store) -> Settings:
    """The settings the player chose last time (defaults for anything never set)."""
    name = store.get_setting(CHARACTER)
    return Settings(
        instant_moves=store.get_setting(INSTANT_MOVES),
        step_seconds=store.get_setting(STEP_SECONDS),
        character=CHARACTERS.index(name) if name in CHARACTERS else 0,
        window_size=store.get_setting(WINDOW_SIZE),
        fullscreen=store.get_setting(FULLSCREEN),
        unlock_one_by_one=store.get_setting(UNLOCK_ONE_BY_ONE),
    )


class SettingsKeeper(Protocol):
    def set_settings(self, values: Mapping[Setting[Any], Any]) -> None: ...


def settings_saver(store: SettingsKeeper) -> Callable[[Settings], None]:
    """A ``save_settings`` callback for the window that writes them all in one transaction.

    ``store`` is a :class:`Store`, or the window's
    :class:`~.guarded_store.GuardedStore`, which keeps them until the
    store can take them. A store that fails here is logged and the game goes
    on: losing a setting must not end a game.
    """

    def save(settings: Settings) -> None:
        try:
            store.set_settings(
                {
                    INSTANT_MOVES: settings.instant_moves,
                    STEP_SECONDS: settings.step_seconds,
                    CHARACTER: CHARACTERS[settings.character % len(CHARACTERS)],
                    WINDOW_SIZE: settings.window_size,
                    FULLSCREEN: settings.fullscreen,
                    UNLOCK_ONE_BY_ONE: settings.unlock_one_by_one,
                }
            )
        except StarPusherError as error:  # the store failed, or a value it refuses
            log.warning("settings not saved: %s", error)

    return save
