"""The worker bridge for links: the daily deal's seed, and the replay op (the replay viewer)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bridge import replay as bridge_replay
from bridge import sessions as bridge_sessions

from pygame_core.records import replay
from tests.worker import kit
from tests.worker.kit import ok, refused


def _finished_primero(seed: int = 5) -> dict[str, Any]:
    """A whole short Primero game played by the computer; its record from the final View."""
    started = ok({"op": "new_game", "game": "primero", "variant": "waks", "options": {"players": 3, "deals": 1},
                  "seats": ["easy", "easy", "easy"], "seed": seed})
    sid, view = started["session"], started["view"]
    while not view["terminal"]:
        view = ok({"op": "ai_step", "session": sid})
    record: dict[str, Any] = view["record"]
    return record


def test_a_daily_deal_is_the_same_for_everyone_that_day_and_its_seed_stays_hidden(worker: Any) -> None:
    a = ok({"op": "new_game", "game": "primero", "seats": ["human", "easy", "easy", "easy"], "daily": "2026-11-30"})
    b = ok({"op": "new_game", "game": "primero", "seats": ["human", "easy", "easy", "easy"], "daily": "2026-11-30"})
    c = ok({"op": "new_game", "game": "primero", "seats": ["human", "easy", "easy", "easy"], "daily": "2026-12-01"})
    assert a["view"]["observation"]["hand"] == b["view"]["observation"]["hand"]
    assert a["view"]["observation"]["hand"] != c["view"]["observation"]["hand"]
    assert a["view"]["seed"] is None, "the daily seed is kept until the end like a drawn one"
    seed = kit.WORKER.sessions.open[a["session"]].header.seed
    assert seed == bridge_sessions.daily_seed("primero", "2026-11-30") and 0 <= seed < bridge_sessions.SEED_BOUND
    assert seed != bridge_sessions.daily_seed("primiera", "2026-11-30")
    assert str(seed) not in json.dumps(a)


@pytest.mark.parametrize("date", ["2026-13-01", "30.11.2026", "", "2026-11-30<script>", "1999-01-01", "x" * 500])
def test_a_daily_deal_with_a_bad_date_is_refused(worker: Any, date: str) -> None:
    refused({"op": "new_game", "game": "primero", "seats": ["human", "easy", "easy", "easy"], "daily": date},
            "RequestError", "err.daily.date")
    refused({"op": "new_game", "game": "primero", "seats": ["human"] * 4, "daily": "2026-11-30", "seed": 3},
            "RequestError", "err.daily.seed")


def test_replay_steps_through_a_finished_game_both_ways_with_its_final_check(worker: Any) -> None:
    record = _finished_primero()
    first = ok({"op": "replay", "record": json.dumps(record), "step": 0})
    steps = first["steps"]
    assert steps == len(record["actions"]) > 3
    assert first["step"] == 0 and first["action"] is None and first["seat"] == -1
    sealed = first["record"]
    assert sealed["final"]["actions"] == steps and len(sealed["final"]["digest"]) == 64
    replay(sealed)  # the sealed record passes the CLI's check
    last = ok({"op": "replay", "record": sealed, "seat": 1})
    assert last["step"] == steps and last["terminal"] and last["result"]["winners"]
    assert last["observation"]["seat"] == 1
    back = ok({"op": "replay", "record": sealed, "step": steps - 1, "seat": "all"})
    assert back["action"] == record["actions"][-2] and not back["terminal"]
    assert [h["seat"] for h in back["hands"]] == [0, 1, 2]
    assert all(h["hand"] is not None and "log" not in h for h in back["hands"])
    for step in (1, 2, 3, 2, 1, 0):
        got = ok({"op": "replay", "record": sealed, "step": step, "seat": 0})
        assert got["step"] == step and got["action"] == (record["actions"][step - 1] if step else None)


def test_replay_refuses_what_the_cli_refuses(worker: Any) -> None:
    sealed = ok({"op": "replay", "record": _finished_primero(), "step": 0})["record"]
    digest = dict(sealed, final={**sealed["final"], "digest": "0" * 64})
    refused({"op": "replay", "record": digest}, "RecordError")  # the final digest does not match
    wrong_seed = dict(sealed, seed=sealed["seed"] + 1)
    refused({"op": "replay", "record": wrong_seed}, "RecordError")
    illegal = dict(sealed, actions=["fly away", *sealed["actions"][1:]])
    refused({"op": "replay", "record": illegal}, "RecordError")  # action 1 does not apply
    unfinished = dict(sealed, actions=sealed["actions"][:3])
    del unfinished["final"]
    refused({"op": "replay", "record": unfinished}, "RecordError", "err.replay.unfinished")
    refused({"op": "replay", "record": dict(sealed, format=2)}, "RecordError")
    refused({"op": "replay", "record": dict(sealed, game="chess")}, "RecordError")
    refused({"op": "replay", "record": '{"format": 1, "format": 1}'}, "RecordError")
    refused({"op": "replay", "record": "[" * 100_000}, "RecordError")
    refused({"op": "replay", "record": "x" * (bridge_replay.MAX_RECORD_CHARS + 1)}, "RecordError", "err.record.long")
    refused({"op": "replay", "record": 7}, "RequestError", "err.request")
    refused({"op": "replay", "record": sealed, "step": 10**6}, "RequestError", "err.replay.steps",
            n=len(sealed["actions"]))
    refused({"op": "replay", "record": sealed, "seat": 3}, "RequestError", "err.noplayer", n=4)
