"""A SIGKILL while drawing loses at most the last seconds: the draft is in the store already."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from starpusher.store import EDITOR_DRAFT, Store

#: A window on the store as ``starpusher`` opens it; the editor draws, the loop runs on a
#: little (in the editor's time), then the process is killed where it stands.
DRAWING = """
import os, signal, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from starpusher.editing import EditSession, Piece, Sketch
from starpusher.gui.editor import open_editor
from starpusher.gui.editor.scene import DRAFT_SECONDS
from starpusher.gui.launch import window_on_store
from starpusher.levels import load_builtin
from starpusher.store import Store

app = window_on_store(load_builtin(), Store.open(sys.argv[1]), collection_name=None, show_title=False)
editor = open_editor(app, EditSession(Sketch.empty(7, 5)), over=True)
for square, piece in (((1, 2), Piece.PLAYER), ((3, 2), Piece.STAR), ((5, 2), Piece.GOAL)):
    editor.commit(editor.sketch.paint([square], piece)[0], "paint")
    app.step(dt=0.1)
for _ in range(int(DRAFT_SECONDS * 10) + 2):
    app.step(dt=0.1)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_the_draft_survives_a_kill(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", DRAWING, str(tmp_path)], capture_output=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()
    with Store.open(tmp_path) as store:
        board, _, _, _ = store.get_setting(EDITOR_DRAFT)
    assert board.splitlines()[2] == "#@ $ .#"
