"""How a level is drawn: stable decoration, corner posts, picking squares, pictures."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from starpusher.cli import main
from starpusher.core import Level
from starpusher.gui.sokoban.art import CHARACTERS, TALL_TOP, TILES, Geometry, Tile
from starpusher.gui.sokoban.board import BoardPicture, Sprite, base_tiles, decorations
from starpusher.gui.sokoban.snapshot import level_picture, save_level_picture

# A small room in a big field of grass; the room reaches the right edge because
# squares after a row's last wall are not part of a level.
GARDEN = Level.from_text(
    "\n".join(
        ["                         "] * 3
        + ["   ######################", "   #@ $ .               #", "   ######################"]
        + ["                         "] * 14
    )
)


def test_decoration_is_the_same_every_time_and_covers_about_a_fifth_of_the_grass() -> None:
    tiles = base_tiles(GARDEN)
    first = decorations(GARDEN, tiles)
    assert first == decorations(GARDEN, base_tiles(GARDEN))
    grass = sum(1 for tile in tiles if tile is Tile.GRASS)
    assert 0.12 < len(first) / grass < 0.28
    assert all(tiles[i] is Tile.GRASS for i in first)
    assert set(first.values()) == {Tile.ROCK, Tile.SHORT_TREE, Tile.TALL_TREE, Tile.UGLY_TREE}


def test_corners_get_stone_posts_and_inside_floor_is_told_from_grass() -> None:
    level = Level.from_text("#####\n#@$.#\n#####")
    tiles = base_tiles(level)
    assert tiles[level.index(0, 0)] is Tile.CORNER
    assert tiles[level.index(4, 2)] is Tile.CORNER
    assert tiles[level.index(2, 0)] is Tile.WALL
    assert tiles[level.index(1, 1)] is Tile.FLOOR
    assert base_tiles(GARDEN)[0] is Tile.GRASS


@pytest.mark.parametrize("width", [12, 37, 50, 90])
def test_square_at_finds_the_square_whose_top_face_is_clicked(width: int) -> None:
    board = BoardPicture(GARDEN)
    geometry = Geometry(width)
    origin = (13, -7)
    for index in (0, GARDEN.index(4, 4), GARDEN.index(24, 19), GARDEN.index(7, 10)):
        x, y = GARDEN.xy(index)
        point = (
            origin[0] + x * width + width // 2,
            origin[1] + y * geometry.step + geometry.top + geometry.step // 2,
        )
        assert board.square_at(point, origin, width) == index
    assert board.square_at((origin[0] - 1, origin[1] + 100), origin, width) is None


def test_in_a_one_row_corridor_the_front_wall_leaves_the_feet_and_the_star_in_sight() -> None:
    level = Level.from_text("#####\n#@$.#\n#####")
    width = 50
    geometry = Geometry(width)
    board = BoardPicture(level)
    empty = pygame.Surface(geometry.map_size(level.width, level.height))
    board.draw(empty, (0, 0), width, [])
    drawn = empty.copy()
    board.draw(drawn, (0, 0), width, [Sprite(CHARACTERS[0], 1, 1), Sprite(Tile.STAR, 2, 1)])
    # The wall of row 2 rises over the lower part of row 1's squares from here down.
    wall_top = 2 * geometry.step + round(TALL_TOP / 100 * width)

    def changed(column: int, rows: range) -> int:
        xs = range(column * width, (column + 1) * width)
        return sum(empty.get_at((x, y)) != drawn.get_at((x, y)) for x in xs for y in rows)

    for picture in (CHARACTERS[0], Tile.STAR):  # every solid pixel of the pieces is above that wall
        tile = TILES.get(picture, width)
        solid = [y for y in range(tile.get_height()) for x in range(width) if tile.get_at((x, y)).a == 255]
        assert geometry.step + max(solid) < wall_top
    just_above = range(wall_top - width // 10, wall_top)
    assert changed(1, just_above) > width // 10  # the player's feet
    assert changed(2, just_above) > width // 10  # the star's lower points
    # Depth is kept: the wall in front is still drawn over whatever reaches below its top.
    assert changed(1, range(wall_top, drawn.get_height())) == 0
    assert changed(2, range(wall_top, drawn.get_height())) == 0


def test_the_flat_view_draws_square_tiles_that_never_overlap() -> None:
    level = Level.from_text("#####\n#@$.#\n#####")
    board = BoardPicture(level, flat=True)
    geometry = board.geometry(20)
    assert (geometry.height, geometry.step, geometry.top) == (20, 20, 0)
    assert geometry.map_size(level.width, level.height) == (100, 60)
    assert board.map_surface(20).get_size() == (100, 60)
    assert not any(board.tall)
    assert board.square_at((50, 30), (0, 0), 20) == level.index(2, 1)
    star = pygame.Surface((100, 60))
    board.draw(star, (0, 0), 20, [Sprite(Tile.STAR, 2, 1)])
    plain = board.map_surface(20)
    outside = [(x, y) for x in range(100) for y in range(60) if not (40 <= x < 60 and 20 <= y < 40)]
    assert all(star.get_at(p) == plain.get_at(p) for p in outside)  # the star stays in its square
    assert any(star.get_at((x, y)) != plain.get_at((x, y)) for x in range(40, 60) for y in range(20, 40))


def test_every_character_looks_different() -> None:
    pictures = [pygame.image.tobytes(TILES.get(name, 40), "RGBA") for name in CHARACTERS]
    assert len(set(pictures)) == len(CHARACTERS) == 5


def test_level_picture_has_the_size_of_the_map() -> None:
    picture = level_picture(GARDEN, tile_width=20, margin=5)
    width, height = Geometry(20).map_size(GARDEN.width, GARDEN.height)
    assert picture.get_size() == (width + 10, height + 10)


def test_a_picture_that_does_not_fit_on_the_disk_leaves_the_old_one(small_disk: Path) -> None:
    picture = small_disk / "garden.png"
    picture.write_bytes(b"an old picture")
    with pytest.raises(OSError, match="No space left"):
        save_level_picture(picture, GARDEN, tile_width=200)  # a megabyte or so, on a 64 KB disk
    assert [path.name for path in small_disk.iterdir()] == ["garden.png"]
    assert picture.read_bytes() == b"an old picture"


def test_render_command_writes_a_png_after_the_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    before, after = tmp_path / "before.png", tmp_path / "after.png"
    assert main(["render", str(levels), "--level", "1", "-o", str(before)]) == 0
    assert (
        main(["render", str(levels), "--level", "1", "-o", str(after), "--moves", "rRR", "--tile", "40"]) == 0
    )
    assert "wrote" in capsys.readouterr().out
    first, second = pygame.image.load(str(before)), pygame.image.load(str(after))
    assert first.get_width() == 7 * 50 + 20 and second.get_width() == 7 * 40 + 20
    assert pygame.image.tobytes(
        pygame.transform.scale(first, second.get_size()), "RGB"
    ) != pygame.image.tobytes(second, "RGB")


def test_render_command_reports_bad_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    out = str(tmp_path / "x.png")
    assert main(["render", str(levels), "--level", "1", "-o", out, "--moves", "l"]) == 1
    assert main(["render", str(levels), "--level", "9", "-o", out]) == 1
    assert main(["render", str(levels), "-o", str(tmp_path / "x.unknownformat")]) == 1
    assert main(["render", str(levels), "-o", out, "--moves", "rQ"]) == 1
    assert main(["render", str(levels), "-o", out, "--tile", "400", "--moves", "r"]) == 0
    big = tmp_path / "big.txt"
    big.write_text("#" * 60 + "\n#@$." + " " * 55 + "#\n" + "#" * 60 + "\n" + "\n".join(["#"] * 30) + "\n")
    assert main(["render", str(big), "-o", out, "--tile", "400"]) == 1  # far too big a picture
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 5
    assert all(line.startswith("starpusher: ") for line in errors)
    assert "move 1" in errors[0]
    assert "--moves" in errors[3] and "'Q'" in errors[3]
    assert "smaller --tile" in errors[4]


def test_render_command_cannot_write_into_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.txt"
    levels.write_text("#######\n#@ $ .#\n#######\n")
    assert main(["render", str(levels), "-o", str(tmp_path / "no" / "such" / "x.png")]) == 1
    assert capsys.readouterr().err.startswith("starpusher: ")
