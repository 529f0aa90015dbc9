"""What the end-to-end tests share besides their fixtures (e2e/conftest.py): the repo's root, the
waits, the ICE watcher's reports, and the helper modules beside this one (``tables``: one booted page,
many games; ``hidden``: the cards a seat may not see; each game's play helpers; ``snapshot_seed``: the
engine's snapshot every context is seeded with). A test imports them from here (e2e/ is on pytest's
pythonpath), never from another test file or from conftest."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

READY_TIMEOUT = 90_000
"""How long the engine may take to boot (a cold Pyodide start on a busy 2-core machine)."""

STEP_TIMEOUT = 30_000
"""How long one worker step may take on a busy machine; every wait is on a state, this only bounds it."""

ICE_UNASKED: list[str] = []
"""Each RTCPeerConnection config with ICE servers made while the setting was off (e2e/conftest.py's
``ICE_WATCH`` reports them here; its ``no_ice_server_unasked`` fails the test on one)."""


def foreign(urls: list[str], base: str) -> list[str]:
    """URLs that are not on the test server's origin (data: and blob: are local)."""
    return [u for u in urls if not (u.startswith(base) or u.startswith(("data:", "blob:")))]
