"""The browser's store of saved games: IndexedDB, reached from the worker through Pyodide's ``js`` module.

Only the browser imports this (``web/worker.py`` when PyScript is there); CPython's tests use
``saves.MemoryStore``.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import Any

from .saves import NotText, SaveStore, StorageError

STORE_TIMEOUT = 5.0
"""Seconds a storage request may take before the game goes on without saving."""


class IdbStore(SaveStore):
    """Saves in the browser's IndexedDB (database ``primi``, object store ``saves``); each request is
    awaited as a future."""

    DB = "primi"
    STORE = "saves"

    def __init__(self) -> None:
        self._db: Any = None

    @staticmethod
    async def _wait(target: Any, ok: str, bad: tuple[str, ...]) -> Any:
        ffi = importlib.import_module("pyodide.ffi")
        future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
        proxies: list[Any] = []

        def done(_event: Any) -> None:
            if not future.done():
                future.set_result(getattr(target, "result", None))

        def failed(_event: Any) -> None:
            if not future.done():
                error = getattr(target, "error", None)
                future.set_exception(StorageError(f"storage refused ({getattr(error, 'name', 'error')})"))

        proxies.append(ffi.create_proxy(done))
        setattr(target, "on" + ok, proxies[-1])
        for name in bad:
            proxies.append(ffi.create_proxy(failed))
            setattr(target, "on" + name, proxies[-1])
        try:
            return await asyncio.wait_for(future, STORE_TIMEOUT)
        except TimeoutError:
            raise StorageError("storage did not answer") from None
        finally:
            for p in proxies:
                p.destroy()

    async def _open(self) -> Any:
        if self._db is not None:
            return self._db
        try:
            ffi = importlib.import_module("pyodide.ffi")
            js = importlib.import_module("js")
            request = js.indexedDB.open(self.DB, 1)
        except Exception:
            raise StorageError("storage unavailable") from None

        def upgrade(_event: Any) -> None:
            db = request.result
            if not db.objectStoreNames.contains(self.STORE):
                db.createObjectStore(self.STORE)

        proxy = ffi.create_proxy(upgrade)
        request.onupgradeneeded = proxy
        try:
            self._db = await self._wait(request, "success", ("error", "blocked"))
        finally:
            proxy.destroy()
        return self._db

    async def _run(self, mode: str, work: Callable[[Any], Any]) -> Any:
        db = await self._open()
        try:
            tx = db.transaction(self.STORE, mode)
            result = work(tx.objectStore(self.STORE))
        except Exception:
            self._db = None
            raise StorageError("storage refused") from None
        await self._wait(tx, "complete", ("error", "abort"))
        return result

    async def load(self) -> dict[str, Any]:
        js = importlib.import_module("js")
        found: dict[str, Any] = {}
        got = await self._run("readonly", lambda store: (store.getAllKeys(), store.getAll()))
        keys, values = got[0].result, got[1].result
        for key, value in zip(keys, values, strict=False):
            if not isinstance(key, str):
                continue
            if isinstance(value, str):
                found[key] = value
            else:
                try:
                    found[key] = NotText(str(js.JSON.stringify(value)))
                except Exception:
                    found[key] = NotText("null")
        return found

    async def put(self, key: str, text: str) -> None:
        await self._run("readwrite", lambda store: store.put(text, key))

    async def delete(self, key: str | None) -> None:
        await self._run("readwrite", lambda store: store.delete(key) if key is not None else store.clear())
