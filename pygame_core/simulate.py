"""Self-play of any registered game between agents, seats rotated, with summary figures."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from .agents import make_agent
from .errors import OptionsError
from .registry import load
from .rng import AgentRandom


def play_game(
    game_name: str,
    variant: str | None,
    options: Mapping[str, Any],
    agent_kinds: Sequence[str],
    seed: int,
    max_steps: int = 100_000,
) -> tuple[dict[str, Any], int]:
    """Play one game with one agent kind per seat; return ``(result, number_of_actions)``."""
    game = load(game_name)
    state = game.initial_state(dict(options), seed, variant)
    agents = [make_agent(game_name, k) for k in agent_kinds]
    rngs = [AgentRandom(seed * 1_000_003 + i) for i in range(len(agents))]
    steps = 0
    while not game.is_terminal(state):
        if steps >= max_steps:
            raise RuntimeError(f"{game_name} seed {seed}: no end after {max_steps} actions")
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        action = agents[seat].choose(game.observation(state, seat), legal, rngs[seat])
        state = game.apply(state, action)
        steps += 1
    return game.result(state), steps


def simulate(
    game_name: str,
    variant: str | None = None,
    players: int | None = None,
    agents: Sequence[str] | None = None,
    games: int = 10,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games, rotating agents round the seats; return the figures as plain data."""
    game = load(game_name)
    info = game.info.variant(variant)
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    elif agents:
        opts["players"] = len(agents)
    resolved = info.resolve_options(opts)
    n = resolved["players"]
    kinds = list(agents or ["random"] * n)
    if len(kinds) == 1:
        kinds = kinds * n
    if len(kinds) != n:
        raise OptionsError(f"{len(kinds)} agents given for {n} players")
    for k in set(kinds):
        make_agent(game_name, k)  # fail early on an unknown agent
    if games < 1:
        raise OptionsError("games must be at least 1")
    per_seat = [{"wins": 0.0, "score": 0.0, "chips": 0.0} for _ in range(n)]
    per_agent: dict[str, dict[str, float]] = {}
    for k in kinds:
        per_agent.setdefault(k, {"seats_played": 0, "wins": 0.0, "score": 0.0, "chips": 0.0})
    lengths = 0
    deals = 0
    start = time.perf_counter()
    for g in range(games):
        rot = g % n
        seat_kinds = kinds[rot:] + kinds[:rot]
        result, steps = play_game(game_name, info.name, resolved, seat_kinds, seed + g)
        lengths += steps
        deals += int(result.get("deals", 1))
        winners = result.get("winners", [])
        scores = result.get("scores", [0] * n)
        chips = result.get("chips") or [0] * n
        for seat in range(n):
            share = 1.0 / len(winners) if seat in winners else 0.0
            for bucket in (per_seat[seat], per_agent[seat_kinds[seat]]):
                bucket["wins"] += share
                bucket["score"] += scores[seat]
                bucket["chips"] += chips[seat]
            per_agent[seat_kinds[seat]]["seats_played"] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_name,
        "variant": info.name,
        "players": n,
        "agents": kinds,
        "options": resolved,
        "seed": seed,
        "games": games,
        "deals": deals,
        "per_seat": per_seat,
        "per_agent": per_agent,
        "mean_game_length": lengths / games,
        "elapsed_seconds": round(elapsed, 4),
        "games_per_second": round(games / elapsed, 3) if elapsed > 0 else None,
    }
