"""GUI tests run headless: the dummy video driver must be chosen before pygame starts."""

from __future__ import annotations

import os

from starpusher.levels import Collection

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import parse_collection

#: Three small levels. Level 1: the player, a star to its right and a goal beyond.
LEVELS = """\
One push
#######
#@ $ .#
#######

Around the corner
######
#@   #
# $# #
#  . #
######

Two stars
#######
#.@$  #
# $   #
#.    #
#######
"""


@pytest.fixture
def collection() -> Collection:
    return parse_collection(LEVELS, "test.sok")


@pytest.fixture
def app(collection: Collection) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()  # nothing left over from an earlier test
    window = App(collection, show_title=False, settings=Settings(window_size=(800, 600)))
    window.run_until_idle()
    yield window
    window.close()
    pygame.display.quit()


@pytest.fixture
def pilot(app: App) -> Pilot:
    return Pilot(app)
