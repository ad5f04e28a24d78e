"""Keeping the level drawn: the draft written as the player draws, the questions of where to save
it, and the question asked before an unsaved level is left.

Where a level can go and the writing itself are the session's
(:meth:`~starpusher.editing.EditSession.destinations`, :meth:`~starpusher.editing.EditSession.save`);
this module asks the player, with the editor's dialogs, and says what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from ...core import Level, StarPusherError
from ...editing import MY_LEVELS_TITLE, EditSession
from ...editing.session import ADDED, MINE, OVER, Destination
from ...levels import read_collection
from ..sokoban.play import PlayScene, open_collection
from ..sokoban.window import StarPusherWindow
from .dialogs import Answer, ChoiceOverlay, TextPrompt
from .drafts import Drafts

#: Seconds between two writes of the draft to the store while drawing.
DRAFT_SECONDS = 2.0
#: The key that chooses each kind of destination in the question "Save the level".
DESTINATION_KEYS = {OVER: pygame.K_o, MINE: pygame.K_m, ADDED: pygame.K_a}


class SaveFlow:
    """The draft, saving and leaving, for the editor showing ``session``."""

    def __init__(self, app: StarPusherWindow, session: EditSession, close: Callable[[], None]) -> None:
        self.app = app
        self.session = session
        #: What leaving the editor does once nothing is left to ask (:meth:`EditorScene.close`).
        self.close = close
        self.drafts = Drafts(app.progress)
        #: Seconds until the draft is written (None: it is, as it stands).
        self.draft_due: float | None = 0.0 if session.unsaved else None
        #: The file and level number saved last: play reopens it when it is the collection played.
        self._saved_into: tuple[Path, int] | None = None
        #: The question Ctrl+Q asked, while it is open.
        self._quit_question: ChoiceOverlay | None = None

    # -- the draft ----------------------------------------------------------------

    def changed(self) -> None:
        """The level changed: the draft is written again in a moment."""
        if self.draft_due is None:
            self.draft_due = DRAFT_SECONDS

    def update(self, dt: float, *, drawing: bool) -> None:
        """Time goes by; the draft is written when due, unless a drag is under way."""
        if self.draft_due is not None:
            self.draft_due -= dt
            if self.draft_due <= 0 and not drawing:
                self.keep_draft()

    def keep_draft(self) -> None:
        self.draft_due = None
        if self.session.unsaved:
            self.drafts.keep(self.session)

    def edit_title(self) -> None:
        self.app.push(TextPrompt(self.app, "Title of the level", self.session.title, self._set_title))

    def edit_author(self) -> None:
        self.app.push(TextPrompt(self.app, "Author", self.session.author, self._set_author))

    def _set_title(self, text: str) -> None:
        self.session.title = text
        self.draft_due = 0.0

    def _set_author(self, text: str) -> None:
        self.session.author = text
        self.draft_due = 0.0

    # -- saving ----------------------------------------------------------------

    def level_or_say(self, to_do: str) -> Level | None:
        """The level drawn; else None, and the player is told what to fix first."""
        level = self.session.level()
        if level is None:
            problem = self.session.problems()[0].message if self.session.problems() else ""
            self.app.say(f"To {to_do}, fix this first: {problem}", 5)
        return level

    def ask_save(self, then: Callable[[], object] | None = None) -> None:
        """Where to save: My levels, over the level edited, its file, or a file the player names."""
        level = self.level_or_say("save it")
        if level is None:
            return
        after = then or (lambda: None)
        mine = self.app.progress.my_levels_path
        answers = [
            Answer(place.label, DESTINATION_KEYS[place.kind], self._saving_to(level, place, after))
            for place in self.session.destinations(mine)
        ]
        answers.append(Answer("Save into a file you name…", pygame.K_f, lambda: self.ask_file(level, after)))
        note = f"{MY_LEVELS_TITLE} is {mine}" if mine is not None else ""
        self.app.push(ChoiceOverlay(self.app, "Save the level", answers, note))

    def _saving_to(self, level: Level, place: Destination, then: Callable[[], object]) -> Callable[[], None]:
        return lambda: self.save(level, place.path, place.number, then)

    def ask_file(self, level: Level, then: Callable[[], object]) -> None:
        name = "".join(ch for ch in (level.title or "my level") if ch.isalnum() or ch in " -_").strip()
        suggestion = str(Path.cwd() / f"{name or 'level'}.sok")

        def chosen(text: str) -> None:
            if text:
                self.save(level, Path(text).expanduser(), None, then)

        note = "A .txt file gets plain text; any other, .sok with title, author and solution."
        self.app.push(TextPrompt(self.app, "Save into the file", suggestion, chosen, note))

    def save(self, level: Level, path: Path, number: int | None, then: Callable[[], object]) -> None:
        """Write the level; say where it went; it now belongs to that file."""
        try:
            origin = self.session.save(level, path, number, my_levels=self.app.progress.my_levels_path)
        except StarPusherError as error:
            self.app.say(f"Not saved: {error}", 8)
            return
        assert origin.number is not None
        self._saved_into = (path.resolve(), origin.number)
        self.drafts.clear()
        self.draft_due = None
        self.app.say(f"Saved as {origin.name}.", 5)
        then()

    # -- leaving ----------------------------------------------------------------

    def ask_before_leaving(self) -> None:
        """Esc: leave at once when all is saved; else ask whether to save first."""
        if not self.session.unsaved:
            self.close()
            return
        answers = [
            Answer("Save it first", pygame.K_s, lambda: self.ask_save(then=self.close)),
            Answer("Leave without saving", pygame.K_l, self.discard),
            Answer("Keep editing", pygame.K_k, lambda: None),
        ]
        self.app.push(ChoiceOverlay(self.app, "This level is not saved.", answers))

    def hold_quit(self, quit_now: Callable[[], None]) -> bool:
        """Ctrl+Q or the window's close button asks as Esc does; asked again, the window closes
        (and the draft is kept for next time, as :meth:`leave` does)."""
        if not self.session.unsaved or self._quit_question in self.app.scenes:
            return False
        answers = [
            Answer("Save it first", pygame.K_s, lambda: self.ask_save(then=quit_now)),
            Answer("Quit without saving", pygame.K_l, lambda: self.discard(then=quit_now)),
            Answer("Keep editing", pygame.K_k, lambda: None),
        ]
        note = "Ctrl+Q again: quit, and the level is offered back next time."
        self._quit_question = ChoiceOverlay(self.app, "This level is not saved.", answers, note)
        self.app.push(self._quit_question)
        return True

    def discard(self, then: Callable[[], object] | None = None) -> None:
        self.drafts.clear()
        self.session.mark_saved()  # nothing left to keep: leave() must not keep a draft
        (then or self.close)()

    def leave(self) -> None:
        """The window closes: the draft is offered back next time."""
        if self.session.unsaved:
            self.drafts.keep(self.session)

    def reopen_saved_file(self) -> bool:
        """When the level was saved into the collection being played, open that file again, at the
        level saved (what play showed is not the file any more); whether it did."""
        if not self._playing_the_file_saved():
            return False
        assert self._saved_into is not None
        path, number = self._saved_into
        try:
            collection = read_collection(path)
            index = collection.numbers.index(number) if number in collection.numbers else 0
            open_collection(self.app, collection, index, name=self.app.collection_name)
        except StarPusherError as error:
            self.app.pop()
            self.app.say(f"The level was saved, but the file cannot be read again: {error}", 8)
        return True

    def _playing_the_file_saved(self) -> bool:
        app = self.app
        if self._saved_into is None or app.collection_name is None or len(app.scenes) < 2:
            return False
        below = app.scenes[-2]
        playing = isinstance(below, PlayScene) and below.plays_collection
        return playing and Path(app.collection_name).resolve() == self._saved_into[0]
