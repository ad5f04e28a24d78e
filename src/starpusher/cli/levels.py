"""``starpusher levels``: list the built-in collections."""

from __future__ import annotations

import argparse

from ..levels import builtin_collections


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "levels",
        help="list the built-in level collections",
        description="List the level collections that come with Star Pusher.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    collections = builtin_collections()
    width = max(len(c.name) for c in collections)
    for collection in collections:
        levels = "level " if collection.count == 1 else "levels"
        print(f"{collection.name:<{width}}  {collection.count:>4} {levels}  {collection.title}")
    return 0
