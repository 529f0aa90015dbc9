"""The worker bridge (web/bridge, web/worker.py) under CPython: the worker protocol, the show rules,
sessions, views, acts and the computers' steps, records, hostile requests, the games' operations,
and that nothing hidden leaks. Games are played whole through ``call(json)`` (tests/worker/kit.py).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from bridge import Bridge
from bridge import sessions as bridge_sessions
from bridge.idb import IdbStore

from pygame_core.protocol import Operation
from pygame_core.records import Record, replay
from pygame_core.rng import AgentRandom
from tests.toy import game as toygame
from tests.worker.kit import CARD, PREPARED, SEED, TOY, PlusToy, _load_worker, ok, play, raw, refused


def test_import_registers_call_with_pyscript_and_works_without_it() -> None:
    module, stub = _load_worker("primi_worker", with_stub=True)
    assert stub.sync.call is module.call_async  # in the browser: saves, through IndexedDB
    assert isinstance(module.BRIDGE, Bridge) and isinstance(module.BRIDGE.saves.store, IdbStore)
    bare, _ = _load_worker("primi_worker_bare", with_stub=False)
    assert bare.sync is None and bare.BRIDGE.saves.store is None
    assert json.loads(bare.call('{"op": "ping"}'))["result"] == "pong"


def test_info_lists_the_games_with_their_agents_and_operations(worker: Any) -> None:
    info = ok({"op": "info"})
    names = [g["name"] for g in info["games"]]
    assert "primero" in names and "toy" in names
    plus = next(g for g in info["games"] if g["name"] == "plustoy")
    assert plus["agents"] == ["random", "greedy", "prepared"]
    assert plus["operations"] == ["value", "my_sum", "crash"]


@pytest.mark.parametrize("rng_seed", range(6))
@pytest.mark.parametrize("seats", [["human", "greedy"], ["prepared", "human", "random"], ["human", "human", "greedy"]])
def test_toy_games_leak_nothing_and_their_record_replays(worker: Any, seats: list[str], rng_seed: int) -> None:
    options = {"players": len(seats), "rounds": 3}
    sid, end, texts = play("plustoy", "standard", options, seats, rng_seed=rng_seed)
    # The end reveals the record and the drawn seed; the record replays to the same final state.
    assert end["seed"] == SEED and end["record"]["seed"] == SEED
    game, state = replay(end["record"])
    assert state == worker.sessions.open[sid].state
    assert end["result"] == game.result(state)
    assert ok({"op": "record", "session": sid}) == end["record"]
    if "prepared" in seats:
        assert len(PREPARED) == 1 and PREPARED[0] == ("standard", options)


@pytest.mark.parametrize("variant", ["waks", "rms", "northpass", "suzuki", "italian"])
def test_primero_games_leak_nothing(worker: Any, variant: str) -> None:
    seats = ["human", "easy", "random", "medium"] if variant == "rms" else ["human", "easy", "random"]
    sid, end, texts = play("primero", variant, {"players": len(seats), "chips": 12, "deals": 3}, seats)
    game, state = replay(end["record"])
    assert state == worker.sessions.open[sid].state and end["seed"] == SEED
    # The ``say`` of the replies, in order, is the whole public log after the start: nothing unsaid.
    said = [e for text in texts[1:] for e in json.loads(text)["result"]["say"]]
    first = json.loads(texts[0])["result"]["view"]["observation"]["log_size"]
    assert said == game.log_entries(state, -1, first, end["observation"]["log_size"])
    assert len(said) >= end["actions"]


def test_primero_hot_seat_leaks_nothing(worker: Any) -> None:
    play("primero", "waks", {"players": 3, "chips": 6, "deals": 2}, ["human", "human", "medium"], rng_seed=3)


def test_a_typed_seed_is_echoed_and_deals_the_same_game(worker: Any) -> None:
    start = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": 42})
    assert start["view"]["seed"] == 42 and start["view"]["record"] is None
    state = worker.sessions.open[start["session"]].state
    assert state == TOY.initial_state({"players": 2}, 42, "standard")


def test_a_drawn_seed_is_too_large_to_guess_and_exact_in_javascript(worker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """With 10**9 seeds, the cards the page sees (its hand, a showdown) single out the seed by
    trying them all offline, and with it every card still to come. The worker draws 53 bits: the
    most a JavaScript number holds exactly, so the end screen's replay link deals the same game."""
    bounds: list[int] = []

    def randbelow(n: int) -> int:
        bounds.append(n)
        return n - 1

    monkeypatch.setattr(secrets, "randbelow", randbelow)
    start = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"]})
    assert bounds == [2**53]
    assert worker.sessions.open[start["session"]].header.seed == 2**53 - 1 and start["view"]["seed"] is None


