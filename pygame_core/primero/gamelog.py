"""Primero's log entries: ``(seat, text, deal)`` in the core's persistent log (pygame_core.gamelog).

The text is the public action text (``discard 2``, ``see all-in``,
``first-dealer``...), the seat it is about, and the deal it belongs to;
``describe.log_entries`` turns them into the observation's dicts.
"""

from __future__ import annotations

from ..gamelog import PublicLog

Entry = tuple[int, str, int]

EMPTY_LOG: PublicLog[Entry] = PublicLog()

__all__ = ["EMPTY_LOG", "Entry", "PublicLog"]
