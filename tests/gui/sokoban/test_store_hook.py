"""The store plugs into the window as its progress: games resume, solved levels stay solved."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from starpusher.cli import main
from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import Collection, read_collection
from starpusher.store import Store


def open_window(collection: Collection, data: Path) -> tuple[App, Store]:
    store = Store.open(data)
    app = App(collection, show_title=False, progress=store, settings=Settings(instant_moves=True))
    return app, store


def test_a_game_resumes_after_quitting_and_solving_is_remembered(
    collection: Collection, tmp_path: Path
) -> None:
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
    assert pilot.play.banner().note.startswith("First solution recorded")  # the store's word, on the banner
    app.close()
    store.close()


def test_what_the_window_saves_shows_in_starpusher_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real program twice, as a player runs it: play and quit, then ask the command line."""
    levels = tmp_path / "levels.sok"
    levels.write_text("Corridor\n#######\n#@ $ .#\n#######\n\nTwo pushes\n######\n#@$ .#\n######\n")
    data = ["--data-dir", str(tmp_path / "data")]
    real_run = App.run

    def play_then_close(app: App, *, max_steps: int | None = None) -> int:
        pilot = Pilot(app)
        pilot.type_moves("rRR")  # level 1 solved
        pilot.press(pygame.K_n)
        pilot.type_moves("R")  # level 2 started: one move, undone, so it waits to be redone
        pilot.press(pygame.K_z)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return real_run(app, max_steps=max_steps)

    monkeypatch.setattr(App, "run", play_then_close)
    pygame.display.init()
    pygame.event.clear()
    assert main(["play", str(levels), "--level", "1", "--instant", *data]) == 0
    capsys.readouterr()

    assert main(["progress", str(levels), *data]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{levels}: 1 of 2 levels solved"
    assert lines[1].split()[:4] == ["1", "solved", "3", "moves"]
    assert lines[2].split()[:2] == ["2", "started"]  # a game kept, if only a move to redo
    with Store.open(tmp_path / "data") as store:
        (_, started) = read_collection(levels).levels
        assert store.load_game(started) == "|R"


def test_a_resumed_game_undoes_back_to_the_start(collection: Collection, tmp_path: Path) -> None:
    app, store = open_window(collection, tmp_path)
    pilot = Pilot(app)
    pilot.type_moves("rlrR")
    app.close()
    store.close()

    app, store = open_window(collection, tmp_path)
    pilot = Pilot(app)
    assert pilot.play.history.moves == "rlrR"
    for _ in range(4):
        pilot.press(pygame.K_z)
    assert pilot.play.history.moves == "" and pilot.play.history.state == collection.levels[0].start
    for _ in range(4):
        pilot.press(pygame.K_x)  # and redo all the way back
    assert pilot.play.history.moves == "rlrR"
    app.close()
    store.close()
