"""The ``starpusher`` command line.

Each subcommand lives in a module of this package with a ``register`` function
that adds its parser; :data:`COMMANDS` lists them in the order of ``--help``.
Errors from bad input are printed as one line, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from .. import installed_version
from ..core.errors import StarPusherError, shown
from .output import flush_standard_output, silence_standard_output
from .workers import Terminated, interrupted_status, raise_on_sigterm

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

#: Modules of this package that each register one or more subcommands.
COMMANDS = [
    "check",
    "verify",
    "levels",
    "generate",
    "play",
    "edit",
    "render",
    "solve",
    "optimize",
    "progress",
    "transfer",
    "fifteen",
]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="starpusher",
        description="Star Pusher: push every star onto a goal. With no command, opens the game.",
    )
    parser.add_argument("--version", action=VersionAction)
    parser.add_argument("--data-dir", metavar="DIR", type=_folder_name, help=DATA_DIR_HELP)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    # Accept --data-dir after the command too; SUPPRESS keeps a value given before it.
    for subparser in subparsers.choices.values():
        _add_data_dir(subparser)
    return parser


VERSION_HELP = "show the version and exit"
DATA_DIR_HELP = "where progress and caches are kept (default: $STARPUSHER_DATA_DIR or the user data folder)"


def _folder_name(text: str) -> str:
    """A folder's name as given; an empty one would silently mean the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name is not a folder (give '.' for the current one)")
    return text


def _add_data_dir(parser: argparse.ArgumentParser) -> None:
    if "--data-dir" not in parser._option_string_actions:
        parser.add_argument(
            "--data-dir", metavar="DIR", type=_folder_name, default=argparse.SUPPRESS, help=DATA_DIR_HELP
        )
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        for nested in getattr(action, "choices", {}).values():
            _add_data_dir(nested)


def main(argv: Sequence[str] | None = None) -> int:
    started = time.monotonic()  # time limits count from here: reading and analysis included
    if sys.stderr is None:
        # Started with standard error closed: print(file=None) would send every notice and
        # error to standard output, into the result (--json); they are dropped instead.
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (open for as long as the program runs)
    parser = build_parser()
    args = _parse(parser, argv)
    if args.command is None:
        if "play" not in COMMANDS:
            parser.print_help()
            return 0
        # Options given without a command (--data-dir) belong to the window too.
        args = _parse(parser, [*(sys.argv[1:] if argv is None else argv), "play"])
    args.started = started
    previous = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is threading.main_thread():
        raise_on_sigterm()  # SIGTERM ends the command as cleanly as Ctrl+C does
    try:
        status = int(args.run(args))
        flush_standard_output()  # a full disk under standard output is an error, not a success
        return status
    except StarPusherError as error:
        print(f"starpusher: {error}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, Terminated) as stop:
        return interrupted_status(stop)
    except BrokenPipeError:
        # The reader went away (`starpusher check --json x | head`): stop quietly, as Unix tools
        # do, and keep Python from failing again when it flushes stdout at exit.
        silence_standard_output()
        return 1
    except OSError as error:
        # Files are written through cli/output.py, which names them: an error naming no file
        # is standard output failing midway (a full disk), and nothing more can go there.
        if error.filename is None:
            silence_standard_output()
            where = "standard output: cannot write"
        else:
            where = shown(error.filename)
        print(f"starpusher: {where}: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's arguments. ``--help`` and ``--version`` end the command here
    (SystemExit, as argparse has them), a success only if their text could be written."""
    try:
        return parser.parse_args(argv)
    except SystemExit as finished:
        if finished.code in (0, None) and sys.stdout is not None:
            try:
                sys.stdout.flush()  # the text may wait in the buffer: a full disk says so only now
            except OSError as error:
                _cannot_write_standard_output(error)
        raise
    except OSError as error:  # from Parser._print_message
        _cannot_write_standard_output(error)


def _cannot_write_standard_output(error: OSError) -> NoReturn:
    """End the command with status 1, saying why (quietly when the reader went away, as in main)."""
    silence_standard_output()
    if not isinstance(error, BrokenPipeError):
        print(f"starpusher: standard output: cannot write: {error.strerror or error}", file=sys.stderr)
    raise SystemExit(1) from None


class VersionAction(argparse.Action):
    """``--version``, as argparse's own, except that the version is looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **options: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=VERSION_HELP)

    def __call__(self, parser: argparse.ArgumentParser, *arguments: object) -> NoReturn:
        parser._print_message(f"starpusher {installed_version()}\n", sys.stdout)
        parser.exit()


class Parser(argparse.ArgumentParser):
    """argparse's parser, except that text it cannot write to standard output is an error.

    argparse drops such errors: ``--help`` with standard output on a full disk
    printed nothing and exited 0. Errors writing to standard error are still
    dropped, since there is nowhere left to say them.
    """

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        stream = file or sys.stderr
        if not message or stream is None:
            return  # standard error closed: nowhere to say it
        try:
            stream.write(message)
        except OSError:
            if stream is sys.stdout:
                raise
