"""``starpusher progress`` and ``verify --record``, run as a user would, on real databases."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from starpusher.cli import build_parser, main
from starpusher.store import DATABASE_NAME

LEVELS = """\
Collection: Three

#######
#@ $ .#
#######
Title: Corridor

######
#   ##
#  $@#
#   .#
######
Title: Trade-off

#####
#@$.#
#####
Title: One push
"""


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "three.sok"
    path.write_text(LEVELS)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_nothing_solved_yet(tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "progress", str(level_file), "--data-dir", str(tmp_path / "data"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{level_file}: 0 of 3 levels solved"
    assert [line.split()[:2] for line in lines[1:]] == [["1", "-"], ["2", "-"], ["3", "-"]]


def test_verify_record_then_progress(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    code, out, _ = run(capsys, "verify", str(level_file), "--level", "2", "LulDldRR", "--record", *data)
    assert code == 0
    assert out.splitlines() == ["solved moves=8 pushes=4", "first solution recorded (moves 8, pushes 4)"]
    code, out, _ = run(capsys, *data, "verify", str(level_file), "--level", "2", "d2l2urDldR", "--record")
    assert out.splitlines()[1] == "new best by pushes (2, was 4)"

    code, out, _ = run(capsys, "progress", str(level_file), *data)
    lines = out.splitlines()
    assert lines[0].endswith("1 of 3 levels solved")
    assert lines[2].split()[:6] == ["2", "solved", "8", "moves", "4", "pushes"]
    assert lines[2].endswith("Trade-off (fewest pushes: 2 in 10 moves)")


def test_verify_without_record_records_nothing(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    run(capsys, "verify", str(level_file), "--level", "3", "R", *data)
    _, out, _ = run(capsys, "progress", str(level_file), "--json", *data)
    assert json.loads(out)["solved"] == 0


def test_unsolved_moves_are_not_recorded(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    code, out, _ = run(capsys, "verify", str(level_file), "--level", "1", "rR", "--record", *data)
    assert code == 1 and "recorded" not in out
    code, out, _ = run(capsys, "progress", *data)
    assert out.splitlines()[0] == "0 levels solved, 0 started and not yet solved"


def test_progress_json_per_level(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    run(capsys, "verify", str(level_file), "--level", "1", "rrr", "--record", *data)
    _, out, _ = run(capsys, "progress", str(level_file), "--json", *data)
    report = json.loads(out)
    assert report["solved"] == 1 and report["problems"] == []
    first, second, _ = report["levels"]
    assert (first["number"], first["title"], first["solved"]) == (1, "Corridor", True)
    assert first["best_moves"]["lurd"] == "rRR"
    assert (first["best_moves"]["moves"], first["best_moves"]["pushes"]) == (3, 2)
    assert first["best_moves"]["date"].endswith("Z")
    assert second["solved"] is False and second["best_moves"] is None


def test_progress_without_file_shows_what_the_store_keeps(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "data")]
    run(capsys, "verify", str(level_file), "--level", "3", "R", "--record", *data)
    level_file.unlink()  # progress does not need the file any more
    _, out, _ = run(capsys, "progress", *data)
    assert out.splitlines() == [
        "1 level solved, 0 started and not yet solved",
        "solved      1 move      1 push    One push",
    ]
    _, out, _ = run(capsys, "progress", "--json", *data)
    (level,) = json.loads(out)["levels"]
    assert level["board"] == "#####\n#@$.#\n#####"
    assert level["best_pushes"]["lurd"] == "R"


def test_data_dir_from_the_environment(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STARPUSHER_DATA_DIR", str(tmp_path / "env-data"))
    run(capsys, "verify", str(level_file), "--level", "3", "R", "--record")
    assert (tmp_path / "env-data" / DATABASE_NAME).exists()


def test_a_damaged_database_is_reported_in_one_line_and_replaced_by_the_next_command_that_records(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / DATABASE_NAME).write_text("scribbles")
    code, out, err = run(capsys, "progress", str(level_file), "--data-dir", str(data_dir))
    assert code == 0
    (notice,) = err.splitlines()
    assert notice.startswith(f"starpusher: {DATABASE_NAME} is damaged or not a database")
    assert notice.endswith("no level in it could be read (playing moves it aside and starts a fresh one)")
    assert out.startswith(f"{level_file}: 0 of 3 levels solved")
    assert (data_dir / DATABASE_NAME).read_text() == "scribbles"  # progress only reads

    data = ["--data-dir", str(data_dir)]
    code, _, err = run(capsys, "verify", str(level_file), "--level", "3", "R", "--record", *data)
    assert code == 0 and "moved it to" in err
    code, out, err = run(capsys, "progress", str(level_file), *data)
    assert (code, err) == (0, "") and out.startswith(f"{level_file}: 1 of 3 levels solved")


def test_missing_file_is_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "progress", str(tmp_path / "nowhere.sok"), "--data-dir", str(tmp_path))
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("starpusher: ") and "nowhere.sok" in err


def test_progress_of_a_built_in_collection(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "progress", "demo", "--data-dir", str(tmp_path))
    assert code == 0 and out.startswith("demo: 0 of ")


def _subcommands(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for name, subparser in action.choices.items():
            yield name, subparser
            for nested, deeper in _subcommands(subparser):
                yield f"{name} {nested}", deeper


def test_every_command_takes_data_dir() -> None:
    commands = dict(_subcommands(build_parser()))
    assert {"play", "verify", "progress", "export", "import"} <= commands.keys()
    for name, parser in commands.items():
        assert "--data-dir" in parser._option_string_actions, f"'{name}' has no --data-dir"


def test_data_dir_before_the_command_counts_too(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "before")
    run(capsys, "--data-dir", data, "verify", str(level_file), "--level", "3", "R", "--record")
    code, out, _ = run(capsys, "--data-dir", data, "progress", str(level_file))
    assert code == 0 and out.startswith(f"{level_file}: 1 of 3 levels solved")
    assert (tmp_path / "before" / DATABASE_NAME).exists()


def test_the_same_level_in_another_file_shares_its_progress(
    tmp_path: Path, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Renamed, reordered, retitled and indented: still the same levels."""
    data = ["--data-dir", str(tmp_path / "data")]
    run(capsys, "verify", str(level_file), "--level", "1", "rRR", "--record", *data)
    run(capsys, "verify", str(level_file), "--level", "3", "R", "--record", *data)
    other = tmp_path / "renamed.txt"
    other.write_text(
        "  #####\n  #@$.#\n  #####\nTitle: First\n\n#######\n#p_b-.#\n#######\nTitle: Another name\n"
    )
    code, out, _ = run(capsys, "progress", str(other), "--json", *data)
    assert code == 0
    levels = json.loads(out)["levels"]
    assert [(level["solved"], level["best_moves"]["moves"]) for level in levels] == [(True, 1), (True, 3)]


#: A title that, printed raw, sets the terminal's title (OSC 0), clears the screen (CSI 2J) and
#: moves the cursor (an 8-bit CSI, U+009B, which some terminals obey as ESC [ ).
HOSTILE_TITLE = "\x1b]0;pwned\x07\x1b[2J\x9b1;1H"


@pytest.mark.parametrize("with_file", [True, False])
def test_titles_are_printed_with_their_control_characters_escaped(
    with_file: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "hostile.sok"
    levels.write_text(f"#####\n#@$.#\n#####\nTitle: {HOSTILE_TITLE}\n")
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["verify", str(levels), "R", "--record", *data]) == 0
    capsys.readouterr()
    code, out, err = run(capsys, "progress", *([str(levels)] if with_file else []), *data)
    assert (code, err) == (0, "")
    assert all(line.isprintable() for line in out.splitlines())  # no control character is left
    assert out.splitlines()[-1].endswith("\\x1b]0;pwned\\x07\\x1b[2J\\x9b1;1H")
