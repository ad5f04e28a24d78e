"""The window as the program opens it: every game of the house, with the title screen in front.

This is the one place that names the games, as Tatham's puzzle collection
lists its games in one file: each game's package offers its entries
(:data:`.sokoban.GAMES`, :data:`.fifteen.GAME`), the title screen shows them
in this order, and nothing else needs to know which games there are.
"""

from __future__ import annotations

from typing import Any

from ..levels import Collection
from . import editor, fifteen, sokoban
from .kit.window import GameEntry
from .sokoban.collections import CollectionScene
from .sokoban.play import PlayScene, open_file
from .sokoban.window import StarPusherWindow
from .title import TitleScene

#: What the title screen offers, in its order.
GAMES: tuple[GameEntry, ...] = (*sokoban.GAMES, editor.GAME, fifteen.GAME)


class App(StarPusherWindow):
    """The Star Pusher window: a collection of levels open, every game on offer, the title in front.

    ``show_title=False`` opens straight on level ``level_index`` (``starpusher play --level N``).
    """

    def __init__(
        self, collection: Collection | None = None, *, show_title: bool = True, **options: Any
    ) -> None:
        """Open the window; ``options`` go to :class:`~.sokoban.window.StarPusherWindow`.

        They are ``level_index``, ``collection_name``, ``progress``, ``settings``,
        ``save_settings``, ``clipboard`` and ``clock``.
        """
        super().__init__(collection, **options)
        self.games = list(GAMES)
        self.title_scene = lambda _window, chosen: TitleScene(self, chosen)  # shown in this window
        self.collection_chooser = CollectionScene
        self.level_editor = editor.edit_copy
        self.push(TitleScene(self) if show_title else PlayScene(self, self.level_index))

    def open_file(self, path: str) -> None:
        """A dropped file: its levels are played, whatever the window showed."""
        open_file(self, path)
