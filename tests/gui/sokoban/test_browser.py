"""The file browser, reached with B from the collection chooser: keys and clicks open a level file."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.browser import BrowserScene
from starpusher.gui.sokoban.collections import CollectionScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.levels import load_builtin
from starpusher.session import MemoryProgress
from starpusher.session.browsing import Kind

SMALL = "#######\n#@ $ .#\n#######\n\n#####\n#@$.#\n#####\n"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


def browser_of(app: App) -> BrowserScene:
    scene = app.scene
    assert isinstance(scene, BrowserScene), type(scene).__name__
    return scene


def open_browser(tmp_path: Path, progress: MemoryProgress | None = None) -> tuple[App, Pilot]:
    """A window on the demo, the chooser (C) and the browser (B), in the folder of the last file opened."""
    progress = progress or MemoryProgress()
    progress.set_last_played(str(tmp_path / "start.sok"), 1)
    app = App(
        load_builtin("demo"),
        collection_name="demo",
        show_title=False,
        progress=progress,
        settings=Settings(window_size=(800, 600)),
    )
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    pilot.press(pygame.K_b, unicode="b")
    return app, pilot


def chosen_name(app: App) -> str:
    chosen = browser_of(app).browser.chosen
    assert chosen is not None
    return chosen.name


def test_keys_go_into_a_folder_jump_by_letter_and_open_a_file_as_typing_its_path_would(
    tmp_path: Path,
) -> None:
    (tmp_path / "start.sok").write_text(SMALL)
    (tmp_path / "packs").mkdir()
    wanted = tmp_path / "packs" / "microban.sok"
    wanted.write_text(SMALL)
    (tmp_path / "packs" / "alpha.sok").write_text(SMALL)
    progress = MemoryProgress()
    app, pilot = open_browser(tmp_path, progress)
    scene = browser_of(app)
    assert scene.browser.folder == str(tmp_path)
    pilot.press(pygame.K_p, unicode="p")
    assert chosen_name(app) == "packs"
    pilot.press(pygame.K_RETURN)
    assert scene.browser.folder == str(tmp_path / "packs")
    pilot.press(pygame.K_BACKSPACE)
    assert scene.browser.folder == str(tmp_path) and chosen_name(app) == "packs"
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_END)
    assert chosen_name(app) == "microban.sok"
    pilot.press(pygame.K_HOME)
    chosen = browser_of(app).browser.chosen
    assert chosen is not None and chosen.kind is Kind.PLACE
    pilot.press(pygame.K_m, mod=pygame.KMOD_SHIFT, unicode="M")
    assert chosen_name(app) == "microban.sok"
    pilot.press(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)
    assert app.collection_name == str(wanted) and len(app.collection.levels) == 2
    assert progress.recent[0][0] == str(wanted)  # kept among the recent files, as a typed path is
    app.close()


def test_the_recent_folders_come_first_and_a_click_goes_there(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "old.sok").write_text(SMALL)
    progress = MemoryProgress()
    progress.set_last_played(str(elsewhere / "old.sok"), 1)
    (tmp_path / "start.sok").write_text(SMALL)
    app, pilot = open_browser(tmp_path, progress)
    scene = browser_of(app)
    first = scene.browser.entries[0]
    assert (first.kind, first.path) == (Kind.PLACE, str(elsewhere))
    _, rect = scene.rows()[0]
    pilot.click(rect.center)  # chooses it
    assert scene.browser.selected == 0 and scene.browser.folder == str(tmp_path)
    pilot.click(rect.center)  # a click on the chosen line (a double click) goes there
    assert scene.browser.folder == str(elsewhere)
    index = [entry.name for entry in scene.browser.entries].index("old.sok")
    _, rect = scene.rows()[index]
    pilot.click(rect.center)
    pilot.click(rect.center)
    assert isinstance(app.scene, PlayScene) and app.collection_name == str(elsewhere / "old.sok")
    app.close()


def test_a_file_that_is_not_a_level_file_gets_the_readers_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "start.sok").write_text(SMALL)
    (tmp_path / "notes.txt").write_text("shopping list\n")
    app, pilot = open_browser(tmp_path)
    pilot.press(pygame.K_n, unicode="n")
    assert chosen_name(app) == "notes.txt"
    pilot.press(pygame.K_RETURN)
    scene = browser_of(app)  # still browsing
    assert (app.status or "").startswith("Cannot open notes.txt: ") and "no levels found" in (
        app.status or ""
    )
    assert scene.browser.folder == str(tmp_path)
    app.close()


def test_the_wheel_scrolls_a_long_folder_and_page_down_keeps_the_choice_in_sight(tmp_path: Path) -> None:
    (tmp_path / "start.sok").write_text(SMALL)
    for number in range(1, 61):
        (tmp_path / f"level {number}.sok").write_text(SMALL)
    app, pilot = open_browser(tmp_path)
    scene = browser_of(app)
    pilot.wheel(-3)
    assert scene.scroll > 0
    pilot.wheel(10)
    assert scene.scroll == 0
    pilot.press(pygame.K_PAGEDOWN)
    pilot.press(pygame.K_PAGEDOWN)
    _, rect = scene.rows()[scene.browser.selected]
    assert scene.header <= rect.top and rect.bottom <= app.screen.get_height()
    assert scene.scroll > 0
    pilot.press(pygame.K_END)
    assert chosen_name(app) == "start.sok"  # "level 60.sok" comes before it, and after "level 9.sok"
    names = [entry.name for entry in scene.browser.entries if entry.kind is Kind.FILE]
    assert names.index("level 9.sok") < names.index("level 10.sok")
    app.close()


def test_ctrl_l_types_a_path_from_the_folder_browsed_and_esc_goes_back_to_the_chooser(tmp_path: Path) -> None:
    (tmp_path / "start.sok").write_text(SMALL)
    (tmp_path / "sub").mkdir()
    app, pilot = open_browser(tmp_path)
    pilot.press(pygame.K_s, unicode="s")
    pilot.press(pygame.K_RETURN)
    pilot.press(pygame.K_l, pygame.KMOD_CTRL)
    chooser = app.scene
    assert isinstance(chooser, CollectionScene) and chooser.typing is not None
    assert chooser.typing.text == str(tmp_path / "sub") + "/"
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_b, unicode="b")
    browser_of(app)
    pilot.press(pygame.K_ESCAPE)
    assert app.scene is chooser
    app.close()


def test_the_chooser_has_a_line_that_opens_the_browser(tmp_path: Path) -> None:
    app = App(load_builtin("demo"), show_title=False, settings=Settings(window_size=(640, 480)))
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    chooser = app.scene
    assert isinstance(chooser, CollectionScene)
    titles = [shelf.title for shelf in chooser.shelves]
    while chooser.selected != titles.index("Browse for a file…"):
        pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_RETURN)
    browser_of(app)
    pilot.press(pygame.K_F1)  # the help lists the browser's own keys
    assert type(app.scene).__name__ == "HelpOverlay"
    app.close()
