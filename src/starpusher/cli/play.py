"""``starpusher play [FILE...] [--level N]``: open the game window.

With no file the built-in levels are played. Several files are played as one
collection, one after the other.
"""

from __future__ import annotations

import argparse

from ..core import LevelError
from ..levels import Collection


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="open the game window (the default command)",
        description="Open the Star Pusher window on level files, or on the built-in levels.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="level files (.txt, .sok, .xsb)")
    parser.add_argument("--level", type=int, default=None, metavar="N", help="start at level N (from 1)")
    parser.add_argument("--instant", action="store_true", help="moves without animation")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    collection = open_levels(args.files)
    start = 0
    if args.level is not None:
        if not 1 <= args.level <= len(collection.levels):
            raise LevelError(
                f"there is no level {args.level}; there are {len(collection.levels)}",
                source=", ".join(args.files) or "built-in levels",
            )
        start = args.level - 1
    from ..gui import App, Settings
    from ..store import Store, StoreError

    settings = Settings(instant_moves=args.instant)
    try:
        store: Store | None = Store.open(getattr(args, "data_dir", None))
    except StoreError as error:  # play on without keeping progress, and say so
        store, problem = None, f"Progress will not be kept: {error}"
    else:
        problem = store.notice
    try:
        app = App(
            collection, level_index=start, settings=settings, progress=store, show_title=args.level is None
        )
        if problem:
            app.say(problem, 10)
        return app.run()
    finally:
        if store is not None:
            store.close()


def open_levels(files: list[str]) -> Collection:
    """One collection made of every given file (the built-in levels when none)."""
    from ..levels import load_builtin, read_collection

    if not files:
        return load_builtin()
    parts = [read_collection(path) for path in files]
    if len(parts) == 1:
        combined = parts[0]
    else:
        combined = Collection(source=", ".join(files), title=" + ".join(p.title or p.source for p in parts))
        for part in parts:
            combined.levels.extend(part.levels)
            combined.numbers.extend(part.numbers)
            combined.problems.extend(part.problems)
    if not combined.levels:
        raise combined.problems[0] if combined.problems else LevelError("no levels", source=files[0])
    for problem in combined.problems:
        print(f"starpusher: skipped {problem}")
    return combined
