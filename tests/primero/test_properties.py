"""Property tests: random play keeps every invariant; conformance with default options and short stacks
(every variant's conformance at every player count is tests/test_conformance.py's, for every game)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.conformance import random_playthrough
from pygame_core.primero.game import GAME, PrimeroState, chip_total
from pygame_core.primero.state import in_deal, pots
from pygame_core.protocol import TERMINAL
from pygame_core.rng import AgentRandom

WAKS_LIKE = ["waks", "italian", "roman", "losing"]
NP_LIKE = ["northpass", "suzuki"]
RMS = ["rms"]
ALL = WAKS_LIKE + NP_LIKE + RMS


def _players(variant: str) -> list[int]:
    return [4, 5, 6] if variant == "rms" else [2, 3, 4, 6]


def _check_invariants(s: PrimeroState, total: int) -> None:
    assert chip_total(s) == total
    assert all(c >= 0 for c in s.chips)
    assert sum(a for a, _ in pots(s)) == sum(s.contrib) + s.carry
    if GAME.is_terminal(s):
        assert GAME.current_player(s) == TERMINAL and GAME.legal_actions(s) == ()
        return
    p = GAME.current_player(s)
    assert 0 <= p < s.players
    assert not s.out[p]
    assert not s.folded[p] or s.volunteering, "a folded player never has a legal action (except RMS volunteering)"
    assert GAME.legal_actions(s)
    for q in range(s.players):
        if in_deal(s, q) and s.rules.engine.name != "rms":
            assert len(s.hands[q]) in (2, 4)


def _random_game(variant: str, players: int, seed: int, deals: int) -> None:
    s = GAME.initial_state({"players": players, "deals": deals, "chips": 12}, seed, variant)
    total = chip_total(s)
    assert total == players * 12
    rng = AgentRandom(seed)
    for _ in range(20_000):
        _check_invariants(s, total)
        if GAME.is_terminal(s):
            break
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert GAME.is_terminal(s)
    res = GAME.result(s)
    assert sum(res["chips"]) == 0 and s.carry == 0  # P-END: no chip stays on the table


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(ALL), seed=st.integers(0, 2**31), extra=st.integers(0, 2))
def test_random_play_keeps_invariants(variant: str, seed: int, extra: int) -> None:
    players = _players(variant)[extra % len(_players(variant))]
    _random_game(variant, players, seed, deals=6)


@pytest.mark.parametrize("variant", ALL)
def test_conformance_at_every_player_count(variant: str) -> None:
    """Two more seeds at every player count, every check at every step up to four players, beside the
    one game per count of the registry-wide tests/test_conformance.py (the betting engines have the
    most paths: three games a count in all, as before issue 19)."""
    for players in _players(variant):
        for seed in (1, 2):
            every = 1 if players <= 4 else 3
            random_playthrough(GAME, variant, seed * 7 + players, {"players": players, "deals": 3}, check_every=every)


@pytest.mark.parametrize("variant", ["waks", "northpass", "rms"])
def test_conformance_default_options_and_short_stacks(variant: str) -> None:
    random_playthrough(GAME, variant, 99, None, check_every=5)
    random_playthrough(GAME, variant, 7, {"chips": 3, "deals": 12}, check_every=2)


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(ALL), seed=st.integers(0, 2**31))
def test_replay_reproduces_the_game(variant: str, seed: int) -> None:
    from pygame_core.records import Record, replay

    players = _players(variant)[0]
    opts = GAME.info.variant(variant).resolve_options({"players": players, "deals": 2})
    s = GAME.initial_state(opts, seed, variant)
    rec = Record("primero", variant, tuple(sorted(opts.items())), seed)
    rng = AgentRandom(seed + 1)
    while not GAME.is_terminal(s):
        a = rng.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        rec = rec.with_action(a)
    _, again = replay(rec.to_json())
    assert again == s


def test_shown_cards_are_public_not_hidden() -> None:
    s = GAME.initial_state({"players": 2}, 21, "waks")
    rng = AgentRandom(3)
    while s.last_deal is None or not s.last_deal.shown:
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    shown = {c for sh in s.last_deal.shown for c in sh[1]}
    for seat in (-1, 0, 1):
        assert not shown & set(GAME.hidden_cards(s, seat))
