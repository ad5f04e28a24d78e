"""The packing plan on the board (K) in play: numbers drawn, "any goal, any time" said instead."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from plan_helpers import FAR, MIDDLE, NEAR, TO_THE_FAR_GOAL, badge_colour, open_window

from starpusher.gui import App
from starpusher.gui.sokoban import plan
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.window import PLAN_SHOWN
from starpusher.session.packing import ANY_ORDER
from starpusher.store import PACKING_PLAN, Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


@pytest.fixture
def window(store: Store) -> Iterator[App]:
    app = open_window(store)
    yield app
    app.close()


def play_badges(app: App) -> Callable[[int], tuple[int, int, int]]:
    play = Pilot(app).play
    geometry = play.board.geometry(play.camera.tile_width())
    stars = play.history.state.boxes
    return lambda goal: badge_colour(app, play.camera.square_center(goal), geometry, covered=goal in stars)


def test_k_numbers_the_goals_in_the_order_to_fill_them(window: App, store: Store) -> None:
    pilot = Pilot(window)
    bare = play_badges(window)(FAR)
    pilot.press(pygame.K_k)  # the plan is worked out in the background; the window turns meanwhile
    assert window.status == PLAN_SHOWN
    assert store.get_setting(PACKING_PLAN)  # kept, as the other settings are
    badge = play_badges(window)
    assert badge(FAR) == plan.NOW[0]  # the far goal first, gold
    assert badge(MIDDLE) == badge(NEAR) == plan.LATER[0]  # the others later, grey
    pilot.type_moves(TO_THE_FAR_GOAL)
    badge = play_badges(window)
    assert badge(FAR) == plan.DONE[0]  # filled: green, small in its corner
    assert badge(MIDDLE) == plan.NOW[0]  # the next to fill
    assert badge(NEAR) == plan.LATER[0]
    pilot.press(pygame.K_z)  # undo the last push: the far goal is empty again
    assert play_badges(window)(FAR) == plan.NOW[0]
    pilot.press(pygame.K_k)
    assert not store.get_setting(PACKING_PLAN)
    assert play_badges(window)(FAR) != plan.NOW[0]
    pilot.press(pygame.K_BACKSPACE)
    assert play_badges(window)(FAR) == bare


def test_a_level_whose_plan_orders_nothing_says_so_instead(store: Store) -> None:
    window = open_window(store, level_index=1)
    try:
        pilot = Pilot(window)
        goals = sorted(pilot.play.level.goals)
        before = [play_badges(window)(goal) for goal in goals]
        pilot.press(pygame.K_k)
        assert window.status == ANY_ORDER
        assert [play_badges(window)(goal) for goal in goals] == before  # no numbers drawn
    finally:
        window.close()


def test_the_plan_stays_shown_in_the_next_window(store: Store) -> None:
    store.set_setting(PACKING_PLAN, True)
    window = open_window(store)
    try:
        window.run_until_idle()
        assert play_badges(window)(FAR) == plan.NOW[0]
        Pilot(window).press(pygame.K_n)  # the next level, in the open: said when it is worked out
        assert window.status == ANY_ORDER
    finally:
        window.close()


def test_reverse_play_shows_no_plan(window: App) -> None:
    pilot = Pilot(window)
    pilot.press(pygame.K_k)
    pilot.press(pygame.K_v)  # backwards: the goals empty instead of fill
    assert pilot.play.session.reverse is not None
    assert play_badges(window)(FAR) not in (plan.NOW[0], plan.DONE[0], plan.LATER[0])
