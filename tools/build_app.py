"""Build Star Pusher as a stand-alone program, which runs on a machine with no Python.

    python tools/build_app.py              # dist/starpusher/starpusher (starpusher.exe on Windows)
    python tools/build_app.py --onefile    # dist/onefile/starpusher: the same program as one file
    python tools/build_app.py --archive    # and the folder packed for download (.tar.gz, .zip on Windows)

Run it in a virtual environment where this checkout is installed with the ``app``
extra (``pip install ".[app]"``), on the system the program is for: PyInstaller
makes a program for the system it runs on, so the same command builds the Linux,
Windows and macOS programs, each on its own system.

The result is a folder: the program, the Python and the libraries it runs on, the
level files, and beside the program the game's licence, its credits and a
``licenses`` folder with the licence of everything bundled with it. Players unpack
it anywhere and run the program; their progress and Fifteen's tables are kept in
their own data folder (as ``pip install`` players' are), never beside the program.
The one-file program unpacks itself into a temporary folder at each start, so it
starts more slowly (see README); the folder is the one to give players.
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "starpusher"
#: The game's own notices, put beside the program.
NOTICES = ("LICENSE", "CREDITS.md")
#: A file of a distribution whose name looks like this holds its licence or notices.
LICENCE_FILE = re.compile(r"^(licen[cs]e|copying|notice|lgpl)", re.IGNORECASE)


class BuildError(Exception):
    """Something the build needs is missing; the message says what to do."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the stand-alone Star Pusher program (PyInstaller).")
    parser.add_argument("--onefile", action="store_true", help="one file instead of a folder (dist/onefile/)")
    parser.add_argument("--archive", action="store_true", help="also pack the result for download")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the program goes (dist/)")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "app", help="PyInstaller's working folder (build/app/)"
    )
    args = parser.parse_args(argv)
    try:
        check_environment()
        folder = build(args.dist.resolve(), args.work.resolve(), onefile=args.onefile)
    except BuildError as error:
        print(f"build_app: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build_app: PyInstaller failed (exit status {error.returncode}); its messages are above")
        return 1
    print(f"build_app: {program_path(folder)}: {megabytes(folder_size(folder))} MB in {folder}")
    if args.archive:
        packed = pack(folder, onefile=args.onefile)
        print(f"build_app: {packed}: {megabytes(packed.stat().st_size)} MB")
    return 0


def check_environment() -> None:
    """PyInstaller is there, and the installed metadata (the program's version) is this checkout's."""
    try:
        metadata.version("pyinstaller")
    except metadata.PackageNotFoundError:
        raise BuildError("PyInstaller is not installed: pip install '.[app]'") from None
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    try:
        installed: str | None = metadata.version(NAME)
    except metadata.PackageNotFoundError:
        installed = None
    if installed != wanted:
        found = f"version {installed} is installed" if installed else "it is not installed"
        raise BuildError(
            f"the program takes its version from the installed {NAME}'s metadata, and {found}, not"
            f" this checkout's {wanted}: pip install '.[app]' first"
        )


def build(dist: Path, work: Path, onefile: bool = False) -> Path:
    """Run PyInstaller; the folder holding the program, with the notices beside the program."""
    # PyInstaller puts a folder build in a folder of the program's name, a one-file program
    # straight into its distpath.
    folder = dist / ("onefile" if onefile else NAME)
    if onefile:
        shutil.rmtree(folder, ignore_errors=True)  # PyInstaller clears the folder build's, not this
    distpath = folder if onefile else dist
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_arguments(distpath, work, onefile)]
    subprocess.run(command, check=True, cwd=ROOT)
    copy_notices(folder)
    return folder


