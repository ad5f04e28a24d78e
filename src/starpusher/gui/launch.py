"""Opening the window on the store, and saving what is left when it closes.

``starpusher play`` and ``starpusher fifteen`` both start here. The store is
wrapped in a :class:`GuardedStore`, so a store that fails mid-game costs a
message, never the game; when the window closes, whatever the store has not
taken yet is handed over once more, and a loss is reported, never silent.
"""

from __future__ import annotations

from ..levels import Collection
from ..store import Store, StoreError
from .app import App, Settings
from .guarded_store import GuardedStore
from .stored_settings import settings_from_store, settings_saver


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
        guarded.connect(app.say)
    return app


def run_and_save(app: App, problem: str | None = None) -> int:
    """Run the window (showing ``problem`` first, if any); then make sure the store has everything."""
    if problem:
        app.say(problem, 10)
    code = app.run()
    guarded = app.progress if isinstance(app.progress, GuardedStore) else None
    if guarded is not None and not guarded.flush():
        raise StoreError(f"{guarded.unsaved} change(s) could not be saved: {guarded.problem}")
    return code
