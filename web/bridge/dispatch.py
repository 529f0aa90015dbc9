"""The thin dispatch: a request's JSON text in, the answer's JSON text out.

``Bridge`` holds the worker's state (the sessions, the saves' store, the replays) and the op table;
``call`` answers without storage, ``call_async`` with it (the saves' ops, and every game the call
changed saved before the answer goes). The answer envelope: ``{"ok": true, "result", "ms"}`` or
``{"ok": false, "kind", "key", "args", "ms"}`` (issue 19: errors are keys; the page says them in the
player's words), plus ``unsaved: true`` when the storage refused.
"""

from __future__ import annotations

import inspect
import json
import math
import time
import traceback
from collections.abc import Mapping
from typing import Any

from pygame_core import safejson
from pygame_core.errors import PrimiError, quote

from . import diagnostics
from .net import Net
from .replay import Replays
from .request import RequestError
from .review import Reviews
from .saves import Saves, SaveStore, no_storage
from .sessions import Handler, Sessions

INTERNAL_KEY = "error.internal"
"""What the page says for a bug: an apology (``detail`` holds where it happened, for the console)."""
MAX_ARG_CHARS = 300
"""A text in an error's args is cut to this length (a core error quoting hostile input must stay small)."""
MAX_ARG_DEPTH = 4
"""Nested Descriptions in an error's args deeper than this are dropped."""
MAX_REQUEST_CHARS = 3 * safejson.MAX_CHARS
"""A request's JSON text is at most this long (an imported record's text, escaped, with its envelope)."""


def _small(value: Any, depth: int = 0) -> Any:
    """An error's arg as plain, small JSON data: long texts cut, deep nesting dropped, anything else as text."""
    if isinstance(value, str):
        return value if len(value) <= MAX_ARG_CHARS else value[: MAX_ARG_CHARS - 1] + "…"
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, int):
        return value if value.bit_length() <= 64 else quote(value)
    if depth >= MAX_ARG_DEPTH:
        return None
    if isinstance(value, Mapping):
        return {str(k)[:MAX_ARG_CHARS]: _small(v, depth + 1) for k, v in list(value.items())[:50]}
    if isinstance(value, (list, tuple)):
        return [_small(v, depth + 1) for v in value[:50]]
    return _small(str(value), depth)


def _request(request_json: Any) -> Mapping[str, Any]:
    """The request: a JSON object's text."""
    if not isinstance(request_json, (str, bytes, bytearray)):
        raise RequestError("a request is JSON text")
    try:  # bounded before parsing: a deeply nested request must not kill the engine (issue 20)
        req = safejson.loads(request_json, what="the request", max_chars=MAX_REQUEST_CHARS)
    except (safejson.JsonLimitError, RecursionError):
        raise RequestError("the request is not valid JSON: it is too long or nested too deeply") from None
    except ValueError:
        raise RequestError("the request is not valid JSON") from None
    if not isinstance(req, dict):
        raise RequestError("a request is a JSON object with an 'op'")
    return req


def _error(exc: BaseException) -> dict[str, Any]:
    """An error's answer: its kind, key and args (a PrimiError), or an apology for a bug."""
    if isinstance(exc, PrimiError):
        return {"ok": False, "kind": type(exc).__name__, "key": exc.key, "args": _small(exc.params)}
    # A bug in the core must not kill the worker; the page apologises, the console gets details:
    # the stack and the exception's type, not its message, which may quote hidden state (an AI's
    # illegal choice names its cards), and this reply reaches the page mid-game.
    detail = "".join(traceback.format_tb(exc.__traceback__)) + type(exc).__name__
    return {"ok": False, "kind": "InternalError", "key": INTERNAL_KEY, "args": {}, "detail": detail[-4000:]}


class Bridge:
    """The worker's state and its op table; one instance per worker (web/worker.py holds PyScript's)."""

    def __init__(self, store: SaveStore | None = None) -> None:
        self.sessions = Sessions()
        self.saves = Saves(self.sessions, store)
        self.replays = Replays()
        self.net = Net(self.sessions)
        self.reviews = Reviews(self.saves)
        self.ops: dict[str, Handler] = {**diagnostics.OPS, **self.sessions.ops(), **self.replays.ops(),
                                        **self.saves.ops(), **self.net.ops(), **self.reviews.ops()}
        """The ops; a coroutine function among them needs the store, so only ``call_async`` runs it."""
        self._unsaved = False

    def _answer(self, started: float, result: Any = None, exc: BaseException | None = None) -> str:
        """The JSON answer: the result, or the error as the page translates it."""
        answer: dict[str, Any]
        if exc is None:
            answer = {"ok": True, "result": result}
            if self._unsaved:
                answer["unsaved"] = True
            answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
            try:
                return json.dumps(answer, allow_nan=False)
            except Exception as err:  # reported below like any bug
                exc = err
        answer = _error(exc)
        if self._unsaved:
            answer["unsaved"] = True
        answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
        return json.dumps(answer, default=str)

    def _handler(self, req: Mapping[str, Any]) -> Handler:
        op = req.get("op")
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            raise RequestError(f"unknown request {quote(op)}")
        return handler

    def call(self, request_json: str) -> str:
        """Answer one JSON request with JSON. Without storage: the saves' ops are refused here, and no
        game is saved (see ``call_async``)."""
        started = time.perf_counter()
        self._unsaved = False
        try:
            req = _request(request_json)
            handler = self._handler(req)
            if inspect.iscoroutinefunction(handler):
                raise no_storage("saved games need the browser's storage")
            return self._answer(started, handler(req))
        except Exception as exc:
            return self._answer(started, exc=exc)

    async def call_async(self, request_json: str) -> str:
        """``call``, with the store: the saves' ops work, and every game the call changed is saved before
        the answer goes (``unsaved: true`` in it when the storage refused)."""
        started = time.perf_counter()
        self._unsaved = False
        try:
            req = _request(request_json)
            result = self._handler(req)(req)
            if inspect.isawaitable(result):
                result = await result
        except Exception as exc:
            self._unsaved = not await self.saves.flush()
            return self._answer(started, exc=exc)
        self._unsaved = not await self.saves.flush()
        return self._answer(started, result)
