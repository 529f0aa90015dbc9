"""web/protocol.d.ts says what the worker answers (tsc checks the page against it): here the worker's
real answers, under CPython, are checked against it, so the Python and the TypeScript sides of the
boundary cannot drift apart. The ops, the View, what a new game answers, a replay step, the catalogue
and the error envelope: each answer has every field the type requires, and no field it does not
declare. The .d.ts is read with a few regular expressions (its interfaces are one field a line)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from bridge import Bridge

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = (ROOT / "web" / "protocol.d.ts").read_text(encoding="utf-8")


def block(name: str) -> str:
    """The body of `export interface <name> ... { ... }` (its closing brace alone on a line)."""
    m = re.search(rf"^export interface {name}\b[^{{]*\{{\n(.*?)^\}}", PROTOCOL, re.M | re.S)
    assert m, f"protocol.d.ts has no interface {name}"
    return m.group(1)


def fields(name: str) -> dict[str, bool]:
    """An interface's own fields (two-space indent), each mapped to whether it is optional."""
    found = re.findall(r"^  (\w+)(\??):", block(name), re.M)
    return {field: optional == "?" for field, optional in found}


def check(name: str, data: dict[str, Any], extra: dict[str, bool] | None = None) -> None:
    """`data` has every field interface `name` requires, and only fields it declares (any field, for an
    interface open to a game's own: `[field: string]: any`)."""
    declared = {**(extra or {}), **fields(name)}
    m = re.search(rf"^export interface {name}\b[^{{]*extends (\w+)", PROTOCOL, re.M)
    if m:
        declared = {**fields(m.group(1)), **declared}
    required = {f for f, optional in declared.items() if not optional}
    assert required <= set(data), (name, sorted(required - set(data)))
    if "[field: string]" not in block(name):
        assert set(data) <= set(declared), (name, sorted(set(data) - set(declared)))


WORKER = Bridge()  # no store: `call` saves nothing


def call(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(WORKER.call(json.dumps(request)))
    return answer


def ok(request: dict[str, Any]) -> Any:
    answer = call(request)
    assert answer["ok"] is True, answer
    check("OkAnswer", answer)
    return answer["result"]


@pytest.fixture(autouse=True)
def fresh() -> None:
    WORKER.sessions.open.clear()


def test_the_ops_are_the_workers() -> None:
    ops = set(re.findall(r"^  (\w+): \{", block("Ops"), re.M))
    assert ops == set(WORKER.ops)


def test_the_catalogue_is_the_registrys() -> None:
    info = ok({"op": "info"})
    assert set(info) == {"python", "core", "games"}
    for game in info["games"]:
        check("CatalogueGame", game)
        for variant in game["variants"]:
            check("CatalogueVariant", variant)
            for option in variant["options"]:
                check("OptionSpec", option)


def test_a_new_game_a_view_a_computer_move_and_a_replay_answer_as_typed() -> None:
    started = ok({"op": "new_game", "game": "primero", "seats": ["easy", "easy"], "seed": 7,
                  "options": {"players": 2, "deals": 1}})
    check("Started", started)
    check("View", started["view"])
    for entry in started["view"]["observation"]["log"]:
        check("LogEntry", entry)
    for _ in range(500):
        step = ok({"op": "ai_step", "session": started["session"]})
        check("View", step)
        assert isinstance(step["think_ms"], (int, float))
        if step["terminal"]:
            break
    assert step["terminal"], "the game did not end"
    check("GameResult", step["result"])
    check("GameRecord", step["record"])
    replayed = ok({"op": "replay", "record": step["record"], "step": 1, "seat": "all"})
    check("ReplayStep", replayed)
    check("GameRecord", replayed["record"])


def test_an_error_answer_is_the_envelope() -> None:
    answer = call({"op": "show", "session": "nope", "seat": 0})
    assert answer["ok"] is False
    declared = fields("ErrorAnswer")
    assert set(answer) <= set(declared), sorted(set(answer) - set(declared))
    missing = {f for f, optional in declared.items() if not optional} - set(answer)
    # key and args: the error's Description, which the worker sends from issue 19's item 2 on.
    assert missing <= {"key", "args"}, sorted(missing)
    if "key" in answer:
        assert not missing, sorted(missing)
