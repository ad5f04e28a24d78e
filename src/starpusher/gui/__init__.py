"""The Star Pusher window (pygame-ce): the only package that imports pygame.

Four rooms and a front door:

* :mod:`.kit`: the window kit every game shares: the main loop and scene
  stack, key-map machinery, text and panels, pacing, background tasks,
  clipboard, the help overlay. It imports no game.
* :mod:`.sokoban`: Star Pusher: play, the level list, Endless, the board and
  its art, mouse paths, hints, thumbnails and pictures.
* :mod:`.fifteen`: Fifteen: its scene, art, hints and size chooser.
* :mod:`.editor`: the level editor: its scene, palette, test play and drafts
  (its rules, without pygame, are ``starpusher.editing``). It borrows Star
  Pusher's art, board, play scene and window.
* :mod:`.app` lists the games and opens the window with :mod:`.title` in
  front; :mod:`.launch` connects it to the store.

Opening and driving it::

    app = App(collection, level_index=0, settings=Settings(), progress=store,
              save_settings=callback, show_title=True)
    app.run()                      # the real loop: sleeps between looks for events when idle

    # tests (SDL_VIDEODRIVER=dummy): post events, then run the same loop
    pilot = Pilot(app)             # starpusher.gui.sokoban.pilot
    pilot.press(pygame.K_RIGHT); pilot.click_square(square); pilot.resize((640, 480))
    app.step(dt=...); app.run_until_idle()

Where other parts plug in:

* the games' middle end: each game scene plays through a session of
  ``starpusher.session`` (:class:`~starpusher.session.PlaySession`, ``FifteenSession``),
  which applies the rules, keeps the history and the store up to date and asks
  the solver; the scene translates input and draws.
* progress (the store): Star Pusher asks for every role of ``starpusher.store.roles``
  (levels, known solutions, snapshots, places, settings: together
  :class:`~starpusher.session.Progress`), Fifteen for its own
  (:class:`~starpusher.session.fifteen_records.FifteenProgress`); ``starpusher.store.Store``
  fits both, and :class:`~starpusher.session.MemoryProgress` keeps Star Pusher's in memory
  when there is no store. The play session saves the game after every change.
* settings: :class:`Settings`, handed to ``save_settings`` when the player changes one
  (:mod:`.launch` reads them from the store and writes them back); a game keeps its
  own in a dataclass of its making, ``settings.of(StarPusherSettings)``.
* another game: a package with its scenes (a :class:`Scene` subclass with its own
  ``key_map`` and ``mouse_help``, which the help overlay shows, and an
  ``action_<name>`` method for each action its map names) and a
  :class:`GameEntry`, listed in :data:`.app.GAMES`.
* background work (hints, solutions): ``app.tasks.submit(name, work, on_done)``
  runs ``work(token)`` in a thread and calls ``on_done`` in the main loop; a
  spinner shows meanwhile. ``app.say(message)`` shows a one-line message.
* new actions: add a binding to the game's key map (:data:`~.sokoban.keys.KEY_MAP`) and
  an ``action_<name>`` method to its scene; the help overlay lists it by itself.

:func:`level_picture` draws a level offscreen (``starpusher render``);
:mod:`.sokoban.animation` draws a solution as an animated picture, which Pillow writes.
"""

from __future__ import annotations

import os

# pygame greets on stdout when imported; a command-line tool must not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ..session import MemoryProgress, Progress
from .app import App
from .kit.window import GameEntry, Scene, Settings
from .sokoban.keys import KEY_MAP
from .sokoban.snapshot import encode_level_picture, level_picture, save_level_picture
from .sokoban.window import StarPusherSettings

__all__ = [
    "KEY_MAP",
    "App",
    "GameEntry",
    "MemoryProgress",
    "Progress",
    "Scene",
    "Settings",
    "StarPusherSettings",
    "encode_level_picture",
    "level_picture",
    "save_level_picture",
]
