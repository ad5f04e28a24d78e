"""Turning a board half round, which swaps the two goal conventions.

The game's goal has the gap last (tile ``t`` on cell ``t - 1``); Korf's
instances and the pattern databases have it first (tile ``t`` on cell ``t``).
Turn a board by half a turn (cell ``p`` goes to ``n - 1 - p``) and renumber
each tile ``t`` as ``n - t``: the gap-last goal becomes the gap-first goal.
Turning keeps neighbours neighbours, so solutions correspond move for move,
with every direction reversed. Doing it twice gives the board back.
"""

from __future__ import annotations

_TURNED = str.maketrans("UDLR", "DURL")


def half_turn(tiles: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    count = len(tiles)
    return tuple((count - tile) % count for tile in reversed(tiles))


def half_turn_moves(moves: str) -> str:
    return moves.translate(_TURNED)


def gap_path_to_moves(gap: int, path: list[int], width: int) -> str:
    """Move letters for a walk of the gap: the gap going down means a tile slid up."""
    letters = []
    for cell in path:
        step = cell - gap
        letters.append("U" if step == width else "D" if step == -width else "L" if step == 1 else "R")
        gap = cell
    return "".join(letters)
