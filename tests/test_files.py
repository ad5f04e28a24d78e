"""Files read and written safely: only regular files read, every file replaced whole or not at all."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import BinaryIO

import pytest

from starpusher import files
from starpusher.files import NotRegularFileError, ReplacingFile, read_regular_file, replace_file

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


@needs_fifo
def test_a_named_pipe_is_neither_read_nor_written_and_nothing_waits(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    started = time.monotonic()
    with pytest.raises(NotRegularFileError, match="it is a named pipe, not a regular file") as refused:
        read_regular_file(pipe)
    assert refused.value.filename == str(pipe)
    with pytest.raises(NotRegularFileError, match="it is a named pipe, not a regular file"):
        replace_file(pipe, b"text")
    assert time.monotonic() - started < 5
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]


def test_a_character_device_is_written_straight_into(tmp_path: Path) -> None:
    replace_file(os.devnull, b"nothing")
    assert Path(os.devnull).is_char_device()  # written into, never renamed onto


def test_a_temporary_file_held_by_a_writer_at_work_is_not_taken_for_stale(tmp_path: Path) -> None:
    target = tmp_path / "levels.sok"
    with ReplacingFile(target) as slow:
        slow.write(b"the slow writer's text")
        replace_file(target, b"a quick writer's text")  # cleans up stale files beside the target
        assert target.read_bytes() == b"a quick writer's text"
        slow.commit()
    assert target.read_bytes() == b"the slow writer's text"
    assert [path.name for path in tmp_path.iterdir()] == ["levels.sok"]


def test_stale_temporary_files_of_the_target_go_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "levels.sok"
    stale = [".levels.sok.0a1b2c3d.part", ".levels.sok.k2_x9zq0.part"]  # ours, and tempfile's names
    kept = [".levels.sok.my-notes.part", ".other.sok.0a1b2c3d.part", "levels.sok.0a1b2c3d.part"]
    for name in stale + kept:
        (tmp_path / name).write_text("left behind")
    replace_file(target, b"text")
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([*kept, "levels.sok"])


def test_a_failed_copy_into_a_linked_file_puts_the_old_text_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first.sok", tmp_path / "second.sok"
    first.write_bytes(b"the old text")
    os.link(first, second)
    real = files._overwrite

    def full_halfway(file: BinaryIO, data: bytes) -> None:
        monkeypatch.setattr(files, "_overwrite", real)  # the putting back works
        file.seek(0)
        file.write(data[:4])
        file.flush()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "_overwrite", full_halfway)
    with pytest.raises(OSError, match="No space left"):
        replace_file(first, b"a new and longer text")
    assert first.read_bytes() == second.read_bytes() == b"the old text"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["first.sok", "second.sok"]


# -- names as long as the folder allows -------------------------------------------------------------


@pytest.mark.parametrize("name", ["a" * 251 + ".sok", "a" + "é" * 124 + ".sok", "a" * 241])
def test_a_name_as_long_as_the_folder_allows_is_written(name: str, tmp_path: Path) -> None:
    """A temporary name adds 15 bytes: names of 241 to 255 bytes failed with "File name too long"."""
    assert 241 <= len(os.fsencode(name)) <= 255
    replace_file(tmp_path / name, b"text")
    assert [path.name for path in tmp_path.iterdir()] == [name]
    assert (tmp_path / name).read_bytes() == b"text"


def test_the_stale_temporary_files_of_a_long_name_go_too(tmp_path: Path) -> None:
    target = tmp_path / ("a" + "é" * 124 + ".sok")
    with ReplacingFile(target) as killed:  # as a writer killed halfway leaves it
        killed.write(b"half")
        temporary = killed._temporary
        assert temporary is not None and len(os.fsencode(temporary.name)) <= 255
        os.link(temporary, tmp_path / "left behind")
    os.rename(tmp_path / "left behind", temporary)
    replace_file(target, b"text")
    assert [path.name for path in tmp_path.iterdir()] == [target.name]


def test_a_name_longer_than_the_folder_allows_is_refused_before_writing(tmp_path: Path) -> None:
    target = tmp_path / ("a" * 256)
    with pytest.raises(OSError, match="File name too long") as refused:
        replace_file(target, b"text")
    assert refused.value.filename == str(target)
    assert list(tmp_path.iterdir()) == []


# -- on a disk that fills up ---------------------------------------------------------------------

KB = 1024


@pytest.mark.parametrize("linked", [False, True])
def test_a_full_disk_keeps_the_old_file(linked: bool, small_disk: Path) -> None:
    target = small_disk / "levels.sok"
    target.write_bytes(b"old" * (8 * KB))
    if linked:
        os.link(target, small_disk / "other-name.sok")
    with pytest.raises(OSError, match="No space left"):
        replace_file(target, b"new" * (30 * KB))
    assert target.read_bytes() == b"old" * (8 * KB)
    assert len(list(small_disk.iterdir())) == 1 + linked  # no temporary file left


def test_a_linked_file_is_copied_into_once_the_temporary_file_has_made_way(small_disk: Path) -> None:
    # 24 KB old and 36 KB new fit on the 64 KB disk together, but not with a second copy of the new.
    target = small_disk / "levels.sok"
    target.write_bytes(b"o" * (24 * KB))
    os.link(target, small_disk / "other-name.sok")
    replace_file(target, b"n" * (36 * KB))
    assert (small_disk / "other-name.sok").read_bytes() == b"n" * (36 * KB)
