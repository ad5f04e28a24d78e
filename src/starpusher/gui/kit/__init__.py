"""The window kit: what every game in the window shares, and nothing of any one game.

* :mod:`.window`: the window, its stack of scenes and the one main loop; the
  settings the player chose; :class:`~.window.GameEntry`, how a game offers itself.
* :mod:`.keys`: key maps, keys bound to named actions (each game brings its map and its actions).
* :mod:`.layout`: the frame of a game screen: sky, top bar, footer.
* :mod:`.text`: text with pygame's default font, and translucent panels.
* :mod:`.pacing`: animated or instant moves, and animation timing.
* :mod:`.tasks`: work in the background (a search, anything slow), the window going on meanwhile.
* :mod:`.help`: the help overlay, generated from the key map of the scene it covers.
* :mod:`.clipboard`: the desktop's clipboard.
* :mod:`.pilot`: driving the window from tests.

Nothing here imports a game; games import the kit.
"""
