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
group's placements and the gap's region, vectorised with NumPy (see
"building" below), and stored compressed; a damaged cache file is rebuilt,
and the player told so.
"""

from __future__ import annotations

import hashlib
import math
import struct
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...bitboard import edge_masks, flood_round
from ...core import shown
from ...files import kind_of_path, read_regular_file, replace_file

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

Notice = Callable[[str], None]
"""Called with one line for the player: something went wrong, and what is done about it."""


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
    """True when :func:`load_tables` will not have to build anything big.

    A cache file counts only when it is sound (checked once per version of
    the file, by its checksum): a damaged one means a build, said as such.
    """
    if (width, height) in _loaded or (width, height) == (3, 3):
        return True
    if data_dir is None:
        return False
    path = cache_path(data_dir, width, height)
    try:
        status = path.stat()
    except OSError:
        return False
    version = (status.st_mtime_ns, status.st_size)
    if _sound_files.get(path) != version:
        if not _checksum_holds(path, width, height):
            return False
        _sound_files[path] = version
    return True


#: Cache files whose checksum held, with the (modification time, size) they had then.
_sound_files: dict[Path, tuple[int, int]] = {}


def _checksum_holds(path: Path, width: int, height: int) -> bool:
    """Whether the file starts with the right header and its payload matches its digest (no unpacking)."""
    try:
        data = read_regular_file(path)
    except OSError:
        return False
    header = _header(width, height, PATTERNS[(width, height)])
    digest_size = 32
    digest = data[len(header) : len(header) + digest_size]
    payload = data[len(header) + digest_size :]
    return data.startswith(header) and hashlib.blake2b(payload, digest_size=digest_size).digest() == digest


def load_tables(
    width: int,
    height: int,
    data_dir: Path | None,
    progress: Progress | None = None,
    notice: Notice | None = None,
) -> PatternTables:
    """The tables for a size: from memory, else from the cache file, else built (and cached).

    ``notice`` hears, in one line each time it happens, what the player should
    know: a damaged cache file being rebuilt, tables that cannot be kept.
    Only one thread builds; another asking meanwhile waits for the same tables.
    """
    key = (width, height)
    tell = notice or (lambda message: None)
    with _lock:
        if key in _loaded:
            return _loaded[key]
        patterns = PATTERNS[key]
        path = cache_path(data_dir, width, height) if data_dir is not None else None
        tables, problem = _read_cache(path, width, height, patterns) if path is not None else (None, None)
        # Something else in the file's place (a folder, a named pipe) is not the game's to replace.
        kept = path is not None and not kind_of_path(path)
        if problem is not None and path is not None:
            then = "building them again" if kept else "building them in memory, not kept"
            tell(f"the move tables {shown(path)} {problem}: {then}")
        if tables is None:
            tables = _build_tables(width, height, patterns, progress)
            if kept and path is not None:
                failure = _write_cache(path, width, height, patterns, tables)
                if failure is not None:
                    tell(
                        f"cannot keep the move tables in {shown(path.parent)} ({failure}):"
                        " they are built again next time"
                    )
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
# A state of the search is the group's placement and the *region* of the gap:
# the free cells (those no group tile covers) it can reach without moving a
# group tile. Walking about a region costs nothing, so every cell of it has
# the same cost and one state stands for them all: a 6-tile group of 4x4 has
# about 6 million states instead of the 58 million (placement, gap cell)
# pairs. A region is named by its lowest cell. The search goes breadth-first,
# one paid move (a group tile sliding into the region) per layer, over NumPy
# arrays of packed integers; a bitmap marks the states seen.

#: States expanded at once: bounds the memory of one step (about 1 GB at most for 6 tiles).
CHUNK = 1 << 19


def build_table(width: int, height: int, group: tuple[int, ...], progress: Progress | None = None) -> bytes:
    """The cost table of one tile group: ``table[placement]``, the fewest moves of its tiles home.

    ``placement`` packs the cells of the group's tiles, four bits each;
    impossible placements (two tiles on a cell, a cell off the board) hold 255.
    """
    import numpy as np

    cells = width * height
    size = len(group)
    region_shift = BITS * size
    region_of, lowest_cell = _regions(width, height)
    # Neighbours in the order up, down, left, right; 16 stands for "off the board": no region holds it.
    neighbours = np.full((1 << BITS, 4), 16, dtype=np.int32)
    for cell in range(cells):
        x, y = cell % width, cell // width
        for column, (dx, dy) in enumerate(((0, -1), (0, 1), (-1, 0), (1, 0))):
            if 0 <= x + dx < width and 0 <= y + dy < height:
                neighbours[cell, column] = cell + dx + dy * width
    # touching[cell, mask]: bit k set when the cell's neighbour on side k is in the mask.
    masks = np.arange(1 << (1 << BITS), dtype=np.int32)
    touching = np.zeros((1 << BITS, masks.size), dtype=np.uint8)
    for cell in range(cells):
        for column in range(4):
            if neighbours[cell, column] < cells:
                touching[cell] |= (((masks >> neighbours[cell, column]) & 1) << column).astype(np.uint8)

    table = np.full(1 << region_shift, UNSEEN, dtype=np.uint8)
    seen = np.zeros(1 << (region_shift + BITS - 3), dtype=np.uint8)  # one bit per state
    home = sum(tile << (BITS * slot) for slot, tile in enumerate(group))
    home_occupied = sum(1 << tile for tile in group)
    frontier = np.array([home << BITS | int(lowest_cell[region_of[home_occupied, 0]])], np.int32)
    _mark(seen, frontier)
    table[home] = 0
    placements, total = 1, math.perm(cells, size)
    name = "tiles " + " ".join(map(str, group))
    level = 0
    while frontier.size:
        level += 1
        found = []
        for first in range(0, frontier.size, CHUNK):
            chunk = frontier[first : first + CHUNK]
            moved = _paid_moves(chunk, size, neighbours, touching, region_of, lowest_cell)
            found.append(moved[~_marked(seen, moved)])
            if progress is not None:
                progress(f"building move tables ({name})", min(placements / total, 1.0))
        frontier = _sorted_once(np.concatenate(found))
        _mark(seen, frontier)
        # States are sorted by placement first, so a placement's regions lie side by side.
        reached = frontier >> BITS
        reached = reached[table[reached] == UNSEEN]
        table[reached] = level
        placements += int(np.count_nonzero(np.diff(reached, prepend=-1)))
    if progress is not None:
        progress(f"building move tables ({name})", 1.0)
    return table.tobytes()


def _paid_moves(
    states: Any, size: int, neighbours: Any, touching: Any, region_of: Any, lowest_cell: Any
) -> Any:
    """Every state one paid move away: a group tile slides onto a cell of the gap's region.

    A state is ``placement << 4 | region`` (the region's lowest cell).
    """
    import numpy as np

    placement = states >> BITS
    tile_cells = [(placement >> (BITS * slot)) & 15 for slot in range(size)]
    occupied = np.zeros_like(placement)
    for cell in tile_cells:
        occupied |= 1 << cell
    region = region_of[occupied, states & 15]
    found = []
    for slot, cell in enumerate(tile_cells):
        # Which of the tile's four neighbours lie in the gap's region: one look-up, four bits.
        open_sides = touching[cell, region]
        for column in range(4):
            into = np.flatnonzero(open_sides & (1 << column))
            source = cell[into]
            target = neighbours[source, column]
            after = occupied[into] ^ (1 << source) ^ (1 << target)
            # The gap ends where the tile was: its new region is the one around that cell.
            gap_region = lowest_cell[region_of[after, source]]
            moved = placement[into] + ((target - source) << (BITS * slot))
            found.append(moved << BITS | gap_region)
    return np.concatenate(found)


def _regions(width: int, height: int) -> tuple[Any, Any]:
    """``region_of[occupied, cell]``: the free cells joined to ``cell`` (a bit mask, 0 if it is occupied),
    and ``lowest_cell[mask]``: the lowest cell of a mask, which names a region."""
    import numpy as np

    cells = width * height
    board = (1 << cells) - 1
    edges = edge_masks(width, height)
    # Every board at once: one array element per set of occupied cells, flooded side by side.
    free: Any = board & ~np.arange(1 << cells, dtype=np.int64)
    region_of = np.zeros((1 << cells, 1 << BITS), dtype=np.int64)
    for cell in range(cells):
        region: Any = free & (1 << cell)
        while True:
            grown = flood_round(region, free, width, edges)
            if np.array_equal(grown, region):
                break
            region = grown
        region_of[:, cell] = region
    masks = np.arange(1 << cells, dtype=np.int64)
    lowest = masks & -masks
    lowest_cell = np.zeros(1 << cells, dtype=np.int32)
    lowest_cell[1:] = np.log2(lowest[1:]).round().astype(np.int32)
    return region_of.astype(np.int32), lowest_cell


def _sorted_once(states: Any) -> Any:
    """``states`` sorted, each once (a sort and a comparison: faster here than ``np.unique``)."""
    import numpy as np

    states.sort()
    return states[np.diff(states, prepend=-1) != 0]


def _marked(seen: Any, states: Any) -> Any:
    """Which of ``states`` the bitmap ``seen`` holds (a boolean array)."""
    return ((seen[states >> 3] >> (states & 7)) & 1).astype(bool)


def _mark(seen: Any, states: Any) -> None:
    """Set the bits of ``states`` (sorted, each once) in the bitmap ``seen``."""
    import numpy as np

    if not states.size:
        return
    byte = states >> 3
    bits = (1 << (states & 7)).astype(np.uint8)
    starts = np.flatnonzero(np.diff(byte, prepend=-1))
    seen[byte[starts]] |= np.bitwise_or.reduceat(bits, starts)


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
) -> tuple[tuple[bytes, ...] | None, str | None]:
    """The cached tables, or None and why not (None when the file is simply not there yet)."""
    try:
        data = read_regular_file(path)
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, f"cannot be read ({error.strerror or error})"
    header = _header(width, height, patterns)
    digest_size = 32
    if not data.startswith(header) or len(data) < len(header) + digest_size:
        return None, "is damaged or of another version (its header is wrong)"
    digest = data[len(header) : len(header) + digest_size]
    payload = data[len(header) + digest_size :]
    if hashlib.blake2b(payload, digest_size=digest_size).digest() != digest:
        return None, "is damaged (its checksum is wrong)"
    try:
        raw = zlib.decompress(payload)
    except zlib.error:
        return None, "is damaged (it does not decompress)"
    sizes = [1 << (BITS * len(group)) for group in patterns]
    if len(raw) != sum(sizes):
        return None, "is damaged (its tables have the wrong size)"
    tables, offset = [], 0
    for size in sizes:
        tables.append(raw[offset : offset + size])
        offset += size
    return tuple(tables), None


def _write_cache(
    path: Path, width: int, height: int, patterns: tuple[tuple[int, ...], ...], tables: tuple[bytes, ...]
) -> str | None:
    """Write the file whole or not at all (see :mod:`starpusher.files`). Returns why it failed."""
    payload = zlib.compress(b"".join(tables), 6)
    digest = hashlib.blake2b(payload, digest_size=32).digest()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, _header(width, height, patterns) + digest + payload)
    except OSError as error:
        return error.strerror or str(error)
    return None
