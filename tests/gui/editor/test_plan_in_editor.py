"""The packing plan in the editor (K, as in play): numbers on the level drawn, or a word in the panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from plan_helpers import FAR, LEVELS, NEAR, badge_colour, open_window

from starpusher.editing import EditSession
from starpusher.gui import App
from starpusher.gui.editor import EditorScene, open_editor
from starpusher.gui.sokoban import plan
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.levels import parse_collection
from starpusher.session.packing import ANY_ORDER_SHORT
from starpusher.store import PACKING_PLAN, Store


@pytest.fixture
def window(tmp_path: Path) -> Iterator[App]:
    with Store.open(tmp_path) as store:
        app = open_window(store)
        yield app
        app.close()


def editor_on(window: App, level_index: int) -> EditorScene:
    """The editor on a copy of a level of the collection, checked (after its pause)."""
    level = parse_collection(LEVELS, "plan.sok").levels[level_index]
    editor = open_editor(window, EditSession.of_level(level), over=True)
    for _ in range(200):
        window.step(dt=1 / 30)
        if editor.checked == editor.sketch:
            break
    window.run_until_idle()
    return editor


def editor_badge(window: App, editor: EditorScene, goal: int) -> tuple[int, int, int]:
    width = editor.sketch.width
    center = editor.square_center((goal % width, goal // width))
    return badge_colour(window, center, editor.geometry()[1])


def test_k_in_the_editor_numbers_the_goals_as_in_play(window: App) -> None:
    editor = editor_on(window, 0)
    bare = editor_badge(window, editor, FAR)
    Pilot(window).press(pygame.K_k)
    assert window.star_settings.show_packing_plan
    assert isinstance(window.progress, Store) and window.progress.get_setting(PACKING_PLAN)
    assert editor_badge(window, editor, FAR) == plan.NOW[0]
    assert editor_badge(window, editor, NEAR) == plan.LATER[0]
    Pilot(window).press(pygame.K_k)
    assert editor_badge(window, editor, FAR) == bare


def test_the_editor_says_any_goal_any_time_in_its_panel(window: App) -> None:
    editor = editor_on(window, 1)
    Pilot(window).press(pygame.K_k)
    plan_shown = editor.shown_plan(still=True)
    assert ANY_ORDER_SHORT in " ".join(text for text, _ in editor.message_lines(plan_shown))
