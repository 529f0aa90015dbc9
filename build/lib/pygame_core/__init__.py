"""pygame_core: Primi's pure-Python rules core (standard library only; nothing to do with pygame).

It runs unchanged on CPython 3.11+ and in Pyodide. See ``protocol`` for the Game
protocol, ``registry`` for the games, ``records`` for replayable game records.
"""

from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    OptionsError,
    PrimiError,
    RecordError,
)
from .protocol import TERMINAL, Description, Figure, Game, GameInfo, Operation, OptionSpec, VariantInfo, message
from .registry import catalogue, game_names, load

__version__ = "0.1.0"

__all__ = [
    "TERMINAL",
    "Description",
    "Figure",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "Operation",
    "OptionSpec",
    "OptionsError",
    "PrimiError",
    "RecordError",
    "VariantInfo",
    "catalogue",
    "game_names",
    "load",
    "message",
]
