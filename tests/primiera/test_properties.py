"""Primiera properties (hypothesis): cards conserved, points add up, captures exactly the rule's, play ends."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.primiera.engine import arrange, captures
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.primiera.rules import DECK, VALUE, sort_cards
from pygame_core.primiera.scoring import CATEGORIES, score_round
from pygame_core.rng import AgentRandom

VARIANTS = st.sampled_from(["kaleidos", "classic", "2p", "3p"])
SEEDS = st.integers(min_value=0, max_value=2**32)


def _all_cards(s: PrimieraState) -> Counter[str]:
    where: Counter[str] = Counter()
    for group in (*s.hands, *s.piles, s.table, s.stock, s.unclaimed):
        where.update(group)
    if s.phase == "pick":
        where.update(p for p in s.picks if p is not None)
    return where


def _rule_captures(table: tuple[str, ...], card: str) -> set[tuple[str, ...]]:
    """Captures straight from the rulebook's words, by brute force over every subset."""
    same = {(t,) for t in table if VALUE[t] == VALUE[card]}
    if same:
        return same
    return {sort_cards(combo) for k in range(2, len(table) + 1) for combo in combinations(table, k)
            if sum(VALUE[c] for c in combo) == VALUE[card]}


@settings(max_examples=12, deadline=None)
@given(VARIANTS, SEEDS)
def test_every_card_is_in_exactly_one_place_at_every_step(variant: str, seed: int) -> None:
    s = GAME.initial_state({"max_rounds": 2}, seed, variant)
    rng = AgentRandom(seed)
    steps = 0
    while True:
        assert _all_cards(s) == Counter(DECK), f"step {steps}"
        if GAME.is_terminal(s):
            break
        legal = GAME.legal_actions(s)
        assert legal and all(GAME.parse_action(a) == a for a in legal)
        s = GAME.apply(s, rng.choice(legal))
        steps += 1
    assert steps <= 2 * 40


@settings(max_examples=10, deadline=None)
@given(VARIANTS, SEEDS)
def test_random_play_terminates_and_the_points_add_up(variant: str, seed: int) -> None:
    s = GAME.initial_state(None, seed, variant)
    rng = AgentRandom(seed ^ 77)
    sweeps_logged = Counter[int]()
    for _ in range(20_000):
        if GAME.is_terminal(s):
            break
        before = s.round
        desc = GAME.describe_action(s, a := rng.choice(GAME.legal_actions(s)))
        if desc["key"] == "primiera.sweep":
            sweeps_logged[before] += 1
        s = GAME.apply(s, a)
    assert GAME.is_terminal(s)
    running = [0] * s.players
    for line in s.sheet:
        base = 2 if line.doubled else 1
        awarded = sum(getattr(p, k) for _, p in line.sides for k in CATEGORIES if k != "sweeps")
        assert awarded <= 4 * base and awarded % base == 0
        assert sum(p.settebello for _, p in line.sides) == base  # somebody always captures in a real round
        assert sum(p.card_count for _, p in line.sides) == 40
        assert sum(p.coin_count for _, p in line.sides) == 10
        assert sum(p.sweeps for _, p in line.sides) == sweeps_logged[line.round]
        for seats, p in line.sides:
            assert p.total == sum(getattr(p, k) for k in CATEGORIES)
            assert all(line.points[x] == p.total for x in seats)
        running = [r + x for r, x in zip(running, line.points, strict=True)]
        assert list(line.totals) == running
    assert GAME.result(s)["scores"] == running


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=12, unique=True), st.sampled_from(DECK))
def test_capture_choices_are_exactly_the_rules(table_cards: list[str], card: str) -> None:
    if card in table_cards:
        table_cards.remove(card)
    table = sort_cards(table_cards)
    got = captures(table, card)
    assert len(set(got)) == len(got)
    assert set(got) == _rule_captures(table, card)
    # and the legal actions are exactly those (capturing compulsory), each parsing back to itself
    others = [c for c in DECK if c not in table and c != card][:3]
    s = arrange(GAME.initial_state(None, 1, "2p"), [[card], others], table, to_act=0)
    legal = GAME.legal_actions(s)
    expected = {f"play {card} x {' '.join(c)}" for c in got} or {f"play {card}"}
    assert set(legal) == expected
    assert all(GAME.parse_action(a) == a for a in legal)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.lists(st.integers(min_value=0, max_value=6), min_size=4, max_size=4),
       st.integers(min_value=2, max_value=4), st.booleans())
def test_round_points_add_up_for_any_split(deck: list[str], sweeps: list[int], sides: int, double: bool) -> None:
    piles = [deck[i::sides] for i in range(sides)]
    pts = score_round(piles, sweeps[:sides], double)
    base = 2 if double else 1
    assert sum(p.settebello for p in pts) == base
    assert sum(p.cards for p in pts) in (0, base) and sum(p.coins for p in pts) in (0, base)
    assert sum(p.primiera for p in pts) in (0, base)
    assert sum(p.total for p in pts) == sum(getattr(p, k) for p in pts for k in CATEGORIES)
    assert sum(p.sweeps for p in pts) == sum(sweeps[:sides])


@settings(max_examples=40, deadline=None)
@given(VARIANTS, SEEDS, st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=3))
def test_an_observation_ignores_the_hidden_cards(variant: str, seed: int, steps: int, seat: int) -> None:
    s = GAME.initial_state(None, seed, variant)
    rng = AgentRandom(seed)
    for _ in range(steps):
        if GAME.is_terminal(s):
            break
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    seat = seat % s.players
    obs = GAME.observation(s, seat)
    for k in range(3):
        other = GAME.resample_hidden(s, seat, seed + k)
        assert GAME.observation(other, seat) == obs
        assert _all_cards(other) == Counter(DECK)
        if not GAME.is_terminal(s) and GAME.current_player(s) == seat:
            assert GAME.legal_actions(other) == GAME.legal_actions(s)
