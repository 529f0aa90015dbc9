"""Primo's AI: the levels the game offers (``FACTORIES``), by name.

- eval.py: a seat's view of the table, one action stepped, and the greedy worth of a turn's
  end, shared by ``medium`` and the coach; it imports nothing from the AI;
- easy_medium.py: ``easy`` (plays what fits) and ``medium`` (greedy whole-turn planner,
  ``plan_turn``);
- hard.py: ``hard``, over search.py (one turn in integers, best-first over its atomic actions,
  and its evaluation), lookahead.py (the next players' likely turns) and rollout.py (fast
  playouts of the values-only game).

Nothing in here is imported by the rules, the engine or the lessons; game.py and the coach read it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...protocol import Agent, AgentFactory
from .easy_medium import EasyAgent, MediumAgent


def _hard() -> Agent:
    """The ``hard`` level, imported on first use (its tables cost start-up time in the browser)."""
    from .hard import HardAgent

    return HardAgent()


FACTORIES: Mapping[str, AgentFactory] = {"easy": EasyAgent, "medium": MediumAgent, "hard": _hard}
"""The levels, easiest first (GameInfo.agents)."""
