"""The mouse in play: the wheel zooms about the pointer, a click walks, chooses or pushes a star,
and a star can be dragged to where it goes.

:class:`PointerControl` is a part of :class:`~.play.PlayScene` kept apart so
that the scene stays one screen of reading; what a click or a drag on the board
means is the session's :class:`~starpusher.session.choice.StarChoice`'s, so the
terminal's clicks mean the same. The camera reads a click back to the level's
square when the board is seen turned or mirrored.
"""

from __future__ import annotations

import pygame

from ...session import PlaySession
from ...session.choice import StarChoice
from .camera import ZOOM_STEP, Camera
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
        self.pointer = getattr(event, "pos", self.pointer)
        left, kind = getattr(event, "button", 0) == 1, event.type
        if kind == pygame.MOUSEWHEEL:
            about = self.pointer or pygame.mouse.get_pos()
            self.camera.zoom_by(ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP, about)
        elif kind == pygame.MOUSEBUTTONDOWN and left:
            if self.solved and self.animation is None:
                self.after_solving.go_on()
            elif self.session.queue.autoplay is not None:
                self.session.stop_playing()  # a click stops moves playing by themselves
            else:
                self.chosen.press(self.camera.square_at(event.pos))  # a click, or a star to drag
        elif kind == pygame.MOUSEBUTTONUP and left:
            self.chosen.release(self.camera.square_at(event.pos))  # a star dragged there is pushed
        elif kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.chosen.star = None
        elif kind == pygame.MOUSEMOTION:
            if not self.chosen.point_at(self.camera.square_at(event.pos)):
                return  # no star chosen, or the same square: nothing to draw again
        else:
            return
        self.app.dirty = True
