"""What the player can ask for, and the one key map that asks for it.

Scenes never look at raw key codes: they receive a :class:`Command`. The help
overlay is generated from :data:`KEY_MAP`, so what it lists is exactly what
the game does. A new feature (a hint, a save slot, another game) adds a
``Command`` member and a :class:`Binding`, and the help follows by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

import pygame


class Command(Enum):
    MOVE_UP = auto()
    MOVE_DOWN = auto()
    MOVE_LEFT = auto()
    MOVE_RIGHT = auto()
    UNDO = auto()
    REDO = auto()
    RESTART = auto()
    NEXT_LEVEL = auto()
    PREVIOUS_LEVEL = auto()
    PAN_UP = auto()
    PAN_DOWN = auto()
    PAN_LEFT = auto()
    PAN_RIGHT = auto()
    ZOOM_IN = auto()
    ZOOM_OUT = auto()
    ZOOM_FIT = auto()
    CHARACTER = auto()
    INSTANT_MOVES = auto()
    SLOWER = auto()
    FASTER = auto()
    LEVEL_SELECT = auto()
    CONFIRM = auto()
    PAGE_UP = auto()
    PAGE_DOWN = auto()
    FIRST = auto()
    LAST = auto()
    NEXT_UNSOLVED = auto()
    UNLOCK_ONE_BY_ONE = auto()
    COPY = auto()
    PASTE = auto()
    HINT = auto()
    PLAY_SOLUTION = auto()
    # Fifteen's own (its scene brings its key map: starpusher.gui.fifteen).
    NEW_GAME = auto()
    BIGGER = auto()
    SMALLER = auto()
    CHOOSE_SIZE = auto()
    HELP = auto()
    FULLSCREEN = auto()
    BACK = auto()
    QUIT = auto()


#: Commands whose keys are held down (read from the keyboard state every frame)
#: rather than acted on once per key press.
HELD_COMMANDS = frozenset({Command.PAN_UP, Command.PAN_DOWN, Command.PAN_LEFT, Command.PAN_RIGHT})

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT
ALT = pygame.KMOD_ALT


@dataclass(frozen=True)
class Key:
    """One key combination: a key code, or a typed character such as ``?``.

    ``mods`` must all be held; Ctrl and Alt that are not asked for must not be.
    Shift is ignored unless asked for, so Ctrl+Shift+Z can differ from Ctrl+Z
    while ``?`` (Shift+/ on many keyboards) still matches by its character.
    """

    code: int = 0
    mods: int = 0
    char: str = ""
    label: str = ""

    def matches(self, code: int, mods: int, char: str, *, exact_shift: bool = False) -> bool:
        if self.char:
            if char != self.char:
                return False
        elif code != self.code:
            return False
        for group in (CTRL, ALT):
            if bool(self.mods & group) != bool(mods & group):
                return False
        if self.char:  # the character already says whether Shift was held
            return True
        wants_shift, holds_shift = bool(self.mods & SHIFT), bool(mods & SHIFT)
        return wants_shift == holds_shift if exact_shift or wants_shift else True

    @property
    def name(self) -> str:
        if self.label:
            return self.label
        if self.char:
            return self.char
        parts = []
        if self.mods & CTRL:
            parts.append("Ctrl")
        if self.mods & ALT:
            parts.append("Alt")
        if self.mods & SHIFT:
            parts.append("Shift")
        key = pygame.key.name(self.code)
        parts.append(key.upper() if len(key) == 1 else key.title())
        return "+".join(parts)


@dataclass(frozen=True)
class Binding:
    command: Command
    keys: tuple[Key, ...]
    description: str
    section: str


def _k(code: int, mods: int = 0, label: str = "") -> Key:
    return Key(code=code, mods=mods, label=label)


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
    Binding(
        Command.RESTART, (_k(pygame.K_BACKSPACE), _k(pygame.K_r)), "restart (undo takes it back)", "Play"
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
    Binding(
        Command.CONFIRM,
        (_k(pygame.K_RETURN, label="Enter"), _k(pygame.K_KP_ENTER, label="Keypad Enter")),
        "open the chosen level",
        "Levels",
    ),
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
        "play a solution from here (undo takes it back)",
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
    Binding(Command.FULLSCREEN, (_k(pygame.K_F11, label="F11"),), "full screen on or off", "View"),
    Binding(Command.CHARACTER, (_k(pygame.K_p),), "change character", "Other"),
    Binding(Command.INSTANT_MOVES, (_k(pygame.K_i),), "animated or instant moves", "Other"),
    Binding(Command.SLOWER, (_k(pygame.K_LEFTBRACKET, label="["),), "slower animation", "Other"),
    Binding(Command.FASTER, (_k(pygame.K_RIGHTBRACKET, label="]"),), "faster animation", "Other"),
    Binding(Command.COPY, (_k(pygame.K_c, CTRL),), "copy the level and the moves so far", "Other"),
    Binding(
        Command.PASTE, (_k(pygame.K_v, CTRL),), "paste a level (play it) or moves (replay them)", "Other"
    ),
    Binding(Command.HELP, (_k(pygame.K_F1, label="F1"), Key(char="?")), "this help", "Other"),
    Binding(Command.BACK, (_k(pygame.K_ESCAPE, label="Esc"),), "leave: to the title, then quit", "Other"),
    Binding(Command.QUIT, (_k(pygame.K_q, CTRL),), "quit", "Other"),
)


def star_pusher_bindings(*commands: Command) -> tuple[Binding, ...]:
    """Star Pusher's bindings of ``commands``: another game (Fifteen) uses the same keys for them."""
    by_command = {binding.command: binding for binding in KEY_MAP}
    return tuple(by_command[command] for command in commands)


