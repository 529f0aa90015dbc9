"""Properties of Primero hand evaluation over random 4-card hands of every rule set."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cmp_to_key

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pygame_core.cards import Card
from pygame_core.primero import hands
from pygame_core.primero.hands import RULESETS, HandRules, compare, evaluate, get_rules

RULE_NAMES = sorted(RULESETS)


@st.composite
def rules_and_hand(draw: st.DrawFn, names: list[str] = RULE_NAMES) -> tuple[HandRules, list[Card]]:
    """A rule set and four distinct cards of its deck."""
    rules = get_rules(draw(st.sampled_from(names)))
    cards = draw(st.lists(st.sampled_from(rules.deck), min_size=4, max_size=4, unique=True))
    return rules, cards


def hands_of(rules: HandRules, n: int) -> st.SearchStrategy[list[list[Card]]]:
    """``n`` hands of the rule set's deck (they may share cards: they are compared, not dealt)."""
    return st.lists(st.lists(st.sampled_from(rules.deck), min_size=4, max_size=4, unique=True), min_size=n, max_size=n)


def applicable(cards: list[Card], rules: HandRules) -> set[str]:
    """Every kind whose definition (docs/rules-decisions.md 1.3) the hand meets, written independently of hands.py."""
    suits = Counter(c.suit for c in cards)
    ranks = sorted(c.rank for c in cards)
    kinds = set()
    if len(set(ranks)) == 1:
        kinds.add("chorus")
    if len(suits) == 1:
        kinds.add("fluxus")
    if len(suits) == 4:
        kinds.add("primero")
    if any({c.rank for c in cards if c.suit == s} == {"A", "6", "7"} for s in suits) and len(suits) > 1:
        kinds.add("supremus")
    if ranks == sorted(["A", "6", "7", "J"]) and len(suits) > 1:
        kinds.add("punto")
    if any(n >= 2 for n in suits.values()) and len(suits) > 1:
        kinds.add("numerus")
    return kinds & set(rules.kinds)


@settings(max_examples=400)
@given(rules_and_hand())
def test_kind_is_the_highest_applicable(rh: tuple[HandRules, list[Card]]) -> None:
    rules, cards = rh
    v = evaluate(cards, rules)
    kinds = applicable(cards, rules)
    assert kinds, "every hand is at least a numerus or a primero"
    assert v.kind == max(kinds, key=rules.kind_rank)
    assert v.key[0] == rules.kind_rank(v.kind)


@settings(max_examples=400)
@given(rules_and_hand())
def test_points_and_total(rh: tuple[HandRules, list[Card]]) -> None:
    rules, cards = rh
    v = evaluate(cards, rules)
    assert v.total == sum(rules.values[c.rank] for c in cards)
    assert 0 < v.points <= v.total
    if v.kind == "supremus" and rules.supremus_points is not None:
        assert v.points == rules.supremus_points
    elif v.kind != "numerus":
        assert v.points == v.total and set(v.counting) == set(cards)


@settings(max_examples=400)
@given(rules_and_hand())
def test_numerus_counts_only_the_best_suit(rh: tuple[HandRules, list[Card]]) -> None:
    rules, cards = rh
    v = evaluate(cards, rules)
    assume(v.kind == "numerus")
    assert 2 <= len(v.counting) <= 3
    assert len({c.suit for c in v.counting}) == 1
    suit = v.counting[0].suit
    assert set(v.counting) == {c for c in cards if c.suit == suit}
    assert v.points == sum(rules.values[c.rank] for c in v.counting)
    for s in {c.suit for c in cards}:  # D-PR3: of two suits of two cards, the better counts
        group = [c for c in cards if c.suit == s]
        if len(group) >= 2:
            assert sum(rules.values[c.rank] for c in group) <= v.points


@settings(max_examples=200)
@given(rules_and_hand())
def test_evaluate_is_order_independent(rh: tuple[HandRules, list[Card]]) -> None:
    rules, cards = rh
    base = evaluate(cards, rules)
    for perm in itertools.permutations(cards):
        v = evaluate(list(perm), rules)
        assert (v.kind, v.points, v.total, v.key) == (base.kind, base.points, base.total, base.key)
        assert sum(rules.values[c.rank] for c in v.counting) == sum(rules.values[c.rank] for c in base.counting)
        # Of two equal pairs (e.g. AS 2S = 6D JD = 28) the earlier suit in S H D C counts, so which
        # cards count never depends on the order; they are listed in the order the hand was given.
        assert set(v.counting) == set(base.counting) and v.wild_as == base.wild_as
        assert v.counting == tuple(c for c in perm if c in v.counting)
    as_text = evaluate([str(c).lower() for c in reversed(cards)], rules.name)
    assert as_text.key == base.key and set(as_text.counting) == set(base.counting)