def test_one_act_reply_carries_the_new_view_and_says_what_happened(worker: Any) -> None:
    start = ok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "human"], "seed": 7})
    sid = start["session"]
    assert start["view"]["seat"] == -1 and start["view"]["say"] == [] and start["view"]["legal"] == []
    shown = ok({"op": "show", "session": sid, "seat": 0})
    assert shown["seat"] == 0 and shown["legal"] and shown["observation"]["hand"]
    swap = next(a for a in shown["legal"] if a.startswith("swap"))
    after = ok({"op": "act", "session": sid, "seat": 0, "action": swap, "show": -1})
    assert after["seat"] == -1 and after["actions"] == 1 and after["current"] == 1
    assert after["observation"]["hand"] is None and after["observation"]["log_size"] == 2
    assert after["say"] == [{"key": "toy.swap", "seat": 0, "args": {"card": swap.split()[1]}, "action": swap}]
    # Without ``show`` the hot-seat human whose turn passed is hidden too (the show rules still hold).
    ok({"op": "show", "session": sid, "seat": 1})
    after = ok({"op": "act", "session": sid, "seat": 1, "action": "pass"})
    assert after["seat"] == -1 and after["say"][0]["key"] == "toy.pass" and after["terminal"] is False


def test_ai_step_says_what_the_computer_did_and_reports_think_time(worker: Any) -> None:
    start = ok({"op": "new_game", "game": "toy", "seats": ["greedy", "human"], "seed": 3})
    sid = start["session"]
    assert start["view"]["seat"] == 1 and start["view"]["current"] == 0 and start["view"]["legal"] == []
    step = ok({"op": "ai_step", "session": sid})
    assert step["actions"] == 1 and len(step["say"]) == 1 and step["say"][0]["seat"] == 0
    assert isinstance(step["think_ms"], float) and step["current"] == 1 and step["legal"]
    # The human is to act: an ai_step plays nothing.
    idle = ok({"op": "ai_step", "session": sid})
    assert idle["actions"] == 1 and idle["say"] == []


