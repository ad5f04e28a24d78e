"""Star Pusher, the Sokoban game: the levels, and everything the window does with them.

* :mod:`.play`: one level, played by keys and mouse; opening collections.
* :mod:`.select`: the level list, with pictures, solved marks and best scores.
* :mod:`.endless`: fresh levels from the generator, of a chosen size and difficulty.
* :mod:`.keys`: the key map (the help and the README's table are made from it).
* :mod:`.art`, :mod:`.board`: the pseudo-3D tiles, and a level drawn with them.
* :mod:`.thumbnails`, :mod:`.snapshot`: small pictures for the list; whole pictures without a window.
* :mod:`.paths`: where a click sends the player, or a star.
* :mod:`.assist`: the solver's hints, solutions and deadlock warnings.
* :mod:`.transfer`: levels and moves through the clipboard.
* :mod:`.records`, :mod:`.progress`: what the store is asked about levels.
* :mod:`.window`: the window with a collection open in it.
* :mod:`.pilot`: driving a level from tests.

:data:`GAMES` is how Star Pusher offers itself on the title screen.
"""

from ..kit.window import GameEntry
from .endless import EndlessChooser
from .play import PlayScene
from .window import StarPusherWindow


def play_where_left(app: StarPusherWindow) -> PlayScene:
    """The title's "Star Pusher": the open collection, at the level played last."""
    return PlayScene(app, app.level_index)


GAMES = (GameEntry("Star Pusher", play_where_left), GameEntry("Endless", EndlessChooser))

__all__ = ["GAMES", "EndlessChooser", "PlayScene", "StarPusherWindow"]
