"""Seeded games of the Primero AI levels, recorded before the log became a window.

Every observation used to carry the whole public log; now it carries the current
deal's entries plus at most ``LOG_WINDOW`` older ones, and the agents remember
what they have read. tests/primero/test_game.py replays these games and checks
that every agent makes the same choice as it did then.

``python3 -m tests.primero.agent_games`` (from the repository root) rewrites
tests/data/primero_agent_games.json from the current code: run it only when a rules
or AI change is meant to change these games, and say which and why in the commit. It records
with the whole log in every observation (the window widened), as the fixture was first made.

Besides each game's actions, the fixture keeps a short digest of what the acting
seat saw at each decision (its hand, the chips, bets, phase...; not the log) and of
its legal actions. A rules
fix that changes a game changes those digests from that decision on; the test
compares the agents' choices only while the digests agree.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pygame_core.agents import make_agent
from pygame_core.primero.game import GAME
from pygame_core.rng import AgentRandom

PATH = Path(__file__).resolve().parents[1] / "data" / "primero_agent_games.json"
VARIANTS = ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass")
PER_VARIANT = 20
KINDS = ("hard", "medium", "easy", "hard", "medium", "easy")


def cases(variant: str) -> list[tuple[dict[str, Any], int, list[str]]]:
    """(options, seed, seat kinds) of the recorded games of a variant."""
    players = [4, 5, 6] if variant == "rms" else [2, 3, 4]
    out = []
    for i in range(PER_VARIANT):
        n = players[i % len(players)]
        opts: dict[str, Any] = {"players": n, "deals": 6 + i % 5, "chips": (20, 50)[i % 2]}
        kinds = [KINDS[(i + k) % len(KINDS)] for k in range(n)]
        out.append((opts, 100 * i + len(variant), kinds))
    return out


def digest(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """A short digest of what a seat sees (log left out) and of its legal actions."""
    seats = [(s["chips"], s["bet"], s["contributed"], s["folded"], s["out"], s["card_count"], s["claim"])
             for s in obs["seats"]]
    ld = obs.get("last_deal") or {}
    key = [obs["deal"], obs["dealer"], obs["phase"], obs["to_act"], obs["pot"], obs["to_call"], obs["hand"],
           obs["claim"], seats, ld.get("deal"), ld.get("shown"), list(legal)]
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:10]


def play(variant: str, opts: dict[str, Any], seed: int, kinds: list[str]) -> tuple[list[str], list[str]]:
    """The agents' choices from the seed to the end, and the digest of each chooser's view."""
    agents = [make_agent("primero", k) for k in kinds]
    rngs = [AgentRandom(seed * 13 + p) for p in range(len(kinds))]
    s = GAME.initial_state(opts, seed, variant)
    actions, digests = [], []
    while not GAME.is_terminal(s):
        p = GAME.current_player(s)
        obs = GAME.observation(s, p)
        legal = GAME.legal_actions(s)
        a = agents[p].choose(obs, legal, rngs[p])
        actions.append(a)
        digests.append(digest(obs, legal))
        s = GAME.apply(s, a)
    return actions, digests


def generate() -> list[dict[str, Any]]:
    """Every recorded game."""
    games = []
    for variant in VARIANTS:
        for opts, seed, kinds in cases(variant):
            actions, digests = play(variant, opts, seed, kinds)
            games.append({"variant": variant, "options": opts, "seed": seed, "kinds": kinds,
                          "actions": " | ".join(actions), "digests": " ".join(digests)})
    return games


if __name__ == "__main__":
    # Recorded as the fixture says: every observation carries the whole public log (the window
    # made as wide as any game), so the test still proves that the window changes no choice.
    import pygame_core.primero.game as game_module

    game_module.LOG_WINDOW = 1 << 30  # type: ignore[misc]
    PATH.write_text(json.dumps(generate(), indent=0) + "\n")
    print(PATH, PATH.stat().st_size)
