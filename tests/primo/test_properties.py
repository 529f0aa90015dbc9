"""Primo's invariants under random play (hypothesis): the 114 cards are conserved, no row ever breaks
its order or colour rule, every game ends, a record replays to the same state, and an observation
is unchanged when only the cards hidden from its seat change."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.primo.board import parse, row_valid, why_action
from pygame_core.primo.engine import full_deck
from pygame_core.primo.game import GAME, PrimoState
from pygame_core.primo.rules import TOTAL_CARDS, sort_cards
from pygame_core.records import Record, replay
from pygame_core.rng import AgentRandom

VARIANTS = st.sampled_from(["base", "rounds", "alternate", "mono"])
STEP_LIMIT = 20000
DECKS = {tops: Counter(full_deck(tops)) for tops in range(11)}


def choose(state: PrimoState, rng: AgentRandom, bias: float) -> str:
    """A random legal action; with probability ``bias`` a play action when there is one (random play
    alone mostly exchanges, and stalls at once)."""
    legal = GAME.legal_actions(state)
    plays = [a for a in legal if not a.startswith(("exchange", "pass", "end"))]
    if plays and rng.random() < bias:
        return rng.choice(plays)
    return rng.choice(legal)


def check_invariants(s: PrimoState) -> None:
    held = [c for r in s.rows for c in r] + [c for h in s.hands for c in h] + [c for p in s.piles for c in p]
    assert len(held) + s.out == TOTAL_CARDS == 114
    deck = DECKS[s.tops_option]
    assert not Counter(held) - deck  # never a card the deck does not have
    for row in s.rows:
        assert row_valid(row, s.colour), row
    assert all(len(h) <= 6 and list(h) == list(sort_cards(h)) for h in s.hands)


def run(variant: str, players: int, seed: int, bias: float, tops: int) -> tuple[Record, PrimoState]:
    options = {"players": players, "tops": tops, **({"rounds": 2} if variant == "rounds" else {})}
    s = GAME.initial_state(options, seed, variant)
    rec = Record("primo", variant, tuple(sorted(GAME.info.variant(variant).resolve_options(options).items())), seed)
    rng = AgentRandom(seed)
    for _ in range(STEP_LIMIT):
        check_invariants(s)
        if GAME.is_terminal(s):
            return rec, s
        a = choose(s, rng, bias)
        s = GAME.apply(s, a)
        rec = rec.with_action(a)
    raise AssertionError(f"no end after {STEP_LIMIT} actions")


@settings(max_examples=15, deadline=None)
@given(VARIANTS, st.integers(2, 6), st.integers(0, 2**32), st.floats(0.0, 0.97), st.integers(0, 10))
def test_cards_conserved_rows_valid_and_every_game_ends(variant: str, players: int, seed: int, bias: float,
                                                        tops: int) -> None:
    rec, end = run(variant, players, seed, bias, tops)
    result = GAME.result(end)
    assert result["winners"] and len(result["scores"]) == players
    _, replayed = replay(Record.from_json(json.loads(json.dumps(rec.to_json()))))
    assert replayed == end


@settings(max_examples=10, deadline=None)
@given(VARIANTS, st.integers(2, 6), st.integers(0, 2**32))
def test_observations_ignore_hidden_cards(variant: str, players: int, seed: int) -> None:
    s = GAME.initial_state({"players": players}, seed, variant)
    rng = AgentRandom(seed)
    for step in range(120):
        if GAME.is_terminal(s):
            break
        if step % 5 == 0:
            for seat in range(-1, players):
                other = GAME.resample_hidden(s, seat, seed + step)
                assert GAME.observation(other, seat) == GAME.observation(s, seat)
                if seat >= 0:
                    assert other.hands[seat] == s.hands[seat]
                check_invariants(other)
        s = GAME.apply(s, choose(s, rng, 0.9))


def candidates(hand: tuple[str, ...]) -> set[str]:
    """Every action text that could be legal with this hand, and many that are not."""
    out = {f"{v} {c} {r}" for v in ("add", "open", "head") for c in hand if c[0].isdigit() for r in "ABCDEF"}
    out |= {f"move {r}:{k} {t}" for r in "ABCDEF" for t in "ABCDEF" for k in range(1, 14)}
    out |= {f"top {r}" for r in "ABCDEF"} | {f"take {r}" for r in "ABCDEF"} | {"end", "pass"}
    out |= {"exchange " + c for c in set(hand)} | {"exchange 13Y 13Y 13Y"}
    return out


@settings(max_examples=8, deadline=None)
@given(VARIANTS, st.integers(2, 6), st.integers(0, 2**32))
def test_why_is_none_exactly_for_the_legal_actions(variant: str, players: int, seed: int) -> None:
    s = GAME.initial_state({"players": players}, seed, variant)
    rng = AgentRandom(seed)
    for step in range(150):
        if GAME.is_terminal(s):
            break
        if step % 6 == 0:
            legal = set(GAME.legal_actions(s))
            hand = s.hands[s.to_act]
            for a in candidates(hand) | legal:
                ok = why_action(s.rows, hand, s.tops, s.colour, s.phase, parse(a)) is None
                assert ok == (a in legal), a
        s = GAME.apply(s, choose(s, rng, 0.9))
