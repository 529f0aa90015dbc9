"""The canonical action texts of tests/data/actions/<game>.json, read from the core's side.

The same files drive the page's unit tests (tests/js/*.test.mjs), which check that its parsers
and composers give each text back unchanged. Here: every record replays through
``pygame_core.records`` with each action offered verbatim by ``legal_actions`` in its position,
``texts`` is exactly the set of legal texts those positions offer (so the page's tests read only
real texts, and every one of them), each text is canonical (``parse_action`` gives it back) and
has the shape its verb's entry in ``shapes`` says the page expects. A change to the core's action
texts fails here: run ``python3 tests/data/actions/make.py`` (``--check`` says whether the files
are current), then the node tests (``node --test tests/js/``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core.records import Record, start
from pygame_core.registry import game_names, load

DATA = Path(__file__).resolve().parent / "data" / "actions"


def _data(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))
    return data


def _record(game: str, rec: dict[str, Any]) -> Record:
    options = load(game).info.variant(rec["variant"]).resolve_options({"players": rec["players"]})
    return Record(game, rec["variant"], tuple(sorted(options.items())), rec["seed"], tuple(rec["actions"]))


@pytest.mark.parametrize("game", game_names())
def test_records_replay_with_every_action_offered_verbatim(game: str) -> None:
    data = _data(game)
    assert data["game"] == game
    g = load(game)
    variants = {v.name for v in g.info.variants}
    assert {r["variant"] for r in data["records"]} == variants, "every variant has records"
    offered: set[str] = set()
    for rec in data["records"]:
        record = _record(game, rec)
        _, state = start(record)
        for i, action in enumerate(rec["actions"]):
            legal = g.legal_actions(state)
            assert action in legal, f"{rec['variant']} seed {rec['seed']}: action {i + 1} {action!r} is not legal"
            offered.update(legal)
            state = g.apply(state, action)
        if not g.is_terminal(state):
            offered.update(g.legal_actions(state))
    assert set(data["texts"]) == offered, "texts: every legal text of the records' positions, and no other"


@pytest.mark.parametrize("game", game_names())
def test_texts_are_canonical_and_keep_the_shapes_the_page_reads(game: str) -> None:
    data = _data(game)
    g = load(game)
    texts = data["texts"]
    assert texts == sorted(set(texts)), "sorted, each once"
    shapes = {verb: re.compile(p) for verb, p in data["shapes"].items()}
    seen_verbs = set()
    for text in texts:
        verb = text.split(" ")[0]
        assert verb in shapes, f"{text!r}: a verb the page does not know"
        assert shapes[verb].fullmatch(text), f"{text!r} is not shaped {data['shapes'][verb]!r}"
        assert g.parse_action(text) == text, f"{text!r} is not canonical"
        seen_verbs.add(verb)
    assert seen_verbs == set(shapes), f"verbs never met: {sorted(set(shapes) - seen_verbs)}"
