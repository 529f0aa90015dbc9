"""Primo's simple AI levels: ``easy`` (plays what fits) and ``medium`` (greedy whole-turn planner).

``hard`` (primo-ai's hard.py) is declared here and imported on first use, when it exists.

Agents see only their seat's observation and the legal action texts. Each call chooses ONE
atomic action (the worker calls once per action); the medium agent plans its whole turn at
once from the public rows and its own hand, and keeps the plan keyed by the table it expects
after each step, so it does not plan again while the turn goes as planned.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..protocol import Agent, AgentFactory
from ..rng import AgentRandom
from .board import Rows, exchange_text, place, play_actions, resolve_take
from .rules import ROW_INDEX, RULES, TAKE, VALUE

SHED = 10.0  # a card out of the hand
CLEAR = 4.0  # a row cleared
GIVEN = 2.0  # a card an opponent must take onto its pile (Take)
EMPTY_HAND = 3.0  # the whole hand played: the turn ends and 6 new cards come
IDLE_TOP = 1.0  # a Top card played with no card above the head: worth little (it could shed several later)
STEP = 0.01  # per action: of equal plans, the shorter
PLAN_BUDGET = 800  # positions searched per plan (500 plays as well as 1500 in 60 seat-rotated games)


@dataclass(frozen=True)
class View:
    """What a plan needs from an observation."""

    rows: Rows
    hand: tuple[str, ...]
    tops: tuple[str, ...]
    colour: str
    seat: int
    players: int
    piles: tuple[int, ...]
    phase: str

    @staticmethod
    def of(obs: Mapping[str, Any]) -> View:
        """The view of an observation."""
        return View(
            rows=tuple(tuple(r["cards"]) for r in obs["rows"]),
            hand=tuple(obs["hand"]),
            tops=tuple(obs["turn"]["tops"]),
            colour=RULES[obs["variant"]].colour,
            seat=obs["seat"],
            players=obs["players"],
            piles=tuple(obs["piles"]),
            phase=obs["turn"]["phase"],
        )

    def takers(self) -> list[tuple[int, bool]]:
        """The other seats clockwise from this one, each with whether it has a draw pile."""
        n = self.players
        return [((self.seat + k) % n, self.piles[(self.seat + k) % n] > 0) for k in range(1, n)]


Position = tuple[Rows, tuple[str, ...], tuple[str, ...]]


def step(view: View, pos: Position, action: str) -> tuple[Position, int, int]:
    """The position after a play action: (rows, hand, tops), rows cleared, cards given to others."""
    rows, hand, tops = pos
    if action.startswith("take"):
        new_rows, takes = resolve_take(rows, action.split()[1], view.takers())
        i = hand.index(TAKE)
        return (new_rows, hand[:i] + hand[i + 1:], tops), 0, sum(1 for t in takes if t[3] is None)
    rows2, hand2, tops2, cleared = place(rows, hand, tops, action, view.colour)
    return (rows2, hand2, tops2), len(cleared), 0


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


def greedy_score(view: View, pos: Position, shed: int, clears: int, given: int) -> float:
    """Cards shed, clears, cards given to others; a little for tails that fit the cards kept."""
    rows, hand, tops = pos
    value = SHED * shed + CLEAR * clears + GIVEN * given + (EMPTY_HAND if not hand else 0.0)
    for r in tops:  # a Top card that let no card above its row's head is kept for later, unless the hand empties
        if r not in view.tops and hand and not _raised(view.rows[ROW_INDEX[r]], rows[ROW_INDEX[r]]):
            value -= SHED - IDLE_TOP
    tails = {VALUE[r[-1]] - 1 for r in rows if r}
    value += 0.5 * sum(1 for c in hand if VALUE[c] in tails)
    value += 0.3 * sum(1 for r in rows if not r)
    return value


def _raised(before: tuple[str, ...], after: tuple[str, ...]) -> bool:
    """Did the row's head go up (a card was put above it)?"""
    return bool(before and after) and VALUE[after[0]] > VALUE[before[0]]


def keep_card(view: View, card: str) -> bool:
    """A card worth keeping instead of exchanging: a special, or a number close below a row's tail."""
    if VALUE[card] == 0:
        return True
    v = VALUE[card]
    return any(r and 0 < VALUE[r[-1]] - v <= 3 for r in view.rows)


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


def _hard() -> Agent:
    """primo-ai's hard agent (pygame_core/primo/hard.py), imported on first use."""
    module = importlib.import_module("pygame_core.primo.hard")
    agent: Agent = module.HardAgent()
    return agent


def hard_available() -> bool:
    """True when the hard agent's module is present."""
    return importlib.util.find_spec("pygame_core.primo.hard") is not None


FACTORIES: dict[str, AgentFactory] = {"easy": EasyAgent, "medium": MediumAgent}
if hard_available():
    FACTORIES["hard"] = _hard

