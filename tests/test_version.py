"""The version is written once, in pyproject.toml, and read from the installed package's metadata.

(``tests/packaging/test_wheel.py`` builds a wheel with a version of its own and checks
that the installed program says it.)
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import starpusher
from starpusher.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_the_metadatas(capsys: pytest.CaptureFixture[str]) -> None:
    written = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert starpusher.__version__ == metadata.version("starpusher") == written
    with pytest.raises(SystemExit) as finished:
        main(["--version"])
    assert finished.value.code == 0
    assert capsys.readouterr().out == f"starpusher {written}\n"


def test_a_command_that_does_not_ask_for_the_version_does_not_read_the_metadata() -> None:
    # Importing importlib.metadata costs a good part of a command's start-up time.
    probe = "import sys, starpusher.cli; print('importlib.metadata' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"


def test_a_module_attribute_that_does_not_exist_is_still_an_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'versoin'"):
        _ = starpusher.versoin
