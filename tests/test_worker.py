"""The worker bridge (web/bridge, web/worker.py) under CPython: the worker protocol, the show rules,
sessions, saves, and that nothing hidden leaks.

Each test gets a fresh ``Bridge`` (the ``worker`` fixture); web/worker.py itself is imported with a
stub ``pyscript`` module. Games are played whole through ``call(json)``; the true state is read from
``WORKER.sessions.open`` (test side only) to check every reply against ``game.hidden_cards``.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import random
import re
import secrets
import sys
import types
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from bridge import Bridge, MemoryStore
from bridge import replay as bridge_replay
from bridge import saves as bridge_saves
from bridge import sessions as bridge_sessions
from bridge.idb import IdbStore
from bridge.request import check_fields

from pygame_core import registry
from pygame_core.errors import OptionsError
from pygame_core.protocol import FieldSpec, Operation
from pygame_core.records import Record, replay
from pygame_core.rng import AgentRandom
from tests import string_tables
from tests.toy import game as toygame

ROOT = Path(__file__).resolve().parent.parent
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


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> Bridge:
    """A fresh bridge without a store (`call` saves nothing; the saves' tests set a store)."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    monkeypatch.setitem(registry._MODULES, "plustoy", __name__)
    monkeypatch.setattr(secrets, "randbelow", lambda n: SEED)
    fresh = Bridge()
    monkeypatch.setattr(sys.modules[__name__], "WORKER", fresh)
    PREPARED.clear()
    return fresh


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


# --- tests ------------------------------------------------------------------------------------------


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


# --- links: the daily deal's seed and the replay op (the replay viewer) -------------------------------------


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
    seed = WORKER.sessions.open[a["session"]].header.seed
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
    refused({"op": "replay", "record": sealed, "seat": "everyone"}, "RequestError")
# --- undo ----------------------------------------------------------------------------------------------


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


# --- saved games (call_async with a store in memory, as IndexedDB is in the browser) ------------------


@pytest.fixture
def store(worker: Bridge) -> MemoryStore:
    mem = MemoryStore()
    worker.saves.store = mem
    return mem


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


def test_every_action_is_saved_and_the_list_shows_metadata_only(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"],
                 "names": ["You", "Bianca"]})
    sid = start["session"]
    data = saved(store)
    assert data["v"] == 1 and data["record"]["actions"] == [] and data["seats"] == ["human", "greedy"]
    assert data["names"] == ["You", "Bianca"] and data["undo"] is True and data["id"] == start["save"]
    aok({"op": "act", "session": sid, "seat": 0, "action": "pass"})
    aok({"op": "ai_step", "session": sid})
    data = saved(store)
    assert data["record"]["actions"][0] == "pass" and len(data["record"]["actions"]) == 2
    assert data["record"]["seed"] == SEED
    text = araw({"op": "saves"})
    listing = json.loads(text)["result"]
    assert listing["storage"] is True
    (entry,) = listing["saves"]
    assert entry == {"id": start["save"], "status": "ok", "problem": None, "game": "toy", "variant": "standard",
                     "players": 2, "seats": ["human", "greedy"], "names": ["You", "Bianca"],
                     "updated": data["updated"], "turn": 0, "actions": 2, "kept": None, "net": False}
    assert listing["more"] == 0
    # no seed, no card, no action in the list
    assert str(SEED) not in text and not CARD.findall(text) and "pass" not in text
    # `call` (no storage) saves nothing and refuses the saves' ops
    refused({"op": "saves"}, "StorageError", "err.storage")


