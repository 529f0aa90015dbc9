"""The hostile corpus of issue 20 (items 13 and 17) through the worker bridge, as the browser runs it.

Deep nesting: ``json.loads`` recurses once a level; CPython stops with a RecursionError, but Pyodide's
stack ran out first and killed the engine for good (5,000 levels: a replay link of 31 characters).
So these tests run with a ``json.loads`` as fragile as Pyodide's (``fragile_json``: deeper than 1,000
levels kills the engine, an exception nothing may catch): every JSON text from outside must be
bounded before it reaches the parser. Through every entry point: the request itself, a replay link's
record, ``check_record``, ``import_record``, ``replay``, and the saves (the whole save, and nested
inside a valid record), at 5,000 and 100,000 levels; afterwards the bridge still answers and every
intact save is listed.

A save that kills the engine anyway (a bug no bound foresaw) is set aside on the next load, never read
again: the worker marks the save it is reading in the store first.

One damaged save never hides the others: every field of a save is checked before it is listed, and
the list is always strict JSON (item 17: ``"updated": 1e999`` made the whole answer unserialisable).
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from bridge import Bridge, MemoryStore
from bridge import saves as bridge_saves

from pygame_core import registry, safejson
from pygame_core.conformance import random_playthrough
from tests import aio
from tests.toy import game as toygame

LINK = "7cExAQAAAMKgoOvfwxR-QAEAAAAAbwM"
"""The ``r`` of the issue's replay link ``#/replay?v=1&r=...``: ``[`` x 5,000, deflated."""
LEVELS = (5_000, 100_000)
PYODIDE_LIMIT = 1_000
"""Pyodide handled 1,000 to 1,200 levels; 5,000 killed it."""


READ = json.loads
"""The test's own reader of answers (the fixtures make ``json.loads`` fragile for the code under test)."""


class EngineDeath(BaseException):
    """Pyodide's fatal error: no ``except Exception`` in the bridge can catch it."""


def _nesting(text: str | bytes | bytearray) -> int:
    """The deepest nesting of a JSON text, counted the plain way (not by the code under test)."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "replace")
    level = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}" and level:
            level -= 1
    return deepest


@pytest.fixture
def fragile_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """``json.loads`` dies like Pyodide's on a text nested deeper than PYODIDE_LIMIT."""
    real = json.loads

    def loads(text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, (str, bytes, bytearray)) and _nesting(text) > PYODIDE_LIMIT:
            raise EngineDeath("Maximum call stack size exceeded")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")


def deep(n: int) -> str:
    return "[" * n + "]" * n


def finished_record() -> dict[str, Any]:
    """A finished 3-player toy game's record."""
    return random_playthrough(toygame.GAME, None, 12, {"players": 3, "rounds": 2}).to_json()


def inside(record: dict[str, Any], n: int, where: str) -> str:
    """A valid record's JSON text with ``n`` levels of nesting inside it: in an extra field, among its
    actions, or as an option's value."""
    text = json.dumps(record)
    if where == "field":
        return text[:-1] + ', "extra": ' + deep(n) + "}"
    mark = '"actions": [' if where == "actions" else '"options": {'
    assert mark in text
    return text.replace(mark, mark + ('"x": ' if where == "options" else "") + deep(n) + ", ", 1)


def call(bridge: Bridge, request: dict[str, Any] | str) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    answer: dict[str, Any] = READ(aio.run(bridge.call_async(text)))
    return answer


def refused(answer: dict[str, Any], key: str) -> None:
    assert answer["ok"] is False and answer["kind"] != "InternalError", answer
    assert answer["key"] == key, answer


def still_answers(bridge: Bridge) -> None:
    assert call(bridge, {"op": "ping"})["result"] == "pong"


def strict(text: str) -> Any:
    """JSON text parsed strictly: NaN, Infinity and 1e999 are not JSON."""
    def no(name: str) -> Any:
        raise AssertionError(f"{name} in an answer")

    def finite(number: str) -> float:
        value = float(number)
        assert value not in (float("inf"), float("-inf")), number
        return value
    return READ(text, parse_constant=no, parse_float=finite)


# --- the bound itself -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "levels"), [
    ("[]", 1), ("{}", 1), ("1", 0), ('"[[[["', 0), ('["\\"[[["]', 1), ('{"a": [{"b": []}]}', 4),
    ("[[1], [[2]], [3]]", 3), ("[" * 70 + "]" * 70, 70), ('["\\\\", [[]]]', 3), ("[[[", 3),
])
def test_the_depth_is_counted_outside_strings(text: str, levels: int) -> None:
    assert _nesting(text) == levels
    assert (safejson.depth(text, 2) > 2) == (levels > 2)
    assert (safejson.depth(text, 64) > 64) == (levels > 64)


