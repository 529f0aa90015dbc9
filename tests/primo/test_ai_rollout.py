"""Primo's hard AI with whole-game rollouts (rollout.py, search.Planner(rollouts=...)), off in the shipped hard.

- The fast game in values ends, conserves the cards in hands and piles plus rows, and its
  greedy turn plays what fits.
- The rollout planner sees only the observation: its plan is the same when the cards hard
  cannot see (the other hands, every pile) are dealt again; it is seeded (the same plan
  twice); it plays only legal actions over whole games.
"""

from __future__ import annotations

from typing import Any

from pygame_core.primo.ai import rollout
from pygame_core.primo.ai.hard import HardAgent
from pygame_core.primo.ai.search import Planner
from pygame_core.primo.game import GAME
from pygame_core.primo.state import PrimoState
from pygame_core.rng import AgentRandom
from tests.primo.test_ai_hard import play_legal_game


def sim_of(s: PrimoState) -> rollout.Sim:
    rows = [(rollout.value_of(r[0]), rollout.value_of(r[-1])) if r else None for r in s.rows]
    hands = [rollout.counts([rollout.value_of(c) for c in h]) for h in s.hands]
    piles = [[rollout.value_of(c) for c in reversed(p)] for p in s.piles]
    return rollout.Sim(rows, hands, piles, s.to_act)


def on_table(sim: rollout.Sim) -> int:
    return sum(r[0] - r[1] + 1 for r in sim.rows if r is not None)


def test_the_fast_game_ends_and_never_makes_cards() -> None:
    for seed in range(30):
        sim = sim_of(GAME.initial_state({"players": 4}, seed))
        total = on_table(sim) + sum(sim.held(s) for s in range(4))
        assert total == 114
        for _ in range(400):
            over = sim.turn()
            now = on_table(sim) + sum(sim.held(s) for s in range(4))
            assert now <= total  # cleared rows and played special cards leave the game
            total = now
            assert all(sum(h) <= 6 for h in sim.hands)
            if over:
                break
        assert sim.winners


def test_the_greedy_turn_chains_opens_and_wins() -> None:
    hand = rollout.counts([9, 8, 7, 3, 2, 1])
    sim = rollout.Sim([(13, 10), (5, 4), None, (6, 6), (12, 12), (11, 11)],
                      [hand, rollout.counts([1])], [[], [5, 5]], 0)
    assert sim.turn()  # 9 8 7 on the 10, 3 2 1 open the free base; the pile is empty: a win
    assert sim.winners == (0,)


def observation_pair(seed: int) -> tuple[dict[str, Any], dict[str, Any], PrimoState]:
    state = GAME.initial_state({"players": 4}, seed)
    rng = [AgentRandom(i) for i in range(4)]
    agents = [GAME.info.agents["medium"]() for _ in range(4)]
    for _ in range(seed % 7 * 6):  # a few turns in
        p = GAME.current_player(state)
        state = GAME.apply(state, agents[p].choose(GAME.observation(state, p), GAME.legal_actions(state), rng[p]))
    me = GAME.current_player(state)
    other = GAME.resample_hidden(state, me, seed + 99)
    assert other.hands[me] == state.hands[me]
    assert other.hands != state.hands or other.piles != state.piles
    return GAME.observation(state, me), GAME.observation(other, me), state


def test_the_rollout_plan_ignores_the_cards_hard_cannot_see() -> None:
    for seed in range(6):
        obs_a, obs_b, _ = observation_pair(seed)
        plan_a = Planner(300, rollouts=6, time_limit=None).plan(obs_a)
        plan_b = Planner(300, rollouts=6, time_limit=None).plan(obs_b)
        assert plan_a == plan_b


def test_the_rollout_plan_is_seeded_and_legal() -> None:
    for seed in range(4):
        obs, _, state = observation_pair(seed)
        plan, _ = Planner(300, rollouts=6, time_limit=None).plan(obs)
        assert (plan, _) == Planner(300, rollouts=6, time_limit=None).plan(obs)
        me = GAME.current_player(state)
        s = state
        for action in plan:
            assert action in GAME.legal_actions(s)
            s = GAME.apply(s, action)
        assert GAME.is_terminal(s) or GAME.current_player(s) != me


def test_the_rollout_planner_plays_legal_whole_games() -> None:
    for seed in range(2):
        hard = HardAgent()
        hard.planner = Planner(300, rollouts=4, time_limit=None)
        play_legal_game(hard, 4, seed)
