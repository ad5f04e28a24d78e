"""The file browser's listing: which entries a folder shows, in what order, and where the choice goes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from starpusher.session import browsing
from starpusher.session.browsing import FolderBrowser, Kind, list_folder, natural_key, recent_folders

SMALL = "#####\n#@$.#\n#####\n"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's own, so the listing does not depend on the machine's."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


def make(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        if name.endswith("/"):
            path.mkdir(parents=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(SMALL)


def names(listing: browsing.Listing, *kinds: Kind) -> list[str]:
    return [entry.name for entry in listing.entries if entry.kind in kinds]


def test_a_folder_lists_up_then_its_subfolders_then_its_level_files_in_natural_order(
    tmp_path: Path, home: Path
) -> None:
    make(
        tmp_path,
        "Level 10.sok",
        "level 2.xsb",
        "notes.pdf",
        "a.TXT",
        "zeta/",
        "Alpha/",
        "pack 10/",
        "pack 9/",
    )
    listing = list_folder(str(tmp_path))
    assert listing.problem == ""
    kinds = [entry.kind for entry in listing.entries]
    assert kinds == [Kind.PLACE, Kind.UP, *[Kind.FOLDER] * 5, *[Kind.FILE] * 3]  # home is a place
    assert names(listing, Kind.FOLDER) == ["Alpha", "home", "pack 9", "pack 10", "zeta"]
    assert names(listing, Kind.FILE) == ["a.TXT", "level 2.xsb", "Level 10.sok"]  # no .pdf
    up = listing.entries[1]
    assert (up.name, up.path) == ("..", str(tmp_path.parent))
    assert listing.entries[-1].detail == f"{len(SMALL)} bytes"


def test_hidden_names_and_other_files_show_only_when_asked(tmp_path: Path, home: Path) -> None:
    make(tmp_path, ".secret/", ".hidden.sok", "shown.sok", "readme.md")
    assert names(list_folder(str(tmp_path)), Kind.FOLDER, Kind.FILE) == ["home", "shown.sok"]
    every = list_folder(str(tmp_path), all_files=True, hidden=True)
    assert names(every, Kind.FOLDER, Kind.FILE) == [
        ".secret",
        "home",
        ".hidden.sok",
        "readme.md",
        "shown.sok",
    ]


def test_recent_folders_come_first_most_recent_first_without_builtins_gone_folders_or_repeats(
    tmp_path: Path, home: Path
) -> None:
    make(tmp_path, "a/one.sok", "b/two.sok", "a/three.sok")
    recent = [
        str(tmp_path / "b/two.sok"),
        "original",
        str(tmp_path / "a/one.sok"),
        str(tmp_path / "gone/x.sok"),
        str(tmp_path / "a/three.sok"),
    ]
    folders = recent_folders(recent)
    assert folders == [str(tmp_path / "b"), str(tmp_path / "a")]
    listing = list_folder(str(tmp_path / "a"), folders)
    places = [entry for entry in listing.entries if entry.kind is Kind.PLACE]
    # The folder shown is not offered as a place to go; the home folder comes after the recent ones.
    assert [entry.path for entry in places] == [str(tmp_path / "b"), str(home)]
    assert places[1].name == "~"
    assert listing.entries.index(places[-1]) < [entry.kind for entry in listing.entries].index(Kind.UP)


def test_an_unreadable_folder_says_so_in_one_line_and_the_browser_stays_where_it_was(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make(tmp_path, "locked/", "open/level.sok")
    browser = FolderBrowser(str(tmp_path))
    real_scandir = os.scandir

    def scandir(path: str) -> object:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)  # the browser lists folders with os.scandir
    assert browser.chosen is not None and browser.chosen.name == "home"
    browser.move(1)
    assert browser.chosen is not None and browser.chosen.name == "locked"
    path, problem = browser.open_chosen()
    assert path is None
    assert problem == f"Cannot read the folder {tmp_path / 'locked'}: permission denied"
    assert "\n" not in problem
    assert browser.folder == str(tmp_path)
    # Started in such a folder, the browser still offers the way up.
    stuck = FolderBrowser(str(tmp_path / "locked"))
    assert stuck.listing.problem.startswith("Cannot read the folder")
    assert stuck.chosen is not None and stuck.chosen.kind is Kind.UP


def test_entering_going_up_and_opening_a_file(tmp_path: Path, home: Path) -> None:
    make(tmp_path, "packs/microban.sok", "packs/more/", "top.sok")
    browser = FolderBrowser(str(tmp_path))
    assert browser.chosen is not None and browser.chosen.name == "home"  # the first in the folder
    browser.move(1)
    assert browser.open_chosen() == (None, "")
    assert browser.folder == str(tmp_path / "packs")
    assert browser.chosen is not None and browser.chosen.name == "more"
    browser.move(1)
    assert browser.open_chosen() == (str(tmp_path / "packs" / "microban.sok"), "")
    assert browser.up() == ""
    assert browser.folder == str(tmp_path)
    assert browser.chosen is not None and browser.chosen.name == "packs"  # the folder just left
    browser.choose([entry.kind for entry in browser.entries].index(Kind.UP))
    assert browser.open_chosen() == (None, "")
    assert browser.folder == str(tmp_path.parent)


def test_the_top_folder_has_no_way_up() -> None:
    browser = FolderBrowser(os.sep)
    assert Kind.UP not in [entry.kind for entry in browser.entries]
    assert browser.up() == "This is the top folder."


def test_a_letter_jumps_to_the_next_name_starting_with_it_and_wraps_around(
    tmp_path: Path, home: Path
) -> None:
    make(tmp_path, "maps/", "Microban.sok", "mini.xsb", "original.sok")
    browser = FolderBrowser(str(tmp_path), [str(tmp_path / "maps")])
    chosen = []
    for _ in range(4):
        assert browser.jump("M")
        assert browser.chosen is not None
        chosen.append(browser.chosen.name)
    assert chosen == ["maps", "Microban.sok", "mini.xsb", "maps"]  # never the place of the same name
    assert not browser.jump("q")
    assert browser.chosen is not None and browser.chosen.name == "maps"


def test_showing_all_files_keeps_the_chosen_entry_chosen(tmp_path: Path, home: Path) -> None:
    make(tmp_path, "a.pdf", "b.sok", "c.sok")
    browser = FolderBrowser(str(tmp_path))
    browser.jump("c")
    browser.toggle_all_files()
    assert browser.chosen is not None and browser.chosen.name == "c.sok"
    assert "a.pdf" in names(browser.listing, Kind.FILE)


@given(
    st.text(alphabet="aBc -_", max_size=5),
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=10**6),
)
def test_natural_order_ignores_case_and_reads_numbers_by_value(prefix: str, first: int, second: int) -> None:
    assert natural_key(prefix) == natural_key(prefix.swapcase())
    lower, higher = sorted((first, second))
    assert natural_key(f"{prefix}{lower}.sok") <= natural_key(f"{prefix.upper()}{higher}.sok")
    if lower < higher:
        assert natural_key(f"{prefix}{lower}") < natural_key(f"{prefix}{higher}")
