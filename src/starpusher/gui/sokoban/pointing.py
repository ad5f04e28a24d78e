"""The mouse in play: the wheel zooms about the pointer, a click walks, chooses or pushes a star.

:class:`PointerControl` is a part of :class:`~.play.PlayScene` kept apart so
that the scene stays one screen of reading; what a click on the board means is
:class:`~.choice.StarChoice`'s.
"""

from __future__ import annotations

import pygame

from ...session import PlaySession
from .camera import ZOOM_STEP, Camera
from .choice import StarChoice
from .frame import MoveAnimation
from .solved import AfterSolving
from .window import StarPusherWindow


class PointerControl:
    """The play scene's answer to mouse buttons, motion and the wheel."""

    app: StarPusherWindow
    camera: Camera
    session: PlaySession
    chosen: StarChoice
    animation: MoveAnimation | None
    after_solving: AfterSolving
    #: Where the mouse was last seen: the wheel zooms about it.
    pointer: tuple[int, int] | None

    @property
    def solved(self) -> bool:
        return self.session.solved

    def mouse(self, event: pygame.event.Event) -> None:
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:
            about = self.pointer or pygame.mouse.get_pos()
            self.camera.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, about)
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.solved and self.animation is None:
                self.after_solving.go_on()
            elif self.session.queue.autoplay is not None:
                self.session.stop_playing()  # a click stops moves playing by themselves
            else:
                self.chosen.click(self.camera.square_at(event.pos))
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.chosen.star = None
            self.app.dirty = True
        elif event.type == pygame.MOUSEMOTION and self.chosen.star is not None:
            hover = self.camera.square_at(event.pos)
            if hover != self.chosen.hover:
                self.chosen.hover = hover
                self.app.dirty = True
