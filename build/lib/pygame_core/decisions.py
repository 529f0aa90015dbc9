"""Player-facing summaries of the rules decisions (docs/rules-decisions.md) that the games apply.

Each game declares its own in ``GameInfo.decisions`` (``pygame_core/<game>/decisions.py``); this
module gathers them from the registry, in menu order. The UI shows them next to the rules they
shape, so players can see where the rulebooks were silent or contradicted themselves and what
Primi decided.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def decisions() -> dict[str, str]:
    """Every registered game's decisions by number (a number belongs to one game: the series differ)."""
    from . import registry  # the games import explain from here: the registry is read only when asked

    out: dict[str, str] = {}
    for name in registry.game_names():
        out.update(registry.load(name).info.decisions)
    return out


def explain(ids: Iterable[str], table: Mapping[str, str] | None = None) -> list[dict[str, str]]:
    """The summaries of the given decision numbers, in order, as plain data; numbers not in ``table``
    (by default every registered game's decisions) are left out."""
    known = decisions() if table is None else table
    return [{"id": i, "text": known[i]} for i in ids if i in known]


def __getattr__(name: str) -> Any:
    """``DECISIONS``: every game's decisions (see ``decisions``), read from the registry when first asked."""
    if name == "DECISIONS":
        return decisions()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
