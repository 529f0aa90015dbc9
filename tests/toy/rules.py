"""Toy Swap's cards and values: the ten clubs of the 40-card deck, A..7 worth 1..7, J Q K worth 8 9 10."""

from __future__ import annotations

from collections.abc import Sequence

from pygame_core.cards import Card
from pygame_core.errors import InvalidCardError, quote

DECK: tuple[str, ...] = tuple(r + "C" for r in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"))
VALUES: dict[str, int] = {c: i + 1 for i, c in enumerate(DECK)}


def hand_sum(hand: Sequence[str]) -> int:
    """The value of a hand."""
    return sum(VALUES[c] for c in hand)


def value_of(texts: Sequence[str]) -> int:
    """The sum of some cards given as texts (any spelling Card.parse takes); InvalidCardError for a card
    not in the toy deck."""
    canon = [str(Card.parse(c)) for c in texts]
    for c in canon:
        if c not in VALUES:
            raise InvalidCardError(f"{quote(c)} is not in the toy deck")
    return hand_sum(canon)