def test_the_bound_is_checked_before_parsing_and_is_cheap(fragile_json: None) -> None:
    for n in (65, *LEVELS, 5_000_000):
        with pytest.raises(safejson.JsonLimitError) as info:
            safejson.loads(deep(n)[: 5_000_000])
        assert info.value.reason == "deep" and info.value.key == "err.json.deep"
    assert safejson.loads(deep(64)) is not None
    with pytest.raises(safejson.JsonLimitError) as info:
        safejson.loads("[" + "1," * 10 + "1]", max_chars=10)
    assert info.value.reason == "long"
    for text in ("NaN", "[Infinity]", '{"updated": 1e999}', "-Infinity"):
        with pytest.raises(ValueError):
            safejson.loads(text)


# --- every entry point of the worker -------------------------------------------------------------


def test_the_replay_link_of_the_issue_gets_a_clear_message(fragile_json: None, toy: None) -> None:
    packed = base64.urlsafe_b64decode(LINK + "=" * (-len(LINK) % 4))
    text = zlib.decompress(packed, -15).decode("utf-8")  # what web/shell/links.js unpacks
    assert text == "[" * 5_000
    bridge = Bridge(MemoryStore())
    refused(call(bridge, {"op": "replay", "record": text, "step": 0, "seat": -1}), "err.record.deep")
    refused(READ(bridge.call(json.dumps({"op": "replay", "record": text}))), "err.record.deep")
    still_answers(bridge)


@pytest.mark.parametrize("n", LEVELS)
@pytest.mark.parametrize("op", ["replay", "check_record", "import_record", "review"])
def test_a_deep_record_is_refused_by_every_op(fragile_json: None, toy: None, op: str, n: int) -> None:
    bridge = Bridge(MemoryStore())
    good = finished_record()
    for text in (deep(n), "{" + '"a":{' * n + "}" * (n + 1), inside(good, n, "field"), inside(good, n, "actions"),
                 inside(good, n, "options")):
        refused(call(bridge, {"op": op, "record": text}), "err.record.deep")
    # a record sent as an object is inside the request: the request is refused as a whole
    answer = call(bridge, '{"op": "' + op + '", "record": ' + inside(good, n, "field") + "}")
    refused(answer, "err.request")
    still_answers(bridge)
    assert call(bridge, {"op": "check_record", "record": json.dumps(good)})["ok"]  # an intact record still opens


@pytest.mark.parametrize("n", LEVELS)
def test_a_deep_request_is_refused(fragile_json: None, n: int) -> None:
    bridge = Bridge(MemoryStore())
    for text in ('{"op": "ping", "x": ' + deep(n) + "}", deep(n), '{"op": ' + deep(n) + "}"):
        refused(call(bridge, text), "err.request")
        refused(READ(bridge.call(text)), "err.request")
    still_answers(bridge)


# --- saves --------------------------------------------------------------------------------------


def _intact(bridge: Bridge, seed: int) -> str:
    start = call(bridge, {"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"],
                          "seed": seed})["result"]
    assert call(bridge, {"op": "act", "session": start["session"], "seat": 0, "action": "pass"})["ok"]
    save: str = start["save"]
    return save


def _listed(bridge: Bridge) -> list[dict[str, Any]]:
    text = aio.run(bridge.call_async(json.dumps({"op": "saves"})))
    answer = strict(text)  # always strict JSON, whatever a save holds
    assert answer["ok"], answer
    saves: list[dict[str, Any]] = answer["result"]["saves"]
    return saves


def _deep_saves(store: MemoryStore, good_text: str, n: int) -> dict[str, str]:
    """Saves nested ``n`` deep: the whole save, inside its record, and beside it."""
    data = json.loads(good_text)
    record_text = json.dumps(data["record"], separators=(",", ":"))  # as the worker writes it
    assert record_text in good_text
    return {
        "gwhole": deep(n),
        "ginrecord": good_text.replace(record_text, inside(data["record"], n, "field"), 1),
        "ginactions": good_text.replace(record_text, inside(data["record"], n, "actions"), 1),
        "gbeside": good_text[:-1] + ', "x": ' + deep(n) + "}",
    }


