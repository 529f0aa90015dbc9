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
from pygame_core.errors import InvalidActionError, RecordError
from pygame_core.records import FORMAT_VERSION, Record, final_digest, replay, start
from tests.toy import game as toygame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[toygame.ToyGame]:
    """The toy game, registered as ``toy``."""
    with registry.registered("toy", toygame.__name__):
        yield toygame.GAME


def _record(seed: int = 9, players: int = 3, rounds: int = 2) -> Record:
    return random_playthrough(toygame.GAME, None, seed, {"players": players, "rounds": rounds})


def _good() -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "game": "toy", "variant": "standard", "options": {"players": 2}, "seed": 1,
            "actions": []}


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
        ({"options": {"speed": 1, "players": 2}}, "cannot start: unknown option 'speed'"),
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
        ({**_good(), "seats": "human,easy"}, "seats must be a list of one player kind per seat"),
        ({**_good(), "seats": ["human"]}, "seats must be a list of one player kind per seat"),
        ({**_good(), "seats": ["human", 3]}, "seats must be a list of one player kind per seat"),
        ({**_good(), "seats": ["human", ""]}, "seats must be a list of one player kind per seat"),
        ({**_good(), "seats": ["human", "x" * 21]}, "seats must be a list of one player kind per seat"),
        ({**_good(), "seats": ["human", ["easy"]]}, "seats must be a list of one player kind per seat"),
        ({**_good(), "options": {"players": True}, "seats": ["human"]}, "seats must be a list of one player kind"),
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
    ok = Record.from_json({**_good(), "options": {"a": 1, "b": True, "c": "x", "d": None, "e": 1.5, "players": 2}})
    assert dict(ok.options) == {"a": 1, "b": True, "c": "x", "d": None, "e": 1.5, "players": 2}


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
    with registry.registered("toy", toygame.__name__):
        rec = Record("toy", "standard", (("players", 2), ("rounds", 3)), seed, tuple(actions))
        try:
            replay(rec)
        except RecordError as exc:
            assert exc.index is not None and 0 <= exc.index < len(actions)
            assert exc.action == actions[exc.index]
            # everything before the bad action does replay
            replay(Record(rec.game, rec.variant, rec.options, seed, tuple(actions[: exc.index])))


# --- hardening: empty variant, duplicate keys, byte-order mark, player count, game failures --------------


def test_an_empty_variant_is_an_error_not_the_default(toy: toygame.ToyGame) -> None:
    with pytest.raises(RecordError, match="variant is empty"):
        Record.from_json({**_good(), "variant": ""})
    with pytest.raises(RecordError, match="variant is empty"):
        replay(Record("toy", "", (("players", 2),), 1))


@pytest.mark.parametrize("text", [
    '{"format": 1, "game": "toy", "variant": "standard", "variant": "lowball", "options": {"players": 2}, '
    '"seed": 1, "actions": []}',
    '{"format": 1, "game": "toy", "variant": "standard", "options": {"players": 2, "players": 3}, '
    '"seed": 1, "actions": []}',
])
def test_a_key_given_twice_is_an_error(text: str) -> None:
    with pytest.raises(RecordError, match="gives the key '(variant|players)' twice"):
        Record.from_json(text)
    with pytest.raises(RecordError, match="twice"):
        Record.from_json(text.encode())


def test_a_utf8_byte_order_mark_is_accepted(toy: toygame.ToyGame) -> None:
    rec = _record(seed=3)
    text = json.dumps(rec.to_json())
    assert Record.from_json("\ufeff" + text) == rec
    assert Record.from_json(b"\xef\xbb\xbf" + text.encode()) == rec
    assert replay(b"\xef\xbb\xbf" + text.encode())[1] == replay(rec)[1]
    with pytest.raises(RecordError, match="not UTF-8"):
        Record.from_json(b"\xef\xbb\xbf" + text.encode() + b"\xff")


def test_a_record_without_a_player_count_gets_a_clear_error(toy: toygame.ToyGame) -> None:
    data = {**_good(), "options": {"rounds": 2}}
    with pytest.raises(RecordError, match=r"options lack players \(the number of players\)"):
        Record.from_json(data)
    with pytest.raises(RecordError, match="lack players"):
        start(Record("toy", "standard", (("rounds", 2),), 1))


class _Crashing(toygame.ToyGame):
    """A game with a bug: any swap of the 7 of clubs raises a plain ValueError."""

    def apply(self, state: toygame.ToyState, action: str) -> toygame.ToyState:
        if "7" in action:
            raise ValueError(f"invalid literal for int(): {action!r}")
        return super().apply(state, action)


class _Sloppy(toygame.ToyGame):
    """A game whose error messages quote the action in full."""

    def parse_action(self, text: str) -> str:
        if text not in ("pass",) and not text.startswith("swap "):
            raise InvalidActionError(f"not an action: {text!r}")
        return super().parse_action(text)


def test_a_game_that_crashes_on_an_action_gives_a_record_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toygame, "GAME", _Crashing())
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    rec = Record("toy", "standard", (("players", 2), ("rounds", 1)), 1, ("pass", "vie 7"))
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert info.value.index == 1 and info.value.action == "vie 7"
    assert "action 2 ('vie 7') does not apply: the game failed on it (ValueError)" in str(info.value)


