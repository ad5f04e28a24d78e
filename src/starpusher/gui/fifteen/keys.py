"""Fifteen's key map: R is a new shuffle here, not a restart; the help overlay lists it."""

from __future__ import annotations

import pygame

from ..kit.keys import CTRL, SHIFT, Binding, Command, Key, shared_bindings

_k = Key.of

FIFTEEN_KEY_MAP: tuple[Binding, ...] = (
    Binding(Command.MOVE_UP, (_k(pygame.K_UP, label="Up"),), "slide the tile below the gap up", "Slide"),
    Binding(
        Command.MOVE_DOWN, (_k(pygame.K_DOWN, label="Down"),), "slide the tile above the gap down", "Slide"
    ),
    Binding(
        Command.MOVE_LEFT, (_k(pygame.K_LEFT, label="Left"),), "slide the tile right of the gap left", "Slide"
    ),
    Binding(
        Command.MOVE_RIGHT,
        (_k(pygame.K_RIGHT, label="Right"),),
        "slide the tile left of the gap right",
        "Slide",
    ),
    Binding(Command.UNDO, (_k(pygame.K_z), _k(pygame.K_z, CTRL)), "undo a slide (or a click)", "Slide"),
    Binding(
        Command.REDO,
        (_k(pygame.K_x), _k(pygame.K_y, CTRL), _k(pygame.K_z, CTRL | SHIFT)),
        "redo",
        "Slide",
    ),
    Binding(
        Command.RESTART,
        (_k(pygame.K_BACKSPACE),),
        "back to this shuffle's start (undo takes it back)",
        "Slide",
    ),
    Binding(Command.NEW_GAME, (_k(pygame.K_r),), "a new shuffle", "Slide"),
    Binding(
        Command.BIGGER,
        (Key(char="+"), _k(pygame.K_EQUALS, label="="), _k(pygame.K_KP_PLUS, label="Keypad +")),
        "a bigger board (one more each way)",
        "Size",
    ),
    Binding(
        Command.SMALLER, (Key(char="-"), _k(pygame.K_KP_MINUS, label="Keypad -")), "a smaller board", "Size"
    ),
    Binding(
        Command.CHOOSE_SIZE,
        (_k(pygame.K_s), _k(pygame.K_TAB, label="Tab")),
        "choose any size, 3x3 to 8x8",
        "Size",
    ),
    Binding(
        Command.HINT, (_k(pygame.K_h),), "hint: the next slide (of a shortest solution up to 4x4)", "Solver"
    ),
    Binding(
        Command.PLAY_SOLUTION,
        (_k(pygame.K_h, SHIFT),),
        "the solver plays the rest: solved with help, never a best (undo takes it back)",
        "Solver",
    ),
    Binding(Command.INSTANT_MOVES, (_k(pygame.K_i),), "animated or instant slides", "Other"),
    *shared_bindings(
        Command.SLOWER, Command.FASTER, Command.FULLSCREEN, Command.HELP, Command.BACK, Command.QUIT
    ),
)

FIFTEEN_MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a tile", "in the gap's row or column: it and those between slide"),
    ("Click when solved", "a new shuffle"),
)

#: Arrow commands as move letters: the direction the tile slides.
SLIDES = {Command.MOVE_UP: "U", Command.MOVE_DOWN: "D", Command.MOVE_LEFT: "L", Command.MOVE_RIGHT: "R"}
