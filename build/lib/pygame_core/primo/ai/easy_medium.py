"""Primo's simple AI levels: ``easy`` (plays what fits) and ``medium`` (greedy whole-turn planner).

Agents see only their seat's observation and the legal action texts. Each call chooses ONE
atomic action (the worker calls once per action); the medium agent plans its whole turn at
once from the public rows and its own hand (``plan_turn``, scored by eval.greedy_score), and
keeps the plan keyed by the table it expects after each step, so it does not plan again while
the turn goes as planned. The coach plans the rest of a turn with the same ``plan_turn``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...rng import AgentRandom
from ..board import exchange_text, play_actions
from ..rules import VALUE
from .eval import STEP, Position, View, greedy_score, keep_card, step

PLAN_BUDGET = 800  # positions searched per plan (500 plays as well as 1500 in 60 seat-rotated games)


def _order(action: str) -> int:
    """Search placements first, then specials, then moves."""
    return {"add": 0, "head": 0, "open": 1, "top": 2, "take": 2, "move": 3}[action.split()[0]]


def plan_turn(view: View, budget: int = PLAN_BUDGET,
              score: Callable[[View, Position, int, int, int], float] | None = None) -> tuple[float, list[str]]:
    """The best sequence of play actions found (depth first, transpositions pruned), and its score.

    The score of a plan is ``score(view, final position, cards shed, rows cleared, cards given)``
    minus STEP per action; by default greedy: SHED per card, CLEAR per clear, GIVEN per card given.
    """
    rate = score or greedy_score
    start: Position = (view.rows, view.hand, view.tops)
    best: list[tuple[float, list[str]]] = [(rate(view, start, 0, 0, 0), [])]
    seen: set[Position] = set()
    nodes = 0

    def dfs(pos: Position, seq: list[str], clears: int, given: int) -> None:
        nonlocal nodes
        if pos in seen:
            return
        seen.add(pos)
        shed = len(view.hand) - len(pos[1])
        value = rate(view, pos, shed, clears, given) - STEP * len(seq)
        if value > best[0][0]:
            best[0] = (value, list(seq))
        if not pos[1]:
            return  # the hand is empty: the turn is over (D-PO10)
        actions = sorted(play_actions(pos[0], pos[1], pos[2], view.colour), key=_order)
        for a in actions:
            if nodes >= budget:
                return
            nodes += 1
            child, cleared, gave = step(view, pos, a)
            seq.append(a)
            dfs(child, seq, clears + cleared, given + gave)
            seq.pop()

    dfs(start, [], 0, 0)
    return best[0]


class EasyAgent:
    """Plays what fits: a random placement if there is one, sometimes a special card or a move; else
    exchanges the number cards (at the turn's start) or ends the turn."""

    name = "easy"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A legal action."""
        places = [a for a in legal_actions if a.split()[0] in ("add", "open", "head")]
        if places and rng.random() < 0.9:
            return rng.choice(places)
        specials = [a for a in legal_actions if a.split()[0] in ("top", "take")]
        if specials and rng.random() < 0.3:
            return rng.choice(specials)
        moves = [a for a in legal_actions if a.startswith("move")]
        if moves and rng.random() < 0.15:
            return rng.choice(moves)
        if places:
            return rng.choice(places)
        if "end" in legal_actions:
            return "end"
        text = exchange_text(c for c in observation["hand"] if VALUE[c])
        return text if text in legal_actions else "pass"


class MediumAgent:
    """Greedy over the whole turn: plays the sequence that sheds the most cards (clears count extra,
    Top and Take when they shed), found by a bounded depth-first search over the public rows and its
    own hand; with nothing to shed it exchanges the cards far from every tail."""

    name = "medium"
    budget = PLAN_BUDGET

    def __init__(self) -> None:
        self._plan: list[tuple[Position, str]] = []

    def plan(self, view: View) -> list[str]:
        """The actions to play this turn from here (empty: nothing worth playing)."""
        return plan_turn(view, self.budget)[1]

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A legal action: the next step of the turn's plan."""
        view = View.of(observation)
        key: Position = (view.rows, view.hand, view.tops)
        if self._plan and self._plan[0][0] == key and self._plan[0][1] in legal_actions:
            return self._plan.pop(0)[1]
        seq = self.plan(view)
        self._plan = []
        pos = key
        for a in seq:
            self._plan.append((pos, a))
            pos = step(view, pos, a)[0]
        if seq and pos[1]:
            self._plan.append((pos, "end"))  # cards left: end the turn without planning again
        if self._plan and self._plan[0][1] in legal_actions:
            return self._plan.pop(0)[1]
        self._plan = []
        if "end" in legal_actions:
            return "end"
        text = exchange_text(c for c in view.hand if not keep_card(view, c))
        return text if text in legal_actions else "pass"

