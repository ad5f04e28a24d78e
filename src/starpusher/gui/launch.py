"""Opening the window on the store, and saving what is left when it closes.

``starpusher play`` and ``starpusher fifteen`` both start here. The store is
wrapped in a :class:`GuardedStore`, so a store that fails mid-game costs a
message, never the game; when the window closes, whatever the store has not
taken yet is handed over once more, and a loss is reported, never silent.
The window's :class:`Settings` come from the store's named settings and go
back to them whenever the player changes one.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

from ..core import StarPusherError
from ..levels import Collection
from ..session import GuardedStore
from ..session.shorter import ShorterSettings
from ..store import (
    CHARACTER,
    DEAD_SQUARES,
    ENDLESS_DIFFICULTY,
    ENDLESS_SIZE,
    FLAT_VIEW,
    FULLSCREEN,
    INSTANT_MOVES,
    PACKING_PLAN,
    STEP_SECONDS,
    UNLOCK_ONE_BY_ONE,
    WINDOW_SIZE,
    SettingsKeeper,
    Store,
    StoreError,
)
from .app import App
from .kit.window import Settings
from .sokoban.art import CHARACTERS
from .sokoban.window import StarPusherSettings

log = logging.getLogger(__name__)


def settings_from_store(store: Store) -> Settings:
    """The settings the player chose last time (defaults for anything never set)."""
    name = store.get_setting(CHARACTER)
    star_pusher = StarPusherSettings(
        character=CHARACTERS.index(name) if name in CHARACTERS else 0,
        unlock_one_by_one=store.get_setting(UNLOCK_ONE_BY_ONE),
        show_dead_squares=store.get_setting(DEAD_SQUARES),
        flat_view=store.get_setting(FLAT_VIEW),
        show_packing_plan=store.get_setting(PACKING_PLAN),
        endless_size=store.get_setting(ENDLESS_SIZE),
        endless_difficulty=store.get_setting(ENDLESS_DIFFICULTY),
        shorter=ShorterSettings.stored(store.get_setting),
    )
    return Settings(
        instant_moves=store.get_setting(INSTANT_MOVES),
        step_seconds=store.get_setting(STEP_SECONDS),
        window_size=store.get_setting(WINDOW_SIZE),
        fullscreen=store.get_setting(FULLSCREEN),
        games=[star_pusher],
    )


def settings_saver(store: SettingsKeeper) -> Callable[[Settings], None]:
    """A ``save_settings`` callback for the window that writes them all in one transaction.

    ``store`` is a :class:`Store`, or the window's
    :class:`~starpusher.session.GuardedStore`, which keeps them until the
    store can take them. A store that fails here is logged and the game goes
    on: losing a setting must not end a game.
    """

    def save(settings: Settings) -> None:
        star_pusher = settings.of(StarPusherSettings)
        try:
            store.set_settings(
                {
                    INSTANT_MOVES: settings.instant_moves,
                    STEP_SECONDS: settings.step_seconds,
                    CHARACTER: CHARACTERS[star_pusher.character % len(CHARACTERS)],
                    WINDOW_SIZE: settings.window_size,
                    FULLSCREEN: settings.fullscreen,
                    UNLOCK_ONE_BY_ONE: star_pusher.unlock_one_by_one,
                    DEAD_SQUARES: star_pusher.show_dead_squares,
                    FLAT_VIEW: star_pusher.flat_view,
                    PACKING_PLAN: star_pusher.show_packing_plan,
                    ENDLESS_SIZE: star_pusher.endless_size,
                    ENDLESS_DIFFICULTY: star_pusher.endless_difficulty,
                    **star_pusher.shorter.to_store(),
                }
            )
        except StarPusherError as error:  # the store failed, or a value it refuses
            log.warning("settings not saved: %s", error)

    return save


def window_on_store(
    collection: Collection,
    store: Store | None,
    *,
    collection_name: str | None,
    level_index: int = 0,
    settings: Settings | None = None,
    show_title: bool = True,
) -> App:
    """The window, keeping progress and settings in ``store`` (None: nothing is kept)."""
    guarded = GuardedStore(store) if store is not None else None
    if settings is None:
        settings = settings_from_store(store) if store is not None else Settings()
    app = App(
        collection,
        level_index=level_index,
        settings=settings,
        progress=guarded,
        save_settings=settings_saver(guarded) if guarded is not None else None,
        show_title=show_title,
        collection_name=collection_name,
    )
    if guarded is not None:
        guarded.connect(lambda message, seconds: app.say(message, seconds, anywhere=True))
    return app


#: Smoke tests set this to a number of turns of the loop after which the window closes itself.
QUIT_AFTER_ENVIRONMENT_VARIABLE = "STARPUSHER_QUIT_AFTER_FRAMES"


def quit_after_frames() -> int | None:
    """The turns of the loop the window may run, from the environment (None: until it is closed)."""
    value = os.environ.get(QUIT_AFTER_ENVIRONMENT_VARIABLE, "").strip()
    if not value:
        return None
    try:
        frames = int(value)
    except ValueError:
        frames = -1
    if frames < 0:
        raise StarPusherError(
            f"{QUIT_AFTER_ENVIRONMENT_VARIABLE} must be a whole number of frames, not {value!r}"
        )
    return frames


def run_and_save(app: App, problem: str | None = None) -> int:
    """Run the window (showing ``problem`` first, if any); then make sure the store has everything."""
    if problem:
        app.say(problem, 10, anywhere=True)
    code = app.run(max_steps=quit_after_frames())
    guarded = app.progress if isinstance(app.progress, GuardedStore) else None
    if guarded is not None and not guarded.flush():
        raise StoreError(f"{guarded.unsaved} change(s) could not be saved: {guarded.problem}")
    return code
