"""Puzzle solvers: Sokoban search and deadlock analysis (and Fifteen in ``fifteen``)."""

from .deadlocks import dead_squares, deadlocked_stars
from .search import SolveResult, solve

__all__ = ["SolveResult", "dead_squares", "deadlocked_stars", "solve"]
