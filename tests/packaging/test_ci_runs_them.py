"""The slow packaging tests are part of the one test command that README gives and CI runs."""

from __future__ import annotations

import re
import tomllib

from packaging_helpers import ROOT


def test_the_test_command_leaves_no_marked_test_out() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"<!-- test-command -->\n(.*?)<!-- /test-command -->", readme, re.DOTALL)
    assert command and "-m pytest" in command.group(1)
    pytest_options = command.group(1).split("-m pytest", 1)[1]
    assert not re.search(r"(^|\s)(-m|-k|--deselect|--ignore)\b", pytest_options), pytest_options
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = pyproject["tool"]["pytest"]["ini_options"]
    assert "-m" not in options["addopts"].split()
    assert any(marker.startswith("slow:") for marker in options["markers"])
