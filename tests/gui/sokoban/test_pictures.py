"""The player's pictures from the window: the M list's "save as animation" (A) and screenshots (F12)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest
from PIL import Image, ImageSequence

from starpusher.gui import App
from starpusher.gui.launch import settings_from_store, settings_saver
from starpusher.gui.sokoban import animation, pictures
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.positions import PositionsScene
from starpusher.gui.sokoban.snapshot import level_picture
from starpusher.levels import parse_collection
from starpusher.store import Store

#: "Two stars" with a solution in the file: 10 moves, 4 pushes.
LEVELS = """\
Two stars
#######
#.@$  #
# $   #
#.    #
#######
Solution: DrdLurruLL
"""
KNOWN = "DrdLurruLL"


@pytest.fixture
def window(tmp_path: Path) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    with Store.open(tmp_path) as store:
        app = App(
            parse_collection(LEVELS, "two.sok"),
            show_title=False,
            progress=store,
            settings=settings_from_store(store),
            save_settings=settings_saver(store),
            collection_name="two.sok",
        )
        app.settings.instant_moves = True
        app.run_until_idle()
        yield app
        app.close()


def frames_of(path: Path) -> list[Image.Image]:
    with Image.open(path) as picture:
        assert picture.format == "GIF"
        return [frame.convert("RGB") for frame in ImageSequence.Iterator(picture)]


def save_known_solution(pilot: Pilot) -> None:
    """M, the file's solution (the only line), A: saved in the background; the list stays."""
    pilot.press(pygame.K_m)
    panel = pilot.app.scene
    assert isinstance(panel, PositionsScene) and panel.entries[0].text == KNOWN
    pilot.press(pygame.K_a)  # the window turns until the task is done
    assert pilot.app.scene is panel


def test_a_saves_the_chosen_solution_as_an_animation_and_says_where(window: App, pictures_dir: Path) -> None:
    pilot = Pilot(window)
    level = pilot.play.level
    save_known_solution(pilot)
    saved = pictures_dir / "Two stars - Solution 1.gif"
    assert window.status == f"Saved the animation: {saved}"
    frames = frames_of(saved)
    assert len(frames) == len(KNOWN) + 1
    # The first frame is the start as `render` draws it, the last the solved position, in the
    # GIF's colours (see tests/cli/test_render_animation.py).
    with Image.open(saved) as picture:
        colours = Image.new("P", (1, 1))
        colours.putpalette(picture.getpalette() or [])
    for frame, state in ((frames[0], level.start), (frames[-1], level.replay(KNOWN))):
        still = level_picture(level, state, tile_width=32)
        expected = Image.frombytes("RGB", still.get_size(), pygame.image.tobytes(still, "RGB"))
        expected = expected.quantize(palette=colours, dither=Image.Dither.NONE).convert("RGB")
        assert np.array_equal(np.asarray(frame), np.asarray(expected))
    # Saved again: a picture of its own, never over the first.
    pilot.press(pygame.K_a)
    assert window.status == f"Saved the animation: {pictures_dir / 'Two stars - Solution 1 (2).gif'}"
    assert sorted(path.name for path in pictures_dir.iterdir()) == [
        "Two stars - Solution 1 (2).gif",
        "Two stars - Solution 1.gif",
    ]


def test_the_window_keeps_playing_while_the_animation_is_drawn(
    window: App, pictures_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = threading.Event()
    encode = animation.encode_animation

    def slow(*args: object, **kwargs: object) -> bytes:
        assert go_on.wait(30)  # as a long solution would take, until the test has played
        return encode(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pictures, "encode_animation", slow)
    pilot = Pilot(window)
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_a, settle=False)
    window.step(dt=1 / 60)
    assert "Saving the animation: frame 0 of 11" in window.tasks.running_names()
    pilot.press(pygame.K_ESCAPE, settle=False)  # the list closes; the animation goes on
    pilot.press(pygame.K_DOWN, settle=False)
    for _ in range(5):
        window.step(dt=1 / 60)
    assert pilot.play.history.moves == "D"  # a push played while it was drawn
    assert not list(pictures_dir.glob("*.gif"))
    go_on.set()
    pilot.settle()
    assert len(frames_of(pictures_dir / "Two stars - Solution 1.gif")) == len(KNOWN) + 1


def test_a_solution_too_long_for_a_frame_a_move_gets_a_frame_a_push(
    window: App, pictures_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(animation, "MAX_FRAMES", 6)  # 11 frames a move are too many; 5 a push are not
    save_known_solution(Pilot(window))
    pushes = sum(letter.isupper() for letter in KNOWN)
    assert len(frames_of(pictures_dir / "Two stars - Solution 1.gif")) == pushes + 1


def test_a_solution_too_long_for_any_animation_is_said_and_nothing_written(
    window: App, pictures_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(animation, "MAX_FRAMES", 3)
    save_known_solution(Pilot(window))
    assert (window.status or "").startswith("The animation was not saved: over 3 frames, one a push")
    assert not pictures_dir.exists() or not list(pictures_dir.iterdir())


def test_a_on_a_snapshot_says_it_is_not_a_solution(window: App, pictures_dir: Path) -> None:
    pilot = Pilot(window)
    assert isinstance(window.progress, Store)
    window.progress.save_snapshot(pilot.play.level, "here", "D")
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_a)
    assert "snapshots are not solutions" in (window.status or "")
    assert not pictures_dir.exists()


def test_a_pictures_folder_that_cannot_be_made_is_said(
    window: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("STARPUSHER_PICTURES_DIR", str(blocked / "pictures"))
    pilot = Pilot(window)
    save_known_solution(pilot)
    assert (window.status or "").startswith("The animation was not saved: ")
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_F12)
    assert (window.status or "").startswith("The screenshot was not saved: ")


def test_f12_saves_the_window_as_a_picture_and_says_where(window: App, pictures_dir: Path) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_F12)
    (saved,) = pictures_dir.iterdir()
    assert saved.name.startswith("Star Pusher ") and saved.suffix == ".png"
    assert window.status == f"Saved a screenshot: {saved}"
    with Image.open(saved) as picture:
        assert picture.size == window.screen.get_size()
