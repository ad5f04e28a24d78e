"""``starpusher generate``: the file it writes reads back as levels with solutions."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from starpusher.cli import main
from starpusher.generate import GENERATOR_NAME
from starpusher.levels import parse_collection, read_collection

ARGS = ["generate", "--count", "3", "--size", "8x7", "--boxes", "2", "--seed", "11", "--difficulty", "hard"]


def test_writes_levels_that_read_back_with_their_solutions(tmp_path: Path) -> None:
    out = tmp_path / "made.sok"
    assert main([*ARGS, "-o", str(out)]) == 0
    collection = read_collection(out)
    assert not collection.problems
    assert len(collection.levels) == 3
    assert collection.author == GENERATOR_NAME
    for level in collection.levels:
        assert level.title
        assert level.author == GENERATOR_NAME
        assert len(level.start.boxes) == 2
        assert level.width <= 8 and level.height <= 7
        (solution,) = level.solutions
        assert level.is_solved(level.replay(solution))


def test_each_comment_regenerates_its_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(ARGS) == 0
    levels = parse_collection(capsys.readouterr().out).levels
    for level in levels:
        command = level.comment.splitlines()[0].split()
        assert command[:2] == ["starpusher", "generate"]
        assert main([*command[1:], "--count", "1"]) == 0
        (again,) = parse_collection(capsys.readouterr().out).levels
        assert again.to_text() == level.to_text()
        assert again.solutions == level.solutions


def test_the_same_arguments_write_the_same_bytes(tmp_path: Path) -> None:
    first, second = tmp_path / "first.sok", tmp_path / "second.sok"
    assert main([*ARGS, "-o", str(first)]) == 0
    assert main([*ARGS, "-o", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()


def test_other_seeds_make_other_levels(capsys: pytest.CaptureFixture[str]) -> None:
    main(ARGS)
    first = capsys.readouterr().out
    main([*ARGS[:-4], "--seed", "500", "--difficulty", "hard"])
    assert capsys.readouterr().out != first


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--size", "ten"], "--size 'ten': expected WIDTHxHEIGHT"),
        (["--size", "3x3"], "width 3 is out of range"),
        (["--boxes", "40"], "40 stars do not fit a 10x10 map"),
        (["--count", "0"], "--count must be at least 1"),
        (["--count", "-3"], "--count must be at least 1, not -3"),
        (["--size", "41x10"], "width 41 is out of range: from 5 to 40"),
        (
            ["--size", "5x5", "--boxes", "1", "--count", "40"],
            "different levels with 1 star were found for a 5x5 map",
        ),
    ],
)
def test_bad_options_give_one_line(
    option: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", *option]) == 1
    error = capsys.readouterr().err
    assert error.startswith("starpusher: ")
    assert message in error
    assert error.count("\n") == 1


@pytest.mark.parametrize(
    "option", [["--size", "999999x999999"], ["--size", "3x3"], ["--size", "10x41"], ["--boxes", "40"]]
)
def test_options_that_cannot_work_write_nothing_before_their_error(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The file's ``Collection:`` header went to standard output before the size was refused."""
    assert main(["generate", *option]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("starpusher: ") and err.count("\n") == 1


def test_an_unwritable_output_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "6x6", "--boxes", "1", "-o", str(tmp_path / "no" / "such.sok")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("starpusher: ") and "cannot write" in error


def test_output_does_not_depend_on_python_s_hash_seed(tmp_path: Path) -> None:
    outputs = []
    for hash_seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        command = [sys.executable, "-m", "starpusher", "generate", "--size", "12x10", "--boxes", "6"]
        done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("Title:") == 1


def test_stats_show_each_level_s_measures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--stats"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0].split()[:4] == ["level", "seed", "size", "pushes"]
    assert len(lines) == 4
    levels = parse_collection(captured.out).levels
    for line, level in zip(lines[1:], levels, strict=True):
        pushes = sum(letter.isupper() for letter in level.solutions[0])
        assert line.split()[3] == str(pushes)
