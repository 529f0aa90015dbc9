"""Whole-game rollouts for hard's choice of plan (flat Monte Carlo over candidates), as bench trials.

Run from the repository root (nice it on a shared machine):
    nice -n 10 python3 -m bench.primo.rollout --deals 50 --seed 2000 --cfg '{"oracle": 1}'
    nice -n 10 python3 -m bench.primo.rollout --deals 50 --seed 2000 --cfg '{"samples": 4, "horizon": 8}'

At each of hard's plans, the search (search.Planner) gives its ``cands`` best end-of-turn
states by the static evaluation and its ``ex`` best exchanges (or passes). Each candidate is
played on the real engine (GAME.apply) and the game is then played on by a rollout policy for
every seat, medium's own agent (``self``: 1 plays hard's own later turns with the shipped
hard instead), to its end or for ``horizon`` more turns (then scored by cards held). A
rollout scores 1 for a win (a stalled game: the fewest cards; ties win), 0 for a loss, minus
0.001 per card hard holds at the end (a tie-break among losses). The candidate with the best
mean over the determinizations is played (ties: the static order).

``oracle`` 1: the rollouts start from the real state (the others' real hands, every real pile,
so hard's own draws too): a cheat, only here, that bounds what any search of this kind can
do. medium is deterministic, so with the real state one rollout per candidate is exact: it is
what the game would really do if hard played that candidate and then played like medium.
Without the oracle: ``samples`` determinizations, each GAME.resample_hidden of the real state
from hard's seat (the other hands and every pile dealt again from the cards hard cannot see,
each keeping its size), the same ones for every candidate.

It prints one line: wins, rate, Wilson 95% interval, stalled games, hard's mean cards left, and
hard's CPU seconds per plan. It is not a test.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from typing import Any

from bench.primo import strength as ps
from pygame_core.primo.ai import rollout, search
from pygame_core.primo.ai.easy_medium import MediumAgent, plan_turn
from pygame_core.primo.ai.eval import View
from pygame_core.primo.ai.hard import HardAgent
from pygame_core.primo.engine import apply_action, legal
from pygame_core.primo.game import GAME
from pygame_core.primo.state import PrimoState
from pygame_core.protocol import Agent
from pygame_core.rng import AgentRandom

_CACHE: dict[Any, list[str]] = {}


def _cached_plan(self: MediumAgent, view: View) -> list[str]:
    """medium's plan, memoized on its view (medium is a pure function of it: the same plans)."""
    got = _CACHE.get(view)
    if got is None:
        if len(_CACHE) > 200_000:
            _CACHE.clear()
        got = _CACHE[view] = plan_turn(view, self.budget)[1]
    return list(got)


MediumAgent.plan = _cached_plan  # type: ignore[method-assign]

REAL: list[PrimoState] = []  # the real state at hard's decision (set by ``play``)
PLANS: list[float] = []  # CPU seconds per plan


def exact_rollout(state: PrimoState, me: int, plan: Sequence[str], horizon: int, self_hard: bool) -> float:
    """Play ``plan`` for ``me``, then the game on with the rollout policy; hard's score."""
    s = state
    for a in plan:
        if s.over or s.to_act != me:
            break
        s = GAME.apply(s, a)
    agents: list[Any] = [MediumAgent() for _ in range(s.players)]
    if self_hard:
        agents[me] = HardAgent()
    rng = AgentRandom(0)
    turns = 0
    last = s.to_act
    while not s.over:
        p = s.to_act
        if p != last:
            turns += 1
            last = p
            if horizon and turns >= horizon:
                break
        s = apply_action(s, agents[p].choose(light_obs(s, p), legal(s), rng))
    if s.over:
        left = s.round_results[-1].left
        return (1.0 if me in s.winners else 0.0) - 0.001 * left[me]
    held = [len(s.hands[i]) + len(s.piles[i]) for i in range(s.players)]
    lead = min(held[i] for i in range(s.players) if i != me) - held[me]
    return 1.0 / (1.0 + math.exp(-0.35 * lead)) - 0.001 * held[me]


def to_sim(s: PrimoState) -> rollout.Sim:
    """The fast form (values) of a whole real state."""
    rows = [(rollout.value_of(r[0]), rollout.value_of(r[-1])) if r else None for r in s.rows]
    hands = [rollout.counts([rollout.value_of(c) for c in h]) for h in s.hands]
    piles = [[rollout.value_of(c) for c in reversed(p)] for p in s.piles]
    return rollout.Sim(rows, hands, piles, s.to_act, s.idle, s.rules.stall_laps)


def fast_rollout(state: PrimoState, me: int, plan: Sequence[str]) -> float:
    """Play ``plan`` on the engine, then the game on in the fast form (rollout.Sim) to its end."""
    s = state
    for a in plan:
        if s.over or s.to_act != me:
            break
        s = GAME.apply(s, a)
    if s.over:
        return (1.0 if me in s.winners else 0.0) - 0.001 * s.round_results[-1].left[me]
    sim = to_sim(s)
    return rollout.score(sim.run(), me, sim)


