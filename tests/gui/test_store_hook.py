"""The store plugs into the window as its progress: games resume, solved levels stay solved."""

from __future__ import annotations

from pathlib import Path

import pygame

from starpusher.gui import App, Settings
from starpusher.gui.pilot import Pilot
from starpusher.store import Store


def open_window(collection, data: Path) -> tuple[App, Store]:  # type: ignore[no-untyped-def]
    store = Store.open(data)
    app = App(collection, show_title=False, progress=store, settings=Settings(instant_moves=True))
    return app, store


def test_a_game_resumes_after_quitting_and_solving_is_remembered(collection, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app, store = open_window(collection, tmp_path)
    pilot = Pilot(app)
    pilot.type_moves("rR")
    pilot.press(pygame.K_z)  # something to redo, too
    with Store.open(tmp_path) as other:  # saved at once, not only when the window closes
        assert other.load_game(collection.levels[0]) == "r|R"
    app.close()
    store.close()

    app, store = open_window(collection, tmp_path)
    pilot = Pilot(app)
    assert pilot.play.history.moves == "r"
    pilot.press(pygame.K_x)
    pilot.press(pygame.K_RIGHT)
    assert pilot.play.solved
    assert store.is_solved(collection.levels[0])
    assert app.status  # the store's word on the solution is shown
    app.close()
    store.close()
