"""Primiera's shared evaluation: what a captured card and a sweep are worth, and the card one gives up.

One place for the heuristic weights that the levels (easy and medium's greedy scores, hard's
and ref-ab's leaves through search.WORTH) and the explanations of the computer's moves
(explain.CHEAP) all read, so changing one shows where else it counts. It imports only the
rules: nothing in the AI or the coach is below it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import PRIMIERA, SETTEBELLO, SUIT, VALUE

SWEEP = 8.0
"""A sweep's worth, in card-worth units (a sweep is a point, D-PA8)."""
SETTEBELLO_WORTH = 6.0
PRIMIERA_BONUS = {21: 1.6, 18: 1.0, 16: 0.7, 15: 0.4}
"""What a captured card is worth towards the primiera point, beyond counting as a card."""


def card_worth(card: str) -> float:
    """How much a card is worth to the side that captures it (cards, coins, settebello, primiera)."""
    worth = 1.0
    if SUIT[card] == "D":
        worth += 0.8
    if card == SETTEBELLO:
        worth += SETTEBELLO_WORTH
    return worth + PRIMIERA_BONUS.get(PRIMIERA[card], 0.0)


def least_useful(cards: Sequence[str]) -> str:
    """The card one gives up most easily: low worth, and a high value (hard to pair with)."""
    return min(cards, key=lambda c: (card_worth(c), -VALUE[c], c))
