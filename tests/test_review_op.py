"""The worker's game review ops (issue 23, web/bridge/review.py) under CPython: ``review`` in slices gives
the one-shot review's lines and summary, a finished review is kept in the saves' store and answered at
once after (the worker restarted), listed by ``review_list`` and never listed as a saved game; bad
input is a keyed error. The Toy game gets a small reviewer of its own here, so these tests do not
depend on any real game's reviewer."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from bridge import Bridge, MemoryStore
from bridge import review as bridge_review

from pygame_core import registry
from pygame_core.records import Record
from pygame_core.review import Position, Thresholds, Weighing, review_record
from pygame_core.rng import AgentRandom
from tests import aio
from tests.toy import game as toygame


class ToyReviewer:
    """Swapping a low card away is good, passing is worth nothing; each value averaged over two worlds,
    so the worlds' randomness (seeded per decision) is exercised."""

    unit = "points"
    thresholds = Thresholds(0.01, 0.1, 0.3, 0.6)
    version = "toy-1"

    def _values(self, legal: tuple[str, ...]) -> dict[str, float]:
        return {a: 0.0 if a == "pass" else (5 - toygame.VALUES[a.split()[1]]) / 10 for a in legal}

    def weigh(self, position: Position) -> Weighing | None:
        worlds = position.worlds(2)
        assert len(worlds) == 2
        time.sleep(0.002)  # longer than a 1 ms slice: each slice reviews one decision
        return Weighing(self._values(position.legal), why={"key": "toy.pass", "args": {}}, kind="toy.kind")

    def hindsight(self, game: Any, state: Any, seat: int, played: str, rng: AgentRandom) -> Weighing | None:
        return Weighing(self._values(tuple(game.legal_actions(state))))


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> Bridge:
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    monkeypatch.setattr(toygame.ToyGame, "info", replace(toygame.INFO, reviewer=ToyReviewer))
    bridge = Bridge()
    bridge.saves.store = MemoryStore()
    return bridge


def finished(seed: int = 3, rounds: int = 3) -> dict[str, Any]:
    """A finished Toy game's record: seat 0 plays its first legal action, seat 1 the greedy one."""
    game = toygame.GAME
    state = game.initial_state({"players": 2, "rounds": rounds}, seed)
    actions = []
    agent = toygame.GreedyAgent()
    while not game.is_terminal(state):
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        action = legal[-1] if seat == 0 else agent.choose(game.observation(state, seat), legal, AgentRandom(1))
        actions.append(action)
        state = game.apply(state, action)
    return Record("toy", "standard", (("players", 2), ("rounds", rounds)), seed, tuple(actions)).to_json()


def answer(worker: Bridge, request: Mapping[str, Any]) -> dict[str, Any]:
    text = aio.run(worker.call_async(json.dumps(request)))
    data: dict[str, Any] = json.loads(text)
    return data


def ok(worker: Bridge, request: Mapping[str, Any]) -> Any:
    got = answer(worker, request)
    assert got["ok"], got
    return got["result"]


def whole(worker: Bridge, record: Mapping[str, Any], seat: int, **more: Any) -> tuple[list[Any], list[Any]]:
    """Every slice's answer and the lines in order, asking slice after slice as the page does."""
    slices, lines, start = [], [], 0
    while True:
        got = ok(worker, {"op": "review", "record": record, "seat": seat, "start": start, **more})
        slices.append(got)
        lines += got["lines"]
        if got["next"] is None:
            return slices, lines
        assert got["next"] > start
        start = got["next"]


def test_a_review_in_slices_is_the_one_shot_review(worker: Bridge) -> None:
    record = finished()
    header, lines, summ = review_record(record, 0)
    assert lines, "the toy game gave seat 0 no decision"
    slices, got = whole(worker, record, 0, slice_ms=1)
    assert len(slices) == header["decisions"] >= 2  # each 1 ms slice reviews one decision
    assert got == lines
    assert slices[-1]["summary"] == summ and slices[-1]["header"] == header
    assert all(s["kept"] is False and s["total"] == header["decisions"] for s in slices)
    assert all("summary" not in s for s in slices[:-1])
    # A cancelled review asked again goes on with what the worker made already: the same lines.
    again, got2 = whole(worker, record, 0, slice_ms=10_000)
    assert got2 == lines and len(again) == 1


