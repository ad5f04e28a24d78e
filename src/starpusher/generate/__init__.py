"""The level generator: new Sokoban levels, solvable by construction.

>>> made = generate_level(10, 10, boxes=4, seed=7, difficulty="hard")
>>> made.level.is_solved(made.level.replay(made.level.solutions[0]))
True

Levels are made by reverse play from the solved position (see
:mod:`.reverse`), shaped to look designed (:mod:`.shaping`) and measured
(:mod:`.measures`). The same arguments always make the same level.
"""

from __future__ import annotations

from .generator import (
    GENERATOR_NAME,
    Difficulty,
    GeneratedLevel,
    GenerationCancelled,
    GenerationError,
    generate_level,
    generate_levels,
)
from .measures import Measures, solution_measures

__all__ = [
    "GENERATOR_NAME",
    "Difficulty",
    "GeneratedLevel",
    "GenerationCancelled",
    "GenerationError",
    "Measures",
    "generate_level",
    "generate_levels",
    "solution_measures",
]
