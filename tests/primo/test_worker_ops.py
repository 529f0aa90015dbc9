"""Primo through the worker bridge (web/bridge under CPython): whole games leak no hidden card and replay,
and the ``why``, ``coach`` and ``lessons`` operations answer for the seat shown only."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from bridge import Bridge

from pygame_core.records import replay
from tests.worker import kit
from tests.worker.kit import ok, raw, refused

TOKEN = re.compile(r"[A-Za-z0-9]+")


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> Bridge:
    """A fresh bridge, which the helpers of tests/worker/kit.py call."""
    fresh = Bridge()
    monkeypatch.setattr(kit, "WORKER", fresh)
    return fresh


def assert_no_leak(sid: str, text: str) -> None:
    session = kit.WORKER.sessions.open[sid]
    game, state = session.game, session.state
    if game.is_terminal(state):
        return
    answer = json.loads(text)
    view = answer["result"].get("view", answer["result"])
    hidden = set(game.hidden_cards(state, view["seat"]))
    assert not hidden & set(TOKEN.findall(text)), (hidden & set(TOKEN.findall(text)), view["seat"])
    assert view["record"] is None


@pytest.mark.parametrize("variant, seats", [("base", ["human", "medium", "easy"]),
                                            ("rounds", ["easy", "human", "human"])])
def test_primo_games_through_the_worker_leak_nothing_and_replay(worker: Any, variant: str, seats: list[str]) -> None:
    rnd = random.Random(1)
    options: dict[str, Any] = {"players": len(seats), **({"rounds": 2} if variant == "rounds" else {})}
    text = raw({"op": "new_game", "game": "primo", "variant": variant, "options": options, "seats": seats, "seed": 5})
    start = json.loads(text)["result"]
    sid, view = start["session"], start["view"]
    assert_no_leak(sid, text)
    humans = [i for i, k in enumerate(seats) if k == "human"]
    for _ in range(5000):
        if view["terminal"]:
            break
        current = view["current"]
        if current in humans:
            if view["seat"] != current:
                text = raw({"op": "show", "session": sid, "seat": current})
                assert_no_leak(sid, text)
                view = json.loads(text)["result"]
            plays = [a for a in view["legal"] if not a.startswith(("exchange", "pass", "end"))]
            action = rnd.choice(plays) if plays and rnd.random() < 0.8 else rnd.choice(view["legal"])
            act: dict[str, Any] = {"op": "act", "session": sid, "seat": current, "action": action}
            if len(humans) > 1:
                act["show"] = -1
            text = raw(act)
        else:
            text = raw({"op": "ai_step", "session": sid})
        assert_no_leak(sid, text)
        answer = json.loads(text)
        assert answer["ok"], answer
        view = answer["result"]
    assert view["terminal"]
    game, state = replay(view["record"])
    assert state == worker.sessions.open[sid].state and view["result"] == game.result(state)


def test_primo_operations_through_the_worker(worker: Any) -> None:
    sid = ok({"op": "new_game", "game": "primo", "options": {"players": 3}, "seats": ["human", "medium", "easy"],
              "seed": 3})["session"]
    view = ok({"op": "view", "session": sid})
    assert view["seat"] == 0 and view["current"] == 0
    legal = view["legal"]
    why = ok({"op": "game_op", "game": "primo", "name": "why", "session": sid, "action": legal[0]})
    assert why == {"key": "primo.why.ok", "args": {}}
    bad = ok({"op": "game_op", "game": "primo", "name": "why", "session": sid, "action": "take C"})
    assert bad["key"] in ("primo.why.nocard", "primo.why.takerow")
    coach = ok({"op": "game_op", "game": "primo", "name": "coach", "session": sid})
    assert coach["action"] in legal and coach["why"]["key"].startswith("primo.coach.")
    lesson = ok({"op": "game_op", "game": "primo", "name": "lessons", "lesson": "esm"})
    assert lesson["id"] == "esm" and len(lesson["steps"]) == 16
    refused({"op": "game_op", "game": "primo", "name": "lessons", "lesson": "nope"}, "OptionsError")
    refused({"op": "game_op", "game": "primo", "name": "why", "action": "pass"})  # no session: no view
