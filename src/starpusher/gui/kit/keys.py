"""The machinery of key maps: keys bound to named actions, as Textual binds them.

Scenes never look at raw key codes. Each scene has a key map (a tuple of
:class:`Binding` s; each game brings its own) that binds keys to an action's
name ("undo", "help"); the window runs the scene's method
``action_<name>`` (see :func:`run_action`), so the verbs live with the scene
that owns them and the kit needs no list of every game's verbs. The help
overlay is generated from the map of the scene it covers, so what it lists is
exactly what the game does. A new feature adds a binding to its game's map and
an ``action_`` method to its scene, and the help follows by itself. Keys every
game binds alike (help, full screen, leaving, quitting, animation speed) are
described once here: :func:`shared_bindings`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

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
    """Keys bound to an action (the scene's ``action_<name>`` method), described for the help."""

    action: str
    keys: tuple[Key, ...]
    description: str
    section: str
    #: A key held down rather than pressed (looking around): the window keeps the
    #: action in ``held`` while the key is down, and the scene reads it every frame.
    held: bool = False


#: Keys every game binds alike, described once: action -> (keys, what they do).
_SHARED: dict[str, tuple[tuple[Key, ...], str]] = {
    "slower": ((Key.of(pygame.K_LEFTBRACKET, label="["),), "slower animation"),
    "faster": ((Key.of(pygame.K_RIGHTBRACKET, label="]"),), "faster animation"),
    "fullscreen": ((Key.of(pygame.K_F11, label="F11"),), "full screen on or off"),
    "help": ((Key.of(pygame.K_F1, label="F1"), Key(char="?")), "this help"),
    "back": ((Key.of(pygame.K_ESCAPE, label="Esc"),), "leave: to the title, then quit"),
    "quit": ((Key.of(pygame.K_q, CTRL),), "quit"),
}


def shared_bindings(*actions: str, section: str = "Other") -> tuple[Binding, ...]:
    """The bindings every game gives ``actions``, listed under ``section`` in the help."""
    return tuple(Binding(action, *_SHARED[action], section) for action in actions)


#: Enter, on the main keys or the keypad: every list's "go on".
ENTER_KEYS = (Key.of(pygame.K_RETURN, label="Enter"), Key.of(pygame.K_KP_ENTER, label="Keypad Enter"))


def arrow_bindings(section: str, *descriptions: str) -> tuple[Binding, ...]:
    """The arrow keys, bound to "up", "down", "left" and "right" in that order, one per description given."""
    arrows = [("up", pygame.K_UP, "Up"), ("down", pygame.K_DOWN, "Down")]
    arrows += [("left", pygame.K_LEFT, "Left"), ("right", pygame.K_RIGHT, "Right")]
    return tuple(
        Binding(action, (Key.of(code, label=label),), description, section)
        for (action, code, label), description in zip(arrows, descriptions, strict=False)
    )


#: What a scene of no game understands: the window's own keys.
WINDOW_KEY_MAP: tuple[Binding, ...] = shared_bindings("help", "fullscreen", "back", "quit")

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


def binding_for_key(code: int, mods: int, char: str, key_map: tuple[Binding, ...]) -> Binding | None:
    """The binding a key press matches, or None.

    An exact match (Shift included) wins, so Ctrl+Shift+Z redoes although
    Ctrl+Z, held with Shift, would otherwise undo.
    """
    for exact_shift in (True, False):
        for binding in key_map:
            if any(key.matches(code, mods, char, exact_shift=exact_shift) for key in binding.keys):
                return binding
    return None


def action_for_key(code: int, mods: int, char: str, key_map: tuple[Binding, ...]) -> str | None:
    """The action a key press asks for, or None."""
    binding = binding_for_key(code, mods, char, key_map)
    return binding.action if binding is not None else None


def run_action(target: object, action: str) -> bool:
    """Run ``target.action_<action>()``; False when ``target`` has no such action."""
    method = getattr(target, f"action_{action}", None)
    if method is None:
        return False
    method()
    return True


def help_lines(
    key_map: tuple[Binding, ...], mouse_help: tuple[tuple[str, str], ...]
) -> list[tuple[str, str, str]]:
    """(section, keys, description) rows for the help overlay, in key-map order.

    Keys that share a label (the digits 1 to 9, labelled "1-9") are named once.
    """
    rows = [(b.section, ", ".join(dict.fromkeys(k.name for k in b.keys)), b.description) for b in key_map]
    rows.extend(("Mouse", what, does) for what, does in mouse_help)
    return rows
