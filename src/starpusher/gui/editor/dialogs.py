"""Small questions over the editor: a choice between a few answers, and a line of text to type.

Both are overlays (the editor stays visible beneath) that close themselves
and then call back with the answer; Esc closes them without one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..kit.keys import WINDOW_KEY_MAP
from ..kit.text import WRITER, panel
from ..kit.window import Scene, Window

#: Longest text a prompt takes (a title, an author, a file path).
MAX_TEXT = 200
PANEL_COLOR = (16, 20, 44, 238)
CHOSEN_COLOR = (255, 214, 60, 240)
ANSWER_COLOR = (255, 255, 255, 40)


@dataclass(frozen=True)
class Answer:
    """One answer on offer: its words, the key that picks it, and what it does."""

    label: str
    key: int
    action: Callable[[], object]


class ChoiceOverlay(Scene):
    """A question with a few answers: their keys, arrows and Enter, or a click pick one."""

    opaque = False
    key_map = WINDOW_KEY_MAP

    def __init__(self, app: Window, question: str, answers: list[Answer], note: str = "") -> None:
        super().__init__(app)
        self.question = question
        self.answers = answers
        self.note = note
        self.chosen = 0

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if action == "back":
            self.app.pop()
            return
        for answer in self.answers:
            if event.key == answer.key:
                self.pick(answer)
                return
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.chosen = (self.chosen + (1 if event.key == pygame.K_DOWN else -1)) % len(self.answers)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.pick(self.answers[self.chosen])

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            for index, rect in enumerate(self._layout(self.app.screen)[1]):
                if rect.collidepoint(event.pos):
                    if event.type == pygame.MOUSEMOTION:
                        if self.chosen != index:
                            self.chosen = index
                            self.app.dirty = True
                    else:
                        self.pick(self.answers[index])
                    return

    def pick(self, answer: Answer) -> None:
        self.app.pop()
        answer.action()

    def _layout(self, surface: pygame.Surface) -> tuple[pygame.Rect, list[pygame.Rect]]:
        w, h = surface.get_size()
        width = min(w - 40, 640)
        row = 46
        box = pygame.Rect(0, 0, width, 120 + row * len(self.answers) + (30 if self.note else 0))
        box.center = (w // 2, h // 2)
        rows = [
            pygame.Rect(box.left + 24, box.top + 74 + i * row, width - 48, row - 8)
            for i in range(len(self.answers))
        ]
        return box, rows

    def draw(self, surface: pygame.Surface) -> None:
        box, rows = self._layout(surface)
        panel(surface, box, PANEL_COLOR, radius=16)
        question = WRITER.fit(self.question, 30, box.width - 30)
        WRITER.draw(surface, question, 30, (255, 214, 60), midtop=(box.centerx, box.top + 22))
        for index, (answer, rect) in enumerate(zip(self.answers, rows, strict=True)):
            chosen = index == self.chosen
            panel(surface, rect, CHOSEN_COLOR if chosen else ANSWER_COLOR, radius=10)
            label = f"{pygame.key.name(answer.key).upper()}   {answer.label}"
            color = (40, 30, 30) if chosen else (235, 235, 245)
            WRITER.draw(
                surface,
                WRITER.fit(label, 26, rect.width - 20),
                26,
                color,
                midleft=(rect.left + 14, rect.centery),
            )
        if self.note:
            note = WRITER.fit(self.note, 22, box.width - 30)
            WRITER.draw(surface, note, 22, (190, 200, 235), midbottom=(box.centerx, box.bottom - 14))


class TextPrompt(Scene):
    """A line of text to type: Enter keeps it, Esc leaves it as it was."""

    opaque = False
    key_map = WINDOW_KEY_MAP

    def __init__(
        self, app: Window, label: str, text: str, on_done: Callable[[str], object], note: str = ""
    ) -> None:
        super().__init__(app)
        self.label = label
        self.text = text
        self.on_done = on_done
        self.note = note

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()
            self.on_done(self.text.strip())
        elif event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.mod & pygame.KMOD_CTRL and event.key == pygame.K_v:
            self.type(self.app.clipboard.get_text() or "")
        elif event.mod & pygame.KMOD_CTRL and event.key == pygame.K_u:
            self.text = ""
        else:
            self.type(getattr(event, "unicode", ""))

    def type(self, text: str) -> None:
        printable = "".join(ch for ch in text.replace("\n", " ") if ch.isprintable())
        self.text = (self.text + printable)[:MAX_TEXT]

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            box = self._box(self.app.screen)
            if not box.collidepoint(event.pos):
                self.app.pop()  # a click beside the prompt leaves the text as it was

    def _box(self, surface: pygame.Surface) -> pygame.Rect:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 40, 720), 170 if self.note else 140)
        box.center = (w // 2, h // 2)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        box = self._box(surface)
        panel(surface, box, PANEL_COLOR, radius=16)
        WRITER.draw(surface, self.label, 28, (255, 214, 60), midtop=(box.centerx, box.top + 16))
        field = pygame.Rect(box.left + 24, box.top + 60, box.width - 48, 44)
        pygame.draw.rect(surface, (250, 246, 236), field, border_radius=8)
        shown = self.text + "|"
        while len(shown) > 1 and WRITER.render(shown, 28).get_width() > field.width - 20:
            shown = shown[1:]  # the end of a long text stays in sight, where the typing is
        WRITER.draw(surface, shown, 28, (30, 30, 40), midleft=(field.left + 10, field.centery))
        hint = "Enter keeps it   Esc leaves it as it was   Ctrl+U clears"
        if self.note:
            WRITER.draw(
                surface,
                WRITER.fit(self.note, 22, box.width - 30),
                22,
                (190, 200, 235),
                midtop=(box.centerx, field.bottom + 10),
            )
        WRITER.draw(
            surface,
            WRITER.fit(hint, 20, box.width - 30),
            20,
            (150, 160, 200),
            midbottom=(box.centerx, box.bottom - 10),
        )
