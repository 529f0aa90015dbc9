"""Primero's static data for the page (``GameInfo.site``), written into catalogue.json by build.py.

``hand_rules``: every hand rule set with its deck, kinds, ranking and values lines and decisions
(the calculator and the rules page read them before Python is ready); ``primero_rules``: each
variant's hand rule set and its decisions, procedure first. The ranking and values lines are
worded here in every language the page has (``hand_rule_texts``), keyed
``primero.hands.<rules>.ranking|values``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..decisions import explain
from . import hands
from .decisions import DECISIONS
from .rules import RULES


@dataclass(frozen=True)
class _Words:
    """How one language words a rule set's ranking and values lines."""

    ranking: str  # {order}: the kinds, best first
    lowest: str  # added when the lowest hand wins (D-PR10)
    values: str  # {values}: the value groups, highest first
    capitalize: bool = False  # German capitalises the kinds' names


_WORDS = {
    "en": _Words("Hands, best first: {order}.", " The lowest hand wins.", "Card values: {values}."),
    "it": _Words("Mani, dalla migliore: {order}.", " Vince la mano più bassa.", "Valori delle carte: {values}."),
    "de": _Words("Hände, die beste zuerst: {order}.", " Die niedrigste Hand gewinnt.", "Kartenwerte: {values}.",
                 capitalize=True),
}


def _ranking(rules: hands.HandRules, words: _Words) -> str:
    kinds = (k.capitalize() if words.capitalize else k for k in reversed(rules.kinds))
    return words.ranking.format(order=" > ".join(kinds)) + (words.lowest if rules.lowest_wins else "")


def _values(rules: hands.HandRules, words: _Words) -> str:
    groups: dict[int, list[str]] = {}
    for rank, value in rules.values.items():
        groups.setdefault(value, []).append(rank)
    parts = [f"{'/'.join(ranks)} = {value}" for value, ranks in sorted(groups.items(), reverse=True)]
    return words.values.format(values=", ".join(parts))


def hand_rule_texts(lang: str) -> dict[str, str]:
    """Every hand rule set's ranking and values lines in ``lang`` (``en``, ``it``, ``de``), by key."""
    words = _WORDS[lang]
    out: dict[str, str] = {}
    for r in hands.RULESETS.values():
        out[f"primero.hands.{r.name}.ranking"] = _ranking(r, words)
        out[f"primero.hands.{r.name}.values"] = _values(r, words)
    return out


def _variant_decisions(name: str) -> tuple[str, ...]:
    """A variant's decisions: its engine's procedure (less its hand ranking D-NP1 when the variant keeps
    other hands, as Suzuki does: D-WB6), then the variant's own, then those of its hand values."""
    record = RULES[name]
    procedure = tuple(d for d in RULES[record.engine.name].decisions
                      if not (d == "D-NP1" and record.hands != RULES[record.engine.name].hands))
    return tuple(dict.fromkeys(procedure + record.decisions + hands.RULESETS[record.hands].decisions))


def site_data() -> dict[str, Any]:
    """``hand_rules`` and ``primero_rules`` (see the module's docstring), as plain data."""
    english = hand_rule_texts("en")
    return {
        "hand_rules": [
            {
                "name": r.name,
                "label": r.label,
                "deck": [str(c) for c in r.deck],
                "kinds": list(r.kinds),
                "wild": r.name in hands.WILD_RULESETS,  # the J of hearts may be wild (D-PR6): the calculator offers it
                "ranking": english[f"primero.hands.{r.name}.ranking"],
                "values": english[f"primero.hands.{r.name}.values"],
                # the keys of the texts above (the page translates by key); a rule set is worded as
                # the variant of its name
                "keys": {"label": f"primero.variant.{r.name}.label", "ranking": f"primero.hands.{r.name}.ranking",
                         "values": f"primero.hands.{r.name}.values"},
                "decisions": explain(r.decisions, DECISIONS),
            }
            for r in hands.RULESETS.values()
        ],
        "primero_rules": [
            {"variant": name, "hands": record.hands,
             # equal points fall back to the total (web/games/primero reads it, not the variant's name)
             "ties_on_total": record.hand_rules().whole_hand_tiebreak,
             # its engine family (waks, rms, northpass): the lessons say "betting" for Northpass's one phase
             "engine": record.engine.name,
             "decisions": explain(_variant_decisions(name), DECISIONS)}
            for name, record in RULES.items()
        ],
    }
