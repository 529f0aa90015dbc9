"""What the worker bridge's tests share (web/bridge, web/worker.py under CPython; the tests are the
package's test_*.py files, their fixtures in its conftest.py): web/worker.py imported with a stub
``pyscript``; the toy game registered as ``plustoy`` with one more agent and one more operation; and
the helpers that call the bridge and check every reply for what is hidden.

The helpers call ``WORKER``, which the ``worker`` fixture sets to each test's own fresh ``Bridge``
(tests/primo/test_worker_ops.py sets it too): they read it from this module at each call, so a test
that reads it itself writes ``kit.WORKER``, never a copy imported by name. The true state is read from
``WORKER.sessions.open`` (test side only) to check every reply against ``game.hidden_cards``.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
import types
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from bridge import Bridge

from pygame_core.protocol import Operation
from tests.toy import game as toygame

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[A2-9JQK])[CDHS](?![A-Za-z0-9])")
SEED = 987_654_321  # the seed the worker "draws" in these tests: easy to spot in a reply


def _load_worker(name: str, with_stub: bool) -> tuple[types.ModuleType, Any]:
    stub = types.ModuleType("pyscript")
    stub.sync = types.SimpleNamespace()  # type: ignore[attr-defined]
    saved = sys.modules.pop("pyscript", None)
    if with_stub:
        sys.modules["pyscript"] = stub
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "web" / "worker.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop("pyscript", None)
        if saved is not None:
            sys.modules["pyscript"] = saved
    return module, stub


WORKER = Bridge()
"""The bridge the helpers below call: each test's own (the ``worker`` fixture sets it)."""


# --- the toy game (tests/toygame.py), plus an agent with ``prepare`` and an operation that crashes ----------


PREPARED: list[tuple[str, dict[str, Any]]] = []


class PreparedAgent(toygame.GreedyAgent):
    """The greedy toy agent, recording the worker's ``prepare`` call."""

    name = "prepared"

    def prepare(self, variant: str, options: Mapping[str, Any]) -> None:
        PREPARED.append((variant, dict(options)))


def _op_crash(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
    return 1 // 0


class PlusToy(toygame.ToyGame):
    """Toy Swap registered as ``plustoy``, with one more agent and one more operation."""

    info = replace(
        toygame.INFO, name="plustoy", label="Toy Swap plus",
        agents={**toygame.INFO.agents, "prepared": PreparedAgent},
        operations=(*toygame.INFO.operations, Operation("crash", _op_crash)),
    )


GAME = PlusToy()
TOY = toygame.GAME


# --- helpers ----------------------------------------------------------------------------------------


def raw(request: Any) -> str:
    """The worker's answer text; a dict is sent as JSON, anything else as it is."""
    text = WORKER.call(json.dumps(request) if isinstance(request, dict) else request)
    assert isinstance(text, str)
    return text


def ok(request: Mapping[str, Any]) -> Any:
    answer = json.loads(raw(request))
    assert answer["ok"], answer
    return answer["result"]


def refused(request: Any, kind: str | None = None, key: str | None = None, **args: Any) -> dict[str, Any]:
    """The error answer to ``request``: a key and its args (no English), of ``kind``, with ``key`` and ``args``."""
    text = raw(request)
    answer: dict[str, Any] = json.loads(text)
    assert answer["ok"] is False, answer
    assert "error" not in answer and isinstance(answer["key"], str) and isinstance(answer["args"], dict), answer
    assert answer["kind"] != "InternalError", answer
    assert len(text) < 2000 and "Traceback" not in text and "seat 0" not in text.lower(), text[:2000]
    if kind is not None:
        assert answer["kind"] == kind, answer
    if key is not None:
        assert (answer["key"], answer["args"]) == (key, args), answer
    return answer


def _ints(data: Any) -> list[int]:
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [data]
    if isinstance(data, dict):
        return [i for v in data.values() for i in _ints(v)]
    if isinstance(data, list):
        return [i for v in data for i in _ints(v)]
    return []


def assert_no_leak(sid: str, text: str, seed_known: bool) -> None:
    """While the game runs, a reply holds no card hidden from the seat shown, no record, no drawn seed."""
    session = WORKER.sessions.open[sid]
    game, state = session.game, session.state
    if game.is_terminal(state):
        return
    answer = json.loads(text)
    view = answer["result"].get("view", answer["result"])
    hidden = set(game.hidden_cards(state, view["seat"]))
    assert hidden, "the test needs a game with hidden cards"
    assert not hidden & set(CARD.findall(text)), (hidden & set(CARD.findall(text)), view["seat"])
    assert view["record"] is None and '"actions": [' not in text
    if not seed_known:
        assert view["seed"] is None and session.header.seed not in _ints(answer["result"])


def play(game: str, variant: str | None, options: dict[str, Any], seats: list[str], seed: int | None = None,
         rng_seed: int = 0) -> tuple[str, dict[str, Any], list[str]]:
    """Play a whole game through ``call``; humans pick random legal actions. Returns (session, last view, texts)."""
    rnd = random.Random(rng_seed)
    req: dict[str, Any] = {"op": "new_game", "game": game, "variant": variant, "options": options, "seats": seats}
    if seed is not None:
        req["seed"] = seed
    text = raw(req)
    start = json.loads(text)
    assert start["ok"], start
    start = start["result"]
    sid, view = start["session"], start["view"]
    texts = [text]
    assert_no_leak(sid, text, seed is not None)
    humans = [i for i, k in enumerate(seats) if k == "human"]
    for _ in range(20_000):
        if view["terminal"]:
            break
        current = view["current"]
        if current in humans:
            if view["seat"] != current:
                text = raw({"op": "show", "session": sid, "seat": current})
                texts.append(text)
                assert_no_leak(sid, text, seed is not None)
                view = json.loads(text)["result"]
            true_state = WORKER.sessions.open[sid].state
            assert view["legal"] == list(WORKER.sessions.open[sid].game.legal_actions(true_state))
            action = rnd.choice(view["legal"])
            act: dict[str, Any] = {"op": "act", "session": sid, "seat": current, "action": action}
            if len(humans) > 1:
                act["show"] = -1  # hot seat: hide the hand at once
            text = raw(act)
        else:
            assert view["legal"] == []
            text = raw({"op": "ai_step", "session": sid})
        texts.append(text)
        assert_no_leak(sid, text, seed is not None)
        answer = json.loads(text)
        assert answer["ok"], answer
        view = answer["result"]
    assert view["terminal"]
    return sid, view, texts



# --- saved games: call_async, with a store in memory (the ``store`` fixture) ---------------------------


def araw(request: Mapping[str, Any]) -> str:
    from tests import aio

    text = aio.run(WORKER.call_async(json.dumps(request)))
    assert isinstance(text, str)
    return text


def aok(request: Mapping[str, Any]) -> Any:
    answer = json.loads(araw(request))
    assert answer["ok"], answer
    assert "unsaved" not in answer, answer
    return answer["result"]


def arefused(request: Mapping[str, Any], key: str | None = None, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(araw(request))
    assert answer["ok"] is False and answer["kind"] != "InternalError", answer
    assert "error" not in answer and isinstance(answer["key"], str) and isinstance(answer["args"], dict), answer
    if key is not None:
        assert (answer["key"], answer["args"]) == (key, args), answer
    return answer


def saved(store: Any) -> dict[str, Any]:
    """The one save in the store, parsed."""
    assert len(store.data) == 1, store.data
    data: dict[str, Any] = json.loads(next(iter(store.data.values())))
    return data
