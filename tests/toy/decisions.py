"""Toy Swap's rules decisions, as a game declares them (``GameInfo.decisions``): its own series (T-SW)."""

from __future__ import annotations

DECISIONS: dict[str, str] = {
    "T-SW1": "A card given up in a swap goes face up on the discard pile; the card taken from the stock stays hidden.",
    "T-SW2": "Equal sums share the win.",
    "T-SW3": "Lowball with three players lasts at most two rounds, or the stock would run out.",
}
