"""Star Pusher's key map: every key of the game, and what the mouse does.

The help overlay and the README's key table are both made from :data:`KEY_MAP`
(``tools/key_tables.py``), so what they list is exactly what the game does.
"""

from __future__ import annotations

import pygame

from ..kit import keys
from ..kit.keys import CTRL, ENTER_KEYS, SHIFT, Binding, Key, arrow_bindings, shared_bindings

_k = Key.of

KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings(
        "Play", "walk or push up", "walk or push down", "walk or push left", "walk or push right"
    ),
    Binding("undo", (_k(pygame.K_z), _k(pygame.K_z, CTRL)), "undo a move", "Play"),
    Binding(
        "redo",
        (_k(pygame.K_x), _k(pygame.K_y, CTRL), _k(pygame.K_z, CTRL | SHIFT)),
        "redo a move",
        "Play",
    ),
    Binding("undo_push", (_k(pygame.K_z, SHIFT),), "undo back to the previous push", "Play"),
    Binding("redo_push", (_k(pygame.K_x, SHIFT),), "redo up to the next push", "Play"),
    Binding("undo_all", (_k(pygame.K_HOME, CTRL, label="Ctrl+Home"),), "undo everything at once", "Play"),
    Binding("redo_all", (_k(pygame.K_END, CTRL, label="Ctrl+End"),), "redo everything at once", "Play"),
    Binding("restart", (_k(pygame.K_BACKSPACE), _k(pygame.K_r)), "restart (undo takes it back)", "Play"),
    Binding(
        "reverse",
        (_k(pygame.K_v),),
        "play backwards: pull the stars from their goals to where they start (on/off)",
        "Play",
    ),
    Binding("save_snapshot", (_k(pygame.K_s, CTRL),), "keep this position under a name", "Play"),
    Binding(
        "snapshots",
        (_k(pygame.K_m),),
        "snapshots and solutions: go back to one, replay one step by step",
        "Play",
    ),
    Binding("next_level", (_k(pygame.K_n),), "next level", "Levels"),
    Binding("previous_level", (_k(pygame.K_b),), "previous level", "Levels"),
    Binding("next_unsolved", (_k(pygame.K_j),), "jump to the next unsolved level", "Levels"),
    Binding(
        "unlock_one_by_one",
        (_k(pygame.K_u),),
        "levels unlock one by one as you solve them (on/off)",
        "Levels",
    ),
    Binding("level_select", (_k(pygame.K_l), _k(pygame.K_TAB, label="Tab")), "choose a level", "Levels"),
    Binding(
        "go_to_level",
        tuple(Key(char=digit, label="1-9") for digit in "123456789"),
        "go to a level by its number: type it, then Enter",
        "Levels",
    ),
    Binding(
        "find",
        (Key(char="/"), _k(pygame.K_f, CTRL)),
        "find levels by words of their titles (in the level list)",
        "Levels",
    ),
    Binding("unsolved_only", (_k(pygame.K_o),), "show only unsolved levels in the list (on/off)", "Levels"),
    Binding("collections", (_k(pygame.K_c),), "choose a collection of levels", "Levels"),
    Binding(
        "statistics",
        (_k(pygame.K_s, SHIFT),),
        "statistics of the collection: solved, with help, best moves and pushes, time played",
        "Levels",
    ),
    Binding(
        "confirm",
        ENTER_KEYS,
        "open the chosen level",
        "Levels",
    ),
    Binding("edit_level", (_k(pygame.K_e),), "edit a copy of the level in the editor", "Levels"),
    Binding("page_up", (_k(pygame.K_PAGEUP, label="Page Up"),), "a page up in the level list", "Levels"),
    Binding(
        "page_down",
        (_k(pygame.K_PAGEDOWN, label="Page Down"),),
        "a page down in the level list",
        "Levels",
    ),
    Binding("first", (_k(pygame.K_HOME, label="Home"),), "first level in the list", "Levels"),
    Binding("last", (_k(pygame.K_END, label="End"),), "last level in the list", "Levels"),
    Binding("hint", (_k(pygame.K_h),), "hint: the next push (press again to cancel)", "Solver"),
    Binding(
        "play_solution",
        (_k(pygame.K_h, SHIFT),),
        "the solver plays the rest: solved with help, never a best (undo takes it back)",
        "Solver",
    ),
    Binding(
        "packing_plan",
        (_k(pygame.K_k),),
        "packing plan: goals numbered in the order to fill them, P for parking (on/off)",
        "Solver",
    ),
    Binding("pan_up", (_k(pygame.K_w),), "look up (hold)", "View", held=True),
    Binding("pan_left", (_k(pygame.K_a),), "look left (hold)", "View", held=True),
    Binding("pan_down", (_k(pygame.K_s),), "look down (hold)", "View", held=True),
    Binding("pan_right", (_k(pygame.K_d),), "look right (hold)", "View", held=True),
    Binding(
        "zoom_in",
        (Key(char="+"), _k(pygame.K_EQUALS, label="="), _k(pygame.K_KP_PLUS, label="Keypad +")),
        "zoom in",
        "View",
    ),
    Binding("zoom_out", (Key(char="-"), _k(pygame.K_KP_MINUS, label="Keypad -")), "zoom out", "View"),
    Binding("zoom_fit", (_k(pygame.K_0, label="0"),), "fit the level to the window", "View"),
    Binding("flat_view", (_k(pygame.K_f),), "flat view from above, or pseudo-3D", "View"),
    Binding(
        "turn_right",
        (_k(pygame.K_t),),
        "see the board turned a quarter right (the level and its solutions stay as drawn)",
        "View",
    ),
    Binding("turn_left", (_k(pygame.K_t, SHIFT),), "see the board turned a quarter left", "View"),
    Binding("mirror", (_k(pygame.K_y),), "see the board mirrored left to right", "View"),
    Binding(
        "dead_squares",
        (_k(pygame.K_d, CTRL),),
        "crosses on dead squares: a star pushed there never reaches a goal (on/off)",
        "View",
    ),
    *shared_bindings("fullscreen", section="View"),
    Binding("character", (_k(pygame.K_p),), "change character", "Other"),
    Binding("instant_moves", (_k(pygame.K_i),), "animated or instant moves", "Other"),
    *shared_bindings("slower", "faster"),
    Binding(
        "screenshot",
        (_k(pygame.K_F12, label="F12"),),
        "save a picture of the window in your pictures folder",
        "Other",
    ),
    Binding("copy", (_k(pygame.K_c, CTRL),), "copy the level and the moves so far", "Other"),
    Binding("paste", (_k(pygame.K_v, CTRL),), "paste a level (play it) or moves (replay them)", "Other"),
    *shared_bindings("help", "back", "quit"),
)

#: What the mouse does, listed by the help overlay beside the keys.
MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a square", "walk there by a shortest path"),
    ("Click a star, then a dot", "push the star there (blue dots: where it can go, never a deadlock)"),
    ("Drag a star to a dot", "push it there, as with two clicks"),
    ("Right click", "forget the chosen star"),
    ("Wheel", "zoom in and out about the pointer"),
    ("Drop a file", "open its levels"),
)


def action_for_key(code: int, mods: int, char: str = "") -> str | None:
    """The action a key press asks for in Star Pusher, or None."""
    return keys.action_for_key(code, mods, char, KEY_MAP)


def help_lines() -> list[tuple[str, str, str]]:
    """Star Pusher's help: (section, keys, description) rows, keys first, then the mouse."""
    return keys.help_lines(KEY_MAP, MOUSE_HELP)
