"""What the player can ask for, and the machinery of key maps.

Scenes never look at raw key codes: they receive a :class:`Command`. Each
game has a key map (a tuple of :class:`Binding` s: Star Pusher's is
``starpusher.gui.sokoban.keys.KEY_MAP``), and the help overlay is generated
from the map of the scene it covers, so what it lists is exactly what the
game does. A new feature (a hint, a save slot, another game) adds a
``Command`` member and a binding in its game's map, and the help follows by
itself. Keys every game binds alike (help, full screen, leaving, quitting,
animation speed) are described once here: :func:`shared_bindings`.
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
    # The collection chooser's (Star Pusher: starpusher.gui.sokoban.collections).
    COLLECTIONS = auto()
    OPEN_FILE = auto()
    FORGET = auto()
    # Comforts of the play screen (issue 13).
    DEAD_SQUARES = auto()
    FLAT_VIEW = auto()
    SAVE_SNAPSHOT = auto()
    SNAPSHOTS = auto()
    UNDO_PUSH = auto()
    REDO_PUSH = auto()
    UNDO_ALL = auto()
    REDO_ALL = auto()
    EDIT_LEVEL = auto()
    # The level editor's own (its scene brings its key map: starpusher.gui.editor.keys).
    CHOOSE_PIECE = auto()
    FILL_TOOL = auto()
    ROTATE = auto()
    ROTATE_BACK = auto()
    MIRROR = auto()
    MIRROR_TOP_BOTTOM = auto()
    CROP = auto()
    CLEAR = auto()
    TEST_PLAY = auto()
    SAVE = auto()
    EDIT_TITLE = auto()
    EDIT_AUTHOR = auto()
    SHOW_GRID = auto()
    # Fifteen's own (its scene brings its key map: starpusher.gui.fifteen.keys).
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

    @classmethod
    def of(cls, code: int, mods: int = 0, label: str = "") -> Key:
        """A key code with modifiers; ``label`` names it in the help where pygame's name will not do."""
        return cls(code=code, mods=mods, label=label)

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


#: Keys every game binds alike, described once: command -> (keys, what they do).
_SHARED: dict[Command, tuple[tuple[Key, ...], str]] = {
    Command.SLOWER: ((Key.of(pygame.K_LEFTBRACKET, label="["),), "slower animation"),
    Command.FASTER: ((Key.of(pygame.K_RIGHTBRACKET, label="]"),), "faster animation"),
    Command.FULLSCREEN: ((Key.of(pygame.K_F11, label="F11"),), "full screen on or off"),
    Command.HELP: ((Key.of(pygame.K_F1, label="F1"), Key(char="?")), "this help"),
    Command.BACK: ((Key.of(pygame.K_ESCAPE, label="Esc"),), "leave: to the title, then quit"),
    Command.QUIT: ((Key.of(pygame.K_q, CTRL),), "quit"),
}


def shared_bindings(*commands: Command, section: str = "Other") -> tuple[Binding, ...]:
    """The bindings every game gives ``commands``, listed under ``section`` in the help."""
    return tuple(Binding(command, *_SHARED[command], section) for command in commands)


#: What a scene of no game understands: the window's own keys.
WINDOW_KEY_MAP: tuple[Binding, ...] = shared_bindings(
    Command.HELP, Command.FULLSCREEN, Command.BACK, Command.QUIT
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


def command_for_key(code: int, mods: int, char: str, key_map: tuple[Binding, ...]) -> Command | None:
    """The command a key press asks for, or None.

    An exact match (Shift included) wins, so Ctrl+Shift+Z redoes although
    Ctrl+Z, held with Shift, would otherwise undo.
    """
    for exact_shift in (True, False):
        for binding in key_map:
            if any(key.matches(code, mods, char, exact_shift=exact_shift) for key in binding.keys):
                return binding.command
    return None


def help_lines(
    key_map: tuple[Binding, ...], mouse_help: tuple[tuple[str, str], ...]
) -> list[tuple[str, str, str]]:
    """(section, keys, description) rows for the help overlay, in key-map order."""
    rows = [(b.section, ", ".join(k.name for k in b.keys), b.description) for b in key_map]
    rows.extend(("Mouse", what, does) for what, does in mouse_help)
    return rows
