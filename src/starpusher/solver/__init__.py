"""Puzzle solvers: Sokoban search and deadlock analysis (and Fifteen in ``fifteen``).

The Sokoban solver's modules, from the top down:

* :mod:`.portfolio`: :func:`solve`, searches run side by side sharing the time
  (:class:`Solving`: one that can be watched and continued), by the turns of
  :mod:`.sharing` (which the optimizer's searches take too);
* :mod:`.forward` and :mod:`.backward`: the searches, pushes from the start
  and pulls from the goals; for warehouses, :mod:`.packing_search` and
  :mod:`.feature_search`, pushes ranked by how far the packing plan of
  :mod:`.packing` has come, with one star's routes (:mod:`.routes`) as their
  advice;
* :mod:`.push_search`: what the searches of pushes share (how they are made,
  and a search with macros that ran out starting again without them);
* :mod:`.successors`: the pushes worth searching from a position (prunings
  and macros);
* :mod:`.options`, :mod:`.limits`, :mod:`.outcome`: what every search takes
  and how it ends (the one :class:`Outcome` of the package);
* :mod:`.bound`, :mod:`.deadlocks`, :mod:`.corrals`: the lower bound on
  pushes, and the simple deadlocks;
* :mod:`.deadlock_sets`, :mod:`.proofs`, :mod:`.precalculated`: groups of
  stars proven dead, by searching them alone, before the search
  (precalculated) and during it (learned), shared by every search of a level.

Below it all is the kernel, :mod:`starpusher.bitboard`: the level compiled to
bitsets (the board and its distance tables, and what the searches learn about
it), the flood, the walks, the single pushes and pulls, one star moved alone,
the keys of positions and pushes.
"""

from .deadlocks import dead_squares, deadlocked_stars
from .outcome import Outcome, SolveResult
from .portfolio import Solving, solve

__all__ = ["Outcome", "SolveResult", "Solving", "dead_squares", "deadlocked_stars", "solve"]