def pyinstaller_arguments(distpath: Path, work: Path, onefile: bool = False) -> list[str]:
    return [
        "--noconfirm",
        "--clean",
        "--log-level=WARN",
        f"--name={NAME}",
        "--onefile" if onefile else "--onedir",
        f"--distpath={distpath}",
        f"--workpath={work / ('onefile' if onefile else 'folder')}",
        f"--specpath={work}",
        # The source of this checkout, not whatever copy is installed.
        f"--paths={ROOT / 'src'}",
        # The command line imports its commands by name, which PyInstaller cannot follow.
        f"--collect-submodules={NAME}",
        # The level files, read with importlib.resources.
        f"--collect-data={NAME}",
        # The metadata holds the version that --version prints.
        f"--copy-metadata={NAME}",
        # Only the debugger and the interactive console use it, and its library is GPL.
        "--exclude-module=readline",
        # A console program: the command line writes to it (and the window opens from it).
        "--console",
        # Not --strip: it would take a quarter off, but stripped, the libraries that came in
        # wheels (NumPy's OpenBLAS) no longer load.
        str(ROOT / "src" / NAME / "__main__.py"),
    ]


def copy_notices(folder: Path) -> None:
    """The game's licence and credits beside the program, and the licences of all it bundles."""
    for name in NOTICES:
        shutil.copy2(ROOT / name, folder / name)
    licenses = folder / "licenses"
    shutil.rmtree(licenses, ignore_errors=True)
    python = licenses / f"python-{platform.python_version()}"
    python.mkdir(parents=True)
    shutil.copy2(python_licence(), python / "LICENSE.txt")
    for distribution in bundled_distributions():
        name = distribution.metadata["Name"]
        found = licence_files(distribution)
        if not found:
            raise BuildError(f"{name} {distribution.version} carries no licence file to ship with it")
        for source, relative in found:
            target = licenses / f"{name}-{distribution.version}" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def python_licence() -> Path:
    """The licence of the Python the program bundles (where each system's installer puts it)."""
    for folder in (Path(sysconfig.get_paths()["stdlib"]), Path(sys.base_prefix)):
        if (folder / "LICENSE.txt").is_file():
            return folder / "LICENSE.txt"
    raise BuildError(f"cannot find Python's LICENSE.txt under {sys.base_prefix}")


def bundled_distributions() -> list[metadata.Distribution]:
    """The distributions the game runs on, their own dependencies included, on this system."""
    from packaging.requirements import Requirement  # comes with PyInstaller

    found: dict[str, metadata.Distribution] = {}
    waiting = [NAME]
    while waiting:
        distribution = metadata.distribution(waiting.pop())
        for line in distribution.requires or []:
            requirement = Requirement(line)
            if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
                continue  # an extra (the tests' tools), or for another system
            name = requirement.name.lower()
            if name not in found:
                found[name] = metadata.distribution(name)
                waiting.append(name)
    return sorted(found.values(), key=lambda distribution: distribution.metadata["Name"].lower())


def licence_files(distribution: metadata.Distribution) -> list[tuple[Path, Path]]:
    """Its licence files, each with the name to give it: those its metadata lists (in
    ``.dist-info/licenses``), and any named so elsewhere (pygame-ce keeps its LGPL among its docs)."""
    found: dict[Path, Path] = {}
    for file in distribution.files or []:
        parts = Path(file).parts
        if len(parts) > 2 and parts[0].endswith(".dist-info") and parts[1] == "licenses":
            relative = Path(*parts[2:])
        elif LICENCE_FILE.match(file.name) and file.suffix not in (".py", ".pyc"):
            relative = Path(*parts)
        else:
            continue
        found.setdefault(relative, Path(str(distribution.locate_file(file))))
    return sorted((source, relative) for relative, source in found.items())


def pack(folder: Path, onefile: bool = False) -> Path:
    """The folder as one download, named for the version and system: a .zip on Windows, else a .tar.gz."""
    system = platform.system().lower().replace("darwin", "macos")
    name = f"{NAME}-{metadata.version(NAME)}-{system}-{platform.machine().lower()}"
    kind = "zip" if system == "windows" else "gztar"
    unpacked = folder.parent / (f"{name}-onefile" if onefile else name)
    shutil.rmtree(unpacked, ignore_errors=True)
    shutil.copytree(folder, unpacked, symlinks=True)  # the archive unpacks into a folder of its name
    try:
        return Path(shutil.make_archive(str(unpacked), kind, root_dir=folder.parent, base_dir=unpacked.name))
    finally:
        shutil.rmtree(unpacked)


def program_path(folder: Path) -> Path:
    return folder / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f}"


if __name__ == "__main__":
    sys.exit(main())