def test_a_save_resumes_the_exact_game_and_a_finished_game_leaves_the_list(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"]})
    sid = start["session"]
    aok({"op": "act", "session": sid, "seat": 0, "action": "pass"})
    view = aok({"op": "ai_step", "session": sid})
    WORKER.sessions.open.clear()  # the tab was closed: a new worker knows only the store
    text = araw({"op": "resume", "save": start["save"]})
    back = json.loads(text)["result"]
    assert back["view"]["observation"] == view["observation"] and back["view"]["legal"] == view["legal"]
    assert back["seats"] == ["human", "greedy"] and back["game"] == "toy" and back["options"]["rounds"] == 2
    assert back["view"]["seed"] is None and str(SEED) not in text and back["view"]["undo"] is True
    assert_no_leak(back["session"], text, seed_known=False)
    sid = back["session"]
    # resuming a game open in this worker gives that session again
    assert aok({"op": "resume", "save": start["save"]})["session"] == sid
    while True:
        view = aok({"op": "view", "session": sid})
        if view["terminal"]:
            break
        if view["current"] == 0:
            aok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
        else:
            aok({"op": "ai_step", "session": sid})
    assert store.data == {}
    assert aok({"op": "saves"})["saves"] == []


def test_a_hot_seat_game_resumes_with_no_hand_shown(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "human"]})
    sid = start["session"]
    aok({"op": "show", "session": sid, "seat": 0})
    aok({"op": "act", "session": sid, "seat": 0, "action": "pass", "show": -1})
    WORKER.sessions.open.clear()
    back = aok({"op": "resume", "save": start["save"]})
    assert back["view"]["seat"] == -1 and back["view"]["current"] == 1 and back["view"]["legal"] == []


def test_undo_is_saved_and_a_game_without_undo_keeps_it_off(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "undo": False})
    aok({"op": "act", "session": start["session"], "seat": 0, "action": "pass"})
    assert saved(store)["undo"] is False
    WORKER.sessions.open.clear()
    assert aok({"op": "resume", "save": start["save"]})["view"]["undo"] is False
    store.data.clear()
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"]})
    aok({"op": "act", "session": start["session"], "seat": 0, "action": "pass"})
    aok({"op": "ai_step", "session": start["session"]})
    aok({"op": "undo", "session": start["session"], "seat": 0})
    assert saved(store)["record"]["actions"] == []


def _good_save(store: Any, seed: int) -> str:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"], "seed": seed})
    aok({"op": "act", "session": start["session"], "seat": 0, "action": "pass"})
    save: str = start["save"]
    return save


