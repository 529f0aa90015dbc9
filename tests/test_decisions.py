"""Every decision the rules records cite has a player-facing summary, and the web data shows it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pygame_core.decisions import DECISIONS, explain
from pygame_core.primero.hands import RULESETS
from pygame_core.primero.rules import RULES
from pygame_core.sitedata import site_catalogue

ROOT = Path(__file__).resolve().parent.parent


def test_every_cited_decision_has_a_summary() -> None:
    cited = {d for r in RULES.values() for d in r.decisions} | {d for r in RULESETS.values() for d in r.decisions}
    assert cited, "the rules records cite no decision"
    assert cited <= set(DECISIONS), cited - set(DECISIONS)


def test_decisions_in_code_comments_exist_in_rules_decisions() -> None:
    # Every D-xxN cited in the core's code is a real number of docs/rules-decisions.md's series.
    series = {"D-PR": 11, "D-WB": 6, "D-RM": 6, "D-NP": 7, "D-PA": 14, "D-PO": 15}
    for path in (ROOT / "pygame_core").rglob("*.py"):
        for prefix, number in re.findall(r"\b(D-[A-Z]{2})(\d+)\b", path.read_text()):
            assert prefix in series and 1 <= int(number) <= series[prefix], f"{path.name}: {prefix}{number}"


def test_site_catalogue_shows_each_variants_decisions() -> None:
    data = json.loads(json.dumps(site_catalogue()))
    by_variant = {r["variant"]: [d["id"] for d in r["decisions"]] for r in data["primero_rules"]}
    assert set(by_variant) == set(RULES)
    assert "D-WB3" in by_variant["waks"] and "D-PR2" in by_variant["waks"]
    assert "D-NP7" in by_variant["northpass"]
    assert "D-RM5" in by_variant["rms"] and "D-PR6" in by_variant["rms"]
    assert "D-NP1" not in by_variant["suzuki"]  # Suzuki keeps Cardano's hands (D-WB6)
    assert explain(["D-PR2", "nope"]) == [{"id": "D-PR2", "text": DECISIONS["D-PR2"]}]
