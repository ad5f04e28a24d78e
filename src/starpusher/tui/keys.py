"""The terminal's key maps: its keys bound to the verbs the window names (``starpusher.session.verbs``).

A key is named as curses names it: a typed character ("z", "\\x1a" for
Ctrl+Z) or a special key's name ("KEY_UP", "KEY_F(1)", "kHOM5" for
Ctrl+Home). Each screen of the terminal has its map here; the help screen
(?) and README's tables are made from these maps, so they list exactly what
the terminal does. The names of the actions are the window's where the
window has the same verb ("undo", "reverse", "snapshots"), as Textual binds
one action's name in each of its screens.
"""

from __future__ import annotations

from typing import NamedTuple


class Binding(NamedTuple):
    """Keys bound to an action, with how the help writes them (``label``) and what they do."""

    action: str
    keys: tuple[str, ...]
    label: str
    description: str


#: What the mouse does on a screen: (what is clicked, what it does), listed after its keys.
MouseHelp = tuple[tuple[str, str], ...]

ENTER = ("\n", "\r", "KEY_ENTER")
BACKSPACE = ("KEY_BACKSPACE", "\x7f", "\x08")
ESC = "\x1b"
CTRL_C = "\x03"
HELP = Binding("help", ("?", "KEY_F(1)"), "?, F1", "this help")
#: Ctrl+C leaves from anywhere, as it ends any program in a terminal (everything is kept).
QUIT = Binding("quit", (CTRL_C,), "Ctrl+C", "quit (everything is kept)")


def _arrows(*descriptions: str) -> tuple[Binding, ...]:
    """The arrow keys, bound to "up", "down", "left" and "right" in that order, one per description."""
    arrows = [("up", "KEY_UP", "Up"), ("down", "KEY_DOWN", "Down")]
    arrows += [("left", "KEY_LEFT", "Left"), ("right", "KEY_RIGHT", "Right")]
    return tuple(
        Binding(action, (key,), label, description)
        for (action, key, label), description in zip(arrows, descriptions, strict=False)
    )


_PAGES = (
    Binding("page_up", ("KEY_PPAGE",), "Page Up", "a page up"),
    Binding("page_down", ("KEY_NPAGE",), "Page Down", "a page down"),
)

#: Star Pusher's keys in play.
KEY_MAP: tuple[Binding, ...] = (
    *_arrows("walk or push up", "walk or push down", "walk or push left", "walk or push right"),
    Binding("undo", ("z", "\x1a"), "Z, Ctrl+Z", "undo a move"),
    Binding("redo", ("x", "\x19"), "X, Ctrl+Y", "redo a move"),
    Binding("undo_push", ("Z",), "Shift+Z", "undo back to the previous push"),
    Binding("redo_push", ("X",), "Shift+X", "redo up to the next push"),
    Binding("undo_all", ("KEY_HOME", "kHOM5"), "Home, Ctrl+Home", "undo everything at once"),
    Binding("redo_all", ("KEY_END", "kEND5"), "End, Ctrl+End", "redo everything at once"),
    Binding("restart", ("r", *BACKSPACE), "R, Backspace", "restart (undo takes it back)"),
    Binding(
        "reverse",
        ("v",),
        "V",
        "play backwards: pull the stars from their goals to where they start (on/off)",
    ),
    Binding("save_snapshot", ("s", "\x13"), "S, Ctrl+S", "keep this position under a name"),
    Binding(
        "snapshots",
        ("m",),
        "M",
        "snapshots and solutions: go back to one, replay one step by step, make one shorter",
    ),
    Binding("next_level", ("n",), "N", "next level"),
    Binding("previous_level", ("b",), "B", "previous level"),
    Binding("next_unsolved", ("j",), "J", "jump to the next unsolved level"),
    Binding("level_select", ("l", "\t"), "L, Tab", "choose a level"),
    Binding("go_to_level", tuple("123456789"), "1-9", "go to a level by its number: type it, then Enter"),
    Binding("find", ("/",), "/", "find levels by words of their titles"),
    Binding("unsolved_only", ("o",), "O", "choose among the unsolved levels only"),
    Binding("collections", ("c",), "C", "choose a collection of levels, or open a file"),
    Binding("unlock_one_by_one", ("u",), "U", "levels unlock one by one as you solve them (on/off)"),
    Binding("hint", ("h",), "H", "hint: the next push (press again to cancel)"),
    Binding(
        "play_solution",
        ("H",),
        "Shift+H",
        "the solver plays the rest (a shorter known solution first): solved with help, never a best"
        " (undo takes it back)",
    ),
    Binding(
        "dead_squares", ("\x04",), "Ctrl+D", "x on dead squares: a star pushed there never reaches a goal"
    ),
    HELP,
    Binding("quit", ("q", ESC, CTRL_C), "Q, Esc, Ctrl+C", "quit (everything is kept)"),
)
MOUSE_HELP: MouseHelp = (
    ("Click a square", "walk there by a shortest path"),
    ("Click a star, then a :", "push the star there (: where it can go, never a deadlock)"),
    ("Right click", "forget the chosen star"),
)

