"""Primo's static data for the page (``GameInfo.site``), written into catalogue.json by build.py: its
decisions per variant (D-PO1-D-PO15 and Primi's readings), for its rules page."""

from __future__ import annotations

from typing import Any

from ..decisions import explain
from .decisions import DECISIONS
from .rules import RULES


def site_data() -> dict[str, Any]:
    """``primo_rules``: each variant's decisions, as plain data."""
    return {"primo_rules": [{"variant": name, "decisions": explain(r.decisions, DECISIONS)} for name, r in RULES.items()]}
