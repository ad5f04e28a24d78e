"""Ctrl+C and Ctrl+V: the level and moves out, levels and LURD moves in."""

from __future__ import annotations

import pygame
import pytest

from starpusher.gui import App
from starpusher.gui.kit.clipboard import ClipboardError, MemoryClipboard, SystemClipboard
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import parse_collection

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def clipboard(app: App) -> MemoryClipboard:
    app.clipboard = memory = MemoryClipboard()
    return memory


def test_ctrl_c_copies_the_level_and_the_moves_so_far(
    app: App, pilot: Pilot, clipboard: MemoryClipboard
) -> None:
    pilot.type_moves("rR")
    pilot.press(pygame.K_c, CTRL)
    copied = parse_collection(clipboard.text).levels
    assert len(copied) == 1
    assert copied[0].to_text() == pilot.play.level.to_text()
    assert copied[0].solutions == ("rR",)
    assert "unfinished" in clipboard.text


def test_ctrl_v_replays_lurd_moves_animated_and_undoably(
    app: App, pilot: Pilot, clipboard: MemoryClipboard
) -> None:
    play = pilot.play
    pilot.type_moves("r")
    clipboard.text = "r R\nR\n"
    pilot.press(pygame.K_v, CTRL, settle=False)
    app.step(dt=0.001)
    assert play.animation is not None  # shown move by move, not in one jump
    pilot.settle()
    assert play.solved and play.history.moves == "rRR"
    for _ in range(3):
        pilot.press(pygame.K_z)
    pilot.press(pygame.K_z)  # the restart before the replay is undone too
    assert play.history.moves == "r"


def test_a_copied_game_pasted_back_replays_its_moves(
    app: App, pilot: Pilot, clipboard: MemoryClipboard
) -> None:
    pilot.type_moves("rR")
    pilot.press(pygame.K_c, CTRL)
    pilot.press(pygame.K_r)
    pilot.press(pygame.K_v, CTRL)
    assert pilot.play.history.moves == "rR"


def test_ctrl_v_plays_a_pasted_level(app: App, pilot: Pilot, clipboard: MemoryClipboard) -> None:
    clipboard.text = "Title: Pasted one\n#####\n#@$.#\n#####\n"
    pilot.press(pygame.K_v, CTRL)
    play = pilot.play
    assert play.level.to_text() == "#####\n#@$.#\n#####\n"
    assert app.collection.levels == [play.level]
    pilot.press(pygame.K_RIGHT)
    assert play.solved


@pytest.mark.parametrize("text", ["", "hello there", "rrrrrrrr"])
def test_what_cannot_be_pasted_gets_a_message(
    app: App, pilot: Pilot, clipboard: MemoryClipboard, text: str
) -> None:
    before = pilot.play.level
    clipboard.text = text
    pilot.press(pygame.K_v, CTRL)
    assert pilot.play.level is before and pilot.play.history.moves == ""
    assert app.status


def test_an_unusable_clipboard_is_a_message(app: App, pilot: Pilot) -> None:
    class Broken:
        def get_text(self) -> str:
            raise ClipboardError("no clipboard here")

        def put_text(self, text: str) -> None:
            raise ClipboardError("no clipboard here")

    app.clipboard = Broken()
    pilot.press(pygame.K_c, CTRL)
    assert "Nothing copied" in (app.status or "")
    pilot.press(pygame.K_v, CTRL)
    assert "Nothing pasted" in (app.status or "")


def test_the_system_clipboard_round_trips_text_where_there_is_one(app: App) -> None:
    clipboard = SystemClipboard()
    try:
        clipboard.put_text("lurd")
        assert clipboard.get_text() == "lurd"
    except ClipboardError:
        pytest.skip("no clipboard under this video driver")
