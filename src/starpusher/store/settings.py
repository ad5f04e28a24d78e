"""The player's settings: each one named, typed, with a default and a rule.

Values are kept as JSON in the ``settings`` table. Reading never fails: a
missing value, or one that no longer fits its rule (written by hand or by
another version), reads as the default. Writing checks the value first.

>>> FULLSCREEN.default
False
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..core.errors import StarPusherError

T = TypeVar("T")


class SettingError(StarPusherError):
    """A value that a setting does not accept."""


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One setting. Its type is the type of its default."""

    name: str
    default: T
    description: str
    #: Says whether a value of the right type is acceptable.
    allowed: Callable[[T], bool] = lambda value: True
    #: The rule in words, for error messages.
    rule: str = ""

    def check(self, value: object) -> T:
        """``value`` converted to this setting's type; raises :class:`SettingError` if it does not fit."""
        converted: T | None = _convert(value, self.default)
        if converted is None or not self.allowed(converted):
            wanted = self.rule or f"a {type(self.default).__name__}"
            raise SettingError(f"setting {self.name!r} must be {wanted}, not {value!r}")
        return converted

    def encode(self, value: T) -> str:
        return json.dumps(value)

    def decode(self, text: str) -> T:
        """The stored value, or the default when it is unreadable or no longer allowed."""
        try:
            return self.check(json.loads(text))
        except (ValueError, SettingError):
            return self.default


def _convert(value: object, default: Any) -> Any:
    """``value`` as the type of ``default`` (JSON gives lists for tuples), else None."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(value, bool):  # a bool is an int to Python, never to a setting
        return None
    if isinstance(default, float):
        return float(value) if isinstance(value, int | float) else None
    if isinstance(default, int | str):
        return value if isinstance(value, type(default)) else None
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple) or len(value) != len(default):
            return None
        parts = tuple(_convert(part, part_default) for part, part_default in zip(value, default, strict=True))
        return None if None in parts else parts
    return None


STEP_SECONDS = Setting[float](
    "step_seconds",
    0.085,
    "the animation speed: seconds one animated step takes",
    allowed=lambda seconds: 0.01 <= seconds <= 1,
    rule="a number of seconds from 0.01 to 1",
)
INSTANT_MOVES = Setting[bool]("instant_moves", False, "moves jump without animation")
WINDOW_SIZE = Setting[tuple[int, int]](
    "window_size",
    (1024, 720),
    "the window's width and height in pixels, when not full screen",
    allowed=lambda size: 320 <= size[0] <= 16384 and 240 <= size[1] <= 16384,
    rule="a width from 320 and a height from 240, up to 16384",
)
FULLSCREEN = Setting[bool]("fullscreen", False, "whether the game fills the screen")
UNLOCK_ONE_BY_ONE = Setting[bool](
    "unlock_one_by_one",
    False,
    "levels open one by one, each when the one before it is solved",
)
DEAD_SQUARES = Setting[bool](
    "show_dead_squares", False, "crosses mark the squares a star can never leave for a goal"
)
FLAT_VIEW = Setting[bool]("flat_view", False, "the board drawn flat from above instead of in pseudo-3D")
PACKING_PLAN = Setting[bool](
    "show_packing_plan", False, "the goals numbered in the order the packing plan fills them"
)
CHARACTER = Setting[str](
    "character",
    "",
    "the character the player chose, by name (such as 'boy'); empty for the front end's first",
    allowed=lambda name: len(name) <= 100,
    rule="a name of at most 100 characters",
)

ENDLESS_SIZE = Setting[str](
    "endless_size",
    "",
    "the size of Endless levels chosen last, by name (such as 'Large'); empty for the front end's default",
    allowed=lambda name: len(name) <= 40,
    rule="a name of at most 40 characters",
)
ENDLESS_DIFFICULTY = Setting[str](
    "endless_difficulty",
    "medium",
    "the difficulty of Endless levels chosen last",
    allowed=lambda name: name in ("easy", "medium", "hard"),
    rule="easy, medium or hard",
)

SHORTER_SECONDS = Setting[int](
    "shorter_seconds",
    30,
    "how long Make it shorter searches before it stops by itself, in seconds",
    allowed=lambda seconds: 1 <= seconds <= 3600,
    rule="a whole number of seconds from 1 to 3600",
)
SHORTER_METRIC = Setting[str](
    "shorter_metric",
    "pushes",
    "what Make it shorter makes fewest first, the other count breaking ties",
    allowed=lambda metric: metric in ("pushes", "moves"),
    rule="pushes or moves",
)
SHORTER_STARS_OFF = Setting[int](
    "shorter_stars_off",
    3,
    "how wide Make it shorter's vicinity search looks: the most stars off the solution's squares",
    allowed=lambda stars: 1 <= stars <= 5,
    rule="a whole number from 1 to 5",
)

#: Longest draft the store keeps (a 64x64 board is about 4,200 characters).
MAX_DRAFT_CHARACTERS = 20_000
EDITOR_DRAFT = Setting[tuple[str, str, str, str]](
    "editor_draft",
    ("", "", "", ""),
    "the level being drawn in the editor and not saved yet: board, title, author, where it came from",
    allowed=lambda draft: sum(map(len, draft)) <= MAX_DRAFT_CHARACTERS,
    rule=f"four texts of at most {MAX_DRAFT_CHARACTERS} characters together",
)
#: Longest undo history kept with the draft: the oldest steps go first beyond it.
MAX_DRAFT_HISTORY_CHARACTERS = 200_000
EDITOR_DRAFT_HISTORY = Setting[str](
    "editor_draft_history",
    "",
    "the draft's undo history, so undo works on a level drawn before the window closed",
    allowed=lambda text: len(text) <= MAX_DRAFT_HISTORY_CHARACTERS,
    rule=f"a text of at most {MAX_DRAFT_HISTORY_CHARACTERS} characters",
)

#: Every setting, by name, in the order a settings screen would list them.
SETTINGS: dict[str, Setting[Any]] = {
    setting.name: setting
    for setting in (
        STEP_SECONDS,
        INSTANT_MOVES,
        WINDOW_SIZE,
        FULLSCREEN,
        UNLOCK_ONE_BY_ONE,
        DEAD_SQUARES,
        FLAT_VIEW,
        PACKING_PLAN,
        CHARACTER,
        ENDLESS_SIZE,
        ENDLESS_DIFFICULTY,
        SHORTER_SECONDS,
        SHORTER_METRIC,
        SHORTER_STARS_OFF,
        EDITOR_DRAFT,
        EDITOR_DRAFT_HISTORY,
    )
}
