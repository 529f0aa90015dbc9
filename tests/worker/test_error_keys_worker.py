"""Issue 19 in the worker bridge: a game operation's declared request fields, checked before it runs;
every error of the worker's own is a key the page's tables know, with its placeholders."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from bridge.request import check_fields

from pygame_core import registry
from pygame_core.errors import OptionsError
from pygame_core.protocol import FieldSpec, Operation
from tests import string_tables
from tests.toy import game as toygame
from tests.worker.kit import ROOT, PlusToy, ok, play, refused


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
