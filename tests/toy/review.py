"""Toy Swap's reviewer: the reference for pygame_core.review (issue 23), small enough to check by hand.

A decision's value is the seat's expected hand sum after it (points, higher is better; Lowball
counts the sum negated): ``pass`` keeps the hand, ``swap C`` gives C up for the stock's top card,
whose worth the seat does not know, so it is averaged over the worlds (``Position.worlds``: the
cards hidden from the seat dealt again). Hindsight reads the true top card.
"""

from __future__ import annotations

from typing import Any

from pygame_core.protocol import Game
from pygame_core.review import Position, Thresholds, Weighing
from pygame_core.rng import AgentRandom

from .rules import VALUES

WORLDS = 24


def _sum_after(hand: tuple[str, ...], action: str, top: str | None) -> int:
    if action == "pass" or top is None:
        return sum(VALUES[c] for c in hand)
    given = action.split()[1]
    return sum(VALUES[c] for c in hand if c != given) + VALUES[top]


class ToyReviewer:
    """Values each legal move by the expected hand sum after it."""

    unit = "points"
    thresholds = Thresholds(best=0.05, inaccuracy=0.75, mistake=2.0, blunder=4.0)
    version = "toy-1"

    def weigh(self, position: Position) -> Weighing | None:
        hand = tuple(position.observation["hand"])
        sign = -1 if position.observation.get("variant") == "lowball" else 1
        worlds = position.worlds(WORLDS)
        values: dict[str, float] = {}
        for action in position.legal:
            total = sum(_sum_after(hand, action, w.stock[0] if w.stock else None) for w in worlds)
            values[action] = sign * total / len(worlds)
        best = max(values, key=lambda a: values[a])
        why = None if best == position.played else {"key": "toy.review.why", "args": {"move": best}}
        kind = "toy.review.kind.gave_high" if position.played.startswith("swap") else None
        return Weighing(values, why, kind)

    def hindsight(self, game: Game[Any], state: Any, seat: int, played: str, rng: AgentRandom) -> Weighing | None:
        hand = state.hands[seat]
        top = state.stock[0] if state.stock else None
        sign = -1 if state.variant == "lowball" else 1
        return Weighing({a: float(sign * _sum_after(hand, a, top)) for a in game.legal_actions(state)})
