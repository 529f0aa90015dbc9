"""The coach: what a hand is worth now, and the odds of improving it for a discard choice.

Odds are exact (every possible draw is enumerated) when the draws are few, and
otherwise estimated from a seeded sample; the answer says which. Only cards the
seat has not seen can be drawn, so the coach sees exactly what the seat sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any

from ..cards import Card
from ..errors import IllegalActionError
from ..rng import Rng
from .hands import HandRules, HandValue, evaluate, strength

EXACT_LIMIT = 4000  # enumerate up to this many draws; sample beyond


def unseen_cards(rules: HandRules, seen: Sequence[Card]) -> tuple[Card, ...]:
    """The deck less every card the seat has seen."""
    known = set(seen)
    return tuple(c for c in rules.deck if c not in known)


def draw_outlook(
    hand: Sequence[Card],
    discard: Sequence[Card],
    unseen: Sequence[Card],
    rules: HandRules,
    final_size: int = 4,
    samples: int = 1500,
    seed: int = 1,
) -> dict[str, Any]:
    """Distribution of the final hand after discarding ``discard`` and drawing up to ``final_size`` cards.

    ``p_improve`` and ``p_worse`` compare with keeping the current hand when it already has 4
    cards (a better or a worse hand by the rules' ranking; the rest of the draws give an equal
    one), so the page can say one coherent thing: a Primero of 55 that trades a card may end a
    lower Primero, which counts as worse though its kind stays; ``kinds`` gives the chance of each
    final kind; ``mean_points`` the expected points.
    """
    if any(c not in hand for c in discard):
        raise IllegalActionError("you can only discard cards from your hand", key="primero.coach.err.hand")
    kept = tuple(c for c in hand if c not in discard)
    need = final_size - len(kept)
    if need < 0 or need > len(unseen):
        raise IllegalActionError("that discard leaves an impossible hand", key="primero.coach.err.discard")
    current: HandValue | None = evaluate(hand, rules) if len(hand) == 4 else None
    total = comb(len(unseen), need)
    exact = total <= EXACT_LIMIT
    draws: list[tuple[Card, ...]]
    if exact:
        draws = list(combinations(unseen, need))
    else:
        draws = []
        rng = Rng.from_seed(seed)
        pool = tuple(unseen)
        for _ in range(samples):
            picked: list[Card] = []
            rest = list(pool)
            for _ in range(need):
                i, rng = rng.randbelow(len(rest))
                picked.append(rest.pop(i))
            draws.append(tuple(picked))
    kinds: dict[str, float] = {k: 0.0 for k in rules.kinds}
    better = worse = 0
    points = 0
    base = strength(current, rules) if current else None
    for draw in draws:
        value = evaluate(kept + draw, rules)
        kinds[value.kind] += 1
        points += value.points
        if base is not None:
            mine = strength(value, rules)
            better += mine > base
            worse += mine < base
    n = len(draws)
    return {
        "discard": [str(c) for c in discard],
        "kinds": {k: round(v / n, 4) for k, v in kinds.items()},
        "mean_points": round(points / n, 2),
        "p_improve": round(better / n, 4) if base is not None else None,
        "p_worse": round(worse / n, 4) if base is not None else None,
        "exact": exact,
        "outcomes": n,
    }


def _sample_hands(unseen: Sequence[Card], samples: int, seed: int) -> tuple[list[tuple[Card, ...]], bool]:
    """Every 4-card hand of ``unseen`` when they are few, else a seeded sample; and whether exact."""
    if comb(len(unseen), 4) <= EXACT_LIMIT:
        return list(combinations(unseen, 4)), True
    rng = Rng.from_seed(seed)
    out = []
    pool = tuple(unseen)
    for _ in range(samples):
        rest = list(pool)
        picked = []
        for _ in range(4):
            i, rng = rng.randbelow(len(rest))
            picked.append(rest.pop(i))
        out.append(tuple(picked))
    return out, False


def hand_rank(hand: Sequence[Card], unseen: Sequence[Card], rules: HandRules, samples: int = 1500,
              seed: int = 1) -> dict[str, Any]:
    """How ``hand`` (4 cards) stands among the hands an opponent could hold (4 of the cards this seat
    has not seen): ``beats`` and ``ties`` (fractions), ``exact`` and ``outcomes`` as draw_outlook's."""
    mine = strength(evaluate(hand, rules), rules)
    hands, exact = _sample_hands(unseen, samples, seed)
    beats = ties = 0
    for other in hands:
        theirs = strength(evaluate(other, rules), rules)
        beats += mine > theirs
        ties += mine == theirs
    n = len(hands)
    return {"beats": round(beats / n, 4), "ties": round(ties / n, 4), "exact": exact, "outcomes": n}


def discard_choices(hand: Sequence[Card], rules: HandRules) -> list[dict[str, Any]]:
    """For a 5-card hand that must lose one card (RMS after a draw): each discard and the hand it
    leaves (``card, kind, points``), best first (ties: the hand's order)."""
    out = []
    for c in hand:
        value = evaluate(tuple(x for x in hand if x != c), rules)
        out.append((strength(value, rules), {"card": str(c), "kind": value.kind, "points": value.points}))
    order = sorted(range(len(out)), key=lambda i: out[i][0], reverse=True)
    return [out[i][1] for i in order]
