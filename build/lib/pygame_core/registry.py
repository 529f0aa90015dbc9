"""The registry of games: each game declares its name, variants, player counts and options as data.

The built-in games are one line each in ``_MODULES``; a game kept elsewhere (tests/toy, a game in
development) joins with ``register(name, module_or_game)`` and leaves with ``unregister(name)``.
Everything that lists games (the catalogue, the site data, the decisions and translations, the
command line) reads them from here, so a registered game is everywhere at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from .errors import OptionsError, quote
from .protocol import Game

# name -> module that defines ``GAME``; imported on first use so start-up stays cheap.
_MODULES: dict[str, str] = {
    "primero": "pygame_core.primero.game",
    "primiera": "pygame_core.primiera.game",
    "primo": "pygame_core.primo.game",
}
_BUILTIN = tuple(_MODULES)

# Games registered as objects (``register(name, game)``), after the modules in menu order.
_GAMES: dict[str, Game[Any]] = {}


def register(name: str, game: Game[Any] | ModuleType | str) -> None:
    """Add a game under ``name``: a Game, a module that defines ``GAME``, or such a module's dotted name
    (imported on first use). The game's ``info.name`` must be ``name``; a name is registered once."""
    if name in _MODULES or name in _GAMES:
        raise OptionsError(f"a game {quote(name)} is already registered")
    if isinstance(game, str):
        _MODULES[name] = game
        return
    loaded: Game[Any] = game.GAME if isinstance(game, ModuleType) else game
    if loaded.info.name != name:
        raise OptionsError(f"the game registered as {quote(name)} calls itself {quote(loaded.info.name)}")
    _GAMES[name] = loaded


def unregister(name: str) -> None:
    """Remove a game that ``register`` added (the built-in games stay)."""
    if name in _BUILTIN:
        raise OptionsError(f"{quote(name)} is a built-in game")
    _MODULES.pop(name, None)
    _GAMES.pop(name, None)


@contextmanager
def registered(name: str, game: Game[Any] | ModuleType | str) -> Iterator[Game[Any]]:
    """``register`` for the length of a ``with`` block (a test's), then ``unregister``; yields the game."""
    register(name, game)
    try:
        yield load(name)
    finally:
        unregister(name)


def game_names() -> tuple[str, ...]:
    """Names of every registered game, in menu order."""
    return (*_MODULES, *_GAMES)


def load(name: str) -> Game[Any]:
    """The Game object registered under ``name``; OptionsError if there is none."""
    if name in _GAMES:
        return _GAMES[name]
    if name not in _MODULES:
        raise OptionsError(f"no game {quote(name)}; choose one of {', '.join(game_names())}")
    module = importlib.import_module(_MODULES[name])
    game: Game[Any] = module.GAME
    return game


def catalogue() -> list[dict[str, Any]]:
    """Plain data describing every game, its variants, player counts and options."""
    return [load(n).info.to_json() for n in game_names()]
