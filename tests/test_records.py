"""Game records: JSON round-trip, replay, tampering and malformed or hostile input."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import registry
from pygame_core.conformance import random_playthrough
from pygame_core.errors import RecordError
from pygame_core.records import FORMAT_VERSION, Record, replay, start
from tests import toygame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[toygame.ToyGame]:
    """The toy game, registered as ``toy``."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toygame")
    yield toygame.GAME


def _record(seed: int = 9, players: int = 3, rounds: int = 2) -> Record:
    return random_playthrough(toygame.GAME, None, seed, {"players": players, "rounds": rounds})


def _good() -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "game": "toy", "variant": "standard", "options": {}, "seed": 1, "actions": []}


def test_record_json_round_trip(toy: toygame.ToyGame) -> None:
    rec = _record()
    data = rec.to_json()
    assert set(data) == {"format", "game", "variant", "options", "seed", "actions"}
    assert data["format"] == 1 and data["options"] == {"players": 3, "rounds": 2}
    text = json.dumps(data)
    assert Record.from_json(text) == rec
    assert Record.from_json(json.loads(text)) == rec
    assert Record.from_json(text.encode()) == rec
    assert Record.from_json(Record.from_json(text).to_json()).to_json() == data


def test_replay_reaches_the_played_state(toy: toygame.ToyGame) -> None:
    rec = _record(seed=4)
    game, state = replay(rec)
    assert game is toy and game.is_terminal(state)
    # the same record, played by hand
    s = toy.initial_state(dict(rec.options), rec.seed, rec.variant)
    for a in rec.actions:
        s = toy.apply(s, a)
    assert s == state
    assert replay(json.dumps(rec.to_json()))[1] == state
    assert replay(rec.to_json())[1] == state


def test_with_action_appends() -> None:
    rec = Record("toy", "standard", (), 1)
    assert rec.with_action("pass").with_action("swap 7C").actions == ("pass", "swap 7C")
    assert rec.actions == ()


def test_replay_of_a_partial_record_is_not_terminal(toy: toygame.ToyGame) -> None:
    rec = _record(seed=2)
    partial = Record(rec.game, rec.variant, rec.options, rec.seed, rec.actions[:2])
    game, state = replay(partial)
    assert not game.is_terminal(state) and game.current_player(state) == 2


def test_tampered_record_names_the_first_bad_action(toy: toygame.ToyGame) -> None:
    rec = _record(seed=6)
    _, first = start(rec)
    # seat 0's first action: replace it by a swap of a card seat 0 does not hold
    not_held = next(c for c in toygame.DECK if c not in first.hands[0])
    bad = (f"swap {not_held}",) + rec.actions[1:]
    tampered = Record(rec.game, rec.variant, rec.options, rec.seed, bad)
    with pytest.raises(RecordError) as info:
        replay(tampered)
    assert info.value.index == 0 and info.value.action == f"swap {not_held}"
    assert f"action 1 ('swap {not_held}') does not apply" in str(info.value)

    junk = rec.actions[:3] + ("shuffle the deck",) + rec.actions[4:]
    with pytest.raises(RecordError) as info:
        replay(Record(rec.game, rec.variant, rec.options, rec.seed, junk))
    assert info.value.index == 3 and info.value.action == "shuffle the deck"
    assert "action 4 ('shuffle the deck')" in str(info.value)

    extra = rec.actions + ("pass",)  # an action after the end
    with pytest.raises(RecordError) as info:
        replay(Record(rec.game, rec.variant, rec.options, rec.seed, extra))
    assert info.value.index == len(rec.actions)