def test_a_huge_action_is_quoted_briefly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toygame, "GAME", _Sloppy())
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    huge = "x" * 1_000_000
    with pytest.raises(RecordError) as info:
        replay(Record("toy", "standard", (("players", 2),), 1, (huge,)))
    assert info.value.index == 0 and len(str(info.value)) < 500


# --- the final check ------------------------------------------------------------------------------


def _finished(seed: int = 5) -> tuple[Record, Any]:
    rec = _record(seed=seed)
    game, state = replay(rec)
    return rec.with_final(game, state), state


def test_final_check_round_trips_and_verifies(toy: toygame.ToyGame) -> None:
    rec, state = _finished()
    assert rec.final is not None and rec.final.actions == len(rec.actions)
    assert rec.final.digest == final_digest(toy, state, 3)
    data = rec.to_json()
    assert set(data["final"]) == {"actions", "digest"} and re.fullmatch("[0-9a-f]{64}", data["final"]["digest"])
    assert Record.from_json(json.dumps(data)) == rec
    assert replay(json.dumps(data))[1] == state
    # old records (no final) still load and replay
    del data["final"]
    assert Record.from_json(data).final is None and replay(data)[1] == state


def test_final_check_catches_a_wrong_seed(toy: toygame.ToyGame) -> None:
    """Only passes: every action applies under any seed, so only the final check can tell."""
    for seed in range(30):
        rec = Record("toy", "standard", (("players", 3), ("rounds", 2)), seed, ("pass",) * 6)
        game, state = replay(rec)
        rec = rec.with_final(game, state)
        wrong = Record(rec.game, rec.variant, rec.options, seed + 1, rec.actions, rec.final)
        with pytest.raises(RecordError, match="the seed or actions do not match the recorded game"):
            replay(wrong)


def test_final_check_catches_changed_actions(toy: toygame.ToyGame) -> None:
    rec = Record("toy", "standard", (("players", 2), ("rounds", 2)), 4, ("pass",) * 4)
    game, state = replay(rec)
    rec = rec.with_final(game, state)
    s = start(rec)[1]
    swapped = (f"swap {s.hands[0][0]}", "pass", "pass", "pass")
    with pytest.raises(RecordError, match="do not match"):
        replay(Record(rec.game, rec.variant, rec.options, rec.seed, swapped, rec.final))


def test_final_check_of_a_prefix_and_of_too_few_actions(toy: toygame.ToyGame) -> None:
    rec = Record("toy", "standard", (("players", 2), ("rounds", 2)), 4, ("pass", "pass"))
    game, state = replay(rec)
    rec = rec.with_final(game, state).with_action("pass")  # the check still describes the state after 2 actions
    assert rec.final is not None and rec.final.actions == 2
    replay(rec)
    short = Record(rec.game, rec.variant, rec.options, rec.seed, ("pass",), rec.final)
    with pytest.raises(RecordError, match="final check is after 2 actions, but the record has only 1"):
        replay(short)


@pytest.mark.parametrize(("final", "says"), [
    ([], "final must be a JSON object"),
    ({"actions": 1}, "final must be a JSON object"),
    ({"actions": 1, "digest": "0" * 64, "x": 1}, "final must be a JSON object"),
    ({"actions": -1, "digest": "0" * 64}, "final actions"),
    ({"actions": True, "digest": "0" * 64}, "final actions"),
    ({"actions": 0, "digest": "0" * 63}, "64 hexadecimal"),
    ({"actions": 0, "digest": "G" * 64}, "64 hexadecimal"),
    ({"actions": 0, "digest": 5}, "64 hexadecimal"),
])
def test_malformed_final_checks(final: Any, says: str) -> None:
    with pytest.raises(RecordError, match=says):
        Record.from_json({**_good(), "final": final})


def test_a_game_that_crashes_while_dealing_gives_a_record_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(toygame.ToyGame):
        def initial_state(self, options: Any, seed: int, variant: str | None = None) -> toygame.ToyState:
            raise KeyError("rounds")

    monkeypatch.setattr(toygame, "GAME", Broken())
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    with pytest.raises(RecordError, match=r"cannot start: the game failed to deal it \(KeyError\)"):
        replay(_good())


@settings(max_examples=100, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=70),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.sampled_from(["actions", "digest", "x"]),
                                                                    children, max_size=3),
    max_leaves=10,
))
def test_arbitrary_final_checks_never_crash(final: Any) -> None:
    try:
        rec = Record.from_json({**_good(), "final": final})
    except RecordError:
        return
    assert rec.final is not None and rec.final.actions >= 0


def test_seat_kinds_round_trip_and_a_replay_ignores_them(toy: toygame.ToyGame) -> None:
    """Who played each seat travels with a record (an import offers them again); replay ignores it,
    and records without it load as before."""
    rec = _record(seed=5, players=3)
    kinds = Record(rec.game, rec.variant, rec.options, rec.seed, rec.actions, seats=("human", "easy", "hard"))
    data = kinds.to_json()
    assert data["seats"] == ["human", "easy", "hard"]
    assert Record.from_json(json.dumps(data)) == kinds
    assert replay(data)[1] == replay(rec)[1]
    sealed = kinds.with_final(*replay(kinds))
    assert sealed.seats == kinds.seats and replay(sealed.to_json())[1] == replay(rec)[1]
    assert "seats" not in rec.to_json() and Record.from_json(rec.to_json()).seats is None
