"""The level editor's key map: every key of the editor, and what the mouse does.

The help overlay and the README's key table are made from :data:`KEY_MAP`
(``tools/key_tables.py``). The pieces of the palette are chosen with the
number keys: :data:`PIECE_KEYS` says which number is which piece, in the
palette's order.
"""

from __future__ import annotations

import pygame

from ...editing import Piece
from ..kit.keys import CTRL, SHIFT, Binding, Key, shared_bindings

_k = Key.of

#: The palette, top to bottom, with the number key of each piece.
PALETTE: tuple[Piece, ...] = (
    Piece.WALL,
    Piece.FLOOR,
    Piece.GOAL,
    Piece.STAR,
    Piece.PLAYER,
    Piece.STAR_ON_GOAL,
    Piece.PLAYER_ON_GOAL,
    Piece.ERASER,
)
_NUMBER_KEYS = (
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
    pygame.K_7,
    pygame.K_8,
)
#: Key code to piece.
PIECE_KEYS: dict[int, Piece] = dict(zip(_NUMBER_KEYS, PALETTE, strict=True))

KEY_MAP: tuple[Binding, ...] = (
    Binding(
        "choose_piece",
        tuple(_k(code, label=str(number)) for number, code in enumerate(_NUMBER_KEYS, 1)),
        "choose wall, floor, goal, star, player, star on goal, player on goal, eraser",
        "Draw",
    ),
    Binding("fill_tool", (_k(pygame.K_b),), "fill tool on or off (a click fills an area)", "Draw"),
    Binding("undo", (_k(pygame.K_z), _k(pygame.K_z, CTRL)), "undo an edit", "Draw"),
    Binding(
        "redo",
        (_k(pygame.K_x), _k(pygame.K_y, CTRL), _k(pygame.K_z, CTRL | SHIFT)),
        "redo an edit",
        "Draw",
    ),
    Binding("rotate", (_k(pygame.K_r),), "turn the level right", "Board"),
    Binding("rotate_back", (_k(pygame.K_r, SHIFT),), "turn the level left", "Board"),
    Binding("mirror", (_k(pygame.K_m),), "mirror left to right", "Board"),
    Binding("mirror_top_bottom", (_k(pygame.K_m, SHIFT),), "mirror top to bottom", "Board"),
    Binding("crop", (_k(pygame.K_c),), "crop the board to its walls", "Board"),
    Binding("clear", (_k(pygame.K_DELETE, CTRL, label="Ctrl+Delete"),), "clear the board", "Board"),
    Binding("show_grid", (_k(pygame.K_g),), "grid on or off", "Board"),
    Binding("flat_view", (_k(pygame.K_f),), "flat view from above, or pseudo-3D (as in play)", "Board"),
    Binding("dead_squares", (_k(pygame.K_d, CTRL),), "show the dead squares (no star may go there)", "Board"),
    Binding(
        "packing_plan",
        (_k(pygame.K_k),),
        "show the packing plan: goals numbered in the order to fill them (as in play)",
        "Board",
    ),
    Binding(
        "test_play",
        (_k(pygame.K_t), _k(pygame.K_RETURN, label="Enter")),
        "play the level as drawn (Esc comes back)",
        "Level",
    ),
    Binding("edit_title", (_k(pygame.K_F2, label="F2"),), "type the title", "Level"),
    Binding("edit_author", (_k(pygame.K_F3, label="F3"),), "type the author", "Level"),
    Binding(
        "save",
        (_k(pygame.K_s, CTRL),),
        "save: into My levels, over the level edited, or into a file",
        "Level",
    ),
    *shared_bindings("fullscreen", "help", section="Other"),
    Binding("back", (_k(pygame.K_ESCAPE, label="Esc"),), "leave (asks first if unsaved)", "Other"),
    Binding("quit", (_k(pygame.K_q, CTRL),), "quit (asks first if unsaved)", "Other"),
)

#: What the mouse does, listed by the help overlay beside the keys.
MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Left button", "paint the chosen piece; drag to paint a line"),
    ("Right button", "erase to floor; drag to erase a line"),
    ("Shift+drag", "a rectangle's outline"),
    ("Ctrl+drag", "a filled rectangle"),
    ("Past the edge", "the board grows to take the square"),
    ("Click the palette", "choose a piece or the fill tool"),
    ("Click the title", "type it"),
)
