"""Positions kept by name (snapshots) and solutions to replay, over the play scene.

Ctrl+S asks for a name and keeps the position in the store; M lists the
level's snapshots (Enter goes back to one, Delete forgets it), the player's
own best solutions and the solutions the level file brings ("known
solutions"): Enter replays one with step controls (:mod:`.replay`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from ...core import Level, StarPusherError, State, count_pushes
from ...history import History
from ..kit.keys import Binding, Command, Key, shared_bindings
from ..kit.text import WRITER, panel
from ..kit.window import Scene, Window


class PlayHost(Protocol):
    """What the list needs of the play scene: its level, its game, going back, replaying."""

    # Read-only here, so that a scene whose window is a :class:`Window` subclass fits.
    @property
    def app(self) -> Window: ...

    level: Level
    history: History[State]

    def continue_with(self, moves: str, *, helped: bool = False) -> None: ...

    def start_replay(self, moves: str, label: str, *, helped: bool = False) -> None: ...


_k = Key.of

POSITIONS_KEY_MAP: tuple[Binding, ...] = (
    Binding(Command.MOVE_UP, (_k(pygame.K_UP, label="Up"),), "the one above", "List"),
    Binding(Command.MOVE_DOWN, (_k(pygame.K_DOWN, label="Down"),), "the one below", "List"),
    Binding(
        Command.CONFIRM,
        (_k(pygame.K_RETURN, label="Enter"), _k(pygame.K_KP_ENTER, label="Keypad Enter")),
        "go back to the snapshot, or replay the solution",
        "List",
    ),
    Binding(Command.FORGET, (_k(pygame.K_DELETE, label="Delete"),), "forget the snapshot", "List"),
    Binding(Command.SNAPSHOTS, (_k(pygame.K_m),), "close the list", "List"),
    *shared_bindings(Command.BACK, Command.QUIT),
)

NAME_KEY_MAP: tuple[Binding, ...] = (
    Binding(
        Command.CONFIRM,
        (_k(pygame.K_RETURN, label="Enter"), _k(pygame.K_KP_ENTER, label="Keypad Enter")),
        "keep the position under this name",
        "Name",
    ),
    *shared_bindings(Command.BACK, Command.QUIT),
)

PANEL = (16, 20, 44, 255)  # opaque: nothing of the board shows through the text
CHOSEN = (60, 80, 150)
GOLD = (255, 214, 60)
QUIET = (190, 200, 235)


def keep_snapshot(play: PlayHost) -> None:
    """Ctrl+S: ask for a name, then keep the position in the store."""
    if getattr(play.app.progress, "save_snapshot", None) is None:
        play.app.say("Snapshots need the progress store, and there is none here.", 4)
        return
    play.app.push(SnapshotNameScene(play))


def list_positions(play: PlayHost) -> None:
    """M: the snapshots and solutions of the level."""
    play.app.push(PositionsScene(play))


class SnapshotNameScene(Scene):
    """A one-line prompt for the snapshot's name; the default is chosen, so typing replaces it."""

    opaque = False
    key_map = NAME_KEY_MAP

    def __init__(self, play: PlayHost) -> None:
        super().__init__(play.app)
        self.play = play
        taken = {snapshot.name for snapshot in _snapshots(play)}
        number = 1
        while f"Snapshot {number}" in taken:
            number += 1
        self.text = f"Snapshot {number}"
        self.fresh = True  # the default name goes as soon as the player types

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        if command is Command.CONFIRM:
            self.keep()
        elif command is Command.BACK:
            self.app.pop()
        elif event.key == pygame.K_BACKSPACE:
            self.text = "" if self.fresh else self.text[:-1]
            self.fresh = False
        elif event.unicode and event.unicode.isprintable() and len(self.text) < 60:
            self.text = ("" if self.fresh else self.text) + event.unicode
            self.fresh = False

    def keep(self) -> None:
        name = self.text.strip()
        if not name:
            self.app.say("A snapshot needs a name.", 3)
            return
        play = self.play
        self.app.pop()  # first: the message belongs to the game
        try:
            play.app.progress.save_snapshot(play.level, name, play.history.to_text())  # type: ignore[attr-defined]
        except StarPusherError as error:
            self.app.say(f"The snapshot was not kept: {error}")
        else:
            self.app.say(f'Kept "{name}" ({counts_text(play.history.moves)}). M lists your snapshots.', 5)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 20, 560), 150)
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, radius=14)
        WRITER.draw(surface, "Keep this position as", 30, GOLD, midtop=(box.centerx, box.top + 14))
        field = pygame.Rect(box.left + 24, box.top + 52, box.width - 48, 40)
        pygame.draw.rect(surface, CHOSEN if self.fresh else (30, 36, 70), field, border_radius=6)
        pygame.draw.rect(surface, QUIET, field, 2, border_radius=6)
        shown = WRITER.fit(self.text + ("" if self.fresh else "_"), 28, field.width - 16)
        WRITER.draw(surface, shown, 28, midleft=(field.left + 10, field.centery))
        WRITER.draw(
            surface,
            "Type a name   Enter keeps it   Esc cancels",
            22,
            QUIET,
            midtop=(box.centerx, field.bottom + 14),
        )


