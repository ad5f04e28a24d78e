"""What tests that start the command in a process of its own share."""

from __future__ import annotations

import signal


def heed_ctrl_c() -> None:
    """In the command's process: take Ctrl+C as a terminal's foreground job does.

    A suite started as a background job (``cmd &`` in a script) runs with
    SIGINT ignored, and every process it starts inherits that: the command
    would never see the interrupt a test sends.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
