"""Every decision the rules records cite has a player-facing summary, and the web data shows it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pygame_core import registry
from pygame_core.decisions import DECISIONS, explain
from pygame_core.primero.hands import RULESETS
from pygame_core.primero.rules import RULES
from pygame_core.sitedata import site_catalogue

ROOT = Path(__file__).resolve().parent.parent


def test_every_cited_decision_has_a_summary() -> None:
    cited = {d for r in RULES.values() for d in r.decisions} | {d for r in RULESETS.values() for d in r.decisions}
    assert cited, "the rules records cite no decision"
    assert cited <= set(DECISIONS), cited - set(DECISIONS)


def test_decisions_cited_or_declared_exist_in_rules_decisions() -> None:
    """Every D-xxN cited in the core's code or declared by a game is a decision of docs/rules-decisions.md."""
    numbered = set(re.findall(r"\bD-[A-Z]{2}\d+\b", (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")))
    assert len(numbered) > 50
    for path in (ROOT / "pygame_core").rglob("*.py"):
        cited = set(re.findall(r"\bD-[A-Z]{2}\d+\b", path.read_text(encoding="utf-8")))
        assert cited <= numbered, f"{path.relative_to(ROOT)}: {sorted(cited - numbered)}"
    for name in registry.game_names():
        declared = {d for d in registry.load(name).info.decisions if d.startswith("D-")}
        assert declared <= numbered, (name, sorted(declared - numbered))


def test_each_decision_belongs_to_one_game() -> None:
    """Each game declares its own decisions; DECISIONS gathers them, in menu order, none twice."""
    seen: dict[str, str] = {}
    for name in registry.game_names():
        for number in registry.load(name).info.decisions:
            assert number not in seen, (number, seen.get(number), name)
            seen[number] = name
    assert list(DECISIONS) == list(seen)


def test_site_catalogue_shows_each_variants_decisions() -> None:
    data = json.loads(json.dumps(site_catalogue()))
    by_variant = {r["variant"]: [d["id"] for d in r["decisions"]] for r in data["primero_rules"]}
    assert set(by_variant) == set(RULES)
    assert "D-WB3" in by_variant["waks"] and "D-PR2" in by_variant["waks"]
    assert "D-NP7" in by_variant["northpass"]
    assert "D-RM5" in by_variant["rms"] and "D-PR6" in by_variant["rms"]
    assert "D-NP1" not in by_variant["suzuki"]  # Suzuki keeps Cardano's hands (D-WB6)
    assert explain(["D-PR2", "nope"]) == [{"id": "D-PR2", "text": DECISIONS["D-PR2"]}]