#: What the mouse does, listed by the help overlay beside the keys.
MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a square", "walk there by a shortest path"),
    ("Click a star, then a square", "push the star there"),
    ("Right click", "forget the chosen star"),
    ("Wheel", "zoom in and out"),
    ("Drop a file", "open its levels"),
)

#: Keys that are only ever held with another key, never "a key" on their own.
MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LMETA,
        pygame.K_RMETA,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_CAPSLOCK,
        pygame.K_NUMLOCK,
        pygame.K_MODE,
    }
)

#: Moves as LURD direction letters.
MOVE_LETTERS = {
    Command.MOVE_UP: "u",
    Command.MOVE_DOWN: "d",
    Command.MOVE_LEFT: "l",
    Command.MOVE_RIGHT: "r",
}


def command_for_key(
    code: int, mods: int, char: str = "", key_map: tuple[Binding, ...] = KEY_MAP
) -> Command | None:
    """The command a key press asks for, or None.

    An exact match (Shift included) wins, so Ctrl+Shift+Z redoes although
    Ctrl+Z, held with Shift, would otherwise undo.
    """
    for exact_shift in (True, False):
        for binding in key_map:
            if any(key.matches(code, mods, char, exact_shift=exact_shift) for key in binding.keys):
                return binding.command
    return None


def held_commands(pressed: pygame.key.ScancodeWrapper, mods: int) -> set[Command]:
    """Held-down commands (camera panning) from the keyboard state."""
    if mods & (CTRL | ALT):
        return set()
    held = set()
    for binding in KEY_MAP:
        if binding.command in HELD_COMMANDS and any(pressed[key.code] for key in binding.keys if key.code):
            held.add(binding.command)
    return held


def help_lines(
    key_map: tuple[Binding, ...] = KEY_MAP, mouse_help: tuple[tuple[str, str], ...] = MOUSE_HELP
) -> list[tuple[str, str, str]]:
    """(section, keys, description) rows for the help overlay, in key-map order."""
    rows = [(b.section, ", ".join(k.name for k in b.keys), b.description) for b in key_map]
    rows.extend(("Mouse", what, does) for what, does in mouse_help)
    return rows
