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
from dataclasses import dataclass

from ..core.errors import LevelError


@dataclass(frozen=True)
class FileEncoding:
    """How a level file's text is stored: what writes it back as its editor saved it."""

    #: Python's name of the codec, without a byte order mark ("utf-8", "utf-16-le", "latin-1").
    codec: str
    #: The byte order mark the file starts with, if any.
    bom: bytes = b""

    @property
    def name(self) -> str:
        """The encoding's name for the player: "UTF-8", "UTF-16" (either byte order), "Latin-1"."""
        return {"utf-8": "UTF-8", "latin-1": "Latin-1"}.get(self.codec, "UTF-16")

    def encode(self, text: str) -> bytes:
        """``text`` as the file stores it; raises UnicodeEncodeError for a character it cannot hold."""
        return self.bom + text.encode(self.codec)


UTF_8 = FileEncoding("utf-8")
LATIN_1 = FileEncoding("latin-1")
_BOMS = (
    FileEncoding("utf-8", codecs.BOM_UTF8),
    FileEncoding("utf-16-le", codecs.BOM_UTF16_LE),
    FileEncoding("utf-16-be", codecs.BOM_UTF16_BE),
)


def decode_level_bytes(data: bytes, source: str) -> str:
    """The text of a level file; raises :class:`LevelError` for binary data."""
    return decode_level_file(data, source)[0]


def decode_level_file(data: bytes, source: str) -> tuple[str, FileEncoding]:
    """The text of a level file and its encoding; raises :class:`LevelError` for binary data."""
    encoding = _guess_encoding(data, source)
    try:
        return data[len(encoding.bom) :].decode(encoding.codec), encoding
    except UnicodeDecodeError as error:
        if encoding == UTF_8:
            return data.decode("latin-1"), LATIN_1
        byte = len(encoding.bom) + error.start + 1  # counted from the file's start
        raise LevelError(f"not valid {encoding.name} text (byte {byte})", source=source) from None


def _guess_encoding(data: bytes, source: str) -> FileEncoding:
    for encoding in _BOMS:
        if data.startswith(encoding.bom):
            return encoding
    if b"\0" not in data:
        return UTF_8
    if len(data) % 2 == 0 and not data[1::2].strip(b"\0"):
        return FileEncoding("utf-16-le")
    if len(data) % 2 == 0 and not data[0::2].strip(b"\0"):
        return FileEncoding("utf-16-be")
    raise LevelError("this is a binary file, not a level file (it holds NUL bytes)", source=source)
