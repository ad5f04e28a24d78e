"""The title screen: every game the window offers, chosen by keys or mouse; Esc from a game comes back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.gui.title import TitleScene
from starpusher.levels import Collection


def test_escape_goes_to_the_title_and_from_there_quits(app: App, pilot: Pilot) -> None:
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_ESCAPE)
    assert not app.running


def test_the_title_screen_starts_on_any_key(collection: Collection) -> None:
    app = App(collection)
    pilot = Pilot(app)
    pilot.settle()
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_LSHIFT)  # a modifier alone is not "a key"
    assert isinstance(app.scene, TitleScene)
    pilot.press(pygame.K_k, unicode="k")
    assert isinstance(app.scene, PlayScene)
    app.close()


def test_the_title_offers_every_registered_game(collection: Collection) -> None:
    from starpusher.gui import GameEntry
    from starpusher.gui.kit.window import Scene

    class Other(Scene):
        pass

    app = App(collection)
    app.games.append(GameEntry("Other game", lambda window: Other(window)))
    pilot = Pilot(app)
    pilot.press(pygame.K_UP)  # from the first game up to the last, the one just added
    pilot.press(pygame.K_RETURN)
    assert isinstance(app.scene, Other)
    app.close()


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (1024, 720), (1024, 500), (1920, 1080)])
def test_the_title_shows_every_game_inside_the_window_without_overlaps(
    collection: Collection, size: tuple[int, int]
) -> None:
    app = App(collection, settings=Settings(window_size=size))
    title = app.scene
    assert isinstance(title, TitleScene)
    layout = title._layout(app.screen)
    window = app.screen.get_rect()
    assert len(layout.games) == len(app.games) == 4
    for index, rect in enumerate(layout.games):
        assert window.contains(rect)
        assert not rect.colliderect(layout.panel)
        assert rect.collidelist(layout.games[index + 1 :]) == -1
    assert max(rect.bottom for rect in layout.games) < layout.prompt_y < size[1]
    app.close()


def test_the_title_chooses_with_any_arrow_and_by_clicking_a_game(collection: Collection) -> None:
    app = App(collection)
    pilot = Pilot(app)
    title = app.scene
    assert isinstance(title, TitleScene)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_LEFT)
    assert app.games[title.choice].name == "Endless"
    pilot.click(title._layout(app.screen).games[0].center)
    assert isinstance(app.scene, PlayScene)
    app.close()


def test_a_file_has_one_name_on_the_title_in_the_level_list_and_in_the_chooser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.gui.kit.text import WRITER
    from starpusher.levels import read_collection
    from starpusher.session.shelves import file_shelf

    path = tmp_path / "xsokoban_90.txt"
    path.write_text(
        "; The first levels of XSokoban.\n\n; XSokoban 1\n\n#####\n#@$.#\n#####\n\n"
        "; XSokoban 2\n\n######\n#@$ .#\n######\n"
    )
    app = App(read_collection(path), collection_name=str(path))
    try:
        shown: list[str] = []
        render = WRITER.render

        def record(text: str, *rest: Any, **named: Any) -> pygame.Surface:
            shown.append(text)
            return render(text, *rest, **named)

        monkeypatch.setattr(WRITER, "render", record)
        app.run_until_idle()
        app.full_redraw = True
        app.draw()
        assert "xsokoban_90.txt: 2 levels" in shown  # the title screen
        pilot = Pilot(app)
        pilot.press(pygame.K_RETURN)
        pilot.press(pygame.K_l)
        assert isinstance(app.scene, LevelSelectScene)
        assert app.scene.heading()[0] == "Choose a level: xsokoban_90.txt"
        assert file_shelf(app.progress, "Opened before", str(path), 1).title == "xsokoban_90.txt"
    finally:
        app.close()


def test_a_first_line_naming_level_1_is_its_title_on_every_screen_not_the_files_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``; XSokoban 1`` heading the file titles level 1, as check --json says (issue 36, item 1)."""
    from starpusher.gui.editor import EditorScene
    from starpusher.gui.kit.text import WRITER
    from starpusher.levels import read_collection
    from starpusher.session.shelves import file_shelf

    path = tmp_path / "xsokoban.txt"
    path.write_text("; XSokoban 1\n\n#####\n#@$.#\n#####\n\n; XSokoban 2\n\n######\n#@$ .#\n######\n")
    app = App(read_collection(path), collection_name=str(path))
    try:
        shown: list[str] = []
        render = WRITER.render

        def record(text: str, *rest: Any, **named: Any) -> pygame.Surface:
            shown.append(text)
            return render(text, *rest, **named)

        monkeypatch.setattr(WRITER, "render", record)
        app.run_until_idle()
        app.full_redraw = True
        app.draw()
        assert "xsokoban.txt: 2 levels" in shown  # the title screen
        pilot = Pilot(app)
        pilot.press(pygame.K_RETURN)
        shown.clear()
        pilot.press(pygame.K_l)
        assert isinstance(app.scene, LevelSelectScene)
        assert app.scene.heading()[0] == "Choose a level: xsokoban.txt"
        assert "XSokoban 1" in shown and "Level 1" not in shown  # level 1's card
        assert file_shelf(app.progress, "Opened before", str(path), 1).title == "xsokoban.txt"
        pilot.press(pygame.K_e)  # edit a copy of level 1
        assert isinstance(app.scene, EditorScene)
        assert app.scene.session.origin.name == "level 1 of xsokoban.txt"
    finally:
        app.close()
