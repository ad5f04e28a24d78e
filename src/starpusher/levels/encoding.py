"""Turning the bytes of a level file into text.

Level files come from many editors. A byte order mark (BOM) at the start says
how the text is encoded: ``EF BB BF`` is UTF-8, ``FF FE`` is UTF-16
little-endian and ``FE FF`` is UTF-16 big-endian. Without one we try UTF-8
(which plain ASCII files are too) and fall back to Latin-1, the usual choice
of old Windows editors. NUL bytes mean UTF-16 without a BOM when every other
byte is NUL, and a binary file otherwise.
"""

from __future__ import annotations

import codecs

from ..core.errors import LevelError

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode_level_bytes(data: bytes, source: str) -> str:
    """The text of a level file; raises :class:`LevelError` for binary data."""
    encoding = _guess_encoding(data, source)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        if encoding == "utf-8":
            return data.decode("latin-1")
        # The utf-8-sig codec counts bytes after the BOM; UTF-16 counts from the file's start.
        name, skipped = ("UTF-8", len(codecs.BOM_UTF8)) if encoding == "utf-8-sig" else (encoding.upper(), 0)
        raise LevelError(f"not valid {name} text (byte {error.start + skipped + 1})", source=source) from None


def _guess_encoding(data: bytes, source: str) -> str:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return encoding
    if b"\0" not in data:
        return "utf-8"
    if len(data) % 2 == 0 and not data[1::2].strip(b"\0"):
        return "utf-16-le"
    if len(data) % 2 == 0 and not data[0::2].strip(b"\0"):
        return "utf-16-be"
    raise LevelError("this is a binary file, not a level file (it holds NUL bytes)", source=source)
