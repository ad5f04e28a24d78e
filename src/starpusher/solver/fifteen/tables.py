"""Additive pattern databases for Fifteen, built once and cached in the data directory.

A pattern database (Korf and Felner's "disjoint" kind) splits the tiles into
groups. For one group it stores, for every placement of that group's tiles,
how many moves *of those tiles* it takes to bring them home, the other tiles
being treated as blanks the real gap can pass through for free. Since each
move slides exactly one tile, the values of disjoint groups add up to a lower
bound on the whole solution: an admissible heuristic for IDA*.

Everything here works in the *blank-first* frame (tile ``t`` belongs on cell
``t``, gap on cell 0): boards of the game's blank-last goal are turned into it
by a half turn (see :mod:`.frames`), so one set of tables serves both goals.

A placement is indexed by the tiles' cells, four bits per tile (tile ``i`` of
the group in bits ``4i..4i+3``). That wastes space on impossible placements
(two tiles on one cell) but lets the search update an index with one addition
when a tile moves. The tables are built by a breadth-first search over the
group's placements *and* the gap's cell, vectorised with NumPy, and stored
compressed; a damaged cache file is simply rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Tile groups per board size (blank-first numbering). 4x4 uses Korf and
#: Felner's 6-6-3 split: the top row, and the left and right halves below it.
#: The right half is the left half mirrored left to right, tile by tile in
#: this order (see :data:`MIRRORED`).
PATTERNS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (3, 3): ((3, 4, 6, 7), (1, 2, 5, 8)),
    (4, 4): ((4, 5, 8, 9, 12, 13), (7, 6, 11, 10, 15, 14), (1, 2, 3)),
}

#: Groups whose table is another group's table mirrored left to right, instead
#: of searched: (size, group number) -> the group it mirrors. Sound because the
#: mirror keeps the rules, and the gap's goal cell (0) and its mirror (3) lie
#: in the top row, which neither half uses, so the gap moves between them for
#: free and the two goals cost the same.
MIRRORED: dict[tuple[int, int, int], int] = {(4, 4, 1): 0}

BITS = 4  # bits per cell in an index: boards with tables have at most 16 cells
UNSEEN = 255
FORMAT_VERSION = 1
MAGIC = b"SPFIFTEENPDB"

Progress = Callable[[str, float], None]
"""Called as ``progress(message, fraction_done)`` while tables are built."""


@dataclass(frozen=True)
class PatternTables:
    """The tables of one board size: ``tables[g][index]`` is the cost of group ``g``."""

    width: int
    height: int
    patterns: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]


def has_tables(width: int, height: int) -> bool:
    return (width, height) in PATTERNS


def cache_path(data_dir: Path, width: int, height: int) -> Path:
    return data_dir / f"fifteen-pdb-{width}x{height}-v{FORMAT_VERSION}.bin"


_loaded: dict[tuple[int, int], PatternTables] = {}
_lock = threading.Lock()


def tables_ready(width: int, height: int, data_dir: Path | None) -> bool:
    """True when :func:`load_tables` will not have to build anything big."""
    if (width, height) in _loaded or (width, height) == (3, 3):
        return True
    return data_dir is not None and cache_path(data_dir, width, height).is_file()


def load_tables(
    width: int, height: int, data_dir: Path | None, progress: Progress | None = None
) -> PatternTables:
    """The tables for a size: from memory, else from the cache file, else built (and cached)."""
    key = (width, height)
    with _lock:
        if key in _loaded:
            return _loaded[key]
        patterns = PATTERNS[key]
        path = cache_path(data_dir, width, height) if data_dir is not None else None
        tables = _read_cache(path, width, height, patterns) if path is not None else None
        if tables is None:
            tables = _build_tables(width, height, patterns, progress)
            if path is not None:
                _write_cache(path, width, height, patterns, tables)
        loaded = PatternTables(width, height, patterns, tables)
        _loaded[key] = loaded
        return loaded


def _build_tables(
    width: int, height: int, patterns: tuple[tuple[int, ...], ...], progress: Progress | None
) -> tuple[bytes, ...]:
    built: list[bytes] = []
    searched = [number for number in range(len(patterns)) if (width, height, number) not in MIRRORED]
    for number, group in enumerate(patterns):
        source = MIRRORED.get((width, height, number))
        if source is None:
            stage = _stage(progress, searched.index(number), len(searched))
            built.append(build_table(width, height, group, stage))
        else:
            built.append(mirror_table(built[source], width, height, len(group)))
    return tuple(built)


def mirror_table(table: bytes, width: int, height: int, size: int) -> bytes:
    """A group's table for the board mirrored left to right (the group's tiles mirrored in order)."""
    import numpy as np

    flipped = np.array([cell - cell % width + width - 1 - cell % width for cell in range(1 << BITS)])
    flipped[width * height :] = np.arange(width * height, 1 << BITS)  # cells off the board stay
    index = np.arange(1 << (BITS * size), dtype=np.int64)
    moved = np.zeros_like(index)
    for slot in range(size):
        moved |= flipped[(index >> (BITS * slot)) & 15] << (BITS * slot)
    result = np.empty(index.size, dtype=np.uint8)
    result[moved] = np.frombuffer(table, dtype=np.uint8)
    return result.tobytes()


def _stage(progress: Progress | None, number: int, count: int) -> Progress | None:
    if progress is None:
        return None
    return lambda message, done: progress(message, (number + done) / count)


# -- building ------------------------------------------------------------------


def build_table(width: int, height: int, group: tuple[int, ...], progress: Progress | None = None) -> bytes:
    """The cost table of one tile group, by breadth-first search outwards from the goal.

    A state is the group's cells plus the gap's cell (in the top four bits).
    The gap stepping onto a cell outside the group costs nothing; sliding a
    group tile costs one. So the search goes level by level: first spread
    each level through all its free gap moves, then take one paid move.
    """
    import numpy as np

    cells = width * height
    size = len(group)
    gap_shift = BITS * size
    low_mask = (1 << gap_shift) - 1
    neighbours = np.full((1 << BITS, 4), -1, dtype=np.int64)
    for cell in range(cells):
        x, y = cell % width, cell // width
        for column, (dx, dy) in enumerate(((0, -1), (0, 1), (-1, 0), (1, 0))):
            if 0 <= x + dx < width and 0 <= y + dy < height:
                neighbours[cell, column] = cell + dx + dy * width
    total_states = 1
    for free in range(cells - size, cells + 1):
        total_states *= free
    cost = np.full(1 << (gap_shift + BITS), UNSEEN, dtype=np.uint8)
    start = sum(tile << (BITS * slot) for slot, tile in enumerate(group))  # gap on cell 0
    cost[start] = 0
    frontier = np.array([start], dtype=np.int64)
    level, seen = 0, 1
    name = "tiles " + " ".join(map(str, group))
    while frontier.size:
        # Free moves: the gap walks over cells no group tile occupies.
        layers, new = [frontier], frontier
        while new.size:
            gap = new >> gap_shift
            found = []
            for column in range(4):
                target = neighbours[gap, column]
                free = target >= 0
                for slot in range(size):
                    free &= ((new >> (BITS * slot)) & 15) != target
                found.append((new[free] & low_mask) | (target[free] << gap_shift))
            new = _unseen(cost, np.concatenate(found))
            cost[new] = level
            layers.append(new)
        states = np.concatenate(layers)
        seen += states.size - 1 if level == 0 else states.size - frontier.size
        # Paid moves: the gap swaps with a group tile, which slides one cell.
        gap = states >> gap_shift
        found = []
        for column in range(4):
            target = neighbours[gap, column]
            for slot in range(size):
                shift = BITS * slot
                hit = (((states >> shift) & 15) == target) & (target >= 0)
                moved_from, moved_to = target[hit], gap[hit]
                found.append(
                    states[hit] + ((moved_to - moved_from) << shift) + ((moved_from - moved_to) << gap_shift)
                )
        frontier = _unseen(cost, np.concatenate(found))
        level += 1
        cost[frontier] = level
        seen += frontier.size
        if progress is not None:
            progress(f"building move tables ({name})", min(seen / total_states, 1.0))
    # The search needs only the group's cells: keep the cheapest over all gap cells.
    return cost.reshape(1 << BITS, 1 << gap_shift).min(axis=0).tobytes()


def _unseen(cost: Any, states: Any) -> Any:
    """The states not reached before, each once (NumPy arrays)."""
    import numpy as np

    return np.unique(states[cost[states] == UNSEEN])


# -- the cache file --------------------------------------------------------------
# Layout: MAGIC, a header (version, width, height, group count, then each
# group's size and tiles), the BLAKE2 digest of the payload, the zlib payload.


def _header(width: int, height: int, patterns: tuple[tuple[int, ...], ...]) -> bytes:
    fields = [FORMAT_VERSION, width, height, len(patterns)]
    for group in patterns:
        fields += [len(group), *group]
    return MAGIC + struct.pack(f"<{len(fields)}B", *fields)


def _read_cache(
    path: Path, width: int, height: int, patterns: tuple[tuple[int, ...], ...]
) -> tuple[bytes, ...] | None:
    """The cached tables, or None when the file is missing, stale or damaged."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header = _header(width, height, patterns)
    digest_size = 32
    if not data.startswith(header) or len(data) < len(header) + digest_size:
        return None
    digest = data[len(header) : len(header) + digest_size]
    payload = data[len(header) + digest_size :]
    if hashlib.blake2b(payload, digest_size=digest_size).digest() != digest:
        return None
    try:
        raw = zlib.decompress(payload)
    except zlib.error:
        return None
    sizes = [1 << (BITS * len(group)) for group in patterns]
    if len(raw) != sum(sizes):
        return None
    tables, offset = [], 0
    for size in sizes:
        tables.append(raw[offset : offset + size])
        offset += size
    return tuple(tables)


def _write_cache(
    path: Path, width: int, height: int, patterns: tuple[tuple[int, ...], ...], tables: tuple[bytes, ...]
) -> None:
    """Write atomically (temporary file, then rename) so a crash never leaves half a file."""
    payload = zlib.compress(b"".join(tables), 6)
    digest = hashlib.blake2b(payload, digest_size=32).digest()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    except OSError:
        return  # a read-only data directory only costs a rebuild next time
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(_header(width, height, patterns) + digest + payload)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
