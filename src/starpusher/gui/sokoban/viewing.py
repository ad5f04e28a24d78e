"""The play scene's keys that change how the level is seen, not the game on it.

Dead squares, the flat view, the character, zoom: each is the window's
setting or the camera's, kept across levels; none is undone or saved with the
game. The board seen turned or mirrored (:mod:`.orientation`) is the
level's alone: the next level opens as it is drawn. :class:`ViewKeys` is a
part of :class:`~.play.PlayScene` kept apart so that the scene stays one
screen of reading.
"""

from __future__ import annotations

from ...editing.sketch import MIRROR_LEFT_RIGHT, ROTATE_LEFT, ROTATE_RIGHT, Symmetry
from .camera import ZOOM_STEP, Camera
from .window import StarPusherWindow


class ViewKeys:
    """The view's verbs of the play scene's key map (``action_<name>``)."""

    app: StarPusherWindow
    camera: Camera

    def follow(self) -> None:
        """Keep the player in sight (the play scene's)."""

    def redraw_board(self) -> None:
        """Draw the level's picture again, as the settings now say (the play scene's)."""

    def turn_view(self, symmetry: Symmetry) -> None:
        """See the board turned or mirrored by ``symmetry`` more (the play scene's)."""

    def action_turn_right(self) -> None:
        self.turn_view(ROTATE_RIGHT)

    def action_turn_left(self) -> None:
        self.turn_view(ROTATE_LEFT)

    def action_mirror(self) -> None:
        self.turn_view(MIRROR_LEFT_RIGHT)

    def action_dead_squares(self) -> None:
        self.app.toggle_dead_squares()
        self.redraw_board()

    def action_flat_view(self) -> None:
        self.app.toggle_flat_view()
        self.redraw_board()
        self.camera.clamp_pan()
        self.follow()

    def action_unlock_one_by_one(self) -> None:
        self.app.toggle_unlocking()

    def action_character(self) -> None:
        self.app.next_character()

    def action_zoom_in(self) -> None:
        self.camera.zoom_to(ZOOM_STEP)
        self.follow()

    def action_zoom_out(self) -> None:
        self.camera.zoom_to(1 / ZOOM_STEP)
        self.follow()

    def action_zoom_fit(self) -> None:
        self.camera.fit()
        self.follow()
