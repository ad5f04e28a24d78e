"""Puzzle solvers: Sokoban search and deadlock analysis (and Fifteen in ``fifteen``).

The Sokoban solver's modules, from the top down:

* :mod:`.portfolio`: :func:`solve`, searches run side by side sharing the time
  (:class:`Solving`: one that can be watched and continued), by the turns of
  :mod:`.sharing` (which the optimizer's searches take too);
* :mod:`.forward` and :mod:`.backward`: the searches, pushes from the start
  and pulls from the goals; :mod:`.feature_search`, for warehouses, pushes
  ranked by how far the packing plan of :mod:`.packing` has come, with one
  star's routes (:mod:`.routes`) as its advice;
* :mod:`.successors`: the pushes worth searching from a position (prunings
  and macros);
* :mod:`.options`, :mod:`.limits`, :mod:`.outcome`: what every search takes
  and how it ends (the one :class:`Outcome` of the package);
* :mod:`.bound`, :mod:`.deadlocks`, :mod:`.corrals`, :mod:`.learned`: the
  lower bound on pushes, and the deadlocks.

Below it all is the kernel, :mod:`starpusher.bitboard`: the level compiled to
bitsets (the board and its distance tables, and what the searches learn about
it), the flood, the walks, the single pushes and pulls, one star moved alone,
the keys of positions and pushes.
"""

from .deadlocks import dead_squares, deadlocked_stars
from .outcome import Outcome, SolveResult
from .portfolio import Solving, solve

__all__ = ["Outcome", "SolveResult", "Solving", "dead_squares", "deadlocked_stars", "solve"]
