"""Whatever keys a player presses, the window's game agrees with the rules."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from starpusher.gui import App, Settings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.play import PlayScene
from starpusher.levels import parse_collection

KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_z, pygame.K_x, pygame.K_r]
LEVEL = "#######\n#.@$  #\n# $   #\n#.    #\n#######\n"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(KEYS), max_size=30))
def test_the_shown_position_is_the_replay_of_the_moves(keys: list[int]) -> None:
    app = App(parse_collection(LEVEL), show_title=False, settings=Settings(instant_moves=True))
    pilot = Pilot(app)
    for key in keys:
        pilot.press(key, settle=False)
    pilot.settle()
    play = app.scene
    assert isinstance(play, PlayScene)
    state = play.history.state
    assert state == play.level.replay(play.history.moves)
    assert len(state.boxes) == 2 and not state.boxes & play.level.walls
    app.close()
