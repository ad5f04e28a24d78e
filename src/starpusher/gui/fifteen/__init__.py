"""Fifteen, the sliding-tile puzzle, in Star Pusher's window and Star Pusher's blocks.

* :mod:`.scene`: the game on screen: slides by key and mouse, animated, the hint's arrow
  (the game itself, its history, clock, records and hints, is ``starpusher.session.fifteen``).
* :mod:`.keys`: its key map (the help and the README's table are made from it).
* :mod:`.art`: the tray and the tiles.
* :mod:`.size`: the size chooser, 3x3 to 8x8.
* :mod:`.records`: where the window keeps Fifteen's records: its store, or its memory.

:data:`GAME` is how Fifteen offers itself on the title screen.
"""

from ..kit.window import GameEntry
from .scene import GAME_NAME, FifteenScene, open_fifteen

GAME = GameEntry(GAME_NAME, open_fifteen)

__all__ = ["GAME", "FifteenScene", "open_fifteen"]
