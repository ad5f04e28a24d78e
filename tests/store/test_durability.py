"""Nothing committed is lost: not to SIGKILL at any moment, not to two writers at once."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from starpusher.core import Level
from starpusher.session import rebuild
from starpusher.store import DATABASE_NAME, Store

CORRIDOR = "#######\n#@ $ .#\n#######"

#: Writes change after change, each its own transaction, and appends the
#: sequence number of each one to the report file once it is committed.
WRITER = textwrap.dedent(
    """
    import os, sys
    from starpusher.core import Level
    from starpusher.store import Store

    data_dir, report, seq = sys.argv[1], sys.argv[2], int(sys.argv[3])
    level = Level.from_text({corridor!r})
    out = os.open(report, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    with Store.open(data_dir) as store:
        while True:
            store.save_snapshot(level, f"change {{seq}}", "r")
            store.save_game(level, "rl" * (seq % 5) + "r|R")
            store.set_last_played("kill-test", seq)
            os.write(out, f"{{seq}}\\n".encode())
            seq += 1
    """
).format(corridor=CORRIDOR)

needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")


def _reported(report: Path) -> list[int]:
    """Sequence numbers whose line was completely written."""
    if not report.exists():
        return []
    text = report.read_text()
    return [int(line) for line in text[: text.rfind("\n") + 1].split()]


def _wait_for_reports(report: Path, count: int, child: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 20
    while len(_reported(report)) < count:
        if child.poll() is not None:
            errors = child.stderr.read().decode() if child.stderr else ""
            pytest.fail(f"the writer stopped by itself: {errors}")
        if time.monotonic() > deadline:
            pytest.fail("the writer committed nothing in 20 s")
        time.sleep(0.005)


@needs_sigkill
def test_every_committed_change_survives_sigkill(tmp_path: Path) -> None:
    rng = random.Random(2026)
    report = tmp_path / "committed.txt"
    level = Level.from_text(CORRIDOR)
    kills = 24
    for round_number in range(kills):
        before = len(_reported(report))
        first_seq = round_number * 1_000_000
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), str(report), str(first_seq)],
            stderr=subprocess.PIPE,
        )
        try:
            if round_number % 3 == 0:
                # Any moment at all, including while the database is being opened or created.
                time.sleep(rng.uniform(0.0, 0.4))
            else:
                _wait_for_reports(report, before + 1, child)
                time.sleep(rng.uniform(0.0, 0.05))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
            if child.stderr:
                child.stderr.close()

        committed = _reported(report)
        this_round = [seq for seq in committed if seq >= first_seq]
        with Store.open(tmp_path) as store:
            assert store.notice is None, store.notice
            kept = {snapshot.name for snapshot in store.snapshots(level)}
            for seq in committed:
                assert f"change {seq}" in kept, f"change {seq} was lost"
            if this_round:
                last = store.last_played()
                # The child may have committed one more change before it could report it.
                assert last is not None and last.level in (this_round[-1], this_round[-1] + 1)
                # Saved games are committed without an fsync (cheap enough for every move):
                # that must still survive the process being killed.
                saved = {"rl" * (seq % 5) + "r|R" for seq in (last.level, last.level + 1)}
                assert store.load_game(level) in saved
                resumed = rebuild(level, store.load_game(level) or "")
                assert resumed.can_redo
        with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.close()
    assert len(_reported(report)) >= kills // 2  # most rounds got some changes in


#: Records solutions of one level and scores of its own, for two processes at once.
RIVAL = textwrap.dedent(
    """
    import os, random, sys, time
    from starpusher.core import Level
    from starpusher.store import Store

    data_dir, name, go = sys.argv[1], sys.argv[2], sys.argv[3]
    level = Level.from_text({corridor!r})
    rng = random.Random(name)
    while not os.path.exists(go):
        time.sleep(0.001)
    with Store.open(data_dir) as store:
        for i in range(40):
            detours = rng.randint(0, 30)
            store.record_solution(level, "rl" * detours + "rRR")
            print(3 + 2 * detours, flush=True)
            store.save_snapshot(level, f"{{name}}-{{i}}", "r")
            store.set_last_played(name, i)
    """
).format(corridor=CORRIDOR)


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    go = tmp_path / "go"
    rivals = [
        subprocess.Popen(
            [sys.executable, "-c", RIVAL, str(tmp_path), name, str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("left", "right")
    ]
    go.touch()
    outputs = [rival.communicate(timeout=60) for rival in rivals]
    for rival, (_, errors) in zip(rivals, outputs, strict=True):
        assert rival.returncode == 0, errors
    submitted = [int(line) for out, _ in outputs for line in out.split()]
    assert len(submitted) == 80

    level = Level.from_text(CORRIDOR)
    with Store.open(tmp_path) as store:
        best = store.progress(level).best_moves
        assert best is not None and best.moves == min(submitted)
        kept = {snapshot.name for snapshot in store.snapshots(level)}
        assert kept == {f"{name}-{i}" for name in ("left", "right") for i in range(40)}
    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def test_a_writer_waits_for_another_windows_transaction(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    other_window = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None, check_same_thread=False)
    committed_at: list[float] = []

    def commit_later() -> None:
        committed_at.append(time.monotonic())  # before: our write can only end after the commit
        other_window.execute("COMMIT")

    other_window.execute("BEGIN IMMEDIATE")
    other_window.execute("INSERT INTO settings VALUES ('from_the_other_window', '1')")
    timer = threading.Timer(0.3, commit_later)
    timer.start()
    try:
        store.set_last_played("original", 2)  # must wait for the other window, not fail
        written_at = time.monotonic()
        assert store.last_played() == ("original", 2)
    finally:
        timer.join()
        other_window.close()
        store.close()
    assert written_at >= committed_at[0]
    with sqlite3.connect(tmp_path / DATABASE_NAME) as db:
        row = db.execute("SELECT value FROM settings WHERE name = 'from_the_other_window'").fetchone()
    db.close()
    assert row == ("1",)


#: Opens the store when told to, and says what it found.
OPENER = textwrap.dedent(
    """
    import os, sys, time
    from starpusher.store import Store

    data_dir, go = sys.argv[1], sys.argv[2]
    while not os.path.exists(go):
        time.sleep(0.0005)
    with Store.open(data_dir) as store:
        print(store.notice or "fresh and sound")
    """
)


def test_windows_started_together_on_a_new_database_all_use_it(tmp_path: Path) -> None:
    """The first start of all: several windows creating the database at the same moment.

    None may take the half-made file for another program's and move it aside
    (the other window would then keep writing to the file moved away), and none
    may fail on a "busy" that SQLite gives without waiting.
    """
    for round_number in range(12):
        data_dir = tmp_path / str(round_number)
        go = tmp_path / f"go-{round_number}"
        openers = [
            subprocess.Popen(
                [sys.executable, "-c", OPENER, str(data_dir), str(go)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        go.touch()
        for opener in openers:
            out, errors = opener.communicate(timeout=60)
            assert opener.returncode == 0, errors
            assert out.strip() == "fresh and sound"
        assert sorted(path.name for path in data_dir.iterdir() if "damaged" in path.name) == []
