"""The optimizer: shorter solutions, fewest pushes or fewest moves first.

:func:`optimize` takes a solution and returns one at least as short.
"""

from .metric import Metric
from .optimizer import Optimized, Optimizing, optimize

__all__ = ["Metric", "Optimized", "Optimizing", "optimize"]
