"""The Star Pusher window (pygame-ce): the only package that imports pygame.

Opening and driving it::

    app = App(collection, level_index=0, settings=Settings(), progress=store,
              save_settings=callback, show_title=True)
    app.run()                      # the real loop: sleeps between looks for events when idle

    # tests (SDL_VIDEODRIVER=dummy): post events, then run the same loop
    pilot = Pilot(app)             # starpusher.gui.pilot
    pilot.press(pygame.K_RIGHT); pilot.click_square(square); pilot.resize((640, 480))
    app.step(dt=...); app.run_until_idle()

Where other parts plug in:

* progress (the store): any object with ``is_solved``, ``record_solution``,
  ``load_game`` and ``save_game`` (:class:`Progress`; ``starpusher.store.Store``
  fits). The play scene saves the game after every change.
* settings: :class:`Settings`, handed to ``save_settings`` when the player changes one
  (:mod:`.stored_settings` reads them from the store and writes them back).
* where the player is: ``collection_name`` (a built-in name or a file path) lets the
  play scene tell the store the last level played (``set_last_played``).
* best scores and unlocking: :mod:`.records` asks the progress for a whole collection.
* the clipboard: ``app.clipboard`` (:mod:`.clipboard`); tests put a ``MemoryClipboard`` there.
* the solver: :mod:`.assist` (hints, whole solutions, deadlock marks) for the play scene.
* another game (Fifteen): a :class:`Scene` subclass with its own ``key_map`` and
  ``mouse_help`` (the help overlay shows them), offered on the title screen by
  appending a :class:`GameEntry` to ``app.games``.
* background work (hints, solutions): ``app.tasks.submit(name, work, on_done)``
  runs ``work(token)`` in a thread and calls ``on_done`` in the main loop; a
  spinner shows meanwhile. ``app.say(message)`` shows a one-line message.
* new commands: add a :class:`Command` member and a binding in
  :data:`~.commands.KEY_MAP`; the help overlay lists it by itself.

:func:`level_picture` draws a level offscreen (``starpusher render``).
"""

from __future__ import annotations

import os

# pygame greets on stdout when imported; a command-line tool must not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from .app import App, GameEntry, MemoryProgress, Progress, Scene, Settings
from .commands import KEY_MAP, Command
from .snapshot import level_picture, save_level_picture

__all__ = [
    "KEY_MAP",
    "App",
    "Command",
    "GameEntry",
    "MemoryProgress",
    "Progress",
    "Scene",
    "Settings",
    "level_picture",
    "save_level_picture",
]
