"""The whole window as the program opens it: dropped files, every scene drawn, an empty collection refused."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from starpusher.gui import App
from starpusher.gui.kit.help import HelpOverlay
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.gui.title import TitleScene


def test_dropping_files_opens_good_ones_and_reports_bad_ones(app: App, pilot: Pilot, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("#######\n#@$  .#\n#######\n\n####\n#@$.#\n####\n")
    pilot.drop_file(str(good))
    assert len(app.collection.levels) == 2
    assert pilot.play.index == 0
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01binary garbage\xff")
    pilot.drop_file(str(bad))
    assert app.status is not None and app.status.startswith("Cannot open bad.txt")
    assert "\n" not in app.status
    assert len(app.collection.levels) == 2
    pilot.drop_file(str(tmp_path / "missing.sok"))
    assert app.status is not None and "missing.sok" in app.status


@pytest.mark.parametrize("moves", ["", "rR"])
def test_every_scene_draws(app: App, pilot: Pilot, moves: str) -> None:
    pilot.type_moves(moves)
    app.draw()
    shown = pygame.image.tobytes(app.screen, "RGB")
    for key, scene in (
        (pygame.K_l, LevelSelectScene),
        (pygame.K_ESCAPE, PlayScene),
        (pygame.K_F1, HelpOverlay),
        (pygame.K_SPACE, PlayScene),
        (pygame.K_ESCAPE, TitleScene),
    ):
        pilot.press(key)
        assert type(app.scene) is scene
        app.draw()
        before, shown = shown, pygame.image.tobytes(app.screen, "RGB")
        assert shown != before, f"{scene.__name__} drew nothing new"


def test_a_collection_without_levels_is_refused_before_a_window_opens() -> None:
    from starpusher.core import StarPusherError
    from starpusher.levels import Collection

    with pytest.raises(StarPusherError, match="no playable level"):
        App(Collection(source="empty.sok"))
