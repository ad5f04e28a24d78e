"""Star Pusher's key map: every key of the game, and what the mouse does.

The help overlay and the README's key table are both made from :data:`KEY_MAP`
(``tools/key_tables.py``), so what they list is exactly what the game does.
"""

from __future__ import annotations

import pygame

from ..kit import keys
from ..kit.keys import CTRL, SHIFT, Binding, Command, Key, shared_bindings

_k = Key.of

KEY_MAP: tuple[Binding, ...] = (
    Binding(Command.MOVE_UP, (_k(pygame.K_UP, label="Up"),), "walk or push up", "Play"),
    Binding(Command.MOVE_DOWN, (_k(pygame.K_DOWN, label="Down"),), "walk or push down", "Play"),
    Binding(Command.MOVE_LEFT, (_k(pygame.K_LEFT, label="Left"),), "walk or push left", "Play"),
    Binding(Command.MOVE_RIGHT, (_k(pygame.K_RIGHT, label="Right"),), "walk or push right", "Play"),
    Binding(Command.UNDO, (_k(pygame.K_z), _k(pygame.K_z, CTRL)), "undo a move", "Play"),
    Binding(
        Command.REDO,
        (_k(pygame.K_x), _k(pygame.K_y, CTRL), _k(pygame.K_z, CTRL | SHIFT)),
        "redo a move",
        "Play",
    ),
    Binding(Command.UNDO_PUSH, (_k(pygame.K_z, SHIFT),), "undo back to the previous push", "Play"),
    Binding(Command.REDO_PUSH, (_k(pygame.K_x, SHIFT),), "redo up to the next push", "Play"),
    Binding(
        Command.UNDO_ALL, (_k(pygame.K_HOME, CTRL, label="Ctrl+Home"),), "undo everything at once", "Play"
    ),
    Binding(Command.REDO_ALL, (_k(pygame.K_END, CTRL, label="Ctrl+End"),), "redo everything at once", "Play"),
    Binding(
        Command.RESTART, (_k(pygame.K_BACKSPACE), _k(pygame.K_r)), "restart (undo takes it back)", "Play"
    ),
    Binding(Command.SAVE_SNAPSHOT, (_k(pygame.K_s, CTRL),), "keep this position under a name", "Play"),
    Binding(
        Command.SNAPSHOTS,
        (_k(pygame.K_m),),
        "snapshots and solutions: go back to one, replay one step by step",
        "Play",
    ),
    Binding(Command.NEXT_LEVEL, (_k(pygame.K_n),), "next level", "Levels"),
    Binding(Command.PREVIOUS_LEVEL, (_k(pygame.K_b),), "previous level", "Levels"),
    Binding(Command.NEXT_UNSOLVED, (_k(pygame.K_j),), "jump to the next unsolved level", "Levels"),
    Binding(
        Command.UNLOCK_ONE_BY_ONE,
        (_k(pygame.K_u),),
        "levels unlock one by one as you solve them (on/off)",
        "Levels",
    ),
    Binding(
        Command.LEVEL_SELECT, (_k(pygame.K_l), _k(pygame.K_TAB, label="Tab")), "choose a level", "Levels"
    ),
    Binding(Command.COLLECTIONS, (_k(pygame.K_c),), "choose a collection of levels", "Levels"),
    Binding(
        Command.CONFIRM,
        (_k(pygame.K_RETURN, label="Enter"), _k(pygame.K_KP_ENTER, label="Keypad Enter")),
        "open the chosen level",
        "Levels",
    ),
    Binding(Command.EDIT_LEVEL, (_k(pygame.K_e),), "edit a copy of the level in the editor", "Levels"),
    Binding(
        Command.PAGE_UP, (_k(pygame.K_PAGEUP, label="Page Up"),), "a page up in the level list", "Levels"
    ),
    Binding(
        Command.PAGE_DOWN,
        (_k(pygame.K_PAGEDOWN, label="Page Down"),),
        "a page down in the level list",
        "Levels",
    ),
    Binding(Command.FIRST, (_k(pygame.K_HOME, label="Home"),), "first level in the list", "Levels"),
    Binding(Command.LAST, (_k(pygame.K_END, label="End"),), "last level in the list", "Levels"),
    Binding(Command.HINT, (_k(pygame.K_h),), "hint: the next push (press again to cancel)", "Solver"),
    Binding(
        Command.PLAY_SOLUTION,
        (_k(pygame.K_h, SHIFT),),
        "the solver plays the rest: solved with help, never a best (undo takes it back)",
        "Solver",
    ),
    Binding(Command.PAN_UP, (_k(pygame.K_w),), "look up (hold)", "View"),
    Binding(Command.PAN_LEFT, (_k(pygame.K_a),), "look left (hold)", "View"),
    Binding(Command.PAN_DOWN, (_k(pygame.K_s),), "look down (hold)", "View"),
    Binding(Command.PAN_RIGHT, (_k(pygame.K_d),), "look right (hold)", "View"),
    Binding(
        Command.ZOOM_IN,
        (Key(char="+"), _k(pygame.K_EQUALS, label="="), _k(pygame.K_KP_PLUS, label="Keypad +")),
        "zoom in",
        "View",
    ),
    Binding(Command.ZOOM_OUT, (Key(char="-"), _k(pygame.K_KP_MINUS, label="Keypad -")), "zoom out", "View"),
    Binding(Command.ZOOM_FIT, (_k(pygame.K_0, label="0"),), "fit the level to the window", "View"),
    Binding(Command.FLAT_VIEW, (_k(pygame.K_f),), "flat view from above, or pseudo-3D", "View"),
    Binding(
        Command.DEAD_SQUARES,
        (_k(pygame.K_d, CTRL),),
        "crosses on dead squares: a star pushed there never reaches a goal (on/off)",
        "View",
    ),
    *shared_bindings(Command.FULLSCREEN, section="View"),
    Binding(Command.CHARACTER, (_k(pygame.K_p),), "change character", "Other"),
    Binding(Command.INSTANT_MOVES, (_k(pygame.K_i),), "animated or instant moves", "Other"),
    *shared_bindings(Command.SLOWER, Command.FASTER),
    Binding(Command.COPY, (_k(pygame.K_c, CTRL),), "copy the level and the moves so far", "Other"),
    Binding(
        Command.PASTE, (_k(pygame.K_v, CTRL),), "paste a level (play it) or moves (replay them)", "Other"
    ),
    *shared_bindings(Command.HELP, Command.BACK, Command.QUIT),
)

#: What the mouse does, listed by the help overlay beside the keys.
MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a square", "walk there by a shortest path"),
    ("Click a star, then a lit square", "push the star there (blue dots: where it can go)"),
    ("Right click", "forget the chosen star"),
    ("Wheel", "zoom in and out about the pointer"),
    ("Drop a file", "open its levels"),
)

#: Moves as LURD direction letters.
MOVE_LETTERS = {
    Command.MOVE_UP: "u",
    Command.MOVE_DOWN: "d",
    Command.MOVE_LEFT: "l",
    Command.MOVE_RIGHT: "r",
}


def command_for_key(code: int, mods: int, char: str = "") -> Command | None:
    """The command a key press asks for in Star Pusher, or None."""
    return keys.command_for_key(code, mods, char, KEY_MAP)


def help_lines() -> list[tuple[str, str, str]]:
    """Star Pusher's help: (section, keys, description) rows, keys first, then the mouse."""
    return keys.help_lines(KEY_MAP, MOUSE_HELP)