#: The level list's keys (L); while finding (/), letters and digits are the words of a title.
LIST_KEY_MAP: tuple[Binding, ...] = (
    *_arrows("the level above", "the level below"),
    *_PAGES,
    Binding("first", ("KEY_HOME",), "Home", "the first level"),
    Binding("last", ("KEY_END",), "End", "the last level"),
    Binding("open", ENTER, "Enter", "play the chosen level"),
    Binding("type_digit", tuple("0123456789"), "0-9", "type a level's number: the list goes there"),
    Binding("erase", BACKSPACE, "Backspace", "erase the last digit (or letter, while finding)"),
    Binding("find", ("/",), "/", "find levels by words of their titles: type them"),
    Binding("unsolved_only", ("o",), "O", "only the unsolved levels (on/off)"),
    Binding("next_unsolved", ("j",), "J", "the next unsolved level"),
    Binding("unlock_one_by_one", ("u",), "U", "levels unlock one by one as you solve them (on/off)"),
    Binding("collections", ("c",), "C", "choose a collection of levels"),
    Binding(
        "back", (ESC, "l", "\t", "q"), "Esc, L, Tab, Q", "every level again (while some are hidden), or back"
    ),
    HELP,
    QUIT,
)
MOUSE_LIST_HELP: MouseHelp = (("Click a level", "play it"),)

#: The collection chooser's keys (C).
COLLECTION_KEY_MAP: tuple[Binding, ...] = (
    *_arrows("the collection above", "the collection below"),
    *_PAGES,
    Binding("first", ("KEY_HOME",), "Home", "the first collection"),
    Binding("last", ("KEY_END",), "End", "the last line"),
    Binding("open", ENTER, "Enter", "play the chosen collection, where you left it"),
    Binding("browse", ("b",), "B", "open a file: browse folders for it"),
    Binding("forget", ("KEY_DC",), "Delete", "take the chosen file off the list (its progress stays)"),
    Binding("back", (ESC, "c", "q"), "Esc, C, Q", "back"),
    HELP,
    QUIT,
)
MOUSE_COLLECTION_HELP: MouseHelp = (("Click a collection", "play it"),)

#: The file browser's keys (B in the chooser); a letter or digit jumps to a name.
BROWSER_KEY_MAP: tuple[Binding, ...] = (
    *_arrows("the line above", "the line below", "up to the folder above", "into the folder"),
    *_PAGES,
    Binding("first", ("KEY_HOME",), "Home", "the first line"),
    Binding("last", ("KEY_END",), "End", "the last line"),
    Binding("open", ENTER, "Enter", "go into the folder, or open the file and play it"),
    Binding("up_folder", BACKSPACE, "Backspace", "up to the folder above"),
    Binding("all_files", ("\x01",), "Ctrl+A", "all files, or only level files (.sok .xsb .txt)"),
    Binding("hidden_files", (".",), ".", "hidden files and folders too (on/off)"),
    Binding("back", (ESC,), "Esc", "back to the collections"),
    HELP,
    QUIT,
)
MOUSE_BROWSER_HELP: MouseHelp = (
    ("a letter or digit", "the next name starting with it"),
    ("Click a line", "choose it; click it again to open it"),
)

#: The list of snapshots and solutions (M).
POSITIONS_KEY_MAP: tuple[Binding, ...] = (
    *_arrows("the one above", "the one below"),
    Binding("open", ENTER, "Enter", "go back to the snapshot, or replay the solution step by step"),
    Binding("forget", ("KEY_DC",), "Delete", "forget the snapshot"),
    Binding("shorter", ("s",), "S", "make the solution shorter, as O sets it (S again stops)"),
    Binding(
        "shorter_settings",
        ("o",),
        "O",
        "Make it shorter's settings: how long, fewest pushes or moves, how wide",
    ),
    Binding("back", (ESC, "m", "q"), "Esc, M, Q", "close the list (while making it shorter: stop)"),
    HELP,
    QUIT,
)

#: Make it shorter's settings (O in the list).
SHORTER_SETTINGS_KEY_MAP: tuple[Binding, ...] = (
    *_arrows("the setting above", "the setting below", "less (or the other)", "more"),
    Binding(
        "back", (*ENTER, ESC, "o", "q"), "Enter, Esc, O, Q", "done: back to the list (each change is kept)"
    ),
    HELP,
    QUIT,
)
MOUSE_SHORTER_SETTINGS_HELP: MouseHelp = (
    ("Click a setting", "change it: its left half less, its right half more"),
)

