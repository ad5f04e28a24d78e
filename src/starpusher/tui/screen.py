"""Drawing in a terminal with curses: the board, the bars, lines of text, the keys.

Each square takes two columns, so that it looks square in a terminal's tall
cells. Where the terminal has colours, walls are solid blocks and stars,
goals and the player have colours of their own; elsewhere the standard
Sokoban letters say everything (``#`` wall, ``$`` star, ``*`` star on a goal,
``.`` goal, ``@`` player, ``+`` player on a goal), with ``x`` on dead squares,
``~`` beside the star the mouse chose and ``:`` on the squares it can be pushed to.
"""

from __future__ import annotations

import contextlib
import curses
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Direction, Level, State

#: The smallest terminal the game is drawn in (columns, rows): a bar above, two lines below.
MIN_SIZE = (40, 10)
#: Rows taken by the bar above the board and the two lines below it.
BARS = 3
#: Zoomed in, the board scrolls when the player comes this many squares near an edge.
MARGIN = 2

ARROWS = {Direction.UP: "^", Direction.DOWN: "v", Direction.LEFT: "<", Direction.RIGHT: ">"}


@dataclass(frozen=True)
class Marks:
    """What the mouse marked on the board: the chosen star, and the squares it can be pushed to."""

    chosen: int | None = None
    targets: frozenset[int] = frozenset()


# Colour pairs: (foreground, background), and what stands in for each without colours.
_PAIRS = {
    "wall": (curses.COLOR_WHITE, curses.COLOR_BLUE),
    "star": (curses.COLOR_BLACK, curses.COLOR_YELLOW),
    "home": (curses.COLOR_BLACK, curses.COLOR_GREEN),
    "goal": (curses.COLOR_GREEN, -1),
    "player": (curses.COLOR_BLACK, curses.COLOR_CYAN),
    "dead": (curses.COLOR_RED, -1),
    "stuck": (curses.COLOR_WHITE, curses.COLOR_RED),
    "hint": (curses.COLOR_BLACK, curses.COLOR_MAGENTA),
    "bar": (curses.COLOR_BLACK, curses.COLOR_WHITE),
    "backwards": (curses.COLOR_WHITE, curses.COLOR_MAGENTA),
    "chosen": (curses.COLOR_BLACK, curses.COLOR_CYAN),
    "target": (curses.COLOR_CYAN, curses.COLOR_BLUE),
    "heading": (curses.COLOR_CYAN, -1),
    "tile": (curses.COLOR_BLACK, curses.COLOR_YELLOW),
}
_PLAIN = {"wall": 0, "star": curses.A_BOLD, "home": curses.A_BOLD, "goal": 0, "player": curses.A_BOLD}
_PLAIN |= {"dead": curses.A_DIM, "stuck": curses.A_REVERSE, "hint": curses.A_REVERSE, "bar": curses.A_REVERSE}
_PLAIN |= {"backwards": curses.A_REVERSE | curses.A_BOLD, "chosen": curses.A_REVERSE, "target": 0}
_PLAIN |= {"heading": curses.A_BOLD, "tile": curses.A_REVERSE}


class Palette:
    """The look of each kind of square: a colour pair where the terminal has colours."""

    def __init__(self) -> None:
        self.colour = curses.has_colors()
        self._attrs = dict(_PLAIN)
        if self.colour:
            curses.start_color()
            with contextlib.suppress(curses.error):  # no default colour: black stands in
                curses.use_default_colors()
            for number, (name, (front, back)) in enumerate(_PAIRS.items(), start=1):
                try:
                    curses.init_pair(number, front, back)
                except curses.error:
                    curses.init_pair(number, front, curses.COLOR_BLACK)
                self._attrs[name] = curses.color_pair(number)

    def __getitem__(self, name: str) -> int:
        return self._attrs[name]

    def wall(self) -> str:
        return "  " if self.colour else "##"


def put(window: curses.window, y: int, x: int, text: str, attr: int = 0) -> None:
    """Write ``text`` from (y, x), cut at the window's edge (curses refuses the last cell otherwise)."""
    rows, columns = window.getmaxyx()
    if not 0 <= y < rows or x >= columns:
        return
    text = text[: max(0, columns - x)]
    with contextlib.suppress(curses.error):  # the bottom-right cell: written, but curses complains
        try:
            window.addstr(y, x, text, attr)
        except UnicodeEncodeError:  # a terminal whose characters cannot show it: its ASCII
            window.addstr(y, x, text.encode("ascii", "replace").decode("ascii"), attr)


def bar(window: curses.window, y: int, left: str, right: str, palette: Palette, look: str = "bar") -> None:
    """A full-width bar: ``left`` at its start, ``right`` at its end (``left`` is cut to make room).

    ``look``: the palette's name for its colours ("backwards" while a level is played backwards).
    """
    columns = window.getmaxyx()[1]
    right = right[: columns - 1]
    room = columns - len(right) - 2
    line = cut(left, max(0, room)).ljust(max(0, room)) + "  " + right
    put(window, y, 0, line.ljust(columns), palette[look])


