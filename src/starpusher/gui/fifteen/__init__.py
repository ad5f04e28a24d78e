"""Fifteen, the sliding-tile puzzle, in Star Pusher's window and Star Pusher's blocks.

* :mod:`.scene`: the game: slides by key and mouse, history, timer, solved.
* :mod:`.keys`: its key map (the help and the README's table are made from it).
* :mod:`.art`: the tray and the tiles.
* :mod:`.assist`: the solver's hints and solutions.
* :mod:`.size`: the size chooser, 3x3 to 8x8.
* :mod:`.records`: best scores, the size played last and an unfinished game, through the store.

:data:`GAME` is how Fifteen offers itself on the title screen.
"""

from ..kit.window import GameEntry
from .scene import GAME_NAME, FifteenScene, open_fifteen

GAME = GameEntry(GAME_NAME, open_fifteen)

__all__ = ["GAME", "FifteenScene", "open_fifteen"]
