"""The worker's ``prepare`` op (issue 12): the setup screen asks it to build a rule set's AI tables
while the player reads the setup, so the start and the first computer move do not wait for them."""

from __future__ import annotations

import json
from typing import Any

from bridge import Bridge

from pygame_core.primero.ai.eval import clear_tables, evaluator

WORKER = Bridge()


def _call(req: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(WORKER.call(json.dumps(req)))
    return answer


def test_prepare_builds_the_rule_sets_tables() -> None:
    clear_tables()
    answer = _call({"op": "prepare", "game": "primero", "variant": "northpass"})
    assert answer["ok"] and set(answer["result"]) >= {"easy", "medium", "hard"}
    ev = evaluator("northpass")
    assert ev._pct is not None and ev._by_claim is not None  # the hard player's claim index too
    assert _call({"op": "prepare", "game": "primero", "variant": "northpass"})["ok"]  # again: nothing to do
    assert evaluator("northpass") is ev


def test_prepare_refuses_what_new_game_refuses() -> None:
    for req, kind in (({"op": "prepare", "game": "primero", "variant": "chess"}, "OptionsError"),
                      ({"op": "prepare", "game": "nim"}, "OptionsError"),
                      ({"op": "prepare", "game": "primero", "variant": 3}, "RequestError"),
                      ({"op": "prepare", "game": "primero", "options": "x"}, "OptionsError")):
        answer = _call(req)
        assert not answer["ok"] and answer["kind"] == kind, (req, answer)


def test_prepare_works_for_every_game() -> None:
    for game in ("primiera", "primo"):
        assert _call({"op": "prepare", "game": game})["ok"]