def square(
    level: Level,
    state: State,
    index: int,
    palette: Palette,
    *,
    dead: frozenset[int],
    stuck: frozenset[int],
    hint: tuple[int, Direction] | None,
    marks: Marks | None = None,
) -> tuple[str, int]:
    """The two characters of a square and their look."""
    marks = marks or Marks()
    if index in level.walls:
        return palette.wall(), palette["wall"]
    on_goal = index in level.goals
    if index == state.player:
        return ("+ " if on_goal else "@ "), palette["player"]
    if index in state.boxes:
        text = "* " if on_goal else "$ "
        if hint is not None and hint[0] == index:
            return text[0] + ARROWS[hint[1]], palette["hint"]
        if index in stuck:
            return text[0] + "!", palette["stuck"]
        if index == marks.chosen:
            return text[0] + "~", palette["chosen"]
        return text, palette["home" if on_goal else "star"]
    if index in marks.targets:
        return (".:" if on_goal else " :"), palette["target"]
    if on_goal:
        return ". ", palette["goal"]
    if index in dead:
        return "x ", palette["dead"]
    return "  ", 0


def follow(start: int, player: int, size: int, view: int) -> int:
    """The first column (or row) shown of ``size`` in a view of ``view``, keeping ``player`` in sight.

    The board moves only when the player comes near an edge; a board that fits is centred
    (a negative start).
    """
    if size <= view:
        return -((view - size) // 2)
    margin = min(MARGIN, (view - 1) // 2)
    start = max(min(start, player - margin), player + margin + 1 - view)
    return max(0, min(start, size - view))


def draw_board(
    window: curses.window,
    level: Level,
    state: State,
    origin: tuple[int, int],
    palette: Palette,
    *,
    height: int,
    dead: frozenset[int],
    stuck: frozenset[int],
    hint: tuple[int, Direction] | None,
    marks: Marks | None = None,
    top: int = 1,
) -> None:
    """The part of the level from square ``origin`` (column, row) that fits the ``height`` rows
    from row ``top`` (under the bar above)."""
    columns = window.getmaxyx()[1]
    ox, oy = origin
    for row in range(height):
        y = oy + row
        if not 0 <= y < level.height:
            continue
        for column in range(columns // 2):
            x = ox + column
            if 0 <= x < level.width:
                index = level.index(x, y)
                text, attr = square(
                    level, state, index, palette, dead=dead, stuck=stuck, hint=hint, marks=marks
                )
                put(window, top + row, column * 2, text, attr)


def draw_lines(window: curses.window, top: int, lines: Sequence[tuple[str, int]]) -> None:
    """Lines of text from row ``top`` down, as many as fit."""
    rows = window.getmaxyx()[0]
    for offset, (text, attr) in enumerate(lines):
        if top + offset < rows:
            put(window, top + offset, 0, text, attr)


def wrap(text: str, columns: int, most: int) -> list[str]:
    """``text`` in lines of at most ``columns`` characters, broken between words: at most ``most``
    lines, the last ending in "..." when even they cannot hold it all."""
    lines = textwrap.wrap(text, max(1, columns)) or [""]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: max(0, columns - 3)] + "..."
    return lines


def fit_keys(keys: Sequence[str], columns: int) -> str:
    """As many of ``keys`` as fit in ``columns``, two spaces apart: a key is shown whole or not at all.

    Keys drop out from the middle, the one just before the last two first: the
    first keys (the most used) and the last two (help and quit) stay longest;
    in a pane too narrow even for those, the first go too.
    """
    shown = list(keys)
    while len(shown) > 3 and len("  ".join(shown)) > columns:
        shown.pop(-3)
    while shown and len("  ".join(shown)) > columns:
        shown.pop(0)
    return "  ".join(shown)


def too_small(window: curses.window, game: str) -> None:
    """Say so when the terminal is smaller than ``game`` needs, in the room there is."""
    rows, columns = window.getmaxyx()
    need_x, need_y = MIN_SIZE
    said = (
        f"The terminal is too small: {columns}x{rows}. {game} needs at least {need_x}x{need_y}."
        " Make it bigger, or press Q to quit."
    )
    draw_lines(window, 0, [(text, 0) for text in wrap(said, columns, rows)])


def top_of(chosen: int, count: int, height: int) -> int:
    """The first of ``count`` lines to show in ``height`` rows so that line ``chosen`` is in the middle."""
    return max(0, min(chosen - height // 2, count - height))


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns: whole, or cut after its last word that fits, with "..."."""
    if len(text) <= width:
        return text
    if width < 3:
        return text[:width]
    kept = text[: width - 3]
    in_a_word = not kept.endswith(" ") and text[len(kept)] != " "
    if in_a_word and " " in kept.strip():  # the cut word is left out whole (a lone word is cut)
        kept = kept[: kept.rstrip().rfind(" ")]
    return kept.rstrip() + "..."
