"""``starpusher check FILE...``: validate level files."""

from __future__ import annotations

import argparse
import json

from ..core.errors import LevelError, shown
from ..levels import Collection, open_named
from .common import plural


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check",
        help="validate level files",
        description="Check that level files read cleanly and every level in them is playable.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--json", action="store_true", help="one JSON object per level")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    all_valid = True
    records: list[dict[str, object]] = []
    for path in args.files:
        try:
            collection = open_named(path)
        except LevelError as error:
            all_valid = False
            records.append({"file": path, "index": None, "valid": False, "error": str(error)})
            if not args.json:
                print(error)
            continue
        all_valid &= not collection.problems
        if args.json:
            records.extend(_json_records(path, collection))
        else:
            _print_report(path, collection)
    if args.json:
        print(json.dumps(records, indent=1))
    return 0 if all_valid else 1


def _print_report(path: str, collection: Collection) -> None:
    for report in sorted(collection.problems + collection.notices, key=lambda error: error.line or 0):
        print(report)
    summary = f"{shown(path)}: {plural(len(collection.levels), 'level')} OK"
    if collection.problems:
        summary += f", {len(collection.problems)} with problems"
    print(summary)


def _json_records(path: str, collection: Collection) -> list[dict[str, object]]:
    records: list[dict[str, object]] = []
    for number, level in zip(collection.numbers, collection.levels, strict=True):
        records.append(
            {
                "file": path,
                "index": number,
                "valid": True,
                "title": level.title,
                "width": level.width,
                "height": level.height,
                "boxes": len(level.start.boxes),
                "goals": len(level.goals),
                **_notices_of(collection, number),
            }
        )
    for problem in collection.problems:
        records.append(
            {
                "file": path,
                "index": problem.level,
                "valid": False,
                "line": problem.line,
                "error": str(problem),
            }
        )
    records.sort(key=lambda record: record["index"] or 0)  # type: ignore[arg-type,return-value]
    return records


def _notices_of(collection: Collection, number: int) -> dict[str, object]:
    """``notices``, what was left out of a level that plays, when anything was."""
    notices = [str(notice) for notice in collection.notices if notice.level == number]
    return {"notices": notices} if notices else {}
