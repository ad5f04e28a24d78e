"""The collection chooser: reached with C from the title, the game and the level list; every
collection within reach, with progress; files opened before, missing ones, and opening by typing."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.collections import CollectionScene
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.gui.title import TitleScene
from starpusher.levels import Collection, load_builtin
from starpusher.session import MemoryProgress
from starpusher.session.shelves import BUILT_IN, OPENED_BEFORE, YOURS

SMALL = "#######\n#@ $ .#\n#######\n\n#####\n#@$.#\n#####\n"


class ProgressWithMyLevels(MemoryProgress):
    """Progress that, like the store, knows where the editor keeps the player's levels."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.my_levels_path = data_dir / "my-levels.sok"


def chooser(app: App) -> CollectionScene:
    scene = app.scene
    assert isinstance(scene, CollectionScene)
    return scene


def choose(pilot: Pilot, scene: CollectionScene, title: str) -> None:
    """Press Down (or Up) until the line titled ``title`` is chosen."""
    target = [shelf.title for shelf in scene.shelves].index(title)
    while scene.selected != target:
        pilot.press(pygame.K_DOWN if scene.selected < target else pygame.K_UP)


def typed(pilot: Pilot, text: str) -> None:
    for char in text:
        pilot.press(0, unicode=char)


def test_c_in_the_game_lists_the_built_in_collections_and_plays_the_original_games_levels(
    app: App, pilot: Pilot
) -> None:
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    built_in = [shelf.name for shelf in scene.shelves if shelf.group == BUILT_IN]
    assert built_in == ["original", "starpusher", "demo", "generated"]
    starpusher = next(shelf for shelf in scene.shelves if shelf.name == "starpusher")
    assert (starpusher.solved, starpusher.total) == (0, 356)
    choose(pilot, scene, starpusher.title)
    pilot.press(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)
    assert app.collection_name == "starpusher" and len(app.collection.levels) == 356
    assert pilot.play.index == 0


def test_the_chooser_shows_how_much_of_each_collection_is_solved_and_reopens_where_left(
    tmp_path: Path,
) -> None:
    progress = MemoryProgress()
    original = load_builtin("original")
    for level in original.levels[:2]:
        progress.record_solution(level, level.solutions[0])
    progress.set_last_played("original", 5)
    app = App(load_builtin("demo"), collection_name="demo", show_title=False, progress=progress)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    shelf = next(shelf for shelf in scene.shelves if shelf.name == "original")
    assert (shelf.solved, shelf.total) == (2, len(original.levels))
    assert scene.shelves[scene.selected].name == "demo"  # the open collection is chosen first
    choose(pilot, scene, shelf.title)
    pilot.press(pygame.K_RETURN)
    assert app.collection_name == "original" and pilot.play.index == 4
    app.close()


def test_files_opened_before_come_most_recent_first_missing_ones_marked_and_removable(tmp_path: Path) -> None:
    older, newer, gone = tmp_path / "older.sok", tmp_path / "newer.sok", tmp_path / "gone.sok"
    older.write_text(SMALL)
    newer.write_text("Newer levels\n" + SMALL)
    progress = MemoryProgress()
    for path in (gone, older, newer):
        progress.set_last_played(str(path), 2)
    app = App(load_builtin("demo"), collection_name="demo", show_title=False, progress=progress)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    before = [shelf for shelf in scene.shelves if shelf.group == OPENED_BEFORE]
    assert [shelf.name for shelf in before] == [str(newer), str(older), str(gone)]
    assert [shelf.problem for shelf in before] == ["", "", "missing"]
    assert before[0].total == 2
    choose(pilot, scene, "gone.sok")
    pilot.press(pygame.K_RETURN)  # a missing file does not open, and says why
    assert app.scene is scene and "missing" in (app.status or "")
    pilot.press(pygame.K_DELETE)
    assert str(gone) not in [shelf.name for shelf in scene.shelves]
    assert [name for name, _ in progress.recent] == ["demo", str(newer), str(older)]
    choose(pilot, scene, load_builtin("original").title)  # a built-in stays on the list
    titles = [shelf.title for shelf in scene.shelves]
    pilot.press(pygame.K_DELETE)
    assert [shelf.title for shelf in scene.shelves] == titles
    choose(pilot, scene, "older.sok")
    pilot.press(pygame.K_RETURN)
    assert app.collection_name == str(older) and pilot.play.index == 1  # where it was left
    app.close()


def test_my_levels_are_listed_once_the_editor_has_saved_some(tmp_path: Path) -> None:
    mine = tmp_path / "my-levels.sok"
    progress = ProgressWithMyLevels(tmp_path)
    app = App(load_builtin("demo"), show_title=False, progress=progress)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    assert YOURS not in {shelf.group for shelf in chooser(app).shelves}
    pilot.press(pygame.K_ESCAPE)
    mine.write_text(SMALL)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    (shelf,) = [shelf for shelf in scene.shelves if shelf.group == YOURS]
    assert shelf.title == "My levels" and shelf.total == 2
    choose(pilot, scene, "My levels")
    pilot.press(pygame.K_RETURN)
    assert app.collection_name == str(mine)
    app.close()


