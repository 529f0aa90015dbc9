"""Primero's rule sets as data: one frozen record per variant, plus its options.

Variants are data, not copies of code: the engine reads a ``PrimeroRules``
record and dispatches on its ``engine`` field (``waks``, ``northpass`` or
``rms``). Hand values come from ``hands.py`` through ``hand_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement

from ..protocol import OptionSpec, VariantInfo
from .hands import CHORUS, FLUXUS, NUMERUS, PRIMERO, PUNTO, SUPREMUS, HandRules, get_rules


@dataclass(frozen=True)
class PrimeroRules:
    """Everything the engine needs to know about one variant."""

    name: str
    engine: str  # "waks" | "northpass" | "rms"
    hands: str  # rule-set name in hands.RULESETS
    claims_on_vie: bool = False  # Italian: every vie names a claim (D-PR9)
    ante: bool = False  # Northpass, Suzuki and RMS ante; Waks does not
    decisions: tuple[str, ...] = ()


RULES: Mapping[str, PrimeroRules] = {
    "waks": PrimeroRules(
        "waks", "waks", "waks", decisions=("D-WB1", "D-WB2", "D-WB3", "D-WB4", "D-WB5", "P-WB1", "P-WB2", "P-END")
    ),
    "italian": PrimeroRules("italian", "waks", "italian", claims_on_vie=True, decisions=("D-PR9", "P-IT1")),
    "roman": PrimeroRules("roman", "waks", "roman", decisions=("D-PR11",)),
    "losing": PrimeroRules("losing", "waks", "losing", decisions=("D-PR10",)),
    "suzuki": PrimeroRules("suzuki", "northpass", "suzuki", ante=True, decisions=("D-WB6",)),
    "northpass": PrimeroRules(
        "northpass", "northpass", "northpass", ante=True,
        decisions=("D-NP1", "D-NP2", "D-NP3", "D-NP4", "D-NP5", "D-NP6", "D-NP7", "P-NP1", "P-END"),
    ),
    "rms": PrimeroRules(
        "rms", "rms", "rms", ante=True,
        decisions=("D-RM1", "D-RM2", "D-RM3", "D-RM4", "D-RM5", "D-RM6", "P-RM1", "P-RM2", "P-END"),
    ),
}

REVIE_CAP = 4  # D-WB4: engine cap on revies (and RMS raises) per betting round
CIRCUIT_CAP = 10  # D-RM3: safety cap on RMS play circuits


_CHIPS = OptionSpec("chips", "Starting chips", "int", 50, 1, 10_000, help="Chips each player starts with.")
_DEALS = OptionSpec(
    "deals", "Deals", "int", 20, 1, 1000, help="Agreed number of deals; the game also ends when one player holds all chips."
)
_STAKE = OptionSpec("stake", "Stake", "int", 1, 1, 100, help="The smallest bet.")
_REST = OptionSpec("rest", "Rest", "int", 3, 1, 100, help="The largest bet or raise in one turn.")
_ANTE = OptionSpec("ante", "Ante", "int", 1, 0, 100, help="Chips each player puts in before the deal.")

_WAKS_OPTIONS = (_STAKE, _REST, _CHIPS, _DEALS)

VARIANTS: tuple[VariantInfo, ...] = (
    VariantInfo("waks", "Waks (English)", 2, 6, 4, _WAKS_OPTIONS,
                "Mark Waks's English game: vie, see, revie, pass, fold; two betting rounds with a draw between."),
    VariantInfo("italian", "Italian (Cardano)", 2, 6, 4, _WAKS_OPTIONS,
                "Every vie names a claim; you win only if you hold at least the last claim."),
    VariantInfo("suzuki", "Suzuki", 2, 6, 4, (_ANTE, _STAKE, _REST, _CHIPS, _DEALS),
                "No folding: bet and announce a better hand, or pass and exchange one or two cards."),
    VariantInfo("roman", "Roman (52 cards)", 2, 6, 4, _WAKS_OPTIONS, "The English game with all 52 cards."),
    VariantInfo("losing", "Losing", 2, 6, 4, _WAKS_OPTIONS, "The English game in which the lowest hand wins."),
    VariantInfo("rms", "RMS", 4, 6, 4, (
        _ANTE,
        OptionSpec("min_bet", "Minimum bet", "int", 1, 1, 100, help="The smallest bet or raise."),
        OptionSpec("max_raise", "Maximum raise", "int", 3, 1, 100, help="The largest bet or raise."),
        OptionSpec("table", "Draw from", "choice", "eight", choices=("eight", "stock"),
                   help="eight: draw from 8 face-down table cards; stock: a draw pile and a discard pile."),
        OptionSpec("wild", "Wild J of hearts", "bool", False, help="The J of hearts stands for any card (D-PR6)."),
        _CHIPS, _DEALS,
    ), "The Renaissance Military Society game: draw and discard, knock 'vada', wager each circuit."),
    VariantInfo("northpass", "Northpass", 2, 6, 4, (
        _ANTE,
        OptionSpec("limit", "Bet limit", "int", 6, 1, 100, help="The largest amount one bet may add."),
        _CHIPS, _DEALS,
    ), "Pip values, A-10 deck: bet and announce a better hand, or pass and trade one or two cards."),
)


def hand_rules(variant: str, wild: bool = False) -> HandRules:
    """The hand-evaluation rules of a variant (with RMS's wild J of hearts when asked)."""
    return get_rules(RULES[variant].hands, wild=wild)


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
