"""Star Pusher in a terminal (curses, from the standard library): ``starpusher play --terminal``.

The same play sessions as the window (:mod:`starpusher.session`), the same
store, the same solver; only the keys and the drawing are the terminal's
(:mod:`.keys`, :mod:`.screen`, :mod:`.game`). It needs no display, so it
plays over SSH; it fits an 80x24 terminal (a bigger level scrolls), uses
colour where the terminal has it, and says so when the terminal is too small.

curses is the standard library's and draws on any terminal Python runs in
on Linux and macOS; Textual would add a whole framework (and its own
dependencies) for one screen of characters.
"""

from __future__ import annotations

import contextlib
import os
import sys

from ..core import StarPusherError
from ..levels import Collection
from ..session import GuardedStore, MemoryProgress, Progress
from ..store import DEAD_SQUARES, UNLOCK_ONE_BY_ONE, Store, StoreError

__all__ = ["check_terminal", "play_in_terminal"]


def check_terminal() -> None:
    """Refuse, in one line, a terminal the game cannot be drawn on: before anything is opened or written.

    The game needs curses, standard input and output that are a terminal, ``TERM``
    naming a terminal that terminfo knows, and one that can place its cursor:
    ``dumb`` (Emacs's shell, a log) cannot, so the board could not be drawn and
    its keys would not come as keys. Raises :class:`StarPusherError` saying which
    is missing and what to do.
    """
    try:
        import curses  # not on Windows' Python: said in one line, not a traceback
    except ImportError:
        raise StarPusherError("--terminal needs curses, which this Python does not have") from None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise StarPusherError("--terminal needs a terminal: standard input and output must be one")
    term = os.environ.get("TERM", "")
    if not term:
        raise StarPusherError(
            "--terminal needs TERM to say which terminal this is, and it is not set:"
            " set it (export TERM=xterm-256color suits most terminals)"
        )
    try:
        curses.setupterm(term, sys.stdout.fileno())
    except curses.error:
        raise StarPusherError(
            f"--terminal does not know the terminal TERM names ({term!r}):"
            " set TERM to one it knows (export TERM=xterm-256color suits most terminals)"
        ) from None
    if curses.tigetstr("cup") is None:  # cursor_address: where the next character goes
        raise StarPusherError(
            f"--terminal needs a terminal that can place its cursor, which TERM={term!r} cannot:"
            " play in a terminal window, or without --terminal in the game window"
        )


def play_in_terminal(
    collection: Collection, store: Store | None, *, name: str | None, index: int, problem: str | None
) -> int:
    """Play ``collection`` from level ``index`` in this terminal, keeping progress in ``store``.

    ``name`` is how the store knows the collection (None: levels it cannot find again);
    ``problem`` is said first (a store that could not be opened). Raises
    :class:`StarPusherError` without a terminal to play in (:func:`check_terminal`, which
    the command calls before it opens the store), :class:`StoreError` when progress could not be saved.
    """
    check_terminal()
    import curses

    from .game import TerminalGame

    guarded = GuardedStore(store) if store is not None else None
    progress: Progress = guarded if guarded is not None else MemoryProgress()

    def on_place(level_index: int) -> None:
        if guarded is not None and name is not None:
            guarded.set_last_played(name, level_index + 1)

    def on_settings(one_by_one: bool, dead_squares: bool) -> None:
        if guarded is not None:
            guarded.set_settings({UNLOCK_ONE_BY_ONE: one_by_one, DEAD_SQUARES: dead_squares})

    def play(window: curses.window) -> None:
        curses.raw()  # Ctrl+C, Ctrl+Z and Ctrl+Y are keys of the game, as in the window
        window.keypad(True)
        with contextlib.suppress(curses.error):  # a terminal that cannot hide its cursor
            curses.curs_set(0)
        game = TerminalGame(
            window,
            collection,
            progress,
            index=index,
            one_by_one=store.get_setting(UNLOCK_ONE_BY_ONE) if store is not None else False,
            dead_squares=store.get_setting(DEAD_SQUARES) if store is not None else False,
            on_place=on_place,
            on_settings=on_settings,
        )
        if guarded is not None:
            guarded.connect(game.say)
        if problem:
            game.say(problem, 10)
        game.run()

    os.environ.setdefault("ESCDELAY", "25")  # Esc quits at once, not after curses' second of waiting
    curses.wrapper(play)
    if guarded is not None and not guarded.flush():
        raise StoreError(f"{guarded.unsaved} change(s) could not be saved: {guarded.problem}")
    return 0
