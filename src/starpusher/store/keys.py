"""Levels are known by their content, not by their file or title.

Progress follows a level when its file is renamed or reordered, and the same
board in two collections shares one record. The key is a hash of the board in
standard characters, moved to its top-left corner: LURD moves do not depend on
where the board sits, so a saved game or solution stays valid for every copy.
"""

from __future__ import annotations

import hashlib

from ..core import Level

#: Hex digits kept from the SHA-256 digest: 128 bits, far beyond any chance of
#: two different boards meeting, and still short enough to read in a listing.
KEY_LENGTH = 32


def normalised_board(level: Level) -> str:
    """The starting board as text: standard characters, no blank edges.

    Trailing spaces, blank rows above and below, and blank columns on the left
    are removed; walls, goals, stars and the player are all that remain.
    Title, author and comments play no part.
    """
    rows = level.to_rows(level.start)
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    indent = min(len(row) - len(row.lstrip(" ")) for row in rows if row.strip())
    return "\n".join(row[indent:] for row in rows)


def level_key(level: Level) -> str:
    """The level's identity in the store: a hex digest of its normalised board."""
    digest = hashlib.sha256(normalised_board(level).encode("utf-8")).hexdigest()
    return digest[:KEY_LENGTH]