@pytest.mark.parametrize("n", LEVELS)
def test_a_deep_save_is_set_aside_and_every_intact_save_is_listed(fragile_json: None, toy: None, n: int) -> None:
    store = MemoryStore()
    bridge = Bridge(store)
    keep = [_intact(bridge, seed) for seed in (1, 2)]
    bad = _deep_saves(store, store.data[keep[0]], n)
    store.data.update(bad)
    for _ in range(2):  # a reload: a new worker, the same store
        bridge = Bridge(store)
        listing = _listed(bridge)
        by_id = {e["id"]: e for e in listing}
        assert sorted(by_id) == sorted([*keep, *bad])
        assert all(by_id[k]["status"] == "ok" for k in keep)
        for k in bad:
            assert by_id[k]["status"] == "corrupt" and by_id[k]["problem"]["key"] == "save.bad.size", by_id[k]
            refused(call(bridge, {"op": "resume", "save": k}), "err.save.damaged")
            exported = call(bridge, {"op": "export_save", "save": k})["result"]
            assert exported == {"text": bad[k], "kind": "raw"}  # set aside, not lost
        assert call(bridge, {"op": "resume", "save": keep[1]})["ok"]
        still_answers(bridge)
    assert not set(store.data) & bridge_saves.RESERVED  # no marker left behind after a read that went well


# --- a save that kills the engine anyway ----------------------------------------------------------------


@pytest.fixture
def killer(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], int]]:
    """A save whose reading kills the engine, whatever the bounds: its text holds ``KILLER`` (a bug in a
    game, say, that no bound foresaw). Yields how many times it was read."""
    reads = [0]
    real = json.loads

    def loads(text: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(text, str) and "KILLER" in text:
            reads[0] += 1
            raise EngineDeath("Maximum call stack size exceeded")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)
    yield lambda: reads[0]


@pytest.mark.parametrize("first", ["saves", "resume", "export_save"])
def test_a_save_that_killed_the_engine_is_set_aside_on_the_next_load(toy: None, killer: Callable[[], int],
                                                                     first: str) -> None:
    store = MemoryStore()
    bridge = Bridge(store)
    keep = [_intact(bridge, seed) for seed in (1, 2, 3)]
    store.data["gkiller"] = store.data[keep[0]].replace('"names"', '"KILLER": 1, "names"')
    with pytest.raises(EngineDeath):  # the first load dies (the page notes it and offers a reload)
        aio.run(bridge.call_async(json.dumps({"op": first, "save": "gkiller"})))
    store.data[bridge_saves.DIED_KEY] = "1700000000000"  # the page's note (web/shell/saves.js noteEngineDeath)
    assert killer() == 1
    for _ in range(2):  # the next load, and every one after it: never read again
        bridge = Bridge(store)
        listing = _listed(bridge)
        by_id = {e["id"]: e for e in listing}
        assert sorted(by_id) == sorted([*keep, "gkiller"])
        assert all(by_id[k]["status"] == "ok" for k in keep)
        assert by_id["gkiller"]["status"] == "corrupt" and by_id["gkiller"]["problem"]["key"] == "save.bad.crash"
        assert listing[-1]["id"] == "gkiller"  # after the intact ones
        refused(call(bridge, {"op": "resume", "save": "gkiller"}), "err.save.damaged")
        assert call(bridge, {"op": "export_save", "save": "gkiller"})["result"] == {
            "text": store.data["gkiller"], "kind": "raw"}
        assert call(bridge, {"op": "resume", "save": keep[2]})["ok"]
        assert killer() == 1
    assert store.data[bridge_saves.ASIDE_KEY] == '["gkiller"]'
    assert not set(store.data) & {bridge_saves.OPENING_KEY, bridge_saves.DIED_KEY, bridge_saves.SUSPECT_KEY}
    # deleting it forgets it; the others stay
    assert call(bridge, {"op": "delete_save", "save": "gkiller"})["result"] is True
    assert bridge_saves.ASIDE_KEY not in store.data
    assert sorted(e["id"] for e in _listed(Bridge(store))) == sorted(keep)


def test_a_marker_left_by_a_page_closed_mid_read_sets_nothing_aside_once(toy: None, killer: Callable[[], int]) -> None:
    """The page closed (or reloaded) while its worker read a healthy save leaves the marker with no
    death noted: the next worker reads that save again and lists it. Only a save left mid-read by two
    workers in a row with no death noted (a tab that crashes whole on it) is set aside; a save read
    safely in between is no longer suspected."""
    store = MemoryStore()
    bridge = Bridge(store)
    keep = [_intact(bridge, seed) for seed in (1, 2)]

    def leave_mid_read(ids: list[str]) -> list[dict[str, Any]]:
        store.data[bridge_saves.OPENING_KEY] = json.dumps(ids)
        return _listed(Bridge(store))

    listing = leave_mid_read([keep[0]])
    assert all(e["status"] == "ok" for e in listing) and sorted(e["id"] for e in listing) == sorted(keep)
    assert json.loads(store.data[bridge_saves.SUSPECT_KEY]) == [keep[0]]
    listing = _listed(Bridge(store))  # read safely this time: no longer suspected
    assert all(e["status"] == "ok" for e in listing)
    assert not set(store.data) & bridge_saves.RESERVED
    leave_mid_read([keep[1]])
    by_id = {e["id"]: e for e in leave_mid_read([keep[1]])}  # twice in a row, no death noted
    assert by_id[keep[1]]["problem"]["key"] == "save.bad.crash" and by_id[keep[0]]["status"] == "ok"
    assert json.loads(store.data[bridge_saves.ASIDE_KEY]) == [keep[1]]
    assert bridge_saves.SUSPECT_KEY not in store.data
    assert killer() == 0


