"""Primiera's hard level in the four-player modes: every sampled deal deepened evenly under one node pot
(``SearchAgent.score_even``), never a level cut part-way."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pygame_core.primiera.ai.hard import HardAgent
from pygame_core.primiera.ai.search import Search, View, exact_value, root_moves
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.rng import AgentRandom


def _positions(variant: str, seed: int, choices: int = 3) -> Iterator[PrimieraState]:
    """Play-phase states of a round between random players where the seat to act has a choice."""
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
    rng = AgentRandom(seed)
    while not GAME.is_terminal(s):
        legal = GAME.legal_actions(s)
        if s.phase == "play" and len(legal) >= choices:
            yield s
        s = GAME.apply(s, rng.choice(legal))


def _complete(agent: HardAgent, view: View, seed: int, depth: int) -> list[list[float]]:
    """Each world's root values searched to ``depth`` with no node limit (the worlds score_even deals from ``seed``)."""
    ms = root_moves(view)
    out = []
    for w in agent.worlds(view, random.Random(seed)):
        out.append(Search(w, view.me, agent.leaf(), exact_value, 1 << 40).root(ms, depth))
    return out


def _splits(per_depth: dict[int, list[list[float]]], n: int) -> list[list[float]]:
    """Every mean that takes the first k worlds at depth d + 1 and the rest at depth d."""
    out = []
    for d in sorted(per_depth):
        if d + 1 not in per_depth:
            continue
        for k in range(n + 1):
            rows = per_depth[d + 1][:k] + per_depth[d][k:]
            out.append([sum(r[j] for r in rows) / n for j in range(len(rows[0]))])
    return out


@pytest.mark.parametrize(("variant", "seed", "pot"), [("kaleidos", 3, 700), ("kaleidos", 5, 2500), ("classic", 4, 1500)])
def test_even_deepening_keeps_only_whole_levels(variant: str, seed: int, pot: int) -> None:
    """The values are each world's complete search at depth d or d + 1, the deeper ones first in the deal order: a
    search that ran out of nodes part-way (some root moves deeper than others) is never kept."""
    agent = HardAgent()
    agent.budgets = {**agent.budgets, variant: (8, pot)}
    agent.settled_nodes = 0
    s = next(_positions(variant, seed))
    view = View(GAME.observation(s, s.to_act))
    ms = root_moves(view)
    got = agent.score_even(view, ms, random.Random(7))
    n = len(agent.worlds(view, random.Random(7)))
    per_depth = {d: _complete(agent, view, 7, d) for d in (1, 2, 3)}
    assert any(all(abs(a - b) < 1e-9 for a, b in zip(got, want, strict=True)) for want in _splits(per_depth, n))
    # the pot is spent: the values are not those of depth 1 alone
    depth1 = [sum(r[j] for r in per_depth[1]) / n for j in range(len(ms))]
    assert any(abs(a - b) > 1e-9 for a, b in zip(got, depth1, strict=True))


def test_even_deepening_with_a_pot_for_everything_searches_every_world_to_the_end() -> None:
    """Near the end of a Kaleidos round, an unlimited pot gives each world's exact values (searched to the last card)."""
    agent = HardAgent()
    agent.budgets = {**agent.budgets, "kaleidos": (6, 1 << 40)}
    agent.settled_nodes = 0
    s = [t for t in _positions("kaleidos", 2, 2) if sum(len(h) for h in t.hands) <= 8][0]
    view = View(GAME.observation(s, s.to_act))
    ms = root_moves(view)
    left = sum(view.hand_sizes)
    want = _complete(agent, view, 3, left)
    got = agent.score_even(view, ms, random.Random(3))
    n = len(want)
    assert got == pytest.approx([sum(r[j] for r in want) / n for j in range(len(ms))])


def test_the_committed_hard_deepens_evenly_in_the_four_player_modes() -> None:
    """3p, classic and Kaleidos use score_even; 2p keeps the vector search."""
    hard = HardAgent()
    assert hard.even_modes == ("3p", "classic", "kaleidos")
    seen = []
    hard.score_even = lambda view, ms, rnd: seen.append(view.variant) or [0.0] * len(ms)  # type: ignore[method-assign]
    for variant in ("3p", "classic", "kaleidos", "2p"):
        s = next(_positions(variant, 1))
        hard.choose(GAME.observation(s, s.to_act), GAME.legal_actions(s), AgentRandom(1))
    assert seen == ["3p", "classic", "kaleidos"]


def test_three_player_rounds_are_searched_max_n() -> None:
    """In 3p everyone plays alone: each other seat plays for itself (max^n); classic keeps alpha-beta."""
    from pygame_core.primiera.ai.search import MaxNSearch

    hard = HardAgent()
    for variant, want in (("3p", True), ("classic", False)):
        s = next(_positions(variant, 2))
        view = View(GAME.observation(s, s.to_act))
        w = view.world(random.Random(0))
        assert isinstance(hard.make_search(w, view, hard.leaf(), 100), MaxNSearch) == want
