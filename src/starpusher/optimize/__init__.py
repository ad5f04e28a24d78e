"""The optimizer: a solution made shorter, fewest pushes or fewest moves first.

:func:`optimize` takes a solution and returns one at least as short, found
within a time limit, and says when it is proven optimal; :class:`Optimizing`
is the same work, watched while it runs and stopped at will (the window's
"Make it shorter"). The modules, from the top down:

* :mod:`.optimizer`: the proof and the vicinity search sharing the time;
* :mod:`.vicinity`: the vicinity search, cheaper ways through the positions
  near the best solution (stretches of it, and positions with a few stars
  off its squares: :mod:`.nearby`);
* :mod:`.search`: the A* both run, the cheapest way to a target under a bound;
* :mod:`.trail`: a solution as the positions after each push; :mod:`.metric`,
  what "shorter" means.

It builds on the kernel (:mod:`starpusher.bitboard`: the compiled board, the
pushes, the player's walks) and on the solver (:mod:`starpusher.solver`: the
matching bound and the deadlocks).
"""

from .metric import Metric
from .optimizer import Optimized, Optimizing, optimize

__all__ = ["Metric", "Optimized", "Optimizing", "optimize"]
