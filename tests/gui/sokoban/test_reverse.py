"""Reverse mode in the window: V plays backwards, the bars say so, and meeting the start is a solve."""

from __future__ import annotations

import pygame

from starpusher.gui import App
from starpusher.gui.sokoban.frame import BACKWARDS_BAR
from starpusher.gui.sokoban.pilot import Pilot


def test_v_plays_backwards_with_a_clear_mark_and_a_solve_is_kept(app: App, pilot: Pilot) -> None:
    level = pilot.play.level
    pilot.press(pygame.K_v)
    assert pilot.play.session.reverse is not None
    assert pilot.play.history.state.boxes == level.goals
    assert "BACKWARDS" in pilot.play.bar_texts()[0]
    assert app.screen.get_at((2, 2))[:3] == BACKWARDS_BAR
    pilot.type_moves("rrrl")
    assert pilot.play.session.counters() == "Moves 4   Pulls 1"
    pilot.press(pygame.K_z)
    assert pilot.play.session.moves == "rrr"
    pilot.type_moves("ll")
    assert pilot.play.session.reverse is None
    assert pilot.play.solved and app.progress.is_solved(level)
    assert app.screen.get_at((2, 2))[:3] != BACKWARDS_BAR


def test_clicks_backwards_walk_without_pulling(app: App, pilot: Pilot) -> None:
    level = pilot.play.level
    pilot.press(pygame.K_v)
    pilot.type_moves("rrr")
    pilot.click_square(level.start.player + 1)
    assert pilot.play.session.moves == "rrrll"
    assert pilot.play.history.state.boxes == level.goals
    pilot.click_square(next(iter(level.goals)))  # a star: not chosen backwards, and said why
    assert pilot.play.chosen.star is None
    assert app.status is not None and "step away" in app.status


def test_v_again_returns_to_the_forward_game_as_it_was(app: App, pilot: Pilot) -> None:
    pilot.type_moves("r")
    pilot.press(pygame.K_v)
    pilot.type_moves("rr")
    pilot.press(pygame.K_v)
    assert pilot.play.session.reverse is None and pilot.play.session.moves == "r"
    assert "BACKWARDS" not in pilot.play.bar_texts()[0]
