"""``starpusher edit``: which level the editor opens on, and one-line errors for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from starpusher.cli import main
from starpusher.cli.edit import choose_target
from starpusher.core import LevelError

TWO = "#####\n#@$.#\n#####\nTitle: One\n\n######\n#@$ .#\n######\nTitle: Two\n"


def test_a_copy_of_level_n_of_a_file_can_be_saved_over_it(tmp_path: Path) -> None:
    path = tmp_path / "two.sok"
    path.write_text(TWO)
    target = choose_target(str(path), 2, None)
    assert target.level is not None and target.level.title == "Two"
    assert (target.number, target.path) == (2, str(path))


def test_a_built_in_name_gives_a_copy_that_no_file_takes_back() -> None:
    target = choose_target("demo", None, None)
    assert target.level is not None and target.number == 1 and target.path is None


def test_a_file_alone_is_a_new_level_to_add_to_it(tmp_path: Path) -> None:
    existing = tmp_path / "two.sok"
    existing.write_text(TWO)
    assert choose_target(str(existing), None, None).level is None
    assert choose_target(str(existing), None, None).path == str(existing)
    missing = tmp_path / "new.sok"
    target = choose_target(str(missing), None, None)
    assert target.level is None and target.path == str(missing)


def test_a_level_that_is_not_there_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.sok"
    path.write_text(TWO)
    with pytest.raises(LevelError, match="no level 3; there are 2"):
        choose_target(str(path), 3, None)
    assert main(["--data-dir", str(tmp_path / "data"), "edit", str(path), "--level", "3"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"starpusher: {path}") and "no level 3" in err and err.count("\n") == 1


def test_level_without_a_file_says_what_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    # It was "starpusher: <text>: --level needs a FILE ...", as if a file called <text> were wrong.
    assert main(["edit", "--level", "3"]) == 1
    assert capsys.readouterr().err == (
        "starpusher: --level 3 needs a level file or built-in name to take the level from,"
        " as in 'starpusher edit original --level 3'\n"
    )


def test_the_help_names_the_editor(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["edit", "--help"])
    assert "--level N" in capsys.readouterr().out
