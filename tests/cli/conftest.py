"""Fixtures shared by the command-line tests."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest


@pytest.fixture
def read_only_view(tmp_path: Path) -> Iterator[Callable[[Path], Path]]:
    """``read_only_view(folder)``: the folder seen through a read-only bind mount, undone after the test.

    Root ignores permission bits, so a read-only mount is the only honest read-only
    folder; where mounting is not allowed the test is skipped.
    """
    mounts: list[Path] = []

    def view(folder: Path) -> Path:
        if shutil.which("mount") is None:
            pytest.skip("no mount command here")
        target = tmp_path / f"read-only-{len(mounts)}"
        target.mkdir()
        if subprocess.run(["mount", "--bind", folder, target], capture_output=True).returncode:
            pytest.skip("cannot make a read-only bind mount here (needs root)")
        mounts.append(target)
        if subprocess.run(["mount", "-o", "remount,bind,ro", target], capture_output=True).returncode:
            pytest.skip("cannot make the bind mount read-only")
        assert not os.access(target, os.W_OK)
        return target

    yield view
    for target in reversed(mounts):
        subprocess.run(["umount", target], capture_output=True)