def test_a_finished_review_is_kept_answered_at_once_and_listed(worker: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished()
    store = worker.saves.store
    assert isinstance(store, MemoryStore)
    _, lines = whole(worker, record, 0, human=True)
    (key,) = [k for k in store.data if k.startswith("review:")]
    assert key.endswith(":0:0")
    # A new worker (the page reloaded) with the same store: the review is not made again.
    fresh = Bridge()
    fresh.saves.store = store
    made: list[int] = []
    monkeypatch.setattr(bridge_review.Review, "line", lambda self, i: made.append(i))
    kept = ok(fresh, {"op": "review", "record": dict(record, seats=["human", "greedy"]), "seat": 0})
    assert kept["kept"] is True and kept["next"] is None and kept["lines"] == lines and not made
    assert kept["summary"]["decisions"] == len(lines)
    listed = ok(fresh, {"op": "review_list"})
    assert listed["storage"] is True
    (entry,) = listed["reviews"]
    assert entry["game"] == "toy" and entry["decisions"] == len(lines) and entry["unit"] == "points"
    assert set(entry) == {"game", "variant", "seat", "human", "time", "accuracy", "decisions", "mean_loss", "unit"}
    assert entry["human"] is True
    # A kept review is no saved game, and deleting every saved game keeps it.
    assert ok(fresh, {"op": "saves"})["saves"] == []
    assert ok(fresh, {"op": "delete_save", "all": True}) is True
    assert key in store.data
    # A damaged kept review (the store is the browser's): left out of the list, and made again.
    good = store.data[key]
    for bad in ("{", json.dumps({**json.loads(good), "lines": [{"step": "x"}]}), json.dumps([1]), json.dumps({"format": 1})):
        store.data[key] = bad
        spoilt = Bridge()
        spoilt.saves.store = store
        assert ok(spoilt, {"op": "review_list"})["reviews"] == []
        made.clear()
        assert ok(spoilt, {"op": "review", "record": record, "seat": 0})["kept"] is False and made
    store.data[key] = good
    # Another reviewer version: made again.
    monkeypatch.setattr(ToyReviewer, "version", "toy-2")
    again = Bridge()
    again.saves.store = store
    assert ok(again, {"op": "review", "record": record, "seat": 0})["kept"] is False and made


def test_at_most_max_kept_reviews_are_kept(worker: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge_review, "MAX_KEPT", 2)
    for seed in (1, 2, 3):
        whole(worker, finished(seed), 1)
    store = worker.saves.store
    assert isinstance(store, MemoryStore)
    assert len([k for k in store.data if k.startswith("review:")]) == 2
    assert len(ok(worker, {"op": "review_list"})["reviews"]) == 2


def test_hindsight_is_beside_the_line_never_in_the_mark(worker: Bridge) -> None:
    record = finished()
    _, seen = whole(worker, record, 0, hindsight=True)
    assert all("hindsight" in line for line in seen)
    # Asked without hindsight after: the kept review with it answers, its lines without it.
    (kept,), plain = whole(worker, record, 0)
    assert kept["kept"] is True
    assert [{k: v for k, v in line.items() if k != "hindsight"} for line in seen] == plain
    worker.saves.store = MemoryStore()
    worker.reviews.live.clear()
    _, made = whole(worker, record, 0)
    assert made == plain


def test_bad_input_is_a_keyed_error(worker: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished()

    def refused(request: Mapping[str, Any]) -> tuple[str, str]:
        got = answer(worker, request)
        assert got["ok"] is False and got["kind"] != "InternalError", got
        return got["kind"], got["key"]

    assert refused({"op": "review", "record": record, "seat": 2}) == ("OptionsError", "err.review.seat")
    assert refused({"op": "review", "record": record, "seat": -1}) == ("OptionsError", "err.review.seat")
    assert refused({"op": "review", "record": record, "seat": "0"})[1] == "err.request"
    assert refused({"op": "review", "seat": 0})[1] == "err.request"
    assert refused({"op": "review", "record": record, "seat": 0, "slice_ms": 0})[1] == "err.request"
    assert refused({"op": "review", "record": "{", "seat": 0})[0] == "RecordError"
    unfinished = dict(record, actions=record["actions"][:3])
    assert refused({"op": "review", "record": unfinished, "seat": 0}) == ("RecordError", "err.review.unfinished")
    wrong = dict(record, actions=["swap ZZ"] + record["actions"][1:])
    assert refused({"op": "review", "record": wrong, "seat": 0})[0] == "RecordError"
    monkeypatch.setattr(toygame.ToyGame, "info", replace(toygame.INFO, reviewer=None))
    assert refused({"op": "review", "record": record, "seat": 0}) == ("OptionsError", "err.review.nogame")
    # `call` (no storage) refuses them, like the saves' ops.
    bare = Bridge()
    assert json.loads(bare.call(json.dumps({"op": "review_list"})))["key"] == "err.storage"


def test_the_answers_are_as_protocol_d_ts_types_them(worker: Bridge) -> None:
    from tests.test_protocol_types import check

    _, _ = whole(worker, finished(), 0, hindsight=True)
    got = ok(worker, {"op": "review", "record": finished(), "seat": 0, "hindsight": True})
    check("ReviewSlice", got)
    check("ReviewHeader", got["header"])
    check("ReviewSummary", got["summary"])
    for line in got["lines"]:
        check("ReviewLine", line)
        check("ReviewLine", line["hindsight"])
    for entry in ok(worker, {"op": "review_list"})["reviews"]:
        check("ReviewKept", entry)
