"""The command line's worker processes: stopped at any moment, they end quietly."""

from __future__ import annotations

import signal
import subprocess
import sys

from starpusher.cli.workers import _default_sigterm, raise_on_sigterm

#: A parent with SIGTERM raising (as the commands have it) that stops its workers at once,
#: while they may still be starting up, many times over.
STOP_AT_ONCE = """
from starpusher.cli.workers import WorkerPool, raise_on_sigterm
raise_on_sigterm()
for _ in range(30):
    pool = WorkerPool(abs, [-1, -2, -3, -4], 2)
    pool.start()
    pool.stop()
print("done")
"""


def test_workers_stopped_while_starting_up_end_without_a_word() -> None:
    done = subprocess.run([sys.executable, "-c", STOP_AT_ONCE], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "done\n", "")


def test_workers_are_forked_with_sigterm_left_to_its_default() -> None:
    previous = signal.getsignal(signal.SIGTERM)
    try:
        raise_on_sigterm()
        ours = signal.getsignal(signal.SIGTERM)
        with _default_sigterm():
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
        assert signal.getsignal(signal.SIGTERM) is ours
    finally:
        signal.signal(signal.SIGTERM, previous)