def light_obs(s: PrimoState, p: int) -> dict[str, Any]:
    """The parts of seat ``p``'s observation that medium and hard read (no log): a rollout's speed."""
    return {"rows": [{"cards": r} for r in s.rows], "hand": s.hands[p], "seat": p, "players": s.players,
            "piles": [len(x) for x in s.piles], "hands": [len(h) for h in s.hands], "variant": s.variant,
            "out": s.out, "turn": {"tops": s.tops, "phase": s.phase}}


class RolloutPlanner(search.Planner):
    """search.Planner whose candidates are scored by rollouts (see the module docstring)."""

    def __init__(self, cfg: dict[str, Any]) -> None:
        super().__init__(cfg.get("budget", HardAgent.budget), search.Weights, 1, cfg.get("cands", 8),
                         cfg.get("ex", 3), time_limit=None)
        self.cfg = cfg

    def look_ahead(self, ctx: search.Context, root: search.Pos, best: list[str], best_val: float,
                   ends: list[tuple[float, int, search.Pos]], swaps: list[tuple[float, tuple[int, ...]]]
                   ) -> tuple[list[str], float]:
        if best_val >= search.WIN:
            return best, best_val
        cands: list[tuple[float, list[str]]] = []
        for val, _, pos in sorted(ends, key=lambda x: -x[0]):
            plan = [search.act_text(x) for x in pos.path]
            if pos.hand:
                plan.append("end")
            cands.append((val, plan))
        swaps.sort(key=lambda x: -x[0])
        for val, cards in swaps[:self.n_exchanges]:
            cands.append((val, [search.exchange_text(cards)]))
        if len(cands) <= 1:
            return best, best_val
        cfg = self.cfg
        real = REAL[-1]
        me = ctx.me
        if cfg.get("oracle"):
            states = [real]
        else:
            seed = hash((root.rows, root.hand, root.piles)) & 0x7FFFFFFF
            states = [GAME.resample_hidden(real, me, seed + k) for k in range(cfg.get("samples", 4))]
        score = [0.0] * len(cands)
        for st in states:
            for i, (_, plan) in enumerate(cands):
                if cfg.get("fast"):
                    score[i] += fast_rollout(st, me, plan)
                else:
                    score[i] += exact_rollout(st, me, plan, cfg.get("horizon", 0), bool(cfg.get("self")))
        i_best = max(range(len(cands)), key=lambda i: (score[i], -i))
        return cands[i_best][1], cands[i_best][0]


def make(kind: str, cfg: dict[str, Any]) -> Agent:
    """``X``: hard with rollouts configured by ``cfg`` (``{}`` with ``"plain": 1``: the shipped hard)."""
    if kind != "X":
        return ps.make(kind)
    agent = HardAgent()
    if cfg.get("honest"):
        agent.planner = search.Planner(cfg.get("budget", HardAgent.budget), search.Weights, 0, cfg.get("cands", 8),
                                       cfg.get("ex", 3), time_limit=None, rollouts=cfg["honest"],
                                       rollout_weight=cfg.get("mix", 0.0))
    elif cfg.get("plain"):  # the shipped hard without its wall-time cap (a loaded machine would cut plans)
        agent.planner = search.Planner(cfg.get("budget", HardAgent.budget), time_limit=None)
    else:
        agent.planner = RolloutPlanner(cfg)
    return agent


def play(args: tuple[int, int, str, str]) -> tuple[int, bool, int, float, int]:
    """One game: (hard won, stalled, hard's cards left, hard's CPU seconds, hard's plans)."""
    seed, seat, b, cfg_text = args
    cfg = json.loads(cfg_text)
    kinds = ["X" if i == seat else b for i in range(4)]
    agents, rngs, s = ps.table(seed, kinds, make_agent=lambda k: make(k, cfg))
    spent = 0.0
    plans = 0
    while not GAME.is_terminal(s):
        p = GAME.current_player(s)
        obs = GAME.observation(s, p)
        legal = GAME.legal_actions(s)
        if kinds[p] == "X":
            REAL[:] = [s]
            t0 = time.process_time()
            a = agents[p].choose(obs, legal, rngs[p])
            spent += time.process_time() - t0
            plans += 1
        else:
            a = agents[p].choose(obs, legal, rngs[p])
        s = GAME.apply(s, a)
    rr = s.round_results[-1]
    return (1 if seat in s.winners else 0, rr.ender < 0, rr.left[seat], spent, plans)


def main() -> None:
    """Play the deals and print the line."""
    wall = time.perf_counter()
    _, res, line = ps.trial(__doc__, play)
    print(f"{line}, hard's CPU {sum(r[3] for r in res):.0f} s over {sum(r[4] for r in res)} decisions, "
          f"{time.perf_counter() - wall:.0f} s wall", flush=True)


if __name__ == "__main__":
    main()
