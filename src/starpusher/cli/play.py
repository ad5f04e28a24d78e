"""``starpusher play [FILE...] [--level N] [--terminal]``: open the game window, or play in the terminal.

With no file the game opens where the player left off (the last collection
and level played, from the store), else on the built-in levels. Several
files are played as one collection, one after the other. Settings come from
the store and go back to it when the player changes them. ``--terminal``
plays in the terminal instead (no display needed), on the same store.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..core import LevelError, StarPusherError
from ..levels import (
    DEFAULT_COLLECTION,
    Collection,
    collection_name,
    names_builtin,
    open_named,
    open_playable,
    store_name,
)
from ..store import LastPlayed, Store
from .common import open_store_for_window, read_levels


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="open the game window (the default command)",
        description="Open the Star Pusher window on level files, or where you left off.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="level files (.txt, .sok, .xsb)")
    parser.add_argument("--level", type=int, default=None, metavar="N", help="start at level N (from 1)")
    parser.add_argument(
        "--instant", action="store_true", help="moves without animation (kept, like the I key)"
    )
    parser.add_argument(
        "--terminal", action="store_true", help="play in this terminal, no window (works over SSH)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # The files are read before the store is opened: bad input never creates or touches it.
    given = open_levels(args.files) if args.files else None
    terminal = getattr(args, "terminal", False)
    if terminal:
        from ..tui import check_terminal

        check_terminal()  # no terminal to play in: say so before touching the store
    else:
        check_screen()  # no screen: say so before touching the store
    store, problem = open_store_for_window(getattr(args, "data_dir", None), "Progress will not be kept")
    try:
        last = store.last_played() if store is not None else None
        collection, name, start = choose_levels(args.files, last, given)
        if args.level is not None:
            if not 1 <= args.level <= len(collection.levels):
                raise LevelError(
                    f"there is no level {args.level}; there are {len(collection.levels)}",
                    source=", ".join(args.files) or _describe(name),
                )
            start = args.level - 1
        if terminal:
            from ..tui import play_in_terminal

            return play_in_terminal(collection, store, name=name, index=start, problem=problem)
        return open_window(args, store, collection, name, start, problem)
    finally:
        if store is not None:
            store.close()


def open_window(
    args: argparse.Namespace,
    store: Store | None,
    collection: Collection,
    name: str | None,
    start: int,
    problem: str | None,
) -> int:
    from ..gui import Settings
    from ..gui.launch import run_and_save, settings_from_store, window_on_store

    settings = settings_from_store(store) if store is not None else Settings()
    if args.instant:
        settings.instant_moves = True
    app = window_on_store(
        collection,
        store,
        collection_name=name,
        level_index=start,
        settings=settings,
        show_title=args.level is None and not args.files,  # files named: their level, at once
    )
    return run_and_save(app, problem)


NO_SCREEN = "there is no screen to open the window on (is DISPLAY set?)"


def check_screen() -> None:
    """Refuse to start a window nobody can see, saying so before SDL says anything of its own.

    On Linux and the BSDs a window needs an X or Wayland display; without one SDL
    prints its own complaints (about XDG_RUNTIME_DIR) and falls back to drawing offscreen.
    """
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    desktop = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
    if (
        desktop
        and driver in ("", "x11", "wayland")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    ):
        raise StarPusherError(NO_SCREEN)
    # pygame greets on stdout when first imported (here, before the window's package is).
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        raise StarPusherError(f"cannot open a window: {error}") from None
    if pygame.display.get_driver() == "offscreen" and driver != "offscreen":
        pygame.display.quit()
        raise StarPusherError(NO_SCREEN)


def choose_levels(
    files: list[str], last: LastPlayed | None, given: Collection | None = None
) -> tuple[Collection, str | None, int]:
    """The collection to open, the name the store knows it by, and the level to start at.

    Files given are opened (at the level last played in them, when it was
    this file; ``given`` is their collection when already read); with none,
    the collection last played, if it can still be read, else the built-in levels.
    """
    if files:
        collection = given if given is not None else open_levels(files)
        name = store_name(files[0]) if len(files) == 1 else None
        return collection, name, _last_level(last, name, collection)
    if last is not None:
        try:
            collection = open_playable(last.collection)
        except StarPusherError:
            pass  # moved or deleted since: start on the built-in levels
        else:
            return collection, last.collection, _last_level(last, last.collection, collection)
    return open_playable(DEFAULT_COLLECTION), DEFAULT_COLLECTION, 0


def _describe(name: str | None) -> str:
    """How an error names the collection opened without a file: the built-in one or the last played."""
    if name is None or names_builtin(name):
        return f"built-in levels ({name or DEFAULT_COLLECTION})"
    return f"{name} (the file played last)"


def _last_level(last: LastPlayed | None, name: str | None, collection: Collection) -> int:
    if last is None or name is None or last.collection != name:
        return 0
    return min(max(last.level, 1), len(collection.levels)) - 1


def open_levels(files: list[str]) -> Collection:
    """One collection made of every given file or built-in name (the built-in levels when none)."""
    if not files:
        return open_named(DEFAULT_COLLECTION)
    parts = [read_levels(name) for name in files]
    if len(parts) == 1:
        combined = parts[0]
    else:
        combined = Collection(source=", ".join(files), title=" + ".join(collection_name(p) for p in parts))
        for part in parts:
            combined.levels.extend(part.levels)
            combined.numbers.extend(part.numbers)
            combined.problems.extend(part.problems)
    if not combined.levels:
        raise combined.problems[0] if combined.problems else LevelError("no levels", source=files[0])
    for problem in combined.problems:
        print(f"starpusher: skipped {problem}")
    return combined
