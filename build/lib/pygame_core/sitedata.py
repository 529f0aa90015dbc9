"""The static data the web shell shows before Python is ready, built from the core itself.

``build.py`` writes ``site_catalogue()`` to ``dist/catalogue.json``, so the menus list exactly the
games and variants of the core's registry, and each game's own static data (its ``GameInfo.site``:
Primero's hand rules and decisions per variant, Primiera's decisions per mode and primiera values,
Primo's decisions per variant) comes from the same records its engine uses.
"""

from __future__ import annotations

from typing import Any

from . import registry
from .translations import translations


def site_catalogue() -> dict[str, Any]:
    """``games`` (the registry's catalogue), each game's site data in menu order (a key appears once),
    and ``translations``: the Italian and German of the above (decisions by number, the rest by key)."""
    out: dict[str, Any] = {"games": registry.catalogue()}
    for name in registry.game_names():
        site = registry.load(name).info.site
        if site is None:
            continue
        for key, value in site().items():
            if key in out or key == "translations":
                raise ValueError(f"site data {key!r} of {name} is already in the catalogue")
            out[key] = value
    out["translations"] = translations()
    return out
