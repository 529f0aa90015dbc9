"""The claims a bet may announce (Italian vies, Northpass and Suzuki bets) and their order."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import combinations, product

from ..cards import SUITS, Card
from .hands import HandRules, evaluate_unchecked, get_rules

# The suit patterns of a four-card hand: how many cards of each suit, most first.
_PATTERNS = ((4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1))


def _pattern_hands(ranks: tuple[str, ...], pattern: tuple[int, ...]) -> Iterator[tuple[Card, ...]]:
    """One hand for every way of giving the pattern's suit groups ranks, up to swapping equal groups."""
    groups = [list(combinations(ranks, k)) for k in pattern]
    # groups of the same size are interchangeable, so take their rank sets in non-decreasing order
    for picks in product(*(range(len(g)) for g in groups)):
        if any(pattern[i] == pattern[i + 1] and picks[i] > picks[i + 1] for i in range(len(pattern) - 1)):
            continue
        yield tuple(Card(r, SUITS[i]) for i, pick in enumerate(picks) for r in groups[i][pick])


@cache
def claim_table(hands_name: str) -> tuple[tuple[str, int], ...]:
    """Every (kind, points) a claim may name under a rule set, worst first: exactly those a real hand has.

    A claim names a hand that can be dealt under the rule set (the announcement of a hand,
    D-NP4 / D-PR9), so ``primero 4`` (four aces are a chorus) is not one. A hand's kind and
    points depend only on its ranks and on how many cards share a suit, never on which suit,
    so one hand per suit pattern and rank choice stands for all: about 5,600 evaluations for
    a 40-card deck instead of 91,390 (built once per rule set, then cached).
    """
    rules = get_rules(hands_name)
    ranks = tuple(sorted({c.rank for c in rules.deck}, key=lambda r: rules.values[r]))
    found: set[tuple[str, int]] = set()
    for pattern in _PATTERNS:
        for hand in _pattern_hands(ranks, pattern):
            v = evaluate_unchecked(hand, rules)
            found.add((v.kind, v.points))
    return tuple(sorted(found, key=lambda kp: (rules.kind_rank(kp[0]), kp[1])))


def claim_key(rules: HandRules, kind: str, points: int) -> tuple[int, int]:
    """Order of claims: kind first, then points, always in normal (not Losing) order."""
    return (rules.kind_rank(kind), points)


def claims_above(rules: HandRules, kind: str | None, points: int) -> tuple[tuple[str, int], ...]:
    """The claims of ``claim_table`` strictly better than ``kind`` ``points`` by ``claim_key``, worst
    first (every claim when ``kind`` is empty: no claim yet)."""
    return _claims_above(rules.name, rules.kinds, claim_key(rules, kind, points) if kind else (-1, -1))


@lru_cache(maxsize=1024)
def _claims_above(hands_name: str, kinds: tuple[str, ...], last: tuple[int, int]) -> tuple[tuple[str, int], ...]:
    """``claims_above`` for a rule set's name and kinds (all ``claim_key`` reads): filtered once per
    claim (every legal-action list of a betting round asks), a bounded memo of immutable tuples."""
    return tuple(c for c in claim_table(hands_name) if (kinds.index(c[0]), c[1]) > last)


@lru_cache(maxsize=256)
def claim_actions(verb: str, n: int, claims: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The action texts ``verb n kind points`` for each of ``claims`` (a ``claims_above`` tuple), in
    its order: built once, not at every legal-action list (a bounded memo of immutable tuples)."""
    return tuple(f"{verb} {n} {k} {pts}" for k, pts in claims)
