"""The key map: every key press means one command, and the help is made from it."""

from __future__ import annotations

import pygame

from starpusher.gui.kit.keys import Command
from starpusher.gui.sokoban.keys import KEY_MAP, command_for_key, help_lines

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def test_the_keys_of_the_original_and_of_the_tutorials() -> None:
    assert command_for_key(pygame.K_UP, 0) is Command.MOVE_UP
    assert command_for_key(pygame.K_z, 0, "z") is Command.UNDO
    assert command_for_key(pygame.K_z, CTRL) is Command.UNDO
    assert command_for_key(pygame.K_z, CTRL | SHIFT) is Command.REDO
    assert command_for_key(pygame.K_y, CTRL) is Command.REDO
    assert command_for_key(pygame.K_x, 0, "x") is Command.REDO
    assert command_for_key(pygame.K_BACKSPACE, 0) is Command.RESTART
    assert command_for_key(pygame.K_r, 0, "r") is Command.RESTART
    assert command_for_key(pygame.K_SLASH, SHIFT, "?") is Command.HELP
    assert command_for_key(pygame.K_EQUALS, SHIFT, "+") is Command.ZOOM_IN
    assert command_for_key(pygame.K_MINUS, 0, "-") is Command.ZOOM_OUT
    assert command_for_key(pygame.K_TAB, 0) is Command.LEVEL_SELECT
    assert command_for_key(pygame.K_F11, 0) is Command.FULLSCREEN


def test_caps_lock_and_num_lock_do_not_change_a_key() -> None:
    assert command_for_key(pygame.K_n, pygame.KMOD_CAPS | pygame.KMOD_NUM, "N") is Command.NEXT_LEVEL


def test_ctrl_with_an_unbound_key_is_nothing() -> None:
    assert command_for_key(pygame.K_n, CTRL) is None
    assert command_for_key(pygame.K_F5, 0) is None


def test_no_key_means_two_commands() -> None:
    seen: dict[tuple[int, int, str], Command] = {}
    for binding in KEY_MAP:
        for key in binding.keys:
            ident = (key.code, key.mods, key.char)
            assert seen.setdefault(ident, binding.command) is binding.command, ident
    # Every command is bound somewhere: Star Pusher's map, Fifteen's, the collection chooser's,
    # or the editor's.
    from starpusher.gui.editor.keys import KEY_MAP as EDITOR_KEY_MAP
    from starpusher.gui.fifteen.keys import FIFTEEN_KEY_MAP
    from starpusher.gui.sokoban.collections import COLLECTION_KEY_MAP

    maps = (KEY_MAP, FIFTEEN_KEY_MAP, COLLECTION_KEY_MAP, EDITOR_KEY_MAP)
    assert {b.command for key_map in maps for b in key_map} == set(Command)


def test_help_lines_come_from_the_key_map() -> None:
    lines = help_lines()
    for binding in KEY_MAP:
        assert any(description == binding.description for _, _, description in lines)
    assert ("Play", "Z, Ctrl+Z", "undo a move") in lines
