"""Primero hand evaluation under every rule set: the kind, the points and how hands compare.

Kinds and values follow docs/rules-decisions.md section 1.3 and the D-PR decisions:
- ``waks`` (and its variants ``italian``, ``suzuki``, ``roman``, ``losing``):
  Cardano's values, chorus > fluxus > supremus > primero > numerus (D-PR1),
  supremus always 55 (D-PR2), Cardano's full table (D-PR8); Roman gives the
  8, 9 and 10 ten points each (D-PR11); Losing reverses the order (D-PR10).
- ``rms``: Cardano's values plus the punto, ranks exactly {A, 6, 7, J} not all
  of one suit (D-PR4); supremus counts all four cards (D-PR5, option fixed 55);
  the J of hearts may be wild (D-PR6, off by default).
- ``northpass``: pip values (A=1), chorus > fluxus > primero > numerus (D-NP1),
  ties on points fall back to the whole-hand total.
Everywhere, of two suits of two cards the better pair counts (D-PR3); of two
equal pairs, the one of the earlier suit in S H D C order is reported as counting,
so the result never depends on the order the cards are given in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from ..cards import DECK_40, DECK_52, DECK_NORTHPASS, SUITS, Card
from ..errors import InvalidCardError, OptionsError, quote

CARDANO_VALUES: Mapping[str, int] = {
    "7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10,
}
ROMAN_VALUES: Mapping[str, int] = {**CARDANO_VALUES, "8": 10, "9": 10, "10": 10}  # D-PR11
PIP_VALUES: Mapping[str, int] = {r: i + 1 for i, r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"))}

NUMERUS, PRIMERO, SUPREMUS, PUNTO, FLUXUS, CHORUS = "numerus", "primero", "supremus", "punto", "fluxus", "chorus"


@dataclass(frozen=True)
class HandRules:
    """How one rule set values and ranks a four-card hand."""

    name: str
    label: str
    deck: tuple[Card, ...]
    values: Mapping[str, int]
    kinds: tuple[str, ...]  # low to high
    supremus_points: int | None = None  # fixed points, or None to count all four cards
    whole_hand_tiebreak: bool = False  # Northpass: equal points -> compare all four cards
    lowest_wins: bool = False  # Losing Primero (D-PR10)
    wild_jh: bool = False  # RMS option (D-PR6)
    exact_tie: str = "seat"  # "seat": nearest the dealer's right wins; "split": share the pot
    decisions: tuple[str, ...] = field(default=())

    def kind_rank(self, kind: str) -> int:
        """Position of a kind in this rule set's order (higher is better)."""
        return self.kinds.index(kind)


_CARDANO_KINDS = (NUMERUS, PRIMERO, SUPREMUS, FLUXUS, CHORUS)
_WAKS = HandRules(
    "waks", "Waks (English)", DECK_40, CARDANO_VALUES, _CARDANO_KINDS, supremus_points=55,
    decisions=("D-PR1", "D-PR2", "D-PR3", "D-PR8"),
)
RULESETS: Mapping[str, HandRules] = {
    "waks": _WAKS,
    "italian": HandRules(
        "italian", "Italian (Cardano)", DECK_40, CARDANO_VALUES, _CARDANO_KINDS, supremus_points=55,
        decisions=("D-PR1", "D-PR2", "D-PR3", "D-PR8", "D-PR9"),
    ),
    "suzuki": HandRules(
        "suzuki", "Suzuki", DECK_40, CARDANO_VALUES, _CARDANO_KINDS, supremus_points=55,
        decisions=("D-PR1", "D-PR2", "D-PR3", "D-PR8", "D-WB6"),
    ),
    "roman": HandRules(
        "roman", "Roman (52 cards)", DECK_52, ROMAN_VALUES, _CARDANO_KINDS, supremus_points=55,
        decisions=("D-PR1", "D-PR2", "D-PR3", "D-PR11"),
    ),
    "losing": HandRules(
        "losing", "Losing", DECK_40, CARDANO_VALUES, _CARDANO_KINDS, supremus_points=55, lowest_wins=True,
        decisions=("D-PR1", "D-PR2", "D-PR3", "D-PR10"),
    ),
    "rms": HandRules(
        "rms", "RMS", DECK_40, CARDANO_VALUES, (NUMERUS, PRIMERO, SUPREMUS, PUNTO, FLUXUS, CHORUS),
        supremus_points=None, exact_tie="split", decisions=("D-PR3", "D-PR4", "D-PR5", "D-PR6", "D-PR7"),
    ),
    "northpass": HandRules(
        "northpass", "Northpass", DECK_NORTHPASS, PIP_VALUES, (NUMERUS, PRIMERO, FLUXUS, CHORUS),
        whole_hand_tiebreak=True, exact_tie="split", decisions=("D-PR3", "D-NP1"),
    ),
}


