"""Self-play of any registered game between agents, seats rotated, with summary figures.

Game-neutral: every game's ``result`` has ``winners`` and ``scores`` (one number
per seat). For each agent kind (``per_agent[kind]``) simulate reports:

- ``wins`` (a shared win counts 1/k to each of the k winners) and ``win_rate``,
  the wins per seat-game, with ``win_rate_ci95``;
- ``score`` (the sum of its seats' scores) and ``mean_score`` per seat-game, with
  ``mean_score_ci95``;
- for each Figure the game declares in ``GameInfo.figures`` (Primero:
  ``Figure("chips", per="deals")``): the total (``chips``), and the mean per
  seat-unit (``chips_per_deal``: the total over its seats times the deals of each
  game) with ``chips_per_deal_ci95``; a figure without ``per`` is per game
  (``chips_per_game``). The units played are summed at the top level under the
  ``per`` name (``deals``).

Intervals: the half-width 1.96 * sd(x_g) / sqrt(games) of the per-game values
x_g (for game g: the agent's mean over its seats; for a figure with ``per``, the
agent's total over its seats / (its seats * units of g)); normal approximation,
``None`` with fewer than 2 games. Units within a game are not independent (chips
carry over), hence the per-game values. Run games of a few deals each (e.g.
``options={"deals": 10}``) to get enough games for the interval.

With ``duplicate=True`` (as in duplicate bridge) each game seed is played once
per seat rotation (game g uses seed + g // players), so every agent meets the
same shuffles from every seat; luck of the deal largely cancels, and the
intervals are computed over the means of each seed's rotations.
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
    figures = game.info.figures
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
    totals = ["wins", "score", *(f.name for f in figures)]
    per_seat: list[dict[str, float]] = [{t: 0.0 for t in totals} for _ in range(n)]
    per_agent: dict[str, dict[str, Any]] = {}
    for k in kinds:
        per_agent.setdefault(k, {"seats_played": 0, **{t: 0.0 for t in totals}})
    # per-game values of each agent, for the intervals: "win_rate", "mean_score", and each figure's key
    samples: dict[str, dict[str, list[float]]] = {k: {} for k in per_agent}
    seat_units: dict[str, dict[str, int]] = {k: {f.name: 0 for f in figures} for k in per_agent}
    units: dict[str, int] = {f.per: 0 for f in figures if f.per is not None}
    lengths = 0
    start = time.perf_counter()
    for g in range(games):
        rot = g % n
        seat_kinds = kinds[rot:] + kinds[:rot]
        game_seed = seed + g // n if duplicate else seed + g
        result, steps = play_game(game_name, info.name, resolved, seat_kinds, game_seed)
        lengths += steps
        winners = result["winners"]
        values: dict[str, list[float]] = {"score": [float(x) for x in result["scores"]]}
        values["wins"] = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
        game_units: dict[str, int] = {}
        for f in figures:
            values[f.name] = [float(x) for x in result[f.name]]
            game_units[f.name] = max(1, int(result[f.per])) if f.per is not None else 1
        for per in units:
            units[per] += max(1, int(result[per]))
        for seat in range(n):
            per_agent[seat_kinds[seat]]["seats_played"] += 1
            for t in totals:
                per_seat[seat][t] += values[t][seat]
                per_agent[seat_kinds[seat]][t] += values[t][seat]
        for k, per_key in samples.items():
            seats = [seat for seat in range(n) if seat_kinds[seat] == k]
            per_key.setdefault("win_rate", []).append(sum(values["wins"][s] for s in seats) / len(seats))
            per_key.setdefault("mean_score", []).append(sum(values["score"][s] for s in seats) / len(seats))
            for f in figures:
                per_key.setdefault(f.key, []).append(
                    sum(values[f.name][s] for s in seats) / (len(seats) * game_units[f.name]))
                seat_units[k][f.name] += len(seats) * game_units[f.name]
    elapsed = time.perf_counter() - start
    for k, by_key in samples.items():
        a = per_agent[k]
        a["win_rate"] = a["wins"] / a["seats_played"]
        a["mean_score"] = a["score"] / a["seats_played"]
        for f in figures:
            a[f.key] = a[f.name] / seat_units[k][f.name] if seat_units[k][f.name] else 0.0
        for key, ys in by_key.items():
            if duplicate:  # the n rotations of one deck sequence are one sample
                ys = [sum(ys[i:i + n]) / len(ys[i:i + n]) for i in range(0, len(ys), n)]
            a[f"{key}_ci95"] = _ci95(ys)
    out: dict[str, Any] = {
        "game": game_name,
        "variant": info.name,
        "players": n,
        "agents": kinds,
        "options": resolved,
        "seed": seed,
        "games": games,
        "figures": [{"name": f.name, "per": f.per, "key": f.key, "label": f.label} for f in figures],
        "per_seat": per_seat,
        "per_agent": per_agent,
        "mean_game_length": lengths / games,
        "elapsed_seconds": round(elapsed, 4),
        "games_per_second": round(games / elapsed, 3) if elapsed > 0 else None,
    }
    for per, total in units.items():  # e.g. "deals": the units the figures are counted in
        out.setdefault(per, total)
    return out


def _ci95(xs: Sequence[float]) -> float | None:
    """Half-width of the normal-approximation 95% confidence interval of the mean of ``xs``."""
    if len(xs) < 2:
        return None
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    return 1.96 * math.sqrt(var / len(xs))
