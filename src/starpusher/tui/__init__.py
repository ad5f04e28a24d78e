"""Star Pusher and Fifteen in a terminal (curses, from the standard library), a whole second front end.

``starpusher play --terminal`` and ``starpusher fifteen --terminal`` play on
the same sessions as the window (:mod:`starpusher.session`), the same store
and the same solver; only the keys and the drawing are the terminal's. It
needs no display, so it plays over SSH; it fits an 80x24 terminal (a bigger
level scrolls), uses colour where the terminal has it, takes clicks where the
terminal reports them, and says so when the terminal is too small.

* :mod:`.kit`: the loop, the stack of screens, messages and the help (no game).
* :mod:`.keys`: every screen's key map, bound to the verbs the window names.
* :mod:`.screen`, :mod:`.board`: drawing in characters; the board, scrolled.
* :mod:`.app`: Star Pusher's terminal: the collection open, settings, the place.
* :mod:`.play`, :mod:`.levels`, :mod:`.collections`, :mod:`.browser`,
  :mod:`.positions`, :mod:`.replay`: its screens.
* :mod:`.fifteen`: Fifteen's.

curses is the standard library's and draws on any terminal Python runs in
on Linux and macOS; Textual would add a whole framework (and its own
dependencies) for one screen of characters.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import StarPusherError
from ..levels import Collection
from ..session import GuardedStore, MemoryProgress, Progress
from ..store import Store, StoreError

if TYPE_CHECKING:
    import curses

__all__ = ["check_terminal", "fifteen_in_terminal", "play_in_terminal"]


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
    from .app import StarPusherApp
    from .collections import CollectionsScreen
    from .play import PlayScreen

    guarded = GuardedStore(store) if store is not None else None
    progress: Progress = guarded if guarded is not None else MemoryProgress()

    def play(window: curses.window) -> None:
        app = StarPusherApp(window, progress, player=PlayScreen, chooser=CollectionsScreen)
        if guarded is not None:
            guarded.connect(app.say)
        app.open_collection(collection, index, name=name)
        if problem:
            app.say(problem, 10)
        app.run()

    _in_curses(play)
    _flush(guarded)
    return 0


def fifteen_in_terminal(
    store: Store | None,
    *,
    size: tuple[int, int] | None,
    data_dir: str | os.PathLike[str] | None,
    problem: str | None,
) -> int:
    """Play Fifteen in this terminal (``size`` None: the size played last), its records in ``store``.

    Raises as :func:`play_in_terminal` does.
    """
    check_terminal()
    from ..session import FifteenSession
    from ..session.fifteen_records import FifteenProgress, FifteenRecords, MemoryFifteen
    from .fifteen import FifteenApp, FifteenScreen

    guarded = GuardedStore(store) if store is not None else None
    kept: FifteenProgress = guarded if guarded is not None else MemoryFifteen()

    def play(window: curses.window) -> None:
        app = FifteenApp(window, guarded if guarded is not None else MemoryProgress())
        if guarded is not None:
            guarded.connect(app.say)
        session = FifteenSession(
            FifteenRecords(kept, app.say),
            say=app.say,
            tasks=app.tasks,
            data_dir=data_dir if data_dir is not None else kept.data_dir,
            size=size,
        )
        app.push(FifteenScreen(app, session))
        if problem:
            app.say(problem, 10)
        app.run()

    _in_curses(play)
    _flush(guarded)
    return 0


def _in_curses(play: Callable[[curses.window], None]) -> None:
    """Run ``play`` on the whole terminal, as curses sets it up and puts it back afterwards."""
    import curses

    def set_up(window: curses.window) -> None:
        curses.raw()  # Ctrl+C, Ctrl+Z, Ctrl+S and Ctrl+Y are keys of the game, as in the window
        window.keypad(True)
        with contextlib.suppress(curses.error):  # a terminal that cannot hide its cursor
            curses.curs_set(0)
        play(window)

    os.environ.setdefault("ESCDELAY", "25")  # Esc acts at once, not after curses' second of waiting
    curses.wrapper(set_up)


def _flush(guarded: GuardedStore | None) -> None:
    """Whatever the store has not taken yet, handed over once more; a loss is said, never silent."""
    if guarded is not None and not guarded.flush():
        raise StoreError(f"{guarded.unsaved} change(s) could not be saved: {guarded.problem}")
