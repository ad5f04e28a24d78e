"""Files the commands write (issue 24): the mode a player expects, links followed and kept,
no named pipe waited on, and no temporary file left behind by a killed command."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from starpusher.cli import main

#: Every command that writes a file the player names, with "{out}" for that file (named by ``out_file``).
WRITERS = {
    "render": ["render", "starpusher", "--level", "1", "-o", "{out}"],
    "export": ["export", "original", "-o", "{out}"],
    "generate": ["generate", "--size", "7x7", "--boxes", "1", "-o", "{out}"],
}
needs_posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and umask are POSIX")


def out_file(folder: Path, command: str, stem: str = "out") -> Path:
    return folder / (stem + (".png" if command == "render" else ".sok"))


def write_with(command: str, out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([part.format(out=out) for part in WRITERS[command]]) == 0
    capsys.readouterr()


@pytest.fixture
def umask() -> Iterator[None]:
    """Restores the process's umask after a test that sets its own."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@needs_posix
@pytest.mark.parametrize("command", WRITERS)
@pytest.mark.parametrize("mask", [0o022, 0o002])
def test_a_new_file_takes_the_mode_the_umask_gives(
    command: str, mask: int, umask: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.umask(mask)
    out = out_file(tmp_path, command)
    write_with(command, out, capsys)
    assert mode_of(out) == 0o666 & ~mask  # it was 0600 whatever the umask


@needs_posix
@pytest.mark.parametrize("command", WRITERS)
def test_a_file_written_over_keeps_its_mode(
    command: str, umask: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.umask(0o077)
    out = out_file(tmp_path, command)
    out.write_text("old")
    out.chmod(0o664)
    write_with(command, out, capsys)
    assert mode_of(out) == 0o664 and out.read_bytes() != b"old"


@pytest.mark.parametrize("command", WRITERS)
def test_writing_through_a_symbolic_link_writes_the_file_it_names(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = out_file(tmp_path / "elsewhere", command, "real")
    real.parent.mkdir()
    real.write_text("old")
    link = out_file(tmp_path, command, "link")
    link.symlink_to(real)
    write_with(command, link, capsys)
    assert link.is_symlink() and real.read_bytes() != b"old"
    assert [path.name for path in tmp_path.iterdir() if path.is_file()] == [link.name]
    assert [path.name for path in real.parent.iterdir()] == [real.name]


@pytest.mark.parametrize("command", WRITERS)
def test_a_file_with_hard_links_is_written_through_every_name(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = out_file(tmp_path, command, "first"), out_file(tmp_path, command, "second")
    first.write_text("old")
    os.link(first, second)
    write_with(command, first, capsys)
    assert first.read_bytes() != b"old"
    assert os.path.samefile(first, second) and second.read_bytes() == first.read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([first.name, second.name])


@needs_posix
@pytest.mark.parametrize("command", WRITERS)
@pytest.mark.parametrize("kind", ["a named pipe", "a folder"])
def test_a_named_pipe_or_folder_is_refused_at_once(command: str, kind: str, tmp_path: Path) -> None:
    out = out_file(tmp_path, command)
    os.mkfifo(out) if kind == "a named pipe" else out.mkdir()
    done = subprocess.run(  # a subprocess: writing to the pipe waited for ever for a reader
        [sys.executable, "-m", "starpusher", *(part.format(out=out) for part in WRITERS[command])],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr == f"starpusher: {out}: cannot write: it is {kind}, not a regular file\n"
    assert [path.name for path in tmp_path.iterdir()] == [out.name]


@needs_posix
def test_a_temporary_file_left_by_a_killed_generate_is_removed_by_the_next_write(tmp_path: Path) -> None:
    out = tmp_path / "made.sok"
    command = [sys.executable, "-m", "starpusher", "generate", "--count", "100000"]
    command += ["--size", "7x7", "--boxes", "1"]
    process = subprocess.Popen([*command, "-o", str(out)], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not any(tmp_path.glob(".made.sok.*.part")):  # made before the first level
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert [path.name for path in tmp_path.glob(".made.sok.*.part")]  # what SIGKILL leaves
    assert main(["generate", "--size", "7x7", "--boxes", "1", "-o", str(out)]) == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["made.sok"]


@pytest.mark.parametrize("command", WRITERS)
def test_a_name_of_255_bytes_is_written(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Names of 241 to 255 bytes failed with "File name too long": the temporary name is 15 bytes longer."""
    out = out_file(tmp_path, command, stem="n" * 251)
    assert len(os.fsencode(out.name)) == 255
    write_with(command, out, capsys)
    assert [path.name for path in tmp_path.iterdir()] == [out.name]
    assert out.stat().st_size > 0


def test_a_name_longer_than_the_folder_allows_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / ("n" * 252 + ".sok")
    assert main(["export", "original", "-o", str(out)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"starpusher: {out}: ") and error.endswith(": File name too long\n")
    assert error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
