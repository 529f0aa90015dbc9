"""Primiera's AI: the levels the game offers (``FACTORIES``), by name.

- eval.py: the shared evaluation (card worth, a sweep's worth, the card one gives up), read by
  every level and by explain.py; it imports nothing from the AI;
- easy_medium.py: ``easy`` (greedy on the immediate capture) and ``medium`` (heuristics; heads-up, the last deal counted
  out exactly by hard's search);
- hard.py: ``hard`` (information-set search) and the bench-only ``ref-ab``, over search.py
  (the worlds, the leaf values, alpha-beta and max^n) and fast.py (the integer form the
  search plays in);
- explain.py: the one line on why a computer player played its move (``Explains``, every level).

Nothing in here is imported by the rules, the engine or the coach; game.py wires it in.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...protocol import Agent, AgentFactory
from .easy_medium import EasyAgent, MediumAgent


def _hard() -> Agent:
    """The ``hard`` level, imported on first use (its search tables cost start-up time in the browser)."""
    from .hard import HardAgent

    return HardAgent()


FACTORIES: Mapping[str, AgentFactory] = {"easy": EasyAgent, "medium": MediumAgent, "hard": _hard}
"""The levels, easiest first (GameInfo.agents)."""
