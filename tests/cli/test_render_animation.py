"""``starpusher render --animate``: a solution as an animated GIF, WebP or PNG, decoded with Pillow.

Every animation is checked against ``render``'s still pictures of the same
positions. WebP (written lossless) and APNG frames must equal them pixel for
pixel. A GIF has 256 colours: its frames must equal the still picture with
each pixel mapped to the nearest colour of the GIF's own palette, pixel for
pixel, and that palette must stay close to the picture: a mean error of at
most 1.5 levels (of 255) a channel, 99% of the pixels within 8 levels in every
channel, and none off by more than 24.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from starpusher.cli import main
from starpusher.gui.sokoban.animation import MAX_ANIMATION_PIXELS, MAX_FRAMES

#: The demo level's solution: 7 moves, 4 pushes (R, D, L, U), the last move a push.
DEMO_SOLUTION = "RlDuLrU"
#: A star pushed twice, then a walk away from it.
WALK_AFTER = "#######\n#@ $ .#\n#     #\n#######\n"
#: A room where a star can be pushed to and fro: right (R), round it, left (L), round it again.
ROOM = "#######\n#     #\n#@$   #\n#    .#\n#######\n"
TO_AND_FRO = "urrdLulldR"
FORMATS = ["gif", "webp", "png"]


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def still(capsys: pytest.CaptureFixture[str], folder: Path, *args: str | Path) -> Image.Image:
    """``render``'s picture, as a player would make it, read back."""
    out = folder / "still.png"
    assert run(capsys, "render", *args, "-o", out)[0] == 0
    return Image.open(out).convert("RGB")


def animate(capsys: pytest.CaptureFixture[str], out: Path, *args: str | Path) -> list[Image.Image]:
    """The frames of an animation written by ``render --animate``, decoded whole (RGB)."""
    code, said, err = run(capsys, "render", *args, "--animate", "-o", out)
    assert (code, said, err) == (0, f"wrote {out}\n", "")
    with Image.open(out) as picture:
        assert picture.format == {".gif": "GIF", ".webp": "WEBP", ".png": "PNG"}[out.suffix]
        return [frame.convert("RGB") for frame in ImageSequence.Iterator(picture)]


def durations(path: Path) -> list[int]:
    """Milliseconds each frame shows (WebP says once a frame is loaded)."""
    found = []
    with Image.open(path) as picture:
        for frame in ImageSequence.Iterator(picture):
            frame.load()
            found.append(round(frame.info["duration"]))
    return found


def assert_same_picture(frame: Image.Image, expected: Image.Image, gif: Path | None = None) -> None:
    """Pixel for pixel; for a GIF, once ``expected`` is mapped to the GIF's palette (see above)."""
    assert frame.size == expected.size
    if gif is not None:
        with Image.open(gif) as picture:
            colours = Image.new("P", (1, 1))
            colours.putpalette(picture.getpalette() or [])
        error = np.abs(np.asarray(frame, dtype=int) - np.asarray(expected, dtype=int))
        assert error.mean() <= 1.5
        assert (error.max(axis=2) <= 8).mean() >= 0.99
        assert error.max() <= 24
        expected = expected.quantize(palette=colours, dither=Image.Dither.NONE).convert("RGB")
    assert np.array_equal(np.asarray(frame), np.asarray(expected))


