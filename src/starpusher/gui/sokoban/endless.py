"""Endless play: fresh generated levels of a chosen size and difficulty.

The chooser picks a size and a difficulty (keys or mouse); the level is made
in the background (``app.tasks``), so the window keeps drawing and shows its
spinner meanwhile. The levels are played in the ordinary play scene, with
every comfort it has; N (or any key once a level is solved) makes another.
Solved levels reach the store through the same progress object as any other
level, and the store knows levels by their content, so nothing more is needed
to keep them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...core import Level
from ...generate import Difficulty, generate_level
from ...levels import load_builtin
from ..kit.help import HelpOverlay
from ..kit.keys import ENTER_KEYS, Binding, Key, arrow_bindings, shared_bindings
from ..kit.layout import SKY
from ..kit.tasks import CancelToken, Task
from ..kit.text import WRITER, panel
from ..kit.window import Scene
from .play import PlayScene, open_collection
from .window import StarPusherSettings, StarPusherWindow


@dataclass(frozen=True)
class MapSize:
    """A size on offer: the largest map, walls included, and its stars."""

    name: str
    width: int
    height: int
    stars: int

    @property
    def label(self) -> str:
        """What the chooser says: the size is the most a level takes (the generator makes levels
        as compact as designed ones, so a large map often comes out smaller)."""
        return f"{self.name}: up to {self.width}x{self.height}, {self.stars} stars"


#: Endless' name on the title screen.
ENDLESS_NAME = "Endless"
#: Sizes on offer; the largest is made in under 5 s (``python bench/bench_generate.py --endless``).
SIZES = (
    MapSize("Small", 8, 8, 3),
    MapSize("Standard", 10, 10, 4),
    MapSize("Large", 12, 12, 5),
    MapSize("Huge", 16, 12, 6),
    MapSize("Vast", 18, 14, 8),
    MapSize("Enormous", 20, 16, 10),
)
DEFAULT_SIZE = "Standard"
DIFFICULTIES = tuple(Difficulty)
#: What each difficulty means, in the player's words, shown under the chooser.
EXPLAINED = {
    Difficulty.EASY: "Easy: a short way to the solution, with room to move.",
    Difficulty.MEDIUM: "Medium: a longer way, and some stars must go home in the right order.",
    Difficulty.HARD: "Hard: the longest way this map allows, with no room to spare.",
}
TASK_NAME = "Making a level"

_k = Key.of
#: The chooser's keys: its help lists these, not the game's.
CHOOSER_KEY_MAP: tuple[Binding, ...] = (
    *arrow_bindings(
        "Endless",
        "the line above",
        "the line below",
        "a smaller size, an easier level",
        "a bigger size, a harder level",
    ),
    Binding(
        "confirm",
        (*ENTER_KEYS, _k(pygame.K_SPACE, label="Space")),
        "play a new level (or the collection, on its line)",
        "Endless",
    ),
    *shared_bindings("fullscreen", "help"),
    Binding(
        "back",
        (_k(pygame.K_ESCAPE, label="Esc"),),
        "back to the title (first, stop a level being made)",
        "Other",
    ),
    *shared_bindings("quit"),
)
CHOOSER_MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a size or difficulty", "its left part steps back, the rest forward"),
    ("Click Play", "play a new level"),
)
#: What the bar under an Endless level offers: the keys that work there.
PLAY_FOOTER = "F1 help   N a new level   B the one before   Z undo   R restart   H hint   E edit   Esc sizes"


@dataclass
class EndlessChoice:
    """What the player chose in the chooser (the store keeps it, through the window's settings)."""

    size: int = 1
    difficulty: int = 1

    @classmethod
    def from_settings(cls, settings: StarPusherSettings) -> EndlessChoice:
        """The size and difficulty chosen last time (the defaults for names no longer on offer)."""
        names = [size.name for size in SIZES]
        size = (
            names.index(settings.endless_size)
            if settings.endless_size in names
            else names.index(DEFAULT_SIZE)
        )
        values = [difficulty.value for difficulty in DIFFICULTIES]
        difficulty = values.index(settings.endless_difficulty) if settings.endless_difficulty in values else 1
        return cls(size, difficulty)

    def keep_in(self, settings: StarPusherSettings) -> None:
        settings.endless_size = self.map_size.name
        settings.endless_difficulty = self.level_difficulty.value

    @property
    def map_size(self) -> MapSize:
        return SIZES[self.size]

    @property
    def level_difficulty(self) -> Difficulty:
        return DIFFICULTIES[self.difficulty]


def new_seed() -> int:
    """A seed for the next level; the level's title shows it, so a liked level can be made again."""
    return random.randrange(1, 1_000_000)


def make_level(choice: EndlessChoice, token: CancelToken, seen: frozenset[str]) -> tuple[Level, str]:
    """A new level for ``choice`` that is none of the ``seen`` ones (in a worker thread)."""
    size = choice.map_size
    while True:
        made = generate_level(
            size.width,
            size.height,
            size.stars,
            new_seed(),
            choice.level_difficulty,
            cancel=lambda: token.cancelled,
        )
        if made.key not in seen:
            return made.level, made.key


class LevelMaker:
    """One level at a time made in the background for a scene, cancelled when the scene goes."""

    def __init__(self, app: StarPusherWindow, choice: EndlessChoice) -> None:
        self.app = app
        self.choice = choice
        self.seen: set[str] = set()
        self.task: Task | None = None

    @property
    def busy(self) -> bool:
        return self.task is not None and self.task.running

    def start(self, on_level: Callable[[Level], None]) -> None:
        if self.busy:
            return
        seen = frozenset(self.seen)

        def done(result: tuple[Level, str]) -> None:
            self.task = None
            level, key = result
            self.seen.add(key)
            on_level(level)

        def failed(error: BaseException) -> None:
            self.task = None
            self.app.say(f"No level could be made: {error}")

        self.task = self.app.tasks.submit(
            TASK_NAME, lambda token: make_level(self.choice, token, seen), done, failed
        )

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None


class EndlessChooser(Scene):
    """Choose a size and a difficulty, then play; or play the built-in generated collection."""

    app: StarPusherWindow
    key_map = CHOOSER_KEY_MAP
    mouse_help = CHOOSER_MOUSE_HELP
    #: The rows of the chooser, top to bottom.
    ROWS = ("size", "difficulty", "play", "collection")

    def __init__(self, app: StarPusherWindow, choice: EndlessChoice | None = None) -> None:
        super().__init__(app)
        self.choice = choice or EndlessChoice.from_settings(app.star_settings)
        self.row = 2  # "Play" first: Enter starts at once
        self.maker = LevelMaker(app, self.choice)

    # -- input ----------------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if action == "back":
            self.back()
        elif action in ("up", "down"):
            self.row = (self.row + (1 if action == "down" else -1)) % len(self.ROWS)
        elif action in ("left", "right"):
            self.change(self.ROWS[self.row], 1 if action == "right" else -1)
        elif action == "confirm":
            self.activate(self.ROWS[self.row])
        elif action == "help":
            self.app.push(HelpOverlay(self.app))

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 3):
            return
        for name, rect in self.row_rects(self.app.screen).items():
            if rect.collidepoint(event.pos):
                self.row = self.ROWS.index(name)
                if name in ("size", "difficulty"):
                    # The left part of a row steps back, the rest forward, as its arrows show.
                    back = event.button == 3 or event.pos[0] < rect.left + rect.width // 4
                    self.change(name, -1 if back else 1)
                else:
                    self.activate(name)
                self.app.dirty = True
                return

    def change(self, name: str, step: int) -> None:
        if self.maker.busy:
            return  # the level on its way is of the chosen kind
        if name == "size":
            self.choice.size = (self.choice.size + step) % len(SIZES)
        elif name == "difficulty":
            self.choice.difficulty = (self.choice.difficulty + step) % len(DIFFICULTIES)
        else:
            return
        self.choice.keep_in(self.app.star_settings)
        self.app.save_settings(self.app.settings)

    def activate(self, name: str) -> None:
        if name == "collection":
            self.maker.cancel()
            open_collection(self.app, load_builtin("generated"))
        else:
            self.maker.start(self.play)

    def play(self, level: Level) -> None:
        self.app.replace(EndlessPlayScene(self.app, self.choice, level, self.maker))

    def back(self) -> None:
        if self.maker.busy:
            self.maker.cancel()  # Esc first stops the level being made
            return
        self.app.show_title(ENDLESS_NAME)

    def leave(self) -> None:
        self.maker.cancel()

    # -- drawing ----------------------------------------------------------------

    def row_rects(self, surface: pygame.Surface) -> dict[str, pygame.Rect]:
        w, h = surface.get_size()
        row_w, row_h = min(w - 40, 560), 56
        top = int(h * 0.30)
        return {
            name: pygame.Rect(w // 2 - row_w // 2, top + i * (row_h + 18), row_w, row_h)
            for i, name in enumerate(self.ROWS)
        }

    def row_text(self, name: str) -> str:
        if name == "size":
            return f"‹  {self.choice.map_size.label}  ›"
        if name == "difficulty":
            return f"‹  Difficulty: {self.choice.level_difficulty.value.capitalize()}  ›"
        if name == "play":
            return "Thinking…" if self.maker.busy else "Play a new level"
        return "The built-in collection of generated levels"

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        w, h = surface.get_size()
        WRITER.draw(surface, "Endless", 84, (255, 214, 60), outline=True, center=(w // 2, int(h * 0.14)))
        for name, rect in self.row_rects(surface).items():
            chosen = self.ROWS[self.row] == name
            panel(surface, rect, (255, 214, 60, 230) if chosen else (255, 255, 255, 150), radius=12)
            text = WRITER.fit(self.row_text(name), 30, rect.width - 20)
            WRITER.draw(surface, text, 30, (40, 30, 30), center=rect.center)
        below = self.row_rects(surface)["collection"].bottom + 40
        explained = WRITER.fit(EXPLAINED[self.choice.level_difficulty], 26, w - 40)
        WRITER.draw(surface, explained, 26, (30, 40, 80), center=(w // 2, below))
        hint = "Up/Down choose   Left/Right change   Enter plays   F1 help   Esc back   (or click)"
        WRITER.draw(surface, WRITER.fit(hint, 26, w - 20), 26, outline=True, center=(w // 2, h - 30))


class EndlessPlayScene(PlayScene):
    """The play scene over the levels made so far; the next level past the last is a new one."""

    title_name = ENDLESS_NAME

    def __init__(
        self, app: StarPusherWindow, choice: EndlessChoice, first: Level, maker: LevelMaker | None = None
    ) -> None:
        self.choice = choice
        self.made: list[Level] = [first]
        self.maker = maker or LevelMaker(app, choice)
        super().__init__(app, 0)

    @property
    def levels(self) -> list[Level]:
        return self.made

    def footer_keys(self) -> str:
        return PLAY_FOOTER

    def switch_level(self, index: int) -> None:
        if index < len(self.made):
            self._show(index)
        elif self.maker.busy:
            self.app.say("The next level is on its way.", 2)
        else:
            self.maker.start(self.add_level)

    def add_level(self, level: Level) -> None:
        self.made.append(level)
        self._show(len(self.made) - 1)

    def _show(self, index: int) -> None:
        self.save()  # not leave(): that would also stop a level being made
        self.load(index)

    def action_level_select(self) -> None:
        self.app.say("Endless levels have no list: N makes another, B goes back.", 3)

    def action_back(self) -> None:
        self.app.replace(EndlessChooser(self.app, self.choice))

    def leave(self) -> None:
        super().leave()
        self.maker.cancel()