#: Naming a snapshot (S in play): what is typed is its name.
NAME_KEY_MAP: tuple[Binding, ...] = (
    Binding("keep", ENTER, "Enter", "keep the position under the name typed"),
    Binding("erase", BACKSPACE, "Backspace", "erase a letter"),
    Binding("back", (ESC,), "Esc", "keep nothing"),
    QUIT,
)

#: A solution replayed (Enter on one in the list).
REPLAY_KEY_MAP: tuple[Binding, ...] = (
    Binding("play_pause", (" ",), "Space", "play or pause"),
    Binding("forward", ("KEY_RIGHT", "x"), "Right, X", "a move forward"),
    Binding("back_a_move", ("KEY_LEFT", "z"), "Left, Z", "a move back"),
    Binding("first", ("KEY_HOME",), "Home", "to the start"),
    Binding("last", ("KEY_END",), "End", "to the end"),
    Binding("slower", ("[",), "[", "slower"),
    Binding("faster", ("]",), "]", "faster"),
    Binding("take_over", ENTER, "Enter", "play on from here yourself (undo takes it back)"),
    Binding("back", (ESC, "q"), "Esc, Q", "back to your game as it was"),
    HELP,
    QUIT,
)

#: Fifteen's keys (``starpusher fifteen --terminal``): R is a new shuffle here, not a restart.
FIFTEEN_KEY_MAP: tuple[Binding, ...] = (
    *_arrows(
        "slide the tile below the gap up",
        "slide the tile above the gap down",
        "slide the tile right of the gap left",
        "slide the tile left of the gap right",
    ),
    Binding("undo", ("z", "\x1a"), "Z, Ctrl+Z", "undo a slide (or a click)"),
    Binding("redo", ("x", "\x19"), "X, Ctrl+Y", "redo"),
    Binding("restart", BACKSPACE, "Backspace", "back to this shuffle's start (undo takes it back)"),
    Binding("new_game", ("r",), "R", "a new shuffle"),
    Binding("bigger", ("+", "="), "+, =", "a bigger board (one more each way, up to 8x8)"),
    Binding("smaller", ("-",), "-", "a smaller board (down to 3x3)"),
    Binding("hint", ("h",), "H", "hint: the next slide (of a shortest solution up to 4x4)"),
    Binding(
        "play_solution",
        ("H",),
        "Shift+H",
        "the solver plays the rest: solved with help, never a best (undo takes it back)",
    ),
    HELP,
    Binding("quit", ("q", ESC, CTRL_C), "Q, Esc, Ctrl+C", "quit (an unfinished board is kept)"),
)
MOUSE_FIFTEEN_HELP: MouseHelp = (
    ("Click a tile", "in the gap's row or column: it and those between slide"),
    ("Click when solved", "a new shuffle"),
)


def action_for(key: str, key_map: tuple[Binding, ...]) -> str | None:
    """The action a key asks for in ``key_map``, or None."""
    return next((binding.action for binding in key_map if key in binding.keys), None)


def help_rows(key_map: tuple[Binding, ...] = KEY_MAP, mouse_help: MouseHelp = ()) -> list[tuple[str, str]]:
    """(keys, what they do) for the help screen and the README, in key-map order, then the mouse."""
    return [(binding.label, binding.description) for binding in key_map] + list(mouse_help)


#: Every screen's keys, as README's terminal section shows them: (heading, key map, mouse help).
SCREENS: tuple[tuple[str, tuple[Binding, ...], MouseHelp], ...] = (
    ("Playing a level", KEY_MAP, MOUSE_HELP),
    ("The level list (L, /, O or a number)", LIST_KEY_MAP, MOUSE_LIST_HELP),
    ("The collection chooser (C)", COLLECTION_KEY_MAP, MOUSE_COLLECTION_HELP),
    ("Browsing for a file (B in the chooser)", BROWSER_KEY_MAP, MOUSE_BROWSER_HELP),
    ("Snapshots and solutions (M)", POSITIONS_KEY_MAP, ()),
    ("Make it shorter's settings (O in the list)", SHORTER_SETTINGS_KEY_MAP, MOUSE_SHORTER_SETTINGS_HELP),
    ("Naming a snapshot (S)", NAME_KEY_MAP, (("Letters", "the name"),)),
    ("A solution replayed (Enter in the list)", REPLAY_KEY_MAP, ()),
    ("Fifteen (starpusher fifteen --terminal)", FIFTEEN_KEY_MAP, MOUSE_FIFTEEN_HELP),
)
