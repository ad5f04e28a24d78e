"""The level editor's rules, without pygame: what is drawn, what is wrong with it, what the solver says.

* :mod:`.sketch`: the board being drawn, and the tools' edits (paint, line,
  rectangle, fill, grow, crop, the eight turns and mirrors).
* :mod:`.checks`: what keeps a sketch from being a level, in a player's words,
  with the squares concerned.
* :mod:`.verdict`: the solver's verdict and the difficulty measures, worked out
  in a child process that the next edit cancels.
* :mod:`.session`: one level under edit: undo and redo through the project's
  :class:`~starpusher.history.History`, title and author, unsaved changes, the
  draft the store keeps, where it can be saved.
* :mod:`.judging`: what is known about the level being edited, as editing
  pauses: its problems, then the solver's verdict, and what to say of them.
* :mod:`.saving`: "My levels" and files the player names (``.sok`` or plain text).

The window's editor is ``starpusher.gui.editor``; ``starpusher edit`` opens it.
"""

from .checks import Problem, find_problems
from .judging import Judge, Tone
from .saving import MY_LEVELS_TITLE, add_level, replace_level
from .session import EditSession, Origin
from .sketch import SYMMETRIES, Piece, Sketch, Symmetry, line, rectangle
from .verdict import Judging, Verdict, judge

__all__ = [
    "MY_LEVELS_TITLE",
    "SYMMETRIES",
    "EditSession",
    "Judge",
    "Judging",
    "Origin",
    "Piece",
    "Problem",
    "Sketch",
    "Symmetry",
    "Tone",
    "Verdict",
    "add_level",
    "find_problems",
    "judge",
    "line",
    "rectangle",
    "replace_level",
]