@dataclass(frozen=True)
class Entry:
    """One line of the list: a snapshot to go back to, or a solution to replay."""

    section: str
    label: str
    detail: str
    #: Snapshots: the history text. Solutions: the moves.
    text: str
    snapshot: bool
    #: The player's own moves; a known solution of someone else's is not.
    own: bool = True


class PositionsScene(Scene):
    """The level's snapshots, the player's own solutions and the file's known solutions."""

    opaque = False
    key_map = POSITIONS_KEY_MAP
    mouse_help = (("Click a line", "choose it; click it again to open it"),)

    def __init__(self, play: PlayHost) -> None:
        super().__init__(play.app)
        self.play = play
        self.entries = list_entries(play)
        self.chosen = 0
        self._rows: list[pygame.Rect] = []

    def key(self, command: Command | None, event: pygame.event.Event) -> None:
        actions: dict[Command, Callable[[], None]] = {
            Command.MOVE_UP: lambda: self.choose(self.chosen - 1),
            Command.MOVE_DOWN: lambda: self.choose(self.chosen + 1),
            Command.CONFIRM: self.open,
            Command.FORGET: self.forget,
            Command.SNAPSHOTS: self.app.pop,
            Command.BACK: self.app.pop,
        }
        action = actions.get(command) if command is not None else None
        if action is not None:
            action()

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        for index, row in enumerate(self._rows):
            if row.collidepoint(event.pos):
                if index == self.chosen:
                    self.open()
                else:
                    self.choose(index)
                return

    def choose(self, index: int) -> None:
        if self.entries:
            self.chosen = max(0, min(len(self.entries) - 1, index))

    def open(self) -> None:
        if not self.entries:
            return
        entry = self.entries[self.chosen]
        play = self.play
        self.app.pop()
        if entry.snapshot:
            moves = History.from_text(play.level.start, play.level.apply, entry.text).moves
            play.continue_with(moves)
            self.app.say(f'Back to "{entry.label}": undo (Z) returns to where you were.', 5)
        else:
            play.start_replay(entry.text, entry.label, helped=not entry.own)

    def forget(self) -> None:
        if not self.entries or not self.entries[self.chosen].snapshot:
            return
        entry = self.entries[self.chosen]
        try:
            self.app.progress.delete_snapshot(self.play.level, entry.label)  # type: ignore[attr-defined]
        except StarPusherError as error:
            self.app.say(f"The snapshot was not forgotten: {error}")
            return
        self.app.say(f'Forgot "{entry.label}".', 3)
        self.entries = list_entries(self.play)
        self.choose(self.chosen)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        line = max(18, min(30, (h - 160) // max(8, len(self.entries) + 6)))
        box = pygame.Rect(0, 0, min(w - 20, 720), min(h - 20, 120 + line * (len(self.entries) + 5)))
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, radius=16)
        size = max(14, line - 6)
        WRITER.draw(surface, "Snapshots and solutions", size + 8, GOLD, midtop=(box.centerx, box.top + 12))
        y = box.top + 24 + size + 8
        self._rows = []
        section = None
        if not self.entries:
            WRITER.draw(
                surface, "Nothing yet: Ctrl+S keeps a snapshot.", size, QUIET, midtop=(box.centerx, y + line)
            )
        for index, entry in enumerate(self.entries):
            if entry.section != section:
                section = entry.section
                WRITER.draw(surface, section, size, (150, 190, 255), topleft=(box.left + 20, y))
                y += line
            row = pygame.Rect(box.left + 14, y - 2, box.width - 28, line)
            if index == self.chosen:
                pygame.draw.rect(surface, CHOSEN, row, border_radius=6)
            detail = WRITER.fit(entry.detail, size, box.width // 2 - 20)
            detail_rect = WRITER.draw(surface, detail, size, QUIET, topright=(row.right - 10, y))
            label = WRITER.fit(entry.label, size, detail_rect.left - row.left - 30)
            WRITER.draw(surface, label, size, topleft=(row.left + 22, y))
            self._rows.append(row)
            y += line
        WRITER.draw(
            surface,
            "Enter: go back / replay   Delete: forget a snapshot   Esc: close",
            max(14, size - 4),
            QUIET,
            midbottom=(box.centerx, box.bottom - 10),
        )


def list_entries(play: PlayHost) -> list[Entry]:
    """The level's snapshots (newest first), then the player's best solutions, then the file's."""
    level = play.level
    entries = []
    for snapshot in _snapshots(play):
        moves = snapshot.moves
        when = snapshot.saved_at.replace("T", " ")[:16]
        detail = f"{len(moves)} moves, {count_pushes(moves)} pushes   {when}"
        entries.append(Entry("Your snapshots", snapshot.name, detail, snapshot.history, True))
    own: list[str] = []
    progress_of = getattr(play.app.progress, "progress_of", None)
    if progress_of is not None:
        known = progress_of([level])[0]
        for best, name in ((known.best_moves, "fewest moves"), (known.best_pushes, "fewest pushes")):
            if best is not None and best.lurd not in own:
                own.append(best.lurd)
                entries.append(
                    Entry("Your solutions", f"Your best, {name}", counts_text(best.lurd), best.lurd, False)
                )
    for number, moves in enumerate(_known_solutions(level), start=1):
        mark = "   (also yours)" if moves in own else ""
        detail = counts_text(moves) + mark
        section = "Known solutions (from the file)"
        entries.append(Entry(section, f"Solution {number}", detail, moves, False, own=moves in own))
    return entries


def counts_text(moves: str) -> str:
    """'14 moves, 1 push': the counts of a line of moves, in words."""
    number, pushes = len(moves), count_pushes(moves)
    return f"{number} move{'' if number == 1 else 's'}, {pushes} push{'' if pushes == 1 else 'es'}"


def _snapshots(play: PlayHost) -> list[Any]:
    """The store's snapshots of the level (``starpusher.store.Snapshot``), newest first."""
    snapshots = getattr(play.app.progress, "snapshots", None)
    if snapshots is None:
        return []
    try:
        return list(snapshots(play.level))
    except StarPusherError as error:
        play.app.say(f"The snapshots cannot be read: {error}")
        return []


def _known_solutions(level: Level) -> list[str]:
    """The level file's solutions that really solve the level (a wrong one is left out)."""
    good = []
    for moves in level.solutions:
        try:
            solved = level.is_solved(level.replay(moves))
        except (StarPusherError, ValueError):
            continue
        if solved:
            good.append(moves)
    return good
