"""The worker bridge's undo: back to before your last move and the computers' after it, and when it
is refused."""

from __future__ import annotations

import json
from typing import Any

from pygame_core.records import Record
from tests.worker.kit import assert_no_leak, ok, play, raw, refused


def test_undo_goes_back_to_before_your_last_move_and_the_computers_after_it(worker: Any) -> None:
    start = ok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"], "seed": 5})
    sid, view = start["session"], start["view"]
    assert view["undo"] is False  # nothing played yet
    refused({"op": "undo", "session": sid, "seat": 0}, "IllegalActionError")
    before = view["observation"]
    action = view["legal"][-1]
    after = ok({"op": "act", "session": sid, "seat": 0, "action": action})
    assert after["undo"] is True
    after = ok({"op": "ai_step", "session": sid})  # the computer answers
    assert after["actions"] == 2 and after["undo"] is True
    back = ok({"op": "undo", "session": sid, "seat": 0})
    assert back["actions"] == 0 and back["current"] == 0 and back["observation"] == before
    assert back["legal"] == view["legal"] and back["undo"] is False and back["say"] == []
    # the game goes on from there, and its record holds only the moves kept
    again = ok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
    assert again["actions"] == 1
    assert ok({"op": "record", "session": sid, "export": True})["actions"] == [view["legal"][0]]


def test_undo_twice_goes_back_one_of_your_decisions_each_time(worker: Any) -> None:
    start = ok({"op": "new_game", "game": "toy", "options": {"rounds": 3}, "seats": ["human", "greedy"], "seed": 9})
    sid2 = start["session"]
    seen = [start["view"]["observation"]]
    for _ in range(2):
        ok({"op": "act", "session": sid2, "seat": 0, "action": "pass"})
        seen.append(ok({"op": "ai_step", "session": sid2})["observation"])
    one = ok({"op": "undo", "session": sid2, "seat": 0})
    assert one["actions"] == 2 and one["observation"] == seen[1] and one["undo"] is True
    two = ok({"op": "undo", "session": sid2, "seat": 0})
    assert two["actions"] == 0 and two["observation"] == seen[0] and two["undo"] is False


def test_undo_is_refused_when_off_over_for_a_computer_or_after_another_human(worker: Any) -> None:
    # off for this game (a daily deal)
    sid = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": 1, "undo": False})["session"]
    view = ok({"op": "act", "session": sid, "seat": 0, "action": "pass"})
    assert view["undo"] is False
    refused({"op": "undo", "session": sid, "seat": 0}, "IllegalActionError", "err.undo.off")
    refused({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "undo": "yes"}, "RequestError")
    # a computer seat, a seat not shown, no such seat
    sid = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": 1})["session"]
    ok({"op": "act", "session": sid, "seat": 0, "action": "pass"})
    refused({"op": "undo", "session": sid, "seat": 1}, "IllegalActionError", "err.computer")
    refused({"op": "undo", "session": sid, "seat": 5}, "OptionsError", "err.noplayer", n=6)
    # hot seat: once the other human has played, the first cannot take their move back
    sid = ok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "human"], "seed": 1})["session"]
    ok({"op": "show", "session": sid, "seat": 0})
    ok({"op": "act", "session": sid, "seat": 0, "action": "pass", "show": -1})
    refused({"op": "undo", "session": sid, "seat": 0}, "IllegalActionError", "err.onscreen")  # not on screen
    ok({"op": "show", "session": sid, "seat": 1})
    view = ok({"op": "act", "session": sid, "seat": 1, "action": "pass", "show": -1})
    ok({"op": "show", "session": sid, "seat": 0})
    view = ok({"op": "view", "session": sid})
    assert view["undo"] is False
    refused({"op": "undo", "session": sid, "seat": 0}, "IllegalActionError", "err.undo.since")
    # over: nothing to undo
    sid, end, _ = play("toy", None, {"players": 2}, ["human", "greedy"], rng_seed=3)
    assert end["undo"] is False
    refused({"op": "undo", "session": sid, "seat": 0}, "IllegalActionError", "err.undo.over")


def test_undo_in_a_resumed_record_and_views_leak_nothing(worker: Any) -> None:
    rec = Record("toy", "standard", (("players", 2), ("rounds", 2)), 11, ("pass", "pass")).to_json()
    start = ok({"op": "new_game", "record": rec, "seats": ["human", "greedy"]})
    assert start["view"]["undo"] is True
    text = raw({"op": "undo", "session": start["session"], "seat": 0})
    assert_no_leak(start["session"], text, seed_known=True)
    assert json.loads(text)["result"]["actions"] == 0
    bad = Record("toy", "standard", (("players", 2), ("rounds", 2)), 11, ("pass", "fly")).to_json()
    refused({"op": "new_game", "record": bad, "seats": ["human", "greedy"]}, "RecordError", "err.record.action", n=2)