def test_record_with_changed_seed_does_not_replay_the_same(toy: toygame.ToyGame) -> None:
    rec = _record(seed=8)
    other = Record(rec.game, rec.variant, rec.options, rec.seed + 1, rec.actions)
    assert start(other)[1].hands != start(rec)[1].hands


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "cannot start: no game 'chess'"),
        ({"variant": "turbo"}, "cannot start: .*no variant 'turbo'"),
        ({"options": {"players": 7}}, "cannot start: .*2-3 players"),
        ({"options": {"speed": 1}}, "cannot start: unknown option 'speed'"),
    ],
)
def test_record_that_cannot_start(toy: toygame.ToyGame, change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message) as info:
        replay({**_good(), **change})
    assert info.value.index is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("not json at all", "not valid JSON"),
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
        (b"\xff\xfe\x00", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('"a string"', "must be a JSON object"),
        ("null", "must be a JSON object"),
        (42, "must be a JSON object"),
        ({}, "lacks actions, format, game, options, seed, variant"),
        ({k: v for k, v in _good().items() if k != "seed"}, "lacks seed"),
        ({**_good(), "cheat": True}, "unknown fields: cheat"),
        ({**_good(), "format": 2}, "format 2 is not supported"),
        ({**_good(), "format": "1"}, "format '1' is not supported"),
        ({**_good(), "game": 3}, "game and variant must be text"),
        ({**_good(), "variant": None}, "game and variant must be text"),
        ({**_good(), "seed": "1"}, "seed must be a whole number"),
        ({**_good(), "seed": 1.5}, "seed must be a whole number"),
        ({**_good(), "seed": True}, "seed must be a whole number"),
        ({**_good(), "options": []}, "options must be a JSON object"),
        ({**_good(), "options": {1: 2}}, "options must be a JSON object"),
        ({**_good(), "actions": "pass"}, "actions must be a list of texts"),
        ({**_good(), "actions": ["pass", 3]}, "actions must be a list of texts"),
        ({**_good(), "actions": {"0": "pass"}}, "actions must be a list of texts"),
        ("9" * 5000, "not valid JSON"),  # beyond Python's int-string limit
    ],
)
def test_malformed_records(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


def test_huge_record_of_junk_actions_fails_at_the_first(toy: toygame.ToyGame) -> None:
    data = {**_good(), "actions": ["x" * 1_000] * 10_000}
    with pytest.raises(RecordError) as info:
        replay(json.dumps(data))
    assert info.value.index == 0


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000], ids=["nested-lists", "nested-objects"])
def test_deeply_nested_json_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        Record.from_json(text)
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.from_json(text.encode())


def test_format_true_is_not_version_1() -> None:
    with pytest.raises(RecordError, match="format"):
        Record.from_json({**_good(), "format": True})


@pytest.mark.parametrize(("fmt", "shown"), [(True, "True"), (1.0, "1.0"), ("1", "'1'"), ([1], "of type list"),
                                             ({"v": 1}, "of type dict"), (2**70, "(a huge number)")])
def test_format_must_be_the_int_1(fmt: Any, shown: str) -> None:
    with pytest.raises(RecordError, match=f"format {re.escape(shown)}.* is not supported"):
        Record.from_json({**_good(), "format": fmt})
    with pytest.raises(RecordError, match="format"):
        Record.from_json(json.dumps({**_good(), "format": fmt}))


def test_nested_values_in_a_record_are_refused_without_recursing() -> None:
    """Hostile data handed over as Python objects: no field may carry a deep structure into repr or sort."""
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    for field in ("format", "game", "variant", "seed", "options", "actions"):
        with pytest.raises(RecordError):
            Record.from_json({**_good(), field: deep})
    for value in (deep, [1], {"a": 1}):
        with pytest.raises(RecordError, match="option 'rounds'"):
            Record.from_json({**_good(), "options": {"rounds": value}})
    ok = Record.from_json({**_good(), "options": {"a": 1, "b": True, "c": "x", "d": None, "e": 1.5}})
    assert dict(ok.options) == {"a": 1, "b": True, "c": "x", "d": None, "e": 1.5}


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=6),
    max_leaves=30,
))
def test_arbitrary_json_never_crashes_from_json(data: Any) -> None:
    """Any JSON value either is a well-formed record or gives RecordError, never another exception."""
    try:
        rec = Record.from_json(data)
    except RecordError:
        return
    assert isinstance(rec, Record)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["pass", "swap AC", "swap 7C", "swap KC", "bogus", ""]), max_size=12),
       st.integers(min_value=-(2**70), max_value=2**70))
def test_arbitrary_actions_replay_or_name_the_bad_one(actions: list[str], seed: int) -> None:
    registry._MODULES["toy"] = "tests.toygame"
    try:
        rec = Record("toy", "standard", (("players", 2), ("rounds", 3)), seed, tuple(actions))
        try:
            replay(rec)
        except RecordError as exc:
            assert exc.index is not None and 0 <= exc.index < len(actions)
            assert exc.action == actions[exc.index]
            # everything before the bad action does replay
            replay(Record(rec.game, rec.variant, rec.options, seed, tuple(actions[: exc.index])))
    finally:
        registry._MODULES.pop("toy", None)
