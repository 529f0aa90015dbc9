"""The claims a bet may announce (Italian vies, Northpass and Suzuki bets) and their order."""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

from .hands import CHORUS, FLUXUS, NUMERUS, PRIMERO, PUNTO, SUPREMUS, HandRules, get_rules


@cache
def claim_table(hands_name: str) -> tuple[tuple[str, int], ...]:
    """Every (kind, points) a claim may name under a rule set, worst first.

    Derived from rank combinations (suits do not change points), so it may
    contain a few claims no hand can meet; naming one is a bluff like any other.
    """
    rules = get_rules(hands_name)
    values = rules.values
    ranks = sorted({c.rank for c in rules.deck}, key=lambda r: values[r])
    found: set[tuple[str, int]] = set()
    for k in (2, 3):
        for combo in combinations(ranks, k):
            found.add((NUMERUS, sum(values[r] for r in combo)))
    for multi in combinations_with_replacement(ranks, 4):
        found.add((PRIMERO, sum(values[r] for r in multi)))
    for combo in combinations(ranks, 4):
        found.add((FLUXUS, sum(values[r] for r in combo)))
    for r in ranks:
        found.add((CHORUS, 4 * values[r]))
    if SUPREMUS in rules.kinds:
        if rules.supremus_points is not None:
            found.add((SUPREMUS, rules.supremus_points))
        else:
            for r in ranks:
                found.add((SUPREMUS, values["A"] + values["6"] + values["7"] + values[r]))
    if PUNTO in rules.kinds:
        found.add((PUNTO, values["A"] + values["6"] + values["7"] + values["J"]))
    return tuple(sorted(found, key=lambda kp: (rules.kind_rank(kp[0]), kp[1])))


def claim_key(rules: HandRules, kind: str, points: int) -> tuple[int, int]:
    """Order of claims: kind first, then points, always in normal (not Losing) order."""
    return (rules.kind_rank(kind), points)
