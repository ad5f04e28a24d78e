"""Star Pusher, the Sokoban game: the levels, and everything the window does with them.

* :mod:`.play`: one level, played by keys and mouse; opening collections.
* :mod:`.select`: the level list, with pictures, solved marks and best scores.
* :mod:`.endless`: fresh levels from the generator, of a chosen size and difficulty.
* :mod:`.keys`: the key map (the help and the README's table are made from it).
* :mod:`.art`, :mod:`.board`: the pseudo-3D tiles, and a level drawn with them.
* :mod:`.thumbnails`, :mod:`.snapshot`: small pictures for the list; whole pictures without a window.
* :mod:`.animation`, :mod:`.pictures`: a solution as an animated picture (``render --animate``);
  the player's pictures from the window (an animation from the M list, an F12 screenshot).
* where a click sends the player, or a star, is the session's (``starpusher.session.choice``
  and ``.paths``): the terminal clicks through it too.
* :mod:`.assist`, :mod:`.plan`: the solver's hints, solutions and deadlock warnings; the
  packing plan (the goals numbered in the order to fill them).
* :mod:`.transfer`: levels and moves through the clipboard.
* :mod:`.records`, :mod:`.progress`: what the store is asked about levels.
* :mod:`.window`: the window with a collection open in it.
* :mod:`.pilot`: driving a level from tests.

:data:`GAMES` is how Star Pusher offers itself on the title screen.
"""

from ..kit.window import GameEntry, Window
from .endless import ENDLESS_NAME, EndlessChooser
from .play import PlayScene
from .window import StarPusherWindow, star_pusher_window


def play_where_left(app: Window) -> PlayScene:
    """The title's "Star Pusher": the open collection, at the level played last."""
    window = star_pusher_window(app)
    return PlayScene(window, window.level_index)


def choose_endless(app: Window) -> EndlessChooser:
    """The title's "Endless": the size and difficulty of the next fresh level."""
    return EndlessChooser(star_pusher_window(app))


GAMES = (GameEntry(PlayScene.title_name, play_where_left), GameEntry(ENDLESS_NAME, choose_endless))

__all__ = ["GAMES", "EndlessChooser", "PlayScene", "StarPusherWindow"]
