"""The registry of games: each game declares its name, variants, player counts and options as data."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionsError, quote
from .protocol import Game

# name -> module that defines ``GAME``; imported on first use so start-up stays cheap.
_MODULES: dict[str, str] = {
    "primero": "pygame_core.primero.game",
    "primiera": "pygame_core.primiera.game",
    "primo": "pygame_core.primo.game",
}


def game_names() -> tuple[str, ...]:
    """Names of every registered game, in menu order."""
    return tuple(_MODULES)


def load(name: str) -> Game[Any]:
    """The Game object registered under ``name``; OptionsError if there is none."""
    if name not in _MODULES:
        raise OptionsError(f"no game {quote(name)}; choose one of {', '.join(_MODULES)}")
    module = importlib.import_module(_MODULES[name])
    game: Game[Any] = module.GAME
    return game


def catalogue() -> list[dict[str, Any]]:
    """Plain data describing every game, its variants, player counts and options."""
    return [load(n).info.to_json() for n in _MODULES]