WILD_RULESETS = frozenset({"rms"})
"""The rule sets that may make the J of hearts wild (D-PR6) or score supremus 55: RMS's only."""


def get_rules(name: str, wild: bool = False, supremus_fixed: bool = False) -> HandRules:
    """The named rule set; ``wild`` (RMS only) makes the J of hearts wild, ``supremus_fixed`` scores RMS supremus 55.

    Raises OptionsError for an unknown rule set, or for an RMS option asked of another rule set.
    """
    if not isinstance(name, str) or name not in RULESETS:
        raise OptionsError(f"no rule set {quote(name)}; choose one of {', '.join(RULESETS)}")
    rules = RULESETS[name]
    if wild or supremus_fixed:
        if name not in WILD_RULESETS:
            raise OptionsError("the wild J of hearts and fixed supremus are RMS options")
        rules = HandRules(
            rules.name, rules.label, rules.deck, rules.values, rules.kinds,
            supremus_points=55 if supremus_fixed else None, exact_tie=rules.exact_tie,
            wild_jh=wild, decisions=rules.decisions,
        )
    return rules


@dataclass(frozen=True)
class HandValue:
    """The evaluation of one hand: its kind, points, whole-hand total and the cards that count.

    ``cards`` is the hand as given and ``counting`` lists the cards that count in that same
    order; every other field, and which cards count, is the same whatever the order.
    ``wild_as`` (RMS with the wild J of hearts only) is None when the hand has no J of hearts,
    else the card the J of hearts stands for -- the J of hearts itself (``JH``) when no other
    card would make the hand better.
    """

    cards: tuple[Card, ...]
    kind: str
    points: int
    total: int
    counting: tuple[Card, ...]
    key: tuple[int, int, int]  # larger is better under normal (not Losing) order
    wild_as: Card | None = None

    def to_json(self, rules: HandRules) -> dict[str, object]:
        """Plain data: kind, points (and total for Northpass), counting cards.

        With the wild J of hearts, ``wild_as`` is the card it stands for: null if the hand has
        no J of hearts, ``"JH"`` if it counts as itself (no substitute does better).
        """
        out: dict[str, object] = {
            "rules": rules.name,
            "kind": self.kind,
            "points": self.points,
            "cards": [str(c) for c in self.cards],
            "counting": [str(c) for c in self.counting],
            "rank": self.key[0],
        }
        if rules.whole_hand_tiebreak:
            out["total"] = self.total
        if rules.wild_jh:
            out["wild_as"] = str(self.wild_as) if self.wild_as else None
        return out


def check_hand(cards: Sequence[Card], rules: HandRules) -> None:
    """Raise InvalidCardError unless ``cards`` are 4 distinct cards of the rule set's deck."""
    if len(cards) != 4:
        raise InvalidCardError(f"a Primero hand has 4 cards, not {len(cards)}", key="primero.calc.err.count", n=len(cards))
    seen: set[Card] = set()
    deck = set(rules.deck)
    for c in cards:
        if c in seen:
            raise InvalidCardError(f"{c} appears twice; a deck has one of each card", key="primero.calc.err.twice", card=str(c))
        if c not in deck:
            raise InvalidCardError(f"{c} is not in the {rules.label} deck", key="primero.calc.err.deck", card=str(c), deck=rules.label)
        seen.add(c)


