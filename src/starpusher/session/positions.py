"""Positions kept by name (snapshots) and solutions to replay, for one level being played.

A snapshot is the whole game (``History.to_text()``) kept in the store under
a name; going back to one plays its moves as the player's game, after a
restart undo takes back. The list a front end shows holds the level's
snapshots, the player's own best solutions, the solutions its file brings
and those the optimizer made shorter ("known solutions"), each only while it
really solves the level.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Level, StarPusherError, count_pushes
from ..core.words import plural
from ..store import Snapshot
from .common import counts_text
from .play import PlaySession

#: The section of the known solutions the optimizer found.
MADE_SHORTER = "Known solutions (made shorter)"


@dataclass(frozen=True)
class Entry:
    """One line of the list: a snapshot to go back to, or a solution to replay."""

    section: str
    label: str
    detail: str
    #: Snapshots: the history text. Solutions: the moves.
    text: str
    snapshot: bool
    #: The player's own moves; a known solution of someone else's is not.
    own: bool = True


def default_name(session: PlaySession) -> str:
    """'Snapshot 3': the first such name the level has not used."""
    taken = {snapshot.name for snapshot in snapshots(session)}
    number = 1
    while f"Snapshot {number}" in taken:
        number += 1
    return f"Snapshot {number}"


def keep_snapshot(session: PlaySession, name: str) -> None:
    """Keep the game as it is now under ``name``, and say so (or why not)."""
    try:
        session.progress.save_snapshot(session.level, name, session.kept_text())
    except StarPusherError as error:
        session.say(f"The snapshot was not kept: {error}", 5)
    else:
        session.say(f'Kept "{name}" ({counts_text(session.history.moves)}). M lists your snapshots.', 5)


def go_back_to(session: PlaySession, entry: Entry) -> None:
    """Play a snapshot's moves as the player's game (undo returns to where the player was)."""
    session.go_back_to(entry.text)
    session.say(f'Back to "{entry.label}": undo (Z) returns to where you were.', 5)


def forget_snapshot(session: PlaySession, entry: Entry) -> bool:
    """Take a snapshot out of the store; whether it was."""
    try:
        session.progress.delete_snapshot(session.level, entry.label)
    except StarPusherError as error:
        session.say(f"The snapshot was not forgotten: {error}", 5)
        return False
    session.say(f'Forgot "{entry.label}".', 3)
    return True


def list_entries(session: PlaySession) -> list[Entry]:
    """The level's snapshots (newest first), then the player's best solutions, then the file's."""
    level = session.level
    entries = []
    for snapshot in snapshots(session):
        moves = snapshot.moves
        when = snapshot.saved_at.replace("T", " ")[:16]
        if snapshot.backwards:
            detail = (
                f"backwards: {plural(len(moves), 'move')}, {plural(count_pushes(moves), 'pull')}   {when}"
            )
        else:
            detail = f"{plural(len(moves), 'move')}, {plural(count_pushes(moves), 'push', 'pushes')}   {when}"
        entries.append(Entry("Your snapshots", snapshot.name, detail, snapshot.history, True))
    own: list[str] = []
    known = session.progress.progress_of([level])[0]
    for best, name in ((known.best_moves, "fewest moves"), (known.best_pushes, "fewest pushes")):
        if best is not None and best.lurd not in own:
            own.append(best.lurd)
            entries.append(
                Entry("Your solutions", f"Your best, {name}", counts_text(best.lurd), best.lurd, False)
            )
    for number, moves in enumerate(known_solutions(level), start=1):
        mark = "   (also yours)" if moves in own else ""
        detail = counts_text(moves) + mark
        section = "Known solutions (from the file)"
        entries.append(Entry(section, f"Solution {number}", detail, moves, False, own=moves in own))
    entries.extend(shorter_entries(session))
    return entries


def shorter_entries(session: PlaySession) -> list[Entry]:
    """The known solutions the optimizer found (Make it shorter): the fewest moves, the fewest pushes."""
    try:
        known = session.progress.known_solutions(session.level)
    except StarPusherError as error:
        session.say(f"The known solutions cannot be read: {error}", 5)
        return []
    fewest = {"moves": known.by_moves, "pushes": known.by_pushes}
    entries = []
    for solution in known:
        if not solves(session.level, solution.lurd):
            continue
        by = [metric for metric, best in fewest.items() if best is not None and best.lurd == solution.lurd]
        proven = [metric for metric in by if (best := fewest[metric]) is not None and best.optimal]
        label = f"Fewest {' and '.join(by)} known"
        detail = counts_text(solution.lurd) + (
            f"   (fewest {' and '.join(proven)} possible)" if proven else ""
        )
        entries.append(Entry(MADE_SHORTER, label, detail, solution.lurd, False, own=False))
    return entries


def snapshots(session: PlaySession) -> list[Snapshot]:
    """The store's snapshots of the level, newest first."""
    try:
        return session.progress.snapshots(session.level)
    except StarPusherError as error:
        session.say(f"The snapshots cannot be read: {error}", 5)
        return []


def known_solutions(level: Level) -> list[str]:
    """The level file's solutions that really solve the level (a wrong one is left out)."""
    return [moves for moves in level.solutions if solves(level, moves)]


def solves(level: Level, moves: str) -> bool:
    """Whether ``moves`` solve ``level`` (False for moves that are not even legal)."""
    try:
        return level.is_solved(level.replay(moves))
    except (StarPusherError, ValueError):
        return False
