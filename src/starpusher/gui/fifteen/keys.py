"""Fifteen's key map: R is a new shuffle here, not a restart; the help overlay lists it."""

from __future__ import annotations

import pygame

from ..kit.keys import CTRL, SHIFT, Binding, Key, arrow_bindings, shared_bindings

_k = Key.of

FIFTEEN_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings(
        "Slide",
        "slide the tile below the gap up",
        "slide the tile above the gap down",
        "slide the tile right of the gap left",
        "slide the tile left of the gap right",
    ),
    Binding("undo", (_k(pygame.K_z), _k(pygame.K_z, CTRL)), "undo a slide (or a click)", "Slide"),
    Binding(
        "redo",
        (_k(pygame.K_x), _k(pygame.K_y, CTRL), _k(pygame.K_z, CTRL | SHIFT)),
        "redo",
        "Slide",
    ),
    Binding(
        "restart",
        (_k(pygame.K_BACKSPACE),),
        "back to this shuffle's start (undo takes it back)",
        "Slide",
    ),
    Binding("new_game", (_k(pygame.K_r),), "a new shuffle", "Slide"),
    Binding(
        "bigger",
        (Key(char="+"), _k(pygame.K_EQUALS, label="="), _k(pygame.K_KP_PLUS, label="Keypad +")),
        "a bigger board (one more each way)",
        "Size",
    ),
    Binding("smaller", (Key(char="-"), _k(pygame.K_KP_MINUS, label="Keypad -")), "a smaller board", "Size"),
    Binding(
        "choose_size",
        (_k(pygame.K_s), _k(pygame.K_TAB, label="Tab")),
        "choose any size, 3x3 to 8x8",
        "Size",
    ),
    Binding("hint", (_k(pygame.K_h),), "hint: the next slide (of a shortest solution up to 4x4)", "Solver"),
    Binding(
        "play_solution",
        (_k(pygame.K_h, SHIFT),),
        "the solver plays the rest: solved with help, never a best (undo takes it back)",
        "Solver",
    ),
    Binding("instant_moves", (_k(pygame.K_i),), "animated or instant slides", "Other"),
    *shared_bindings("slower", "faster", "fullscreen", "help", "back", "quit"),
)

FIFTEEN_MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a tile", "in the gap's row or column: it and those between slide"),
    ("Click when solved", "a new shuffle"),
)