def _evaluate_plain(cards: tuple[Card, ...], rules: HandRules) -> HandValue:
    values = rules.values
    total = sum(values[c.rank] for c in cards)
    by_suit: dict[str, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    candidates: list[tuple[str, int, tuple[Card, ...]]] = []
    if len({c.rank for c in cards}) == 1:
        candidates.append((CHORUS, total, cards))
    if len(by_suit) == 1:
        candidates.append((FLUXUS, total, cards))
    if len(by_suit) == 4:
        candidates.append((PRIMERO, total, cards))
    if SUPREMUS in rules.kinds:
        for group in by_suit.values():
            if len(group) == 3 and {c.rank for c in group} == {"A", "6", "7"}:
                pts = rules.supremus_points if rules.supremus_points is not None else total
                candidates.append((SUPREMUS, pts, cards))
    if PUNTO in rules.kinds and sorted(c.rank for c in cards) == ["6", "7", "A", "J"] and len(by_suit) > 1:
        candidates.append((PUNTO, total, cards))  # D-PR4
    if len(by_suit) < 4:
        best_group: tuple[Card, ...] = ()
        best_pts = -1
        for suit in SUITS:  # a fixed suit order, so of two equal pairs the same one always counts
            group = by_suit.get(suit, [])
            if len(group) >= 2:
                pts = sum(values[c.rank] for c in group)
                if pts > best_pts:  # D-PR3: of two pairs, the better one counts
                    best_pts, best_group = pts, tuple(group)
        candidates.append((NUMERUS, best_pts, best_group))
    kind, points, counting = max(candidates, key=lambda k: (rules.kind_rank(k[0]), k[1]))
    tie = total if rules.whole_hand_tiebreak else 0
    return HandValue(cards, kind, points, total, counting, (rules.kind_rank(kind), points, tie))


_WILD = Card("J", "H")


def evaluate_unchecked(cards: tuple[Card, ...], rules: HandRules) -> HandValue:
    """``evaluate`` for 4 distinct cards of the deck known to be valid, under rules without a wild card."""
    return _evaluate_plain(cards, rules)


def evaluate(cards: Iterable[Card | str], rules: HandRules | str = "waks") -> HandValue:
    """Evaluate a 4-card hand under a rule set (a HandRules or its name)."""
    hr = get_rules(rules) if isinstance(rules, str) else rules
    cs = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
    check_hand(cs, hr)
    if hr.wild_jh and _WILD in cs:
        # D-PR6: the J of hearts stands for any card not already in the hand; take the best.
        # It is tried as itself first, so it keeps being itself unless a substitute is strictly
        # better; among equally good substitutes the first in deck order is named.
        others = tuple(c for c in cs if c != _WILD)
        plain = _evaluate_plain(cs, hr)
        best, best_sub = plain, _WILD
        for sub in hr.deck:
            if sub in others or sub == _WILD:
                continue
            v = _evaluate_plain(others + (sub,), hr)
            if v.key > best.key:
                best, best_sub = v, sub
        counted = set(best.counting)
        counting = tuple(c for c in cs if (best_sub if c == _WILD else c) in counted)  # in the hand's order
        return HandValue(cs, best.kind, best.points, best.total, counting, best.key, best_sub)
    return _evaluate_plain(cs, hr)


def strength(value: HandValue, rules: HandRules) -> tuple[int, int, int]:
    """A key where larger means a better hand under ``rules`` (Losing Primero reverses it)."""
    if rules.lowest_wins:
        return (-value.key[0], -value.key[1], -value.key[2])
    return value.key


def compare(a: HandValue, b: HandValue, rules: HandRules) -> int:
    """1 if ``a`` beats ``b``, -1 if it loses, 0 if the rule set cannot tell them apart."""
    ka, kb = strength(a, rules), strength(b, rules)
    return (ka > kb) - (ka < kb)


def all_hands(rules: HandRules) -> Iterable[tuple[Card, ...]]:
    """Every 4-card hand of the rule set's deck (91,390 for 40 cards)."""
    return combinations(rules.deck, 4)


def census(rules: HandRules) -> dict[str, int]:
    """How many hands of the deck fall into each kind (a golden count, like perft)."""
    counts = {k: 0 for k in rules.kinds}
    for hand in all_hands(rules):
        counts[evaluate(hand, rules).kind] += 1
    return counts
