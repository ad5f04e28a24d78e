"""The terminal's key maps: every key means one action, and every action is done by its screen."""

from __future__ import annotations

import pytest

pytest.importorskip("curses")  # Windows' Python has none

from starpusher.session import FifteenSession, PlaySession
from starpusher.session.verbs import (
    FIFTEEN_KEYS_AFTER_SOLVED,
    FIFTEEN_TRAVELS,
    KEYS_AFTER_SOLVED,
    MOVES,
    SLIDES,
    SOLVER_VERBS,
    TRAVELS,
)
from starpusher.tui import keys
from starpusher.tui.browser import BrowserScreen
from starpusher.tui.collections import CollectionsScreen
from starpusher.tui.fifteen import FifteenScreen
from starpusher.tui.kit import Screen
from starpusher.tui.levels import LevelListScreen
from starpusher.tui.play import PlayScreen
from starpusher.tui.positions import NameScreen, PositionsScreen, ShorterSettingsScreen
from starpusher.tui.replay import ReplayScreen

#: Each key map, and the screen that answers to it.
SCREENS: list[tuple[tuple[keys.Binding, ...], type[Screen]]] = [
    (keys.KEY_MAP, PlayScreen),
    (keys.LIST_KEY_MAP, LevelListScreen),
    (keys.COLLECTION_KEY_MAP, CollectionsScreen),
    (keys.BROWSER_KEY_MAP, BrowserScreen),
    (keys.POSITIONS_KEY_MAP, PositionsScreen),
    (keys.SHORTER_SETTINGS_KEY_MAP, ShorterSettingsScreen),
    (keys.NAME_KEY_MAP, NameScreen),
    (keys.REPLAY_KEY_MAP, ReplayScreen),
    (keys.FIFTEEN_KEY_MAP, FifteenScreen),
]


@pytest.mark.parametrize(("key_map", "owner"), SCREENS, ids=lambda item: getattr(item, "__name__", ""))
def test_no_key_means_two_actions(key_map: tuple[keys.Binding, ...], owner: type[Screen]) -> None:
    seen: dict[str, str] = {}
    for binding in key_map:
        for key in binding.keys:
            assert seen.setdefault(key, binding.action) == binding.action, (owner.__name__, key)


@pytest.mark.parametrize(("key_map", "owner"), SCREENS, ids=lambda item: getattr(item, "__name__", ""))
def test_every_action_a_key_map_names_is_done_by_its_screen(
    key_map: tuple[keys.Binding, ...], owner: type[Screen]
) -> None:
    """A key is a verb its session does (``session.undo``), a move, or the screen's ``action_<name>``;
    the list's digits and erasing are typed into the number it goes to."""
    typed = {"type_digit", "erase"} if owner in (LevelListScreen, NameScreen) else set()
    for binding in key_map:
        action = binding.action
        if owner is PlayScreen and action in MOVES.keys() | TRAVELS | SOLVER_VERBS:
            assert action in MOVES or callable(getattr(PlaySession, action, None)), action
        elif owner is FifteenScreen and action in SLIDES.keys() | FIFTEEN_TRAVELS | SOLVER_VERBS:
            assert action in SLIDES or callable(getattr(FifteenSession, action, None)), action
        else:
            assert action in typed or hasattr(owner, f"action_{action}"), (owner.__name__, action)


def test_the_terminal_names_the_verbs_the_window_names() -> None:
    """One vocabulary: what keeps its meaning after a solve is decided once, for both front ends."""
    play = {binding.action for binding in keys.KEY_MAP}
    assert {"undo", "reverse", "snapshots", "level_select", "help", "quit"} <= play & KEYS_AFTER_SOLVED
    assert "next_level" not in KEYS_AFTER_SOLVED and "up" not in KEYS_AFTER_SOLVED
    fifteen = {binding.action for binding in keys.FIFTEEN_KEY_MAP}
    assert {"undo", "redo", "restart", "bigger", "smaller"} <= fifteen & FIFTEEN_KEYS_AFTER_SOLVED
    assert "new_game" not in FIFTEEN_KEYS_AFTER_SOLVED


def test_every_screen_of_the_readme_has_its_keys() -> None:
    listed = {id(key_map) for _, key_map, _ in keys.SCREENS}
    assert all(id(key_map) in listed for key_map, _ in SCREENS)
