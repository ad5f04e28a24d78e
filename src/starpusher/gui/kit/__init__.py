"""The window kit: what every game in the window shares, and nothing of any one game.

* :mod:`.window`: the window, its stack of scenes and the one main loop; the
  settings the player chose; :class:`~.window.GameEntry`, how a game offers itself.
* :mod:`.keys`: the commands and the machinery of key maps (each game brings its map).
* :mod:`.layout`: the frame of a game screen: sky, top bar, footer.
* :mod:`.text`: text with pygame's default font, and translucent panels.
* :mod:`.pacing`: moves that play by themselves, and animation timing.
* :mod:`.tasks`: work in the background (hints, shuffles, new levels).
* :mod:`.help`: the help overlay, generated from the key map of the scene it covers.
* :mod:`.clipboard`, :mod:`.guarded_store`: the desktop's clipboard, and the store
  wrapped so that a failing disk costs a message, never the game.
* :mod:`.pilot`: driving the window from tests.

Nothing here imports a game; games import the kit.
"""
