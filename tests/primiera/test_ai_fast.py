"""The fast internal form (pygame_core.primiera.ai.fast) agrees with the protocol move by move, and in scoring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.primiera.ai import fast
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.primiera.rules import DECK
from pygame_core.primiera.scoring import score_round
from pygame_core.rng import AgentRandom


def _same(r: fast.FastRound, s: PrimieraState) -> None:
    assert [[fast.TEXT[c] for c in h] for h in r.hands] == [list(h) for h in s.hands]
    assert [fast.TEXT[c] for c in r.table] == list(s.table)
    assert [fast.TEXT[c] for c in r.stock] == list(s.stock)
    assert [sorted(fast.TEXT[c] for c in p) for p in r.piles] == [sorted(p) for p in s.piles]
    assert r.sweeps == list(s.sweeps) and r.last == s.last_capturer and r.to_act == s.to_act
    assert r.sides == s.sides


@pytest.mark.parametrize("variant", ["kaleidos", "classic", "2p", "3p"])
def test_fast_rounds_agree_with_the_protocol(variant: str) -> None:
    for seed in range(4):
        s = GAME.initial_state({"max_rounds": 2}, seed, variant)
        rng = AgentRandom(seed)
        while not GAME.is_terminal(s):
            while s.phase == "pick":
                s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
            r = fast.FastRound.from_state(s)
            rounds = s.round
            while True:
                _same(r, s)
                legal = r.legal()
                assert len(legal) == len(set(legal))
                texts = sorted(fast.move_text(m) for m in legal)
                assert texts == sorted(GAME.legal_actions(s))
                move = legal[rng.randbelow(len(legal))]
                r.play(*move)
                s = GAME.apply(s, fast.move_text(move))
                if s.round != rounds or GAME.is_terminal(s):
                    break
            assert r.over
            assert r.finish(s.rules.double_alone) == list(s.sheet[-1].points)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.integers(min_value=2, max_value=4), st.booleans(),
       st.lists(st.integers(min_value=0, max_value=5), min_size=4, max_size=4), st.data())
def test_fast_points_agree_with_score_round(
    deck: list[str], sides: int, double: bool, sweeps: list[int], data: st.DataObject
) -> None:
    cut = data.draw(st.sets(st.integers(min_value=1, max_value=39), min_size=sides - 1, max_size=sides - 1))
    bounds = [0, *sorted(cut), 40]
    piles = [deck[bounds[i]:bounds[i + 1]] for i in range(sides)]
    expected = [p.total for p in score_round(piles, sweeps[:sides], double)]
    assert fast.points([[fast.INT[c] for c in p] for p in piles], sweeps[:sides], double) == expected


def test_random_games_end() -> None:
    for variant in ("kaleidos", "classic", "2p", "3p"):
        moves, totals = fast.random_game(variant, 3)
        assert moves % 36 == 0 and max(totals) > 0