def test_reading_saves_marks_each_before_reading_it(toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The marker names the save being read while it is read (what the next worker finds if it dies), and
    a text already read safely is not marked again (a list shown twice writes nothing more)."""
    store = MemoryStore()
    bridge = Bridge(store)
    keep = [_intact(bridge, seed) for seed in (1, 2)]
    seen: list[tuple[str, str | None]] = []
    real = bridge_saves.parse_save

    def parse(value: Any) -> Any:
        data = real(value)
        seen.append((data[0]["id"], store.data.get(bridge_saves.OPENING_KEY)))
        return data

    monkeypatch.setattr(bridge_saves, "parse_save", parse)
    fresh = Bridge(store)
    _listed(fresh)
    assert seen and all(marker is not None and save in json.loads(marker) for save, marker in seen), seen
    assert bridge_saves.OPENING_KEY not in store.data
    writes = [0]
    put = store.put

    async def counted(key: str, text: str) -> None:
        writes[0] += 1
        await put(key, text)

    monkeypatch.setattr(store, "put", counted)
    _listed(fresh)
    assert writes[0] == 0
    assert sorted(e["id"] for e in _listed(fresh)) == sorted(keep)


# --- one damaged save never hides the others (item 17) -----------------------------------------------


def _spoil(text: str, field: str, raw: str) -> str:
    """A save's text with one field's value replaced by raw JSON text (it may be 1e999 or NaN)."""
    data = json.loads(text)
    data[field] = "@@"
    return json.dumps(data).replace('"@@"', raw, 1)


SPOILED = [
    ("updated", "1e999"), ("updated", "NaN"), ("updated", "-Infinity"), ("updated", "-1"), ("updated", '"soon"'),
    ("updated", "true"), ("updated", "1e300"), ("created", "Infinity"), ("created", "null"), ("undo", '"yes"'),
    ("names", '["Ann"]'), ("names", '["' + "x" * 500 + '", "B"]'), ("seats", '["human", ""]'), ("seats", "[1, 2]"),
    ("id", "[]"), ("v", "1.0"), ("kept", '{"record": {}, "n": 1, "total": 1}'),
    ("kept", '{"record": null, "n": 1, "total": 1}'), ("kept", "[]"),
]


def test_a_save_with_any_field_out_of_range_is_listed_damaged_and_the_others_stay(toy: None) -> None:
    store = MemoryStore()
    bridge = Bridge(store)
    keep = [_intact(bridge, seed) for seed in (1, 2)]
    good = store.data[keep[0]]
    record = json.loads(good)["record"]
    spoiled = {f"gbad{i}": _spoil(good, field, raw) for i, (field, raw) in enumerate(SPOILED)}
    kept_ok = json.dumps({"record": record, "n": 1, "total": 1})
    spoiled |= {f"gkept{i}": _spoil(good, "kept", kept_ok.replace('"n": 1', f'"n": {n}').replace('"total": 1', f'"total": {t}'))
                for i, (n, t) in enumerate([(2, 1), (0, 1), ("1e999", 1), (1, 10**30), ("NaN", "NaN")])}
    store.data.update(spoiled)
    listing = _listed(Bridge(store))
    by_id = {e["id"]: e for e in listing}
    assert sorted(by_id) == sorted([*keep, *spoiled])
    assert [e["id"] for e in listing[:2]] == sorted(keep, key=lambda k: -by_id[k]["updated"])
    assert all(by_id[k]["status"] == "ok" for k in keep)
    for k in spoiled:
        assert by_id[k]["status"] == "corrupt" and by_id[k]["problem"]["key"].startswith("save.bad."), (k, by_id[k])
        assert by_id[k]["updated"] is None
    # and the answer would have been strict JSON even with a bad value that slipped through
    assert strict(json.dumps(listing, allow_nan=False))