def test_ai_step_carries_why_when_the_agent_explains_from_the_public_view(worker: Any,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    start = ok({"op": "new_game", "game": "toy", "seats": ["greedy", "human"], "seed": 3})
    assert "why" not in ok({"op": "ai_step", "session": start["session"]})  # an agent without explain: no why
    seen: list[Any] = []

    def explain(self: Any, observation: Mapping[str, Any], action: str) -> dict[str, Any]:
        seen.append((observation["seat"], action))
        return {"key": "toy.why", "args": {"action": action}}

    monkeypatch.setattr(toygame.GreedyAgent, "explain", explain, raising=False)
    sid = ok({"op": "new_game", "game": "toy", "seats": ["greedy", "human"], "seed": 3})["session"]
    step = ok({"op": "ai_step", "session": sid})
    assert seen and seen[0][0] == -1  # the public observation, never the AI's own
    assert step["why"] == {"key": "toy.why", "args": {"action": seen[0][1]}}


def test_primiera_ai_steps_say_why_and_leak_nothing(worker: Any) -> None:
    sid, view, texts = play("primiera", "kaleidos", {"target": 0, "max_rounds": 1}, ["human", "medium", "hard", "easy"],
                            rng_seed=4)
    whys = [json.loads(t)["result"].get("why") for t in texts if '"think_ms"' in t]
    keys = {w["key"] for w in whys if w}
    assert keys and all(k.startswith("primiera.why.") for k in keys)
    assert None in whys  # the secret table picks are not explained


def test_view_show_and_act_answer_only_for_the_seat_allowed(worker: Any) -> None:
    sid = ok({"op": "new_game", "game": "toy", "options": {"players": 3},
              "seats": ["human", "greedy", "human"], "seed": 5})["session"]
    # A computer seat, a human not to act, and a seat that does not exist are refused.
    refused({"op": "show", "session": sid, "seat": 1}, "IllegalActionError")
    refused({"op": "view", "session": sid, "seat": 1}, "IllegalActionError")
    refused({"op": "show", "session": sid, "seat": 2}, "IllegalActionError")
    refused({"op": "show", "session": sid, "seat": 3})
    # The human to act may be shown, and acts only while shown.
    refused({"op": "act", "session": sid, "seat": 0, "action": "pass"}, "IllegalActionError")
    assert ok({"op": "show", "session": sid, "seat": 0})["observation"]["hand"]
    assert ok({"op": "view", "session": sid})["seat"] == 0
    refused({"op": "act", "session": sid, "seat": 1, "action": "pass"}, "IllegalActionError")
    refused({"op": "act", "session": sid, "seat": 0, "action": "pass", "show": 1})
    assert worker.sessions.open[sid].actions == []  # a refused show applies nothing
    refused({"op": "act", "session": sid, "seat": 0, "action": "swap 7D"})
    ok({"op": "act", "session": sid, "seat": 0, "action": "pass", "show": -1})
    ok({"op": "ai_step", "session": sid})
    refused({"op": "act", "session": sid, "seat": 2, "action": "pass"})  # not shown yet
    ok({"op": "show", "session": sid, "seat": 2})
    refused({"op": "show", "session": sid, "seat": 0})  # no longer to act
    end = ok({"op": "act", "session": sid, "seat": 2, "action": "pass"})
    assert end["terminal"] and end["seat"] == 2
    # Once over, any seat may be shown.
    assert ok({"op": "show", "session": sid, "seat": 1})["observation"]["hand"]


def test_a_single_human_stays_shown_and_spectators_are_always_allowed(worker: Any) -> None:
    sid = ok({"op": "new_game", "game": "toy", "seats": ["greedy", "human"], "seed": 1})["session"]
    assert ok({"op": "show", "session": sid, "seat": 1})["seat"] == 1  # the only human, not to act
    spectator = ok({"op": "show", "session": sid, "seat": -1})
    assert spectator["observation"]["hand"] is None and spectator["legal"] == []
    refused({"op": "view", "session": sid, "seat": 0})


def test_record_only_at_the_end_or_on_export(worker: Any) -> None:
    sid = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"]})["session"]
    refused({"op": "record", "session": sid}, "IllegalActionError")
    refused({"op": "record", "session": sid, "export": 1})
    exported = ok({"op": "record", "session": sid, "export": True})
    assert exported["seed"] == SEED and exported["actions"] == []


def test_a_record_resumes_and_one_without_a_player_count_is_refused(worker: Any) -> None:
    rec = Record("toy", "standard", (("players", 2), ("rounds", 2)), 11, ("pass",)).to_json()
    start = ok({"op": "new_game", "record": rec, "seats": ["greedy", "human"]})
    assert start["view"]["actions"] == 1 and start["view"]["seat"] == 1 and start["view"]["seed"] == 11
    del rec["options"]["players"]
    refused({"op": "new_game", "record": rec, "seats": ["greedy", "human"]}, "RecordError")
    rec["options"]["players"] = 2
    rec["actions"] = ["pass", "swap 9H"]
    refused({"op": "new_game", "record": rec, "seats": ["greedy", "human"]}, "RecordError")


def test_session_ids_are_never_reused_and_the_table_stays_bounded(worker: Any) -> None:
    seen: set[str] = set()
    for i in range(50):
        sid, _, _ = play("toy", None, {"players": 2}, ["greedy", "random"], rng_seed=i)
        assert sid not in seen
        seen.add(sid)
        assert len(worker.sessions.open) <= bridge_sessions.MAX_SESSIONS
        if i % 3 == 0:
            ok({"op": "close", "session": sid})
            assert sid not in worker.sessions.open
    refused({"op": "view", "session": "s1"}, "RequestError")  # long dropped
    # A running game outlives finished ones: finished sessions are dropped first.
    live = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"]})["session"]
    for i in range(bridge_sessions.MAX_SESSIONS + 3):
        play("toy", None, {"players": 2}, ["greedy", "greedy"], rng_seed=i)
    assert live in worker.sessions.open and len(worker.sessions.open) <= bridge_sessions.MAX_SESSIONS


def test_game_ops_run_and_needs_view_ones_see_only_the_seat_shown(worker: Any) -> None:
    assert ok({"op": "game_op", "game": "toy", "name": "value", "cards": ["AC", "KC"]}) == {"sum": 11}
    refused({"op": "game_op", "game": "toy", "name": "value", "cards": ["AD"]}, "InvalidCardError")
    refused({"op": "game_op", "game": "toy", "name": "nope"}, "OptionsError")
    sid = ok({"op": "new_game", "game": "toy", "seats": ["human", "human"], "seed": 2})["session"]
    assert ok({"op": "game_op", "game": "toy", "name": "my_sum", "session": sid}) == {"sum": None}
    ok({"op": "show", "session": sid, "seat": 0})
    hands = worker.sessions.open[sid].state.hands
    assert toygame.hand_sum(hands[0]) != toygame.hand_sum(hands[1])  # so the answer tells the seats apart
    mine = ok({"op": "game_op", "game": "toy", "name": "my_sum", "session": sid, "seat": 1})
    assert mine == {"sum": toygame.hand_sum(hands[0])}
    refused({"op": "game_op", "game": "toy", "name": "my_sum"})
    other = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"]})["session"]
    refused({"op": "game_op", "game": "plustoy", "name": "my_sum", "session": other})


def test_log_gives_older_entries_of_the_seat_shown(worker: Any) -> None:
    sid, end, _ = play("toy", None, {"players": 3, "rounds": 3}, ["greedy", "random", "greedy"])
    state = worker.sessions.open[sid].state
    assert ok({"op": "log", "session": sid, "start": 2, "stop": 5}) == TOY.log_entries(state, -1, 2, 5)
    assert ok({"op": "log", "session": sid, "start": -5, "stop": 10**6}) == TOY.log_entries(state, -1, 0, 10)
    assert ok({"op": "log", "session": sid, "start": 8, "stop": 3}) == []
    refused({"op": "log", "session": sid, "start": "0"}, "RequestError")


def test_a_bug_is_an_internal_error_with_a_generic_message(worker: Any) -> None:
    answer = json.loads(raw({"op": "game_op", "game": "plustoy", "name": "crash"}))
    assert answer["ok"] is False and answer["kind"] == "InternalError"
    assert "ZeroDivisionError" in answer["detail"] and "error" not in answer
    assert answer["key"] == "error.internal" and answer["args"] == {}


HOSTILE: list[Any] = [
    "not json", "", "[1, 2]", "null", '"ping"', "[" * 100_000, 12, None, '{"op": 5}', '{"op": "nope"}',
    '{"op": "' + "x" * 1_000_000 + '"}', {"op": "view"}, {"op": "view", "session": ["s1"]},
    {"op": "new_game"}, {"op": "new_game", "game": "nope", "seats": []},
    {"op": "new_game", "game": "toy", "seats": "human"},
    {"op": "new_game", "game": "toy", "seats": ["human"]},
    {"op": "new_game", "game": "toy", "seats": ["human", "genius"]},
    {"op": "new_game", "game": "toy", "seats": ["human", 3]},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": "12"},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": 10**40},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": True},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "options": [1]},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "options": {"rounds": "x" * 10**6}},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "variant": ["x"]},
    {"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "variant": "x" * 10**6},
    {"op": "new_game", "record": "x" * 10**6, "seats": ["human", "greedy"]},
    {"op": "new_game", "record": {"format": 1}, "seats": ["human", "greedy"]},
    {"op": "game_op", "game": 5, "name": "value"}, {"op": "game_op", "game": "toy"},
    {"op": "deal_preview", "seed": "x"}, {"op": "record", "session": None},
]


@pytest.mark.parametrize("request_", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_request_gets_a_clear_error(worker: Any, request_: Any) -> None:
    refused(request_)


@pytest.mark.parametrize("field", ["seat", "action", "show"])
@pytest.mark.parametrize("value", ["0", True, 10**100, 1.5, None, [], {"a": 1}, "swap " + "K" * 10**6], ids=range(8))
def test_a_hostile_act_gets_a_clear_error_and_changes_nothing(worker: Any, field: str, value: Any) -> None:
    sid = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": 9})["session"]
    request = {"op": "act", "session": sid, "seat": 0, "action": "pass", "show": 0}
    request[field] = value
    if field == "show" and value is None:
        return  # no show: the action is simply played
    refused(request)
    assert worker.sessions.open[sid].actions == []


def test_deal_preview_and_ping_stay_as_they_were(worker: Any) -> None:
    assert ok({"op": "ping"}) == "pong"
    preview = ok({"op": "deal_preview", "seed": 1, "count": 5})
    assert len(preview) == 5 and len(set(preview)) == 5


def test_an_agent_sees_only_its_own_seat(worker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def choose(self: Any, observation: Mapping[str, Any], legal: Sequence[str], rng: AgentRandom) -> str:
        seen.append(observation["seat"])
        return "pass"

    monkeypatch.setattr(toygame.GreedyAgent, "choose", choose)
    play("toy", None, {"players": 3}, ["greedy", "human", "greedy"])
    assert seen == [0, 2]


def test_a_bug_in_an_agent_reveals_no_hidden_card(worker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI that picks an illegal action is a bug: the page gets an apology, and nothing in the
    reply (its details included) names a card of that AI's hand."""

    def choose(self: Any, observation: Mapping[str, Any], legal: Sequence[str], rng: AgentRandom) -> str:
        return "swap " + " ".join(observation["hand"])  # illegal, and it names this AI's cards

    monkeypatch.setattr(toygame.GreedyAgent, "choose", choose)
    sid = ok({"op": "new_game", "game": "toy", "seats": ["greedy", "human"], "seed": 3})["session"]
    text = raw({"op": "ai_step", "session": sid})
    answer = json.loads(text)
    assert answer["ok"] is False and answer["kind"] == "InternalError"
    assert "RuntimeError" in answer["detail"] and "in ai_step" in answer["detail"]  # where, for a developer
    state = worker.sessions.open[sid].state
    hidden = set(TOY.hidden_cards(state, 1))
    assert set(state.hands[0]) <= hidden and not hidden & set(CARD.findall(text)), answer["detail"]


def test_primero_operations_hand_and_lessons(worker: Any) -> None:
    answer = ok({"op": "game_op", "game": "primero", "name": "hand", "cards": ["7S", "6S", "AS", "5S"], "rules": "waks"})
    assert answer["hand"]["cards"] and len(answer["across"]) > 1
    refused({"op": "game_op", "game": "primero", "name": "hand", "cards": ["ZZ"]})
    refused({"op": "game_op", "game": "primero", "name": "hand", "cards": "7S" * 10**5})
    listed = ok({"op": "game_op", "game": "primero", "name": "lessons"})
    assert listed and all("name" in lesson and "steps" in lesson for lesson in listed)


def test_primero_lesson_step(worker: Any) -> None:
    first = ok({"op": "game_op", "game": "primero", "name": "lessons"})[0]
    step = ok({"op": "game_op", "game": "primero", "name": "lessons", "lesson": first["name"], "step": 1})
    assert isinstance(step, dict)


def test_an_operation_gets_the_request_without_its_envelope(worker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[Any] = []

    def echo(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
        got.append((dict(request), view))
        return True

    monkeypatch.setattr(PlusToy, "info", replace(PlusToy.info, operations=(Operation("echo", echo, needs_view=True),)))
    sid = ok({"op": "new_game", "game": "plustoy", "seats": ["human", "greedy"], "seed": 1})["session"]
    ok({"op": "game_op", "game": "plustoy", "name": "echo", "session": sid, "cards": ["AC"], "step": 2})
    assert got[0][0] == {"cards": ["AC"], "step": 2}
    assert got[0][1] == TOY.observation(worker.sessions.open[sid].state, 0)


def test_primero_coach_sees_only_the_seat_shown(worker: Any) -> None:
    from pygame_core.primero.operations import coach

    sid = ok({"op": "new_game", "game": "primero", "variant": "waks", "options": {"players": 3},
              "seats": ["human", "human", "easy"], "seed": 4})["session"]
    session = worker.sessions.open[sid]
    request = {"op": "game_op", "game": "primero", "name": "coach", "session": sid, "seat": 1}
    assert ok(request) == {"value": None, "outlook": None, "choices": None, "rank": None}  # a spectator has no hand
    current = session.game.current_player(session.state)
    ok({"op": "show", "session": sid, "seat": current})
    mine = session.game.observation(session.state, current)
    held = mine["hand"]
    answer = ok({**request, "discard": held[:1]})
    assert answer == json.loads(json.dumps(coach({"discard": held[:1]}, mine)))
    assert answer["value"] == mine["hand_value"] and answer["outlook"] is not None
    other = session.game.observation(session.state, 1 - current)["hand"]
    refused({**request, "discard": [c for c in other if c not in held][:1]})  # not a card of the shown hand
