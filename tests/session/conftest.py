"""The session tests' fixtures (the helpers themselves are in :mod:`session_helpers`)."""

from __future__ import annotations

from session_helpers import tasks, voice

__all__ = ["tasks", "voice"]
