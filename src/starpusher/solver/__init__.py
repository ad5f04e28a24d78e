"""Puzzle solvers: Sokoban search and deadlock analysis (and Fifteen in ``fifteen``).

The Sokoban solver's modules, from the top down:

* :mod:`.portfolio`: :func:`solve`, searches run side by side sharing the time
  (:class:`Solving`: one that can be watched and continued);
* :mod:`.forward` and :mod:`.backward`: the searches, pushes from the start
  and pulls from the goals; for warehouses, :mod:`.packing_search` and
  :mod:`.feature_search`, pushes ranked by how far the packing plan of
  :mod:`.packing` has come, with one star's routes (:mod:`.routes`) as their
  advice;
* :mod:`.successors`: the pushes worth searching from a position (prunings
  and macros), made of the single pushes of :mod:`.pushes`;
* :mod:`.options`, :mod:`.limits`, :mod:`.outcome`: what every search takes
  and how it ends;
* :mod:`.board`, :mod:`.bound`, :mod:`.deadlocks`, :mod:`.corrals`: the
  level compiled to bitsets, the lower bound on pushes, and the simple
  deadlocks;
* :mod:`.deadlock_sets`, :mod:`.proofs`, :mod:`.precalculated`: groups of
  stars proven dead, by searching them alone, before the search
  (precalculated) and during it (learned), shared by every search of a level.
"""

from .deadlocks import dead_squares, deadlocked_stars
from .outcome import Outcome, SolveResult
from .portfolio import Solving, solve

__all__ = ["Outcome", "SolveResult", "Solving", "dead_squares", "deadlocked_stars", "solve"]