def test_a_file_opens_by_typing_its_path_with_tab_completing_it(tmp_path: Path) -> None:
    (tmp_path / "collections").mkdir()
    wanted = tmp_path / "collections" / "microcosmos.sok"
    wanted.write_text(SMALL)
    app = App(load_builtin("demo"), show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    pilot.press(pygame.K_o, unicode="o")
    assert scene.typing is not None
    pilot.press(pygame.K_u, pygame.KMOD_CTRL)  # clear the folder it offers
    typed(pilot, f"{tmp_path}/col")
    pilot.press(pygame.K_TAB)
    assert scene.typing.text == f"{tmp_path}/collections/"
    typed(pilot, "mi")
    pilot.press(pygame.K_TAB)
    assert scene.typing.text == str(wanted)
    pilot.press(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)
    assert app.collection_name == str(wanted) and len(app.collection.levels) == 2
    app.close()


def test_a_path_typed_replaces_the_folder_offered_and_tab_completes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder offered is chosen: typing a path replaces it (not a doubled path, issue 36);
    Tab on it as offered completes in that folder."""
    (tmp_path / "collections").mkdir()
    (tmp_path / "collections" / "microcosmos.sok").write_text(SMALL)
    monkeypatch.chdir(tmp_path)
    app = App(load_builtin("demo"), show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    pilot.press(pygame.K_o, unicode="o")
    assert scene.typing is not None and scene.typing.text.endswith("/")
    typed(pilot, f"{tmp_path}/col")
    pilot.press(pygame.K_TAB)
    assert scene.typing.text == f"{tmp_path}/collections/"
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_o, unicode="o")
    assert scene.typing is not None
    pilot.press(pygame.K_TAB)  # the folder as offered, listed
    assert "collections/" in scene.typing.candidates
    app.close()


def test_typing_a_bad_file_says_why_and_esc_stops_typing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("no levels here\n")
    app = App(load_builtin("demo"), show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    pilot.press(pygame.K_o, unicode="o")
    pilot.press(pygame.K_u, pygame.KMOD_CTRL)
    typed(pilot, str(bad))
    pilot.press(pygame.K_RETURN)
    assert app.scene is scene and (app.status or "").startswith("Cannot open bad.txt")
    pilot.press(pygame.K_ESCAPE)
    assert scene.typing is None and app.scene is scene
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, PlayScene)
    app.close()


def test_c_on_the_title_opens_the_chooser_and_esc_goes_back_to_the_title(collection: Collection) -> None:
    app = App(collection, settings=Settings(window_size=(800, 600)))
    pilot = Pilot(app)
    pilot.settle()
    pilot.press(pygame.K_c, unicode="c")
    chooser(app)
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_c, unicode="c")
    choose(pilot, chooser(app), load_builtin("demo").title)
    pilot.press(pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and app.collection_name == "demo"
    app.close()


def test_c_in_the_level_list_opens_the_chooser_over_it(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_l)
    pilot.press(pygame.K_c, unicode="c")
    chooser(app)
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, LevelSelectScene)


@pytest.mark.parametrize("size", [(320, 240), (1280, 800)])
def test_the_chooser_draws_and_clicks_at_any_size(size: tuple[int, int]) -> None:
    app = App(load_builtin("demo"), show_title=False, settings=Settings(window_size=size))
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    pilot.press(pygame.K_HOME)
    _, rect = scene.rows()[1]
    pilot.click(rect.center)
    assert isinstance(app.scene, PlayScene) and app.collection_name == "starpusher"
    app.close()


def test_a_file_replaced_by_one_of_the_same_size_and_time_is_read_again(tmp_path: Path) -> None:
    """As ``cp -p`` or a program that keeps times leaves it: the chooser lists and plays the new levels."""
    path = tmp_path / "levels.sok"
    path.write_text("Title: Before\n\n" + SMALL)
    progress = MemoryProgress()
    progress.set_last_played(str(path), 1)
    app = App(load_builtin("demo"), collection_name="demo", show_title=False, progress=progress)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    assert "Before" in [shelf.title for shelf in chooser(app).shelves]
    pilot.press(pygame.K_ESCAPE)

    kept = path.stat()
    replacement = tmp_path / "replacement.sok"
    replacement.write_text("Title: Later!\n\n" + SMALL.replace("#@ $ .#", "#@$  .#"))
    os.utime(replacement, ns=(kept.st_atime_ns, kept.st_mtime_ns))
    os.replace(replacement, path)
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (kept.st_size, kept.st_mtime_ns)

    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    assert "Later!" in [shelf.title for shelf in scene.shelves]
    choose(pilot, scene, "Later!")
    pilot.press(pygame.K_RETURN)
    assert pilot.play.level.to_text().startswith("#######\n#@$  .#")
    app.close()


def test_home_and_end_go_to_the_first_and_the_last_line(collection: Collection) -> None:
    """Issue 36: they did nothing here, as they do in the browser and the level list."""
    app = App(collection, show_title=False)
    pilot = Pilot(app)
    pilot.press(pygame.K_c, unicode="c")
    scene = chooser(app)
    pilot.press(pygame.K_END)
    assert scene.selected == len(scene.shelves) - 1
    pilot.press(pygame.K_HOME)
    assert scene.selected == 0
    app.close()