@pytest.mark.parametrize(("bad", "problem"), [
    ("truncated", "save.bad.json"),
    ("notext", "save.bad.type"),
    ("types", "save.bad.type"),
    ("future", "save.bad.version"),
    ("game", "save.bad.record"),
    ("kept", "save.bad.type"),
    ("level", "save.bad.record"),
])
def test_a_corrupt_save_is_set_aside_and_the_others_survive(store: Any, bad: str, problem: str) -> None:
    keep = _good_save(store, 1)
    spoil = _good_save(store, 2)
    text = store.data[spoil]
    data = json.loads(text)
    if bad == "truncated":
        store.data[spoil] = text[: len(text) // 2]
    elif bad == "notext":
        store.data[spoil] = bridge_saves.NotText('{"v": 1}')
    elif bad == "types":
        data["seats"] = "human"
        store.data[spoil] = json.dumps(data)
    elif bad == "future":
        data["v"] = 2
        store.data[spoil] = json.dumps(data)
    elif bad == "level":  # a computer level this version does not have
        data["seats"] = ["human", "grandmaster"]
        store.data[spoil] = json.dumps(data)
    elif bad == "kept":
        data["kept"] = {"record": data["record"], "n": "two", "total": 1}
        store.data[spoil] = json.dumps(data)
    else:
        data["record"]["game"] = "nosuchgame"
        store.data[spoil] = json.dumps(data)
    listing = aok({"op": "saves"})["saves"]
    assert [e["id"] for e in listing] == [keep, spoil]
    assert listing[0]["status"] == "ok" and listing[1]["status"] == "corrupt"
    assert listing[1]["problem"]["key"] == problem
    if bad == "future":
        assert listing[1]["problem"]["args"] == {"version": 2}
    WORKER.sessions.open.clear()
    arefused({"op": "resume", "save": spoil}, "err.save.damaged")
    assert aok({"op": "resume", "save": keep})["view"]["actions"] == 1
    # set aside, not lost: it stays in the store and exports as it is
    exported = aok({"op": "export_save", "save": spoil})
    if bad in ("game", "level"):  # a well-formed record that does not open: it exports as a record
        assert exported["kind"] == "record" and json.loads(exported["text"]) == dict(data["record"], seats=data["seats"])
    else:
        assert exported["kind"] == "raw"
        assert exported["text"] == (store.data[spoil].text if bad == "notext" else store.data[spoil])
    assert spoil in store.data


def test_export_gives_the_record_and_import_checks_it_like_the_cli(store: Any) -> None:
    save = _good_save(store, 3)
    exported = aok({"op": "export_save", "save": save})
    assert exported["kind"] == "record"
    rec = json.loads(exported["text"])
    assert rec["seed"] == 3 and rec["actions"] == ["pass"]
    replay(rec)  # what `python -m pygame_core replay` accepts
    store.data.clear()
    opened = aok({"op": "import_record", "record": exported["text"]})
    assert opened["view"]["actions"] == 1 and opened["seats"] == ["human", "greedy"]
    assert opened["save"] in store.data and not opened["view"]["terminal"]
    # a finished game opens at its end, and is not saved
    sid, end, _ = play("toy", None, {"players": 2}, ["human", "greedy"], seed=5)
    store.data.clear()
    done = aok({"op": "import_record", "record": json.dumps(end["record"])})
    assert done["view"]["terminal"] and done["save"] is None and store.data == {}
    # the CLI's checks: bad JSON, an action that does not apply, a final check that fails
    assert arefused({"op": "import_record", "record": exported["text"][:30]})["kind"] == "RecordError"  # not JSON
    bad = dict(rec, actions=["pass", "fly"])
    arefused({"op": "import_record", "record": json.dumps(bad)}, "err.record.action", n=2)
    passes = Record.from_json(rec)  # passes apply under any seed: only the final check sees the seed changed
    checked = passes.with_final(*replay(passes)).to_json()
    checked["seed"] = 6
    assert arefused({"op": "import_record", "record": json.dumps(checked)})["kind"] == "RecordError"  # the digest


def test_delete_one_save_or_all(store: Any) -> None:
    one, two, three = (_good_save(store, s) for s in (1, 2, 3))
    assert aok({"op": "delete_save", "save": two}) is True
    assert {e["id"] for e in aok({"op": "saves"})["saves"]} == {one, three}
    aok({"op": "delete_save", "all": True})
    assert store.data == {} and aok({"op": "saves"})["saves"] == []
    # a game open in this tab whose save was deleted is no longer saved
    sid = next(iter(WORKER.sessions.open))
    view = aok({"op": "view", "session": sid})
    if not view["terminal"] and view["current"] == 0:
        aok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
    assert store.data == {}


def test_storage_refused_the_game_goes_on_and_the_answer_says_unsaved(store: Any) -> None:
    store.refuse = True
    answer = json.loads(araw({"op": "new_game", "game": "toy", "seats": ["human", "greedy"]}))
    assert answer["ok"] and answer["unsaved"] is True
    sid = answer["result"]["session"]
    answer = json.loads(araw({"op": "act", "session": sid, "seat": 0, "action": "pass"}))
    assert answer["ok"] and answer["unsaved"] is True and answer["result"]["actions"] == 1
    assert aok({"op": "saves"}) == {"storage": False, "saves": [], "more": 0}
    assert arefused({"op": "delete_save", "all": True})["kind"] == "StorageError"


def test_a_save_the_rules_now_refuse_goes_on_from_before_the_refused_move_and_keeps_its_original(store: Any) -> None:
    keep = _good_save(store, 1)
    save = _good_save(store, 2)
    data = json.loads(store.data[save])
    sid = next(s for s, sess in WORKER.sessions.open.items() if sess.save_id == save)
    aok({"op": "ai_step", "session": sid})
    data = json.loads(store.data[save])
    assert data["record"]["actions"][:1] == ["pass"] and len(data["record"]["actions"]) == 2
    # as if a new version's rules refused move 2 (and so the moves after it)
    original = dict(data["record"], actions=[data["record"]["actions"][0], "swap QS", "pass"])
    store.data[save] = json.dumps(dict(data, record=original))
    WORKER.sessions.open.clear()
    listing = aok({"op": "saves"})["saves"]
    entry = next(e for e in listing if e["id"] == save)
    assert entry["status"] == "ok" and entry["kept"] == {"n": 2, "total": 3} and entry["actions"] == 1
    assert next(e for e in listing if e["id"] == keep)["kept"] is None
    back = aok({"op": "resume", "save": save})
    assert back["kept"] == {"n": 2, "total": 3} and back["view"]["actions"] == 1
    assert back["view"]["current"] == 1  # the game goes on from just before the refused move
    stored = json.loads(store.data[save])  # saved at once: the game as it goes on, the original kept
    assert stored["record"]["actions"] == ["pass"] and stored["kept"] == {"record": original, "n": 2, "total": 3}
    view = aok({"op": "ai_step", "session": back["session"]})
    assert view["actions"] == 2
    stored = json.loads(store.data[save])
    assert len(stored["record"]["actions"]) == 2 and stored["kept"]["record"] == original
    # the original exports as it was; the game exports as it goes on
    assert json.loads(aok({"op": "export_save", "save": save, "original": True})["text"]) == original
    assert json.loads(aok({"op": "export_save", "save": save})["text"])["actions"] == stored["record"]["actions"]
    WORKER.sessions.open.clear()
    again = aok({"op": "resume", "save": save})
    assert again["kept"] == {"n": 2, "total": 3} and again["view"]["actions"] == 2
    # refused at the very first move: it opens at the start
    first = dict(data, record=dict(data["record"], actions=["swap QS"]))
    store.data["first"] = json.dumps(first)
    WORKER.sessions.open.clear()
    opened = aok({"op": "resume", "save": "first"})
    assert opened["kept"] == {"n": 1, "total": 1} and opened["view"]["actions"] == 0


def test_every_save_can_be_listed_fifty_at_a_time(store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    template = json.loads(store.data[_good_save(store, 1)])
    store.data.clear()
    for i in range(57):
        store.data[f"g{i:03}"] = json.dumps(dict(template, id=f"g{i:03}", updated=1000 + i))
    store.data["bad"] = "{"
    first = aok({"op": "saves"})
    good = [e for e in first["saves"] if e["status"] == "ok"]
    assert len(good) == bridge_saves.MAX_SAVES == 50 and first["more"] == 7
    assert [e["id"] for e in good[:2]] == ["g056", "g055"]  # the most recent first
    assert [e["id"] for e in first["saves"] if e["status"] != "ok"] == ["bad"]  # set aside: always listed
    every = aok({"op": "saves", "limit": 100})
    assert len([e for e in every["saves"] if e["status"] == "ok"]) == 57 and every["more"] == 0
    assert every["saves"][56]["id"] == "g000"
    arefused({"op": "saves", "limit": 0}, "err.request")


def test_an_imported_record_is_checked_first_and_opens_with_the_seats_chosen(store: Any) -> None:
    save = _good_save(store, 3)
    text = aok({"op": "export_save", "save": save})["text"]
    store.data.clear()
    open_before = len(WORKER.sessions.open)
    checked = ok({"op": "check_record", "record": text})  # works without storage too
    assert checked == {"game": "toy", "variant": "standard", "players": 2, "actions": 1, "terminal": False,
                       "seats": ["human", "greedy"]}
    assert len(WORKER.sessions.open) == open_before and store.data == {}  # nothing opened, nothing saved
    opened = aok({"op": "import_record", "record": text, "seats": ["greedy", "human"]})
    assert opened["seats"] == ["greedy", "human"] and opened["view"]["seat"] == 1
    assert json.loads(store.data[opened["save"]])["seats"] == ["greedy", "human"]
    bad = dict(json.loads(text), actions=["pass", "fly"])
    refused({"op": "check_record", "record": json.dumps(bad)}, "RecordError")  # action 2 does not apply
    arefused({"op": "import_record", "record": text, "seats": ["human"]}, "err.seats")


def test_exported_records_keep_the_seat_kinds_and_an_import_offers_them_again(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["greedy", "human"], "seed": 4})
    sid = start["session"]
    aok({"op": "ai_step", "session": sid})
    exported = aok({"op": "export_save", "save": start["save"]})["text"]
    assert json.loads(exported)["seats"] == ["greedy", "human"]
    assert aok({"op": "record", "session": sid, "export": True})["seats"] == ["greedy", "human"]
    replay(exported)  # `python -m pygame_core replay` accepts it
    store.data.clear()
    assert ok({"op": "check_record", "record": exported})["seats"] == ["greedy", "human"]
    opened = aok({"op": "import_record", "record": exported})  # without a choice: the record's own
    assert opened["seats"] == ["greedy", "human"] and opened["view"]["seat"] == 1
    # an older record (without them) keeps the default; a level this version lacks becomes its default level
    older = {k: v for k, v in json.loads(exported).items() if k != "seats"}
    assert ok({"op": "check_record", "record": json.dumps(older)})["seats"] == ["human", "greedy"]
    assert aok({"op": "import_record", "record": json.dumps(older)})["seats"] == ["human", "greedy"]
    future = dict(older, seats=["grandmaster", "human"])
    assert ok({"op": "check_record", "record": json.dumps(future)})["seats"] == ["greedy", "human"]
    # an older save's record has no seat kinds: its export takes the save's
    store.data.clear()
    save = _good_save(store, 6)
    data = json.loads(store.data[save])
    data["record"].pop("seats")
    store.data[save] = json.dumps(data)
    WORKER.sessions.open.clear()
    assert json.loads(aok({"op": "export_save", "save": save})["text"])["seats"] == ["human", "greedy"]
    # a finished game's record (the end screen's file and replay link) carries them too
    _, end, _ = play("toy", None, {"players": 2}, ["human", "greedy"], seed=5)
    assert end["record"]["seats"] == ["human", "greedy"]


def test_a_game_that_kept_its_refused_original_stays_listed_once_over_until_deleted(store: Any) -> None:
    save = _good_save(store, 2)
    data = json.loads(store.data[save])
    original = dict(data["record"], actions=["pass", "swap QS"])  # a new version's rules refuse move 2
    store.data[save] = json.dumps(dict(data, record=original))
    WORKER.sessions.open.clear()
    sid = aok({"op": "resume", "save": save})["session"]
    while not (view := aok({"op": "view", "session": sid}))["terminal"]:
        if view["current"] == 0:
            aok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
        else:
            aok({"op": "ai_step", "session": sid})
    stored = json.loads(store.data[save])  # over, and still kept: nothing lost
    assert stored["kept"]["record"] == original and len(stored["record"]["actions"]) == view["actions"]
    (entry,) = aok({"op": "saves"})["saves"]
    assert entry["id"] == save and entry["turn"] == -1 and entry["kept"] == {"n": 2, "total": 2}
    assert json.loads(aok({"op": "export_save", "save": save, "original": True})["text"])["actions"] == original["actions"]
    WORKER.sessions.open.clear()
    assert aok({"op": "resume", "save": save})["view"]["terminal"] is True  # opens at its end
    aok({"op": "delete_save", "save": save})
    assert store.data == {} and aok({"op": "saves"})["saves"] == []
    # an ordinary game still leaves the list once over (test_a_save_resumes_the_exact_game...)


# --- issue 19: a game operation's declared request fields; every error of the worker's own is a key the page knows ---


def test_a_game_operation_is_refused_before_it_runs_when_a_declared_field_is_missing_or_mistyped(
        worker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[dict[str, Any]] = []

    def echo(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
        got.append(dict(request))
        return True

    fields = (FieldSpec("cards", "texts", required=True), FieldSpec("step", "int"), FieldSpec("wild", "bool"),
              FieldSpec("lesson", "text"), FieldSpec("sides", "object"))
    monkeypatch.setattr(PlusToy, "info", replace(PlusToy.info, operations=(Operation("echo", echo, fields=fields),)))
    req = {"op": "game_op", "game": "plustoy", "name": "echo"}
    assert ok({**req, "cards": [], "step": None, "extra": 1.5})  # null is absent; an undeclared field passes
    assert ok({**req, "cards": ["AC"], "step": 2, "wild": False, "lesson": "x", "sides": {"a": 1}})
    for bad in ({}, {"cards": None}, {"cards": "AC"}, {"cards": ["AC", 3]}, {"cards": [], "step": "2"},
                {"cards": [], "step": True}, {"cards": [], "step": 1.0}, {"cards": [], "step": 10**30},
                {"cards": [], "wild": 1}, {"cards": [], "lesson": 5}, {"cards": [], "sides": []}):
        refused({**req, **bad}, "RequestError", "err.request")
    assert got == [{"cards": [], "step": None, "extra": 1.5},
                   {"cards": ["AC"], "step": 2, "wild": False, "lesson": "x", "sides": {"a": 1}}]  # the refused never ran


def test_every_game_operation_declares_fields_the_worker_can_check() -> None:
    for info in [registry.load(name).info for name in registry.game_names()] + [toygame.INFO]:
        for op in info.operations:
            assert all(isinstance(f, FieldSpec) for f in op.fields), (info.name, op.name)
            names = {f.name for f in op.fields} | {"op", "game", "name", "session"}  # none is the envelope's, none twice
            assert len(names) == len(op.fields) + 4, (info.name, op.name)
    assert [f.name for f in registry.load("primero").info.operation("hand").fields] == ["cards", "rules", "wild"]
    # what the pages send passes the check (the page's requests, e2e plays them whole)
    for game, name, req in (("primero", "hand", {"rules": "waks", "cards": ["7S"], "wild": False}),
                            ("primero", "lessons", {"lesson": "anna", "step": 0}),
                            ("primiera", "score", {"variant": "2p", "solo": False, "sides": {}}),
                            ("primiera", "lessons", {}), ("primo", "why", {"action": "end"}), ("primo", "lessons", {})):
        check_fields(registry.load(game).info.operation(name).fields, req)


def _english_keys() -> dict[str, str]:
    return string_tables.strings("en")


# Requests the worker itself refuses (not the core), each with the key and args the page says.
OWN_ERRORS: list[tuple[Any, str, dict[str, Any]]] = [
    ("not json", "err.request", {}),
    ({"op": "nope"}, "err.request", {}),
    ({"op": "view", "session": "s999"}, "err.session", {}),
    ({"op": "new_game", "game": "toy", "seats": "human"}, "err.seats", {}),
    ({"op": "new_game", "game": "toy", "seats": ["human"]}, "err.seats", {}),
    ({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "options": [1]}, "err.options", {}),
    ({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "daily": "x"}, "err.daily.date", {}),
    ({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "daily": "2026-01-01", "seed": 1},
     "err.daily.seed", {}),
    ({"op": "saves"}, "err.storage", {}),
    ({"op": "replay", "record": "x" * 1_000_001}, "err.record.long", {}),
    ({"op": "import_record", "record": "x" * 5_000_001}, "err.record.large", {}),
    ({"op": "import_record", "record": {"format": 1, "game": "toy", "variant": "standard", "options": {"players": 0},
                                        "seed": 1, "actions": []}}, "err.record.players", {}),
]


@pytest.mark.parametrize(("request_", "key", "args"), OWN_ERRORS, ids=range(len(OWN_ERRORS)))
def test_the_workers_own_errors_are_keys_the_page_tables_know(worker: Any, request_: Any, key: str,
                                                               args: dict[str, Any]) -> None:
    answer = refused(request_, None, key, **args)
    english = _english_keys()
    assert answer["key"] in english
    assert set(re.findall(r"\{(\w+)\}", english[answer["key"]])) == set(answer["args"])


def test_the_show_and_undo_rules_say_their_own_keys(worker: Any) -> None:
    sid = ok({"op": "new_game", "game": "toy", "options": {"players": 3, "rounds": 2},
              "seats": ["human", "greedy", "human"], "seed": 5})["session"]
    refused({"op": "show", "session": sid, "seat": 1}, "IllegalActionError", "err.computer")
    refused({"op": "show", "session": sid, "seat": 2}, "IllegalActionError", "err.notshown")
    refused({"op": "show", "session": sid, "seat": 3}, "OptionsError", "err.noplayer", n=4)
    refused({"op": "view", "session": sid, "seat": 2}, "IllegalActionError", "err.onscreen")
    refused({"op": "act", "session": sid, "seat": 0, "action": "pass"}, "IllegalActionError", "err.onscreen")
    refused({"op": "act", "session": sid, "seat": 1, "action": "pass"}, "IllegalActionError", "err.computer")
    refused({"op": "act", "session": sid, "seat": 7, "action": "pass"}, "OptionsError", "err.noplayer", n=8)
    refused({"op": "record", "session": sid}, "IllegalActionError", "err.record.later")
    ok({"op": "show", "session": sid, "seat": 0})
    refused({"op": "undo", "session": sid, "seat": 0}, "IllegalActionError", "err.undo.none")
    refused({"op": "act", "session": sid, "seat": 0, "action": 5}, "InvalidActionError", "err.move")
    alone = ok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "seed": 5})["session"]
    ok({"op": "act", "session": alone, "seat": 0, "action": "pass"})  # the computer's turn; the one human stays shown
    refused({"op": "act", "session": alone, "seat": 0, "action": "pass"}, "IllegalActionError", "err.notyourturn")
    sid, _, _ = play("toy", None, {"players": 2}, ["human", "greedy"], rng_seed=1)
    refused({"op": "act", "session": sid, "seat": 0, "action": "pass"}, "IllegalActionError", "err.over")


def test_every_key_the_worker_writes_is_in_the_page_tables_with_its_placeholders() -> None:
    """Read from the bridge's source: each ``key="..."`` given an error and each error class's
    ``default_key``, with the names of the args given beside it."""
    english = _english_keys()
    found: list[tuple[str, set[str]]] = []
    for path in sorted((ROOT / "web" / "bridge").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                keys = [k for k in node.keywords if k.arg == "key" and isinstance(k.value, ast.Constant)]
                if keys:
                    found.append((str(keys[0].value.value), {str(k.arg) for k in node.keywords if k.arg != "key"}))
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "default_key" for t in node.targets):
                assert isinstance(node.value, ast.Constant)
                found.append((str(node.value.value), set()))
    assert len(found) > 25
    for key, args in found:
        assert key in english, key
        assert set(re.findall(r"\{(\w+)\}", english[key])) == args, (key, args)


def test_a_long_arg_of_an_error_is_cut(worker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def shout(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
        raise OptionsError("no", key="toy.err", text="x" * 10**6, nested={"key": "k", "args": {"a": [1] * 10**4}},
                           big=10**100, card=toygame.Card.parse("AC"))

    monkeypatch.setattr(PlusToy, "info", replace(PlusToy.info, operations=(Operation("shout", shout),)))
    answer = refused({"op": "game_op", "game": "plustoy", "name": "shout"}, "OptionsError")
    assert answer["key"] == "toy.err" and len(answer["args"]["text"]) == 300
    assert len(answer["args"]["nested"]["args"]["a"]) == 50 and answer["args"]["big"] == "(a huge number)"
    assert answer["args"]["card"] == "AC"
