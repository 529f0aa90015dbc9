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
    poker_keep: bool = False  # Northpass family: trades keep what a poker player would (high cards, pairs)


# Easy is loose-passive: it calls too much, rarely bets or raises. In the Northpass family, where nobody
# folds, loose calls cost nothing: there its mistake is a poker player's, trades that keep the high cards
# and pairs (tens, nines, kings) rather than Primero's points (sevens, sixes, aces) and suits. Without it
# easy played almost as well as medium there (medium ahead by +0.18 ± 0.09 chips a deal in Northpass
# heads-up, +0.08 ± 0.05 in Suzuki) and the game review could not tell their decisions apart; with it
# +0.57 ± 0.11 and +0.43 ± 0.07, hard still +0.69 and +0.54 ahead of medium (``python3 -m
# bench.primero.strength --deals 4000 --rules northpass,suzuki``; always the second-best keep: +0.38, +0.25).
EASY = Level("easy", 0.18, 0, 1.3, 2.1, -0.3, 0.0, 0.3, poker_keep=True)
MEDIUM = Level("medium", 0.0, 0, 1.15, 1.6, 0.0, 0.0, 0.0, ranges=True)
HARD = Level("hard", 0.0, 150, 1.1, 1.45, 0.0, 0.05, 0.0)
BY_NAME = {"easy": EASY, "medium": MEDIUM, "hard": HARD}