@pytest.mark.parametrize("kind", FORMATS)
def test_one_frame_a_move_from_the_start_to_the_solved_position(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"demo.{kind}"
    frames = animate(capsys, out, "demo", "--moves", DEMO_SOLUTION)
    assert len(frames) == len(DEMO_SOLUTION) + 1
    gif = out if kind == "gif" else None
    assert_same_picture(frames[0], still(capsys, tmp_path, "demo", "--tile", "32"), gif)
    solved = still(capsys, tmp_path, "demo", "--tile", "32", "--moves", DEMO_SOLUTION)
    assert_same_picture(frames[-1], solved, gif)
    # A move in the middle too: the frames are the positions in order.
    assert_same_picture(frames[3], still(capsys, tmp_path, "demo", "--tile", "32", "--moves", "RlD"), gif)
    # 8 frames a second (in the GIF's hundredths: 120 ms), and two seconds on the last.
    assert durations(out) == [120] * 7 + [2000]


@pytest.mark.parametrize("kind", FORMATS)
def test_one_frame_a_push_with_the_look_asked_for(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / f"demo.{kind}"
    look = ["--tile", "24", "--character", "3", "--flat"]
    frames = animate(
        capsys,
        out,
        "demo",
        "--moves",
        DEMO_SOLUTION,
        "--every",
        "push",
        "--fps",
        "4",
        "--pause",
        "0.5",
        *look,
    )
    assert len(frames) == 4 + 1  # the pushes, and the start
    gif = out if kind == "gif" else None
    for frame, moves in zip(frames, ["", "R", "RlD", "RlDuL", DEMO_SOLUTION], strict=True):
        assert_same_picture(frame, still(capsys, tmp_path, "demo", *look, "--moves", moves), gif)
    assert durations(out) == [250] * 4 + [500]


def test_a_walk_after_the_last_push_shows_in_the_last_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "walk.txt"
    level.write_text(WALK_AFTER)
    out = tmp_path / "walk.webp"
    frames = animate(capsys, out, level, "--moves", "rRRdl", "--every", "push")
    assert len(frames) == 2 + 1
    assert_same_picture(frames[1], still(capsys, tmp_path, level, "--tile", "32", "--moves", "rR"))
    assert_same_picture(frames[2], still(capsys, tmp_path, level, "--tile", "32", "--moves", "rRRdl"))


def test_no_moves_is_one_frame_of_the_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    level = tmp_path / "walk.txt"
    level.write_text(WALK_AFTER)
    frames = animate(capsys, tmp_path / "start.gif", level, "--moves", "")
    assert len(frames) == 1


def test_the_solution_comes_from_the_file_or_from_your_best(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without moves: the shortest solution known (the demo file's own).
    assert len(animate(capsys, tmp_path / "known.gif", "demo")) == len(DEMO_SOLUTION) + 1
    assert len(animate(capsys, tmp_path / "first.gif", "demo", "--known", "1")) == len(DEMO_SOLUTION) + 1
    code, _, err = run(capsys, "render", "demo", "--animate", "--best", "-o", tmp_path / "best.gif")
    assert (code, err) == (1, "starpusher: level 1: no solution of yours is kept yet (solve it first)\n")
    longer = "lrRlDuLrU"
    assert run(capsys, "verify", "demo", longer, "--record")[0] == 0
    frames = animate(capsys, tmp_path / "best.gif", "demo", "--best")
    assert len(frames) == len(longer) + 1
    code, _, err = run(capsys, "render", "demo", "--animate", "--known", "2", "-o", tmp_path / "x.gif")
    assert (code, err) == (1, "starpusher: demo: level 1 has no solution 2 (the file gives 1 solution)\n")
    code, _, err = run(
        capsys, "render", "demo", "--animate", "--best", "--moves", "R", "-o", tmp_path / "x.gif"
    )
    assert (code, err) == (1, "starpusher: give one solution to draw: LURD, --best or --known K\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["best.gif", "first.gif", "known.gif"]


def refused(capsys: pytest.CaptureFixture[str], out: Path, *args: str | Path) -> str:
    """The one line a refused animation says; nothing is written (an old file is left as it was)."""
    out.write_bytes(b"an old picture")
    code, said, err = run(capsys, "render", *args, "--animate", "-o", out)
    assert (code, said) == (1, "")
    assert err.startswith("starpusher: ") and err.count("\n") == 1
    assert out.read_bytes() == b"an old picture"
    assert [path.name for path in out.parent.iterdir() if path.name.startswith(".")] == []
    return err


def test_an_illegal_move_is_named_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, tmp_path / "demo.gif", "demo", "--moves", "RRRlll")
    assert (
        err == "starpusher: demo: level 1: move 3 ('R'): cannot push right: the star would go into a wall\n"
    )
    err = refused(capsys, tmp_path / "demo.png", "demo", "--moves", "RRRlll", "--every", "push")
    assert "move 3 ('R')" in err


def test_a_two_million_move_solution_is_refused_with_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "room.txt"
    level.write_text(ROOM)
    err = refused(capsys, tmp_path / "long.gif", level, "--moves", "1000000(ud)")
    assert f"2,000,001 frames, one a move, are too many: an animation may have at most {MAX_FRAMES:,}" in err
    assert "--every push" in err


def test_too_many_pushes_are_refused_with_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "room.txt"
    level.write_text(ROOM)
    pushes = f"R{MAX_FRAMES // 2}({TO_AND_FRO})"  # 10,001 pushes, the star going to and fro
    err = refused(capsys, tmp_path / "long.webp", level, "--moves", pushes, "--every", "push")
    assert f"over {MAX_FRAMES:,} frames, one a push, are too many" in err


def test_a_level_too_large_to_draw_so_often_is_refused_with_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "big.txt"
    rows = ["#" * 100, "#@$." + " " * 95 + "#", *["#" + " " * 98 + "#"] * 57, "#" * 100]
    level.write_text("\n".join(rows) + "\n")
    err = refused(capsys, tmp_path / "big.gif", level, "--moves", "25(dr)")
    limit = MAX_ANIMATION_PIXELS // 1_000_000
    assert "51 frames of 3220 x 1608 pixels are 264 million pixels in all;" in err
    assert f"an animation may hold at most {limit} million" in err


def test_a_600_by_600_level_is_refused_with_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = tmp_path / "huge.txt"
    rows = ["#" * 600, "#@$." + " " * 595 + "#", *["#" + " " * 598 + "#"] * 597, "#" * 600]
    level.write_text("\n".join(rows) + "\n")
    err = refused(capsys, tmp_path / "huge.gif", level, "--moves", "r")
    assert "600 x 600 squares, more than the 250,000 a level may have" in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-o", "{folder}/demo.jpg", "--animate"], "an animation's name must end in .gif, .webp, .png"),
        (["-o", "{folder}/demo.png", "--fps", "4"], "--fps is for animations: add --animate"),
        (["-o", "{folder}/demo.png", "--every", "push"], "--every is for animations: add --animate"),
        (["-o", "{folder}/demo.gif", "--animate", "--fps", "60"], "--fps must be at most 50"),
        (["-o", "{folder}/demo.gif", "--animate", "--pause", "-1"], "--pause must be between 0 and 60"),
        (["-o", "{folder}/no/such/demo.gif", "--animate"], "cannot write"),
    ],
)
def test_options_that_do_not_fit_are_one_line_errors(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "render", "demo", *(arg.format(folder=tmp_path) for arg in args))
    assert (code, out) == (1, "")
    assert err.startswith("starpusher: ") and err.count("\n") == 1 and said in err
    assert list(tmp_path.iterdir()) == []


def test_the_frames_are_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A GIF ends with its trailer, an APNG with IEND: what was written is the whole animation."""
    gif, png = tmp_path / "demo.gif", tmp_path / "demo.png"
    animate(capsys, gif, "demo")
    animate(capsys, png, "demo")
    assert gif.read_bytes().endswith(b";")
    assert png.read_bytes().endswith(b"IEND\xaeB`\x82")
    with Image.open(io.BytesIO(png.read_bytes())) as picture:
        assert sum(1 for _ in ImageSequence.Iterator(picture)) == len(DEMO_SOLUTION) + 1
