"""PyScript's worker script: one ``Bridge`` (web/bridge/, packed into pygame_core.zip by build.py) that
holds the rules core off the main thread, answering the page through ``sync.call``.

This file and ``bridge.idb`` are the only Python that touches PyScript and the browser; the wire
format is the ``bridge`` package's docstring. Under CPython (tests, bench) and in the snapshot's maker
(web/snapshot-maker.mjs) there is no ``pyscript``: ``call`` answers without storage, and nothing is
registered.
"""

from __future__ import annotations

from bridge import Bridge

try:  # PyScript's worker API; absent under CPython (tests import this file with or without a stub)
    from pyscript import sync
except ImportError:
    sync = None

BRIDGE = Bridge()
"""The worker's one bridge: its sessions, saves and replays."""


def call(request_json: str) -> str:
    """Answer one JSON request without storage (see ``Bridge.call``)."""
    return BRIDGE.call(request_json)


async def call_async(request_json: str) -> str:
    """Answer one JSON request, saving the games it changed (see ``Bridge.call_async``)."""
    return await BRIDGE.call_async(request_json)


if sync is not None:
    from bridge.idb import IdbStore

    BRIDGE.saves.store = IdbStore()
    sync.call = call_async
