"""Primero AI opponents: ``easy``, ``medium`` (the default) and ``hard``, for every rule set.

The levels registry (``LEVELS``, ``FACTORIES``; the knobs in levels.py). The package:
agent.py (the player: reads the log, dispatches by engine family), common.py (the parsed
view, the table estimates and the pieces every family shares), one module per engine family
(waks.py, northpass.py, rms.py: its Monte Carlo estimate and its decisions), eval.py (fast hand
evaluation and percentile tables) and cfr.py (heads-up Waks betting from an equilibrium table).

Every agent sees only its seat's observation and the legal actions (seat-fair)
and draws randomness only from the ``AgentRandom`` it is handed, so it is
deterministic. The cards it reasons about are "unseen": the variant's deck
minus its own cards (nothing else of the current deal is ever face up; the deck
is reshuffled every deal, so earlier showdowns tell nothing about it).

An observation carries only the recent public log (this deal's entries and at most
``LOG_WINDOW`` older ones, with ``log_size``), so an agent reads each entry once and
keeps what it needs across calls: this deal's and the last deal's entries (the hard
level's reading of claims and vies at the last showdown) and, for Waks, each seat's
count of vies among its betting turns. ``prepare(variant, options)`` builds the hand
tables before the first move.

- ``easy``: a beginner's loose, passive game: the percentile of its hand (or the
  expected percentile of what it keeps) plus noise; it calls far too often (a winning
  chance 0.3 below the pot odds still calls), seldom bets and almost never raises;
  simple discards, with an occasional second-best choice. It never folds a very strong
  hand. In the Northpass family, where nobody folds, its trades keep what a poker player
  would (high cards and pairs, not Primero's points: ``Level.poker_keep``). (Until 2026-12
  easy called only a little loosely and played about as well as medium against hard: the
  game review could not tell their decisions apart.)
- ``medium``: a hand-strength heuristic: the hand's percentile among all hands of
  the deck (``eval.py`` tables), raised to the number of opponents; discards and
  trades that maximise the expected final percentile (exact over the draw);
  calls by pot odds, value bets and raises by strength; honest claims.
- ``hard``: Monte Carlo odds of winning the showdown, dealing the unseen cards to
  its opponents and the draw. Opponents' hands are weighted by what they did
  (Bayesian-ish: vies, raises, sees and knocks make strong hands likelier; the
  number of cards an opponent discarded in the Waks draw is matched; Northpass
  and Suzuki announcements are believed as far as the claimer's showdowns have
  backed them). Bets by expected value against the pot, with implied sizing,
  bluffs where they can win (Italian claims, an occasional Waks vie or RMS bet),
  and a tighter game when short-stacked. Discards and RMS draws look one draw ahead;
  in RMS it knocks by its odds, but draws on with a hand nobody is likely to beat
  (the wagering goes on for the others to pay into).
  Northpass and Suzuki (D-NP4: bluffing carries no penalty, the real hands decide
  the showdown; P-NP2: no side pots): hard stands on its hand by its real chances
  whatever the standing claim, and a claim is a tool: the highest claim leaves no
  bet over it, so every other player must trade (the forced one paying its stake).
  Heads-up: the expected chips of every trade and of a few bets (smallest/largest
  amount; the lowest, exact or highest claim) over sampled opponent hands: an
  opponent's latest claim sets its hand (exact, under-claimed or over its hand, in
  the proportions its showdowns have shown so far), a passer trades its worst
  cards, a lone bet is met by the forced stake (or what the opponent has left), a
  re-bet is not met. Only Italian keeps the claim rule (D-PR9: a hand below the
  last claim cannot win).
"""

from __future__ import annotations

from typing import Any

from ...agents import Agent
from .agent import PrimeroAgent
from .levels import DEFAULT_LEVEL, LEVELS

__all__ = ["DEFAULT_LEVEL", "FACTORIES", "LEVELS", "PrimeroAgent"]


def _factory(level: str) -> Any:
    def make() -> Agent:
        return PrimeroAgent(level)

    make.__name__ = f"make_{level}"
    return make


FACTORIES: dict[str, Any] = {level: _factory(level) for level in LEVELS}
