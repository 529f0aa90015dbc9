"""Toy Swap's static data for the page (``GameInfo.site``): its decisions per variant and its values
line, worded by key (``TEXTS``, the game's own texts beyond the catalogue)."""

from __future__ import annotations

from typing import Any

from pygame_core.decisions import explain

from .decisions import DECISIONS

TEXTS: dict[str, str] = {"toy.values": "Values: ace 1, 2 to 7 their number, jack 8, queen 9, king 10."}
_VARIANT_DECISIONS = {"standard": ("T-SW1", "T-SW2"), "lowball": ("T-SW1", "T-SW2", "T-SW3")}


def site_data() -> dict[str, Any]:
    """``toy_rules`` (each variant's decisions) and ``toy_values`` (the values line), as plain data."""
    return {
        "toy_rules": [{"variant": v, "decisions": explain(ids, DECISIONS)} for v, ids in _VARIANT_DECISIONS.items()],
        "toy_values": {"text": TEXTS["toy.values"], "keys": {"text": "toy.values"}},
    }
