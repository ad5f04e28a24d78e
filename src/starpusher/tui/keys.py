"""The terminal's key maps: keys bound to the same action names the window uses.

A key is named as curses names it: a typed character ("z", "\\x1a" for
Ctrl+Z) or a special key's name ("KEY_UP", "KEY_F(1)"). The help screen and
the README's table are made from these maps, so they list exactly what the
terminal does.
"""

from __future__ import annotations

from typing import NamedTuple


class Binding(NamedTuple):
    """Keys bound to an action, with how the help writes them (``label``) and what they do."""

    action: str
    keys: tuple[str, ...]
    label: str
    description: str


KEY_MAP: tuple[Binding, ...] = (
    Binding("up", ("KEY_UP",), "Up", "walk or push up"),
    Binding("down", ("KEY_DOWN",), "Down", "walk or push down"),
    Binding("left", ("KEY_LEFT",), "Left", "walk or push left"),
    Binding("right", ("KEY_RIGHT",), "Right", "walk or push right"),
    Binding("undo", ("z", "\x1a"), "Z, Ctrl+Z", "undo a move"),
    Binding("redo", ("x", "\x19"), "X, Ctrl+Y", "redo a move"),
    Binding("undo_push", ("Z",), "Shift+Z", "undo back to the previous push"),
    Binding("redo_push", ("X",), "Shift+X", "redo up to the next push"),
    Binding(
        "restart", ("r", "KEY_BACKSPACE", "\x7f", "\x08"), "R, Backspace", "restart (undo takes it back)"
    ),
    Binding("next_level", ("n",), "N", "next level"),
    Binding("previous_level", ("b",), "B", "previous level"),
    Binding("next_unsolved", ("j",), "J", "jump to the next unsolved level"),
    Binding("level_select", ("l", "\t"), "L, Tab", "choose a level"),
    Binding("unlock_one_by_one", ("u",), "U", "levels unlock one by one as you solve them (on/off)"),
    Binding("hint", ("h",), "H", "hint: the next push (press again to cancel)"),
    Binding(
        "play_solution",
        ("H",),
        "Shift+H",
        "the solver plays the rest: solved with help, never a best (undo takes it back)",
    ),
    Binding(
        "dead_squares", ("\x04",), "Ctrl+D", "x on dead squares: a star pushed there never reaches a goal"
    ),
    Binding("help", ("?", "KEY_F(1)"), "?, F1", "this help"),
    Binding("quit", ("q", "\x1b", "\x03"), "Q, Esc, Ctrl+C", "quit (everything is kept)"),
)

#: The level list's keys.
LIST_KEY_MAP: tuple[Binding, ...] = (
    Binding("up", ("KEY_UP", "k"), "Up", "the level above"),
    Binding("down", ("KEY_DOWN", "j"), "Down", "the level below"),
    Binding("page_up", ("KEY_PPAGE",), "Page Up", "a page up"),
    Binding("page_down", ("KEY_NPAGE",), "Page Down", "a page down"),
    Binding("first", ("KEY_HOME",), "Home", "the first level"),
    Binding("last", ("KEY_END",), "End", "the last level"),
    Binding("open", ("\n", "\r", "KEY_ENTER"), "Enter", "play the chosen level"),
    Binding("close", ("\x1b", "l", "\t", "q"), "Esc, L", "back to the level"),
    Binding("quit", ("\x03",), "Ctrl+C", "quit"),
)

#: Keys that keep their meaning while a level shows solved; any other goes to the next level.
KEYS_AFTER_SOLVED = frozenset(
    {"undo", "undo_push", "restart", "previous_level", "next_unsolved", "level_select"}
    | {"unlock_one_by_one", "dead_squares", "help", "quit"}
)


def action_for(key: str, key_map: tuple[Binding, ...]) -> str | None:
    """The action a key asks for in ``key_map``, or None."""
    return next((binding.action for binding in key_map if key in binding.keys), None)


def help_rows(key_map: tuple[Binding, ...] = KEY_MAP) -> list[tuple[str, str]]:
    """(keys, what they do) for the help screen and the README, in key-map order."""
    return [(binding.label, binding.description) for binding in key_map]
