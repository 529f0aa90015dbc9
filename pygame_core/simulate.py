"""Self-play of any registered game between agents, seats rotated, with summary figures.

Chips per deal and its 95% confidence interval (``per_agent[kind]``):
``chips_per_deal`` is the agent's total chip change divided by the number of
seat-deals it played (its seats times the deals of each game). Deals within a
game are not independent (chips carry over), so the interval is computed from
the per-game means: for game g, x_g = (chip change of the agent's seats) /
(its seats * deals of g); ``ci95`` is the half-width 1.96 * sd(x_g) / sqrt(games)
(normal approximation; ``None`` with fewer than 2 games). Run games of a few
deals each (e.g. ``options={"deals": 10}``) to get enough games for the interval.

With ``duplicate=True`` (as in duplicate bridge) each game seed is played once
per seat rotation (game g uses seed + g // players), so every agent meets the
same shuffles from every seat; luck of the deal largely cancels, and the
interval is computed over the means of each seed's rotations.
"""

from __future__ import annotations

import math
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
    duplicate: bool = False,
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
    per_game: dict[str, list[float]] = {k: [] for k in per_agent}
    seat_deals: dict[str, int] = {k: 0 for k in per_agent}
    lengths = 0
    deals = 0
    start = time.perf_counter()
    for g in range(games):
        rot = g % n
        seat_kinds = kinds[rot:] + kinds[:rot]
        game_seed = seed + g // n if duplicate else seed + g
        result, steps = play_game(game_name, info.name, resolved, seat_kinds, game_seed)
        lengths += steps
        game_deals = max(1, int(result.get("deals", 1)))
        deals += game_deals
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
        for k in per_game:
            seats = [seat for seat in range(n) if seat_kinds[seat] == k]
            per_game[k].append(sum(chips[seat] for seat in seats) / (len(seats) * game_deals))
            seat_deals[k] += len(seats) * game_deals
    elapsed = time.perf_counter() - start
    for k, xs in per_game.items():
        per_agent[k]["chips_per_deal"] = per_agent[k]["chips"] / seat_deals[k] if seat_deals[k] else 0.0
        if duplicate:  # the n rotations of one deck sequence are one sample
            xs = [sum(xs[i:i + n]) / len(xs[i:i + n]) for i in range(0, len(xs), n)]
        per_agent[k]["ci95"] = _ci95(xs)  # type: ignore[assignment]
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


def _ci95(xs: Sequence[float]) -> float | None:
    """Half-width of the normal-approximation 95% confidence interval of the mean of ``xs``."""
    if len(xs) < 2:
        return None
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    return 1.96 * math.sqrt(var / len(xs))
