"""The Agent interface, shared by every game's AI players, and a uniform-random agent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import OptionsError, quote
from ..protocol import Agent, AgentFactory
from ..rng import AgentRandom

__all__ = ["Agent", "AgentFactory", "RandomAgent", "agent_names", "make_agent"]


class RandomAgent:
    """Picks a legal action uniformly at random."""

    name = "random"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A uniformly random legal action."""
        return rng.choice(list(legal_actions))


def make_agent(game_name: str, kind: str) -> Agent:
    """An agent by kind name for a game: ``random`` everywhere, plus each game's own levels."""
    if kind == "random":
        return RandomAgent()
    from ..registry import load

    game = load(game_name)
    factories: Mapping[str, AgentFactory] = game.info.agents
    if kind not in factories:
        known = ", ".join(["random", *factories])
        raise OptionsError(f"no agent {quote(kind)} for {game_name}; choose one of {known}")
    return factories[kind]()


def agent_names(game_name: str) -> tuple[str, ...]:
    """Names of the agents available for a game."""
    from ..registry import load

    return ("random", *load(game_name).info.agents)
