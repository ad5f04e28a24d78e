"""Files as editors save them: byte order marks, UTF-16, Latin-1, and files that are not levels."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from starpusher.core import LevelError
from starpusher.levels import decode_level_bytes, read_collection, reader

TEXT = "; Café level\r\n#####\r\n#@$.#\r\n#####\r\n"


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        codecs.BOM_UTF8 + TEXT.encode("utf-8"),
        codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
        codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
        TEXT.encode("utf-16-le"),
        TEXT.encode("utf-16-be"),
        TEXT.encode("latin-1"),
    ],
    ids=["utf8", "utf8-bom", "utf16le-bom", "utf16be-bom", "utf16le", "utf16be", "latin1"],
)
def test_decodes_every_encoding_editors_use(data: bytes) -> None:
    assert decode_level_bytes(data, "x.txt") == TEXT


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_reads_files_with_any_line_end_and_bom(tmp_path: Path, ending: str) -> None:
    path = tmp_path / "levels.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + TEXT.replace("\r\n", ending).encode("utf-16-le"))
    collection = read_collection(path)
    assert collection.source == str(path)
    assert [level.title for level in collection.levels] == ["Café level"]


def test_binary_data_is_a_level_error() -> None:
    with pytest.raises(LevelError, match=r"^img\.png: this is a binary file"):
        decode_level_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "img.png")


def test_bad_utf8_after_a_bom_names_the_byte_counted_from_the_file_start() -> None:
    data = codecs.BOM_UTF8 + b"#####\n#@$.#\xff\n"
    with pytest.raises(LevelError, match=r"^bom\.txt: not valid UTF-8 text \(byte 15\)$"):
        decode_level_bytes(data, "bom.txt")


def test_odd_utf16_is_a_level_error() -> None:
    with pytest.raises(LevelError, match="not valid UTF-16"):
        decode_level_bytes(codecs.BOM_UTF16_LE + b"#\x00#", "odd.txt")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty"),
        (b"  \n\r\n", "the file is empty"),
        (b"just some notes\n", "no levels found"),
        (b"\x00\x01\x02\xff", "binary file"),
    ],
)
def test_files_without_levels_raise_one_clear_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(LevelError, match=message) as caught:
        read_collection(path)
    assert caught.value.source == str(path)


@pytest.mark.parametrize(
    ("content", "line"), [("@$.\n", 1), ("Title: Open\n\n -@$.\n  $.\n", 3), ("; a note\n+*$\n", 2)]
)
def test_a_board_without_walls_is_named_with_its_line(tmp_path: Path, content: str, line: int) -> None:
    """It said "no levels found", as if the file held none: it holds one, with no walls."""
    path = tmp_path / "open.sok"
    path.write_text(content)
    with pytest.raises(LevelError) as caught:
        read_collection(path)
    assert str(caught.value) == (
        f"{path}:{line}: a board without walls: a level needs walls (#) all round the player's area"
    )


@pytest.mark.parametrize("text", ["just some notes\n", "e-mail me@example.org\n", "...\n- - -\n", "a . b\n"])
def test_text_without_a_board_is_still_no_levels_found(tmp_path: Path, text: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(text)
    with pytest.raises(LevelError, match="no levels found"):
        read_collection(path)


def test_missing_file_and_directory_raise_level_errors(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="cannot read the file"):
        read_collection(tmp_path / "missing.txt")
    with pytest.raises(LevelError, match="cannot read the file"):
        read_collection(tmp_path)


def test_a_file_past_the_size_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_FILE_BYTES", 100)
    level = b"#####\n#@$.#\n#####\n"
    path = tmp_path / "big.txt"
    path.write_bytes(level + b";" * (100 - len(level)))
    assert len(read_collection(path).levels) == 1
    path.write_bytes(level + b";" * (101 - len(level)))
    with pytest.raises(LevelError, match="the file is larger than 0 MB"):
        read_collection(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_not_read_forever() -> None:
    with pytest.raises(
        LevelError, match=r"^/dev/zero: cannot read the file: it is a device, not a regular file"
    ):
        read_collection("/dev/zero")
