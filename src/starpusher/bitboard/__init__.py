"""The kernel: squares as bitsets, and the few algorithms every room of the game builds on.

A set of squares is one ``int`` (bit ``i`` for square ``i``), so moving a
whole set one step is one shift. On that, written once each:

* :mod:`.squares`: the bitset helpers and the four steps (LURD order);
* :mod:`.flood`: the flood, every square joined to some squares, for the
  player's area, a level's inside, a room;
* :mod:`.walks`: how far the player walks, and the shortest walk as LURD;
* :mod:`.pushes`: the pushes and pulls of one square from a position;
* :mod:`.cuts`: the squares where a star parts the floor (doorways,
  corridors), from one depth-first walk;
* :mod:`.lone_star`: one star moved alone, where it can go and by which
  pushes or pulls;
* :mod:`.board`: a level compiled for search, its distance tables
  (:mod:`.tables`) and what the searches learn about it;
* :mod:`.keys`: a position and a push packed into an int, and the chains
  of pushes of a search's paths; :mod:`.moves`, pushes turned into moves.

It imports only the standard library, like :mod:`starpusher.core`, and sits
below it: the rules read a level's inside with the flood, and everything
above (the solver, the optimizer, the generator, the editor, the window)
finds its squares here. Nothing here imports the rest of the package.
"""

from .board import Board, Layout
from .cuts import joined_squares
from .flood import areas, flood, flood_round
from .keys import Link, Push, area_key, pack_push, position_key, pushes_of, unpack_push
from .lone_star import (
    LoneStar,
    PlayerAreas,
    Route,
    lone_star_search,
    ring_distances,
    sides_in,
    sides_reached,
    spread,
    star_steps,
)
from .moves import expand_pushes
from .pushes import pull_targets, pulls, push_targets, pushes
from .squares import LETTERS, EdgeMasks, bits_of, edge_masks, lowest_square, shift, squares_of, steps
from .tables import INFINITE, UNREACHABLE, CostTable
from .walks import walk, walk_lengths, walked_squares

__all__ = [
    "INFINITE",
    "LETTERS",
    "UNREACHABLE",
    "Board",
    "CostTable",
    "EdgeMasks",
    "Layout",
    "Link",
    "LoneStar",
    "PlayerAreas",
    "Push",
    "Route",
    "area_key",
    "areas",
    "bits_of",
    "edge_masks",
    "expand_pushes",
    "flood",
    "flood_round",
    "joined_squares",
    "lone_star_search",
    "lowest_square",
    "pack_push",
    "position_key",
    "pull_targets",
    "pulls",
    "push_targets",
    "pushes",
    "pushes_of",
    "ring_distances",
    "shift",
    "sides_in",
    "sides_reached",
    "spread",
    "squares_of",
    "star_steps",
    "steps",
    "unpack_push",
    "walk",
    "walk_lengths",
    "walked_squares",
]
