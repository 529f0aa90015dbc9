"""Primo's ``hard`` AI: it plans its whole turn, then plays the plan one atomic action at a time.

At the start of its turn (or whenever the observation is not the one its plan expects) it
searches the sequences of atomic actions within the turn (search.Planner: best first over
turn states, deduplicated by a canonical key, under a node budget) and scores each state
where the turn could end, and every exchange, with search.Context.evaluate:

- cards shed (a win outright when the pile is empty and the hand runs out);
- the layout left to the next players: their expected sheds on the tails left (from the
  cards it has not seen and their hand size), a free base counted as a gift;
- the playability of the cards it keeps and of the cards it will draw on that layout;
- a Take's cards given, weighed by each taker's threat (fewer cards held, more weight),
  and more when the taker had no draw pile (it cannot go out on its next turn);
- rows cleared (a little: a clear frees a base, which the search uses itself).

It plans only with what it can see: the rows, its own hand, and the hand and pile counts.
``choose`` returns one action; the rest of the plan is cached with the state it expects to
see next, so a turn is searched once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rng import AgentRandom
from .search import Planner, act_text, from_observation


class HardAgent:
    """``hard``: whole-turn search with a node budget (see search.Planner)."""

    name = "hard"
    budget = 600
    """States expanded per plan. On 148 turn starts, 500 gave the same plan as 1,500 in 142 and
    lost 0.17 cards' worth in all; 1,500 took Pyodide past 300 ms at p95 on the loaded machine."""
    time_limit = 0.25
    """Wall-time cap of a plan in seconds (search.Planner): binds only on a slow device."""

    def __init__(self) -> None:
        self.planner = Planner(self.budget, time_limit=self.time_limit)
        self._plan: list[str] = []
        self._expect: list[tuple[Any, ...]] = []

    @staticmethod
    def _key(obs: Mapping[str, Any]) -> tuple[Any, ...]:
        pos, me, _ = from_observation(obs)
        return (me, pos.rows, pos.hand, pos.tops, pos.piles)

    def _expectations(self, obs: Mapping[str, Any], plan: Sequence[str]) -> list[tuple[Any, ...]]:
        """The key of the observation expected before each action of the plan."""
        pos, me, rule = from_observation(obs)
        out = [(me, pos.rows, pos.hand, pos.tops, pos.piles)]
        for a in plan[:-1]:
            found = next((x for x in pos.actions(rule) if act_text(x) == a), None)
            if found is None:
                break
            pos = pos.apply(found, me, rule)
            out.append((me, pos.rows, pos.hand, pos.tops, pos.piles))
        return out

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """One legal action: the next step of the plan (re-planned if the table is not as expected)."""
        if len(legal_actions) == 1:
            self._plan = []
            return legal_actions[0]
        key = self._key(observation)
        if not (self._plan and self._expect and self._expect[0] == key and self._plan[0] in legal_actions):
            plan, _ = self.planner.plan(observation)
            self._plan = plan
            self._expect = self._expectations(observation, plan)
        if self._plan and self._plan[0] in legal_actions:
            action = self._plan.pop(0)
            self._expect = self._expect[1:]
            return action
        # never expected: the fast form agrees with the engine (tests/primo/test_ai_hard.py)
        self._plan = []
        for fallback in ("end", "pass"):
            if fallback in legal_actions:
                return fallback
        return rng.choice(list(legal_actions))
