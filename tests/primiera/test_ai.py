"""Primiera's easy and medium agents: legal in every mode, seen only through observations, and stronger in order."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pygame_core import registry
from pygame_core.agents import RandomAgent, make_agent
from pygame_core.primiera.ai.easy_medium import EasyAgent, MediumAgent
from pygame_core.primiera.game import GAME, PrimieraGame
from pygame_core.protocol import Agent
from pygame_core.rng import AgentRandom
from pygame_core.simulate import simulate


@pytest.fixture
def primiera(monkeypatch: pytest.MonkeyPatch) -> Iterator[PrimieraGame]:
    """Primiera registered for one test."""
    monkeypatch.setitem(registry._MODULES, "primiera", "pygame_core.primiera.game")
    yield GAME


def _round_points(variant: str, kinds: list[type[Agent]], seed: int) -> tuple[int, ...]:
    agents = [k() for k in kinds]
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
    rng = AgentRandom(seed)
    while not GAME.is_terminal(s):
        seat = GAME.current_player(s)
        legal = GAME.legal_actions(s)
        action = agents[seat].choose(GAME.observation(s, seat), legal, rng)
        assert action in legal
        s = GAME.apply(s, action)
    return s.sheet[-1].points


@pytest.mark.parametrize("variant", ["kaleidos", "classic", "2p", "3p"])
def test_agents_play_legal_moves_in_every_mode(variant: str) -> None:
    n = GAME.info.variant(variant).default_players
    for seed in range(2):
        _round_points(variant, [EasyAgent, MediumAgent, RandomAgent, MediumAgent][:n], seed)


def _duel(a: type[Agent], b: type[Agent], rounds: int) -> float:
    """Mean round points of ``a`` minus ``b`` in 2p, the same deals with seats swapped."""
    diff = 0
    for seed in range(rounds):
        p = _round_points("2p", [a, b], seed)
        q = _round_points("2p", [b, a], seed)
        diff += (p[0] - p[1]) + (q[1] - q[0])
    return diff / (2 * rounds)


def test_easy_beats_random_and_medium_beats_easy() -> None:
    assert _duel(EasyAgent, RandomAgent, 60) > 1.0
    assert _duel(MediumAgent, EasyAgent, 150) > 0.1


def test_agents_are_declared_and_simulate_runs(primiera: PrimieraGame) -> None:
    assert set(GAME.info.agents) == {"easy", "medium", "hard"}
    assert make_agent("primiera", "medium").name == "medium"
    figures = simulate("primiera", "2p", None, ["medium", "easy"], 4, 1, {"target": 0, "max_rounds": 2})
    assert figures["games"] == 4 and "points_per_round" in figures["per_agent"]["medium"]
