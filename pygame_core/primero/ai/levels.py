"""The three Primero AI levels as data: the knobs that make ``easy``, ``medium`` and ``hard`` differ.

The levels' play is described in ``ai/__init__.py``; every engine family's play (waks.py,
northpass.py, rms.py) reads these knobs (and, in Northpass, the level's name for its bet size and claim).
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_LEVEL = "medium"
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Level:
    """The knobs that make the three levels differ."""

    name: str
    noise: float  # uniform noise (+-) on the estimated winning chance
    samples: int  # Monte Carlo samples per estimate (0: tables only)
    open_edge: float  # bet/vie when q * (opponents + 1) exceeds this
    raise_edge: float  # raise/revie when q * (opponents + 1) exceeds this
    call_margin: float  # extra winning chance demanded over the pot odds to call
    bluff: float  # chance of a bluff when weak (where the rules allow)
    second_best: float  # chance of taking the second-best discard
    ranges: bool = False  # Waks: read vies by each opponent's vie rate, open after the draw by fold equity


EASY = Level("easy", 0.18, 0, 1.3, 2.1, -0.3, 0.0, 0.3)  # loose-passive: calls too much, rarely bets or raises
MEDIUM = Level("medium", 0.0, 0, 1.15, 1.6, 0.0, 0.0, 0.0, ranges=True)
HARD = Level("hard", 0.0, 150, 1.1, 1.45, 0.0, 0.05, 0.0)
BY_NAME = {"easy": EASY, "medium": MEDIUM, "hard": HARD}