@settings(max_examples=100)
@given(st.lists(st.sampled_from(get_rules("rms").deck), min_size=3, max_size=3, unique=True).filter(
    lambda cs: Card.parse("JH") not in cs))
def test_rms_wild_is_order_independent(three: list[Card]) -> None:
    wild = get_rules("rms", wild=True)
    cards = [Card.parse("JH"), *three]
    base = evaluate(cards, wild)
    for perm in itertools.permutations(cards):
        v = evaluate(list(perm), wild)
        assert (v.kind, v.points, v.total, v.key, v.wild_as) == (base.kind, base.points, base.total, base.key,
                                                                 base.wild_as)
        assert set(v.counting) == set(base.counting) and v.counting == tuple(c for c in perm if c in v.counting)
        assert v.to_json(wild)["wild_as"] == str(base.wild_as)


@settings(max_examples=200)
@given(st.data())
def test_losing_reverses_compare(data: st.DataObject) -> None:
    waks, losing = get_rules("waks"), get_rules("losing")
    a, b = data.draw(hands_of(waks, 2))
    va, vb = evaluate(a, waks), evaluate(b, waks)
    la, lb = evaluate(a, losing), evaluate(b, losing)
    assert (la.kind, la.points) == (va.kind, va.points)  # D-PR10: evaluate normally...
    assert compare(la, lb, losing) == -compare(va, vb, waks)  # ...then reverse


@settings(max_examples=200)
@given(st.data())
def test_compare_is_antisymmetric_and_transitive(data: st.DataObject) -> None:
    rules = get_rules(data.draw(st.sampled_from(RULE_NAMES)))
    hs = [evaluate(h, rules) for h in data.draw(hands_of(rules, 3))]
    a, b, c = hs
    for x, y in itertools.permutations(hs, 2):
        assert compare(x, y, rules) == -compare(y, x, rules)
    assert compare(a, a, rules) == 0
    for x, y, z in itertools.permutations(hs, 3):
        if compare(x, y, rules) >= 0 and compare(y, z, rules) >= 0:
            assert compare(x, z, rules) >= 0


@settings(max_examples=100)
@given(st.data())
def test_sorting_by_compare_is_consistent(data: st.DataObject) -> None:
    rules = get_rules(data.draw(st.sampled_from(RULE_NAMES)))
    hs = [evaluate(h, rules) for h in data.draw(hands_of(rules, 8))]
    ranked = sorted(hs, key=cmp_to_key(lambda x, y: compare(x, y, rules)), reverse=True)
    for better, worse in itertools.combinations(ranked, 2):
        assert compare(better, worse, rules) >= 0
    assert ranked == sorted(hs, key=lambda v: hands.strength(v, rules), reverse=True)


@settings(max_examples=200)
@given(st.data())
def test_kind_outranks_points(data: st.DataObject) -> None:
    rules = get_rules(data.draw(st.sampled_from([n for n in RULE_NAMES if n != "losing"])))
    a, b = (evaluate(h, rules) for h in data.draw(hands_of(rules, 2)))
    if rules.kind_rank(a.kind) > rules.kind_rank(b.kind):
        assert compare(a, b, rules) == 1
    elif a.kind == b.kind and a.points != b.points:
        assert compare(a, b, rules) == (1 if a.points > b.points else -1)


@settings(max_examples=150)
@given(st.lists(st.sampled_from(get_rules("rms").deck), min_size=4, max_size=4, unique=True))
def test_rms_wild_is_never_worse_and_is_a_real_substitute(cards: list[Card]) -> None:
    wild = get_rules("rms", wild=True)
    v, plain = evaluate(cards, wild), evaluate(cards, "rms")
    assert v.key >= plain.key
    if Card.parse("JH") in cards:
        assert v.wild_as is not None and v.wild_as not in [c for c in cards if str(c) != "JH"]
        sub = [v.wild_as if str(c) == "JH" else c for c in cards]
        assert evaluate(sub, "rms").key == v.key
        # the J of hearts counts as itself unless a substitute does strictly better (D-PR6)
        assert (v.wild_as == Card.parse("JH")) == (v.key == plain.key)
    else:
        assert v.wild_as is None and v.key == plain.key


@settings(max_examples=400)
@given(rules_and_hand())
def test_every_hand_is_at_least_numerus_or_primero(rh: tuple[HandRules, list[Card]]) -> None:
    """D-PR7: 'games with no hands' cannot happen. (The census tests cover every hand of the deck.)"""
    rules, cards = rh
    v = evaluate(cards, rules)
    floor = "primero" if len({c.suit for c in cards}) == 4 else "numerus"
    assert rules.kind_rank(v.kind) >= rules.kind_rank(floor)
    assert len(v.counting) >= 2 and v.points > 0
