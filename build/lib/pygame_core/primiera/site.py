"""Primiera's static data for the page (``GameInfo.site``), written into catalogue.json by build.py:
its decisions per mode (``primiera_rules``, with the players and target) for the rules page, and the
primiera value of every card (``primiera_values``, D-PA1) for the round scorer."""

from __future__ import annotations

from typing import Any

from ..decisions import explain
from .decisions import DECISIONS
from .rules import PRIMIERA, RULES, sort_cards
from .scoring import side_counts


def site_data() -> dict[str, Any]:
    """``primiera_rules`` and ``primiera_values``, as plain data."""
    return {
        "primiera_rules": [
            {"variant": name, "players": r.players, "target": r.target,
             # the round scorer's sides: in a round played together, and alone (a Herald mode's swords)
             "sides": side_counts(r, False), "solo_sides": side_counts(r, True),
             "decisions": explain(r.decisions, DECISIONS)}
            for name, r in RULES.items()
        ],
        "primiera_values": {c: PRIMIERA[c] for c in sort_cards(PRIMIERA)},
    }
