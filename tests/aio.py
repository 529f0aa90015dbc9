"""``run(coro)``: ``asyncio.run`` on a thread of its own.

``build.py test`` runs tests/ and e2e/ in the same xdist workers, and playwright's sync API leaves an
event loop running on the main thread of a worker that ran a browser test; ``asyncio.run`` refuses to
start inside it. A fresh thread has no loop."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
