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
    """A binding that nothing does would be a key that does nothing: each action is an ``action_<name>``
    method, one of the game's verbs its session does (``session.undo``), or a step of a table."""
    from starpusher.gui.editor import scene as editor
    from starpusher.gui.editor.keys import KEY_MAP as EDITOR_KEY_MAP
    from starpusher.gui.fifteen import scene as fifteen
    from starpusher.gui.fifteen.keys import FIFTEEN_KEY_MAP
    from starpusher.gui.kit.window import Window
    from starpusher.gui.sokoban import play, select
    from starpusher.gui.sokoban.positions import POSITIONS_KEY_MAP, PositionsScene
    from starpusher.gui.sokoban.replay import REPLAY_KEY_MAP, ReplayScene
    from starpusher.gui.sokoban.window import StarPusherWindow
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

    def method(owner: type, action: str) -> bool:
        """The scene's method, or the window's (which runs first: full screen, a screenshot)."""
        window = StarPusherWindow if owner is not fifteen.FifteenScene else Window
        return hasattr(owner, f"action_{action}") or hasattr(window, f"action_{action}")

    def verb(actions: frozenset[str], session: type, action: str) -> bool:
        return action in actions and callable(getattr(session, action, None))

    held = {binding.action for binding in KEY_MAP if binding.held}
    play_verbs = TRAVELS | SOLVER_VERBS
    for binding in KEY_MAP:  # play and the level list share Star Pusher's map
        action = binding.action
        assert (
            action in held
            or action in MOVES
            or verb(play_verbs, PlaySession, action)
            or method(play.PlayScene, action)
            or action in select.STEP_ACTIONS
            or method(select.LevelSelectScene, action)
        ), action
    fifteen_verbs = FIFTEEN_TRAVELS | SOLVER_VERBS
    for binding in FIFTEEN_KEY_MAP:
        action = binding.action
        assert (
            action in SLIDES
            or verb(fifteen_verbs, FifteenSession, action)
            or method(fifteen.FifteenScene, action)
        ), action
    for binding in EDITOR_KEY_MAP:
        action = binding.action
        assert action == "choose_piece" or action in editor.TRANSFORMS or method(editor.EditorScene, action)
    for key_map, owner in ((POSITIONS_KEY_MAP, PositionsScene), (REPLAY_KEY_MAP, ReplayScene)):
        for binding in key_map:
            assert method(owner, binding.action), (owner.__name__, binding.action)
    # What follows a solve names only verbs the window binds (the terminal binds fewer of them).
    assert {binding.action for binding in KEY_MAP} >= KEYS_AFTER_SOLVED
    assert {binding.action for binding in FIFTEEN_KEY_MAP} >= FIFTEEN_KEYS_AFTER_SOLVED


def test_help_lines_come_from_the_key_map() -> None:
    lines = help_lines()
    for binding in KEY_MAP:
        assert any(description == binding.description for _, _, description in lines)
    assert ("Play", "Z, Ctrl+Z", "undo a move") in lines
