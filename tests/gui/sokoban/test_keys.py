"""The key map: every key press means one action, and the help is made from it."""

from __future__ import annotations

import pygame

from starpusher.gui.sokoban.keys import KEY_MAP, action_for_key, help_lines

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def test_the_keys_of_the_original_and_of_the_tutorials() -> None:
    assert action_for_key(pygame.K_UP, 0) == "up"
    assert action_for_key(pygame.K_z, 0, "z") == "undo"
    assert action_for_key(pygame.K_z, CTRL) == "undo"
    assert action_for_key(pygame.K_z, CTRL | SHIFT) == "redo"
    assert action_for_key(pygame.K_y, CTRL) == "redo"
    assert action_for_key(pygame.K_x, 0, "x") == "redo"
    assert action_for_key(pygame.K_BACKSPACE, 0) == "restart"
    assert action_for_key(pygame.K_r, 0, "r") == "restart"
    assert action_for_key(pygame.K_SLASH, SHIFT, "?") == "help"
    assert action_for_key(pygame.K_EQUALS, SHIFT, "+") == "zoom_in"
    assert action_for_key(pygame.K_MINUS, 0, "-") == "zoom_out"
    assert action_for_key(pygame.K_TAB, 0) == "level_select"
    assert action_for_key(pygame.K_F11, 0) == "fullscreen"


def test_caps_lock_and_num_lock_do_not_change_a_key() -> None:
    assert action_for_key(pygame.K_n, pygame.KMOD_CAPS | pygame.KMOD_NUM, "N") == "next_level"


def test_ctrl_with_an_unbound_key_is_nothing() -> None:
    assert action_for_key(pygame.K_n, CTRL) is None
    assert action_for_key(pygame.K_F5, 0) is None


def test_no_key_means_two_actions() -> None:
    seen: dict[tuple[int, int, str], str] = {}
    for binding in KEY_MAP:
        for key in binding.keys:
            ident = (key.code, key.mods, key.char)
            assert seen.setdefault(ident, binding.action) == binding.action, ident


def test_every_action_a_key_map_names_is_done_by_its_scene() -> None:
    """A binding whose scene has no ``action_<name>`` would be a key that does nothing."""
    from starpusher.gui.editor.keys import KEY_MAP as EDITOR_KEY_MAP
    from starpusher.gui.editor.scene import EditorScene
    from starpusher.gui.fifteen.keys import FIFTEEN_KEY_MAP
    from starpusher.gui.fifteen.scene import FifteenScene
    from starpusher.gui.kit.window import Window
    from starpusher.gui.sokoban.play import KEYS_AFTER_SOLVED, PlayScene
    from starpusher.gui.sokoban.positions import POSITIONS_KEY_MAP, PositionsScene
    from starpusher.gui.sokoban.replay import REPLAY_KEY_MAP, ReplayScene
    from starpusher.gui.sokoban.select import LevelSelectScene

    def done_by(owner: type, action: str) -> bool:
        return hasattr(owner, f"action_{action}") or hasattr(Window, f"action_{action}")

    held = {binding.action for binding in KEY_MAP if binding.held}
    # Play and the level list share Star Pusher's map: each action is done by one or both.
    for binding in KEY_MAP:
        assert (
            binding.action in held
            or done_by(PlayScene, binding.action)
            or done_by(LevelSelectScene, binding.action)
        ), binding.action
    for key_map, owner in (
        (FIFTEEN_KEY_MAP, FifteenScene),
        (EDITOR_KEY_MAP, EditorScene),
        (POSITIONS_KEY_MAP, PositionsScene),
        (REPLAY_KEY_MAP, ReplayScene),
    ):
        for binding in key_map:
            handled = binding.action == "choose_piece"
            assert handled or done_by(owner, binding.action), (owner.__name__, binding.action)
    assert {binding.action for binding in KEY_MAP} >= KEYS_AFTER_SOLVED


def test_help_lines_come_from_the_key_map() -> None:
    lines = help_lines()
    for binding in KEY_MAP:
        assert any(description == binding.description for _, _, description in lines)
    assert ("Play", "Z, Ctrl+Z", "undo a move") in lines
