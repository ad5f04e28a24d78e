"""Level files: reading, validating and writing Sokoban levels, and the built-in collections.

* :func:`read_collection` / :func:`parse_collection` read Star Pusher's
  ``.txt`` files and the ``.sok``/``.xsb`` files of other Sokoban programs,
  including run-length encoded boards (see :mod:`.reader` for the format;
  :mod:`.lines` tells what a line is, :mod:`.building` builds a level from its rows).
* :func:`format_collection` writes levels back as text that reads back equal.
* :func:`builtin_collections` and :func:`load_builtin` give the levels that
  ship with the game.
* :func:`open_named` turns a name (a file, or a built-in collection's short
  name) into levels: every command and the window use it (:mod:`.names`).
"""

from __future__ import annotations

from .builtin import DEFAULT_COLLECTION, BuiltinCollection, builtin_collections, load_builtin
from .encoding import decode_level_bytes
from .names import builtin_names, names_builtin, open_named, open_playable, store_name
from .reader import Collection, parse_collection, read_collection
from .rle import MAX_SQUARES, encode_rle, expand_rle
from .titles import collection_name, display_title
from .writer import format_collection, format_level

__all__ = [
    "DEFAULT_COLLECTION",
    "MAX_SQUARES",
    "BuiltinCollection",
    "Collection",
    "builtin_collections",
    "builtin_names",
    "collection_name",
    "decode_level_bytes",
    "display_title",
    "encode_rle",
    "expand_rle",
    "format_collection",
    "format_level",
    "load_builtin",
    "names_builtin",
    "open_named",
    "open_playable",
    "parse_collection",
    "read_collection",
    "store_name",
]
