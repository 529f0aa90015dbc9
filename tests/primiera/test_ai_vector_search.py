"""Primiera's hard AI, VectorSearch: every world searched at once, my own choices shared by every world."""

from __future__ import annotations

import random

import pytest

from pygame_core.primiera.ai import search
from pygame_core.primiera.ai.hard import HardAgent
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.rng import AgentRandom


def _positions(seed: int) -> list[PrimieraState]:
    """2p states of a round between random players where the seat to act has a choice."""
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "2p")
    rng = AgentRandom(seed)
    out = []
    while not GAME.is_terminal(s):
        if len(GAME.legal_actions(s)) > 1:
            out.append(s)
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return out


def _depth(view: search.View) -> int:
    return sum(view.hand_sizes)


def test_one_world_gives_the_minimax_values() -> None:
    """With one world, VectorSearch is plain minimax: each root move's value is alpha-beta's."""
    checked = 0
    for seed in range(4):
        for s in _positions(seed)[::3]:
            view = search.View(GAME.observation(s, s.to_act))
            ms = search.root_moves(view)
            w = view.world(random.Random(seed))
            d = _depth(view)
            ab = search.Search(w, view.me, search.evaluate, search.exact_value, 1 << 30).root(ms, d)
            vec = search.VectorSearch([w], view.me, search.evaluate, search.exact_value).root(ms, d)
            assert vec == pytest.approx(ab)
            checked += 1
    assert checked >= 10


def test_shared_choices_never_value_a_move_above_the_determinized_mean() -> None:
    """My later moves may not depend on the world: each root move is worth at most the mean of the
    per-world minimax values (what the determinized search credits), and somewhere strictly less."""
    below = checked = 0
    for seed in range(6):
        for s in _positions(seed)[::2]:
            view = search.View(GAME.observation(s, s.to_act))
            ms = search.root_moves(view)
            rnd = random.Random(seed)
            worlds = [view.world(rnd) for _ in range(8)]
            d = _depth(view)
            per_world = [search.Search(w, view.me, search.evaluate, search.exact_value, 1 << 30).root(ms, d)
                         for w in worlds]
            mean = [sum(v[i] for v in per_world) / len(worlds) for i in range(len(ms))]
            vec = search.VectorSearch(worlds, view.me, search.evaluate, search.exact_value).root(ms, d)
            for a, b in zip(vec, mean, strict=True):
                assert a <= b + 1e-9
                below += a < b - 1e-6
            checked += 1
    assert checked >= 10 and below > 0


def test_the_worlds_are_left_as_they_were() -> None:
    s = _positions(3)[0]
    view = search.View(GAME.observation(s, s.to_act))
    rnd = random.Random(1)
    worlds = [view.world(rnd) for _ in range(5)]
    before = [(tuple(map(tuple, w.hands)), tuple(w.table), w.left, tuple(w.cnt), w.capmask, w.to_act) for w in worlds]
    search.VectorSearch(worlds, view.me, search.evaluate, search.exact_value).root(search.root_moves(view), 6)
    after = [(tuple(map(tuple, w.hands)), tuple(w.table), w.left, tuple(w.cnt), w.capmask, w.to_act) for w in worlds]
    assert after == before


def test_hard_scores_2p_with_the_vector_search() -> None:
    """In 2p hard's root scores are VectorSearch's over the worlds it samples, to the end of the hands dealt."""
    checked = 0
    for s in _positions(2)[:8:2]:
        view = search.View(GAME.observation(s, s.to_act))
        ms = search.root_moves(view)
        hard = HardAgent()
        got = hard.score(view, ms, random.Random(7))
        worlds = hard.worlds(view, random.Random(7))
        vec = search.VectorSearch(worlds, view.me, hard.leaf(), search.exact_value, hard.last_deal_ahead(view))
        assert got == pytest.approx(vec.root(ms, hard.depth_plan(view)[1]))
        checked += 1
    assert checked >= 3


def _kaleidos_start(seed: int) -> PrimieraState:
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "kaleidos")
    rng = AgentRandom(seed)
    while s.phase == "pick":
        legal = [a for a in GAME.legal_actions(s) if not a.startswith("pick A")]
        s = GAME.apply(s, rng.choice(legal))
    return s


def test_solo_edge_makes_swords_worth_playing() -> None:
    """Kaleidos: with solo_edge the leaf credits an individual round, so hard holding the swords Herald
    (everyone alone, doubled) values playing it more, relative to its other plays, than without."""
    found = 0
    for seed in range(40):
        s = _kaleidos_start(seed)
        seat = s.to_act
        if "AS" not in s.hands[seat]:
            continue
        view = search.View(GAME.observation(s, seat))
        ms = search.root_moves(view)
        swords = [i for i, (card, _) in enumerate(ms) if card == 0]  # AS is card 0
        assert swords
        gaps = []
        for edge in (0.0, 1.0):
            agent = HardAgent()
            agent.solo_edge = edge
            scores = agent.score(view, ms, random.Random(seed))
            others = [v for i, v in enumerate(scores) if i not in swords]
            gaps.append(max(scores[i] for i in swords) - max(others))
        assert gaps[1] > gaps[0] + 0.3
        found += 1
        if found == 2:
            break
    assert found == 2
