"""The static data the web shell shows before Python is ready, built from the core itself.

``build.py`` writes ``site_catalogue()`` to ``dist/catalogue.json``, so the menus
list exactly the games and variants of the core's registry and the calculator's
decks come from the same rule records the engine uses.
"""

from __future__ import annotations

from typing import Any

from .decisions import explain
from .primero import hands
from .primero.rules import RULES as PRIMERO_RULES
from .primiera.rules import PRIMIERA, sort_cards
from .primiera.rules import RULES as PRIMIERA_RULES
from .primo.rules import RULES as PRIMO_RULES
from .registry import catalogue
from .translations import translations


def _ranking(rules: hands.HandRules) -> str:
    order = " > ".join(k for k in reversed(rules.kinds))
    return f"Hands, best first: {order}." + (" The lowest hand wins." if rules.lowest_wins else "")


def _values(rules: hands.HandRules) -> str:
    groups: dict[int, list[str]] = {}
    for rank, value in rules.values.items():
        groups.setdefault(value, []).append(rank)
    parts = [f"{'/'.join(ranks)} = {value}" for value, ranks in sorted(groups.items(), reverse=True)]
    return "Card values: " + ", ".join(parts) + "."


def site_catalogue() -> dict[str, Any]:
    """Games from the registry; every Primero hand rule set with its deck, ranking and decisions; Primiera's
    decisions per mode and its primiera values (D-PA1); Primo's decisions per variant."""
    return {
        "games": catalogue(),
        "hand_rules": [
            {
                "name": r.name,
                "label": r.label,
                "deck": [str(c) for c in r.deck],
                "kinds": list(r.kinds),
                "ranking": _ranking(r),
                "values": _values(r),
                "decisions": explain(r.decisions),
            }
            for r in hands.RULESETS.values()
        ],
        "primero_rules": [
            {
                "variant": name,
                "hands": record.hands,
                "ties_on_total": record.hand_rules().whole_hand_tiebreak,  # equal points fall back to the total
                # The decisions of the variant's procedure first, then those of its hand values.
                "decisions": explain(
                    tuple(
                        dict.fromkeys(
                            # the engine's procedure decisions, less its hand ranking when the hands differ
                            tuple(
                                d for d in PRIMERO_RULES[record.engine.name].decisions
                                if not (d == "D-NP1" and record.hands != PRIMERO_RULES[record.engine.name].hands)
                            )
                            + record.decisions
                            + hands.RULESETS[record.hands].decisions
                        )
                    )
                ),
            }
            for name, record in PRIMERO_RULES.items()
        ],
        "primiera_rules": [
            {"variant": name, "players": r.players, "target": r.target, "decisions": explain(r.decisions)}
            for name, r in PRIMIERA_RULES.items()
        ],
        "primiera_values": {c: PRIMIERA[c] for c in sort_cards(PRIMIERA)},
        # Primo's decisions per variant (D-PO1-D-PO15 and Primi's readings), for its rules page.
        "primo_rules": [{"variant": name, "decisions": explain(r.decisions)} for name, r in PRIMO_RULES.items()],
        # Italian and German texts of the above (decisions by number, the rest by English text).
        "translations": translations(),
    }
